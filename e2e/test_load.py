"""What build.py does for load speed (timed by bench/load.py): the page's modules come in
one zip, Python ships as bytecode (the standard library, the engine and the page's
modules), a memory snapshot of Python with those modules imported is made for warm loads
(which restore it: test_offline.py), and every preload link is used, each file fetched
once."""

from __future__ import annotations

import json
import re
import struct
import zipfile
from collections import Counter
from urllib.parse import urljoin

import build
from e2e.support import DIST, Watched


def test_the_standard_library_ships_as_bytecode() -> None:
    with zipfile.ZipFile(DIST / "vendor" / "pyodide" / "python_stdlib.zip") as stdlib:
        names = set(stdlib.namelist())
    assert {"asyncio/__init__.pyc", "json/decoder.pyc", "typing.pyc"} <= names
    assert not any(n.endswith(".py") for n in names)


def page_modules() -> dict[str, bytes]:
    with zipfile.ZipFile(DIST / build.PAGE_ZIP) as archive:
        return {n: archive.read(n) for n in archive.namelist()}


def test_the_pages_modules_come_in_one_zip() -> None:
    files = json.loads((DIST / "pyscript.json").read_text())["files"]
    wheel = next((DIST / "wheels").glob("skipbo_core-*.whl")).name
    assert files == {f"./wheels/{wheel}": "./*", f"./{build.PAGE_ZIP}": "./*", "./python-bytecode.zip": "./*"}
    web = {f"skipbo_web/{p.name}": p.read_bytes() for p in (build.WEB / "skipbo_web").glob("*.py")}
    assert page_modules() == {**web, "skipbo_main.py": (build.WEB / "main.py").read_bytes()}
    assert not (DIST / "skipbo_web").exists() and not (DIST / "skipbo_main.py").exists()


def test_the_site_check_reads_the_zipped_modules(tmp_path) -> None:
    (tmp_path / "vendor").mkdir()
    (tmp_path / "vendor" / "boot.mjs").write_text("")
    (tmp_path / "pyscript.json").write_text('{"interpreter": "./vendor/boot.mjs"}')
    build.check_site(tmp_path)
    with zipfile.ZipFile(tmp_path / build.PAGE_ZIP, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("skipbo_web/x.py", 'URL = "https://cdn.example.org/x.js"')
    try:
        build.check_site(tmp_path)
    except build.BuildError as exc:
        assert f"{build.PAGE_ZIP}:skipbo_web/x.py: external URL https://cdn.example.org/x.js" in str(exc)
    else:
        raise AssertionError("an outside URL in a zipped module passed the site check")


def test_the_engine_the_page_and_pyscripts_modules_ship_as_bytecode_too() -> None:
    config = json.loads((DIST / "pyscript.json").read_text())
    assert config["files"]["./python-bytecode.zip"] == "./*"  # unpacked beside the sources
    wheel = next((DIST / "wheels").glob("skipbo_core-*.whl"))
    sources = [n for n in zipfile.ZipFile(wheel).namelist() if n.endswith(".py")]
    sources += list(page_modules())  # with skipbo_main.py: web/main.py, which the site's main.py imports
    with zipfile.ZipFile(DIST / "python-bytecode.zip") as bytecode:
        names = set(bytecode.namelist())
    compiled = {re.sub(r"__pycache__/(\w+)\.cpython-\d+\.pyc$", r"\1.py", n) for n in names}
    # PyScript's own package, which it writes beside them at start-up
    assert {"pyscript/__init__.py", "pyscript/web.py"} <= compiled
    assert {n for n in compiled if not n.startswith("pyscript/")} == set(sources)
    assert "skipbo_core/game.py" in compiled


def test_the_page_code_runs_as_a_module() -> None:
    stub = (DIST / "main.py").read_text()
    assert re.findall(r"^import (\w+)", stub, re.MULTILINE) == ["skipbo_main"]
    assert page_modules()["skipbo_main.py"] == (build.WEB / "main.py").read_bytes()


def test_every_preloaded_file_is_fetched_once(watched: Watched, site) -> None:
    warnings: list[str] = []
    watched.page.on("console", lambda msg: warnings.append(msg.text) if msg.type == "warning" else None)
    page = watched.open(site.url)
    preloaded = page.eval_on_selector_all('link[rel="preload"], link[rel="modulepreload"]',
                                          "links => links.map(l => l.href)")
    html = (DIST / "index.html").read_text()
    assert len(preloaded) == len(re.findall(r'rel="(?:module)?preload"', html)) >= 10
    assert urljoin(site.url, "vendor/pyodide/pyodide.asm.wasm") not in preloaded  # see build.add_preloads
    fetched = Counter(watched.requests)
    assert {url: fetched[url] for url in preloaded} == {url: 1 for url in preloaded}
    assert [url for url, n in fetched.items() if n > 1] == []
    page.wait_for_timeout(3500)  # Chromium warns about an unused preload after 3 s
    assert [w for w in warnings if "preload" in w] == []


def snapshot_name() -> str:
    """The snapshot file that the boot module restores (build.py writes its name in)."""
    found = re.search(r'^const SNAPSHOT = "\./(python-snapshot-\w+\.bin)";$',
                      (DIST / "pyodide-boot.mjs").read_text(), re.MULTILINE)
    assert found, "pyodide-boot.mjs names no snapshot"
    return found.group(1)


def test_the_snapshot_is_built_named_and_kept_for_offline_use() -> None:
    assert json.loads((DIST / "pyscript.json").read_text())["interpreter"] == "./pyodide-boot.mjs"
    name = snapshot_name()
    data = (DIST / name).read_bytes()
    magic, version, size, page, count = struct.unpack_from("<4sIIII", data)
    assert (magic, version, page) == (b"SKSN", 1, 4096)
    assert len(data) == 20 + count * 4 + count * page and count * page < size  # zero pages left out
    pages = struct.unpack_from(f"<{count}I", data, 20)
    assert list(pages) == sorted(set(pages)) and pages[-1] * page < size
    assert f'"{name}"' in (DIST / "sw.js").read_text()  # the service worker keeps it
    assert sorted(p.name for p in DIST.glob("python-snapshot-*.bin")) == [name]


def test_the_plugins_pyscript_imports_before_it_starts_are_preloaded() -> None:
    html = (DIST / "index.html").read_text()
    for plugin in ("error", "py-editor", "py-terminal", "donkey"):
        assert re.search(rf'<link rel="modulepreload" href="\./vendor/pyscript/{plugin}-\w+\.js">', html), plugin


def test_a_first_visit_starts_python_without_the_snapshot(watched: Watched, site) -> None:
    page = watched.open(site.url)
    assert page.get_attribute("html", "data-python") == "fresh"
    assert not [url for url in watched.requests if "python-snapshot" in url]  # not on the first load's path
