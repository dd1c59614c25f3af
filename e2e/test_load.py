"""What build.py does for load speed (timed by bench/load.py): the page's modules come in
one zip, Python ships as bytecode (the standard library, the engine and the page's
modules), a memory snapshot of Python with those modules imported is named for the
browser to make and restore on warm loads (test_offline.py), every preload link is used,
each file fetched once, and a first visit starts its big downloads at once and shows the
player how far they are, in the player's language."""

from __future__ import annotations

import json
import re
import zipfile
from collections import Counter
from urllib.parse import urljoin

import pytest

import build
from e2e.support import BOOT_TIMEOUT_MS, DIST, READY, Watched


def test_the_standard_library_ships_as_bytecode() -> None:
    with zipfile.ZipFile(DIST / "vendor" / "pyodide" / "python_stdlib.zip") as stdlib:
        names = set(stdlib.namelist())
    assert {"asyncio/__init__.pyc", "json/decoder.pyc", "typing.pyc"} <= names
    assert not any(n.endswith(".py") for n in names)


def page_modules() -> dict[str, bytes]:
    with zipfile.ZipFile(DIST / build.PAGE_ZIP) as archive:
        return {n: archive.read(n) for n in archive.namelist()}


def page_sources(suffix: str = ".py") -> list[str]:
    """The page's own modules (or data files: ``suffix=".json"``), named as in Python's
    working directory."""
    package = build.WEB / "skipbo_web"
    found = [f"skipbo_web/{p.relative_to(package).as_posix()}" for p in package.rglob(f"*{suffix}")]
    return [*found, "skipbo_main.py"] if suffix == ".py" else found


def test_the_pages_modules_come_in_one_zip_as_bytecode_without_sources() -> None:
    files = json.loads((DIST / "pyscript.json").read_text())["files"]
    wheel = next((DIST / "wheels").glob("skipbo_core-*.whl")).name
    assert files == {f"./wheels/{wheel}": "./*", f"./{build.PAGE_ZIP}": "./*", "./python-bytecode.zip": "./*"}
    modules = page_modules()
    texts = {name: modules.pop(name) for name in page_sources(".json")}  # the texts, as data
    assert set(texts) >= {f"skipbo_web/i18n/{lang}.json" for lang in ("en", "de", "da")}
    assert all(json.loads(data) for data in texts.values())
    assert set(modules) == {n[:-3] + ".pyc" for n in page_sources()}
    # CPython's .pyc header: its magic number ends in \r\n; then flags, then marshalled code
    assert all(data[2:4] == b"\r\n" and data[16:17] in (b"c", b"\xe3") for data in modules.values())
    assert not (DIST / "skipbo_web").exists() and not (DIST / "skipbo_main.py").exists()


def test_the_site_check_reads_the_zipped_modules(tmp_path) -> None:
    (tmp_path / "vendor").mkdir()
    (tmp_path / "vendor" / "boot.mjs").write_text("")
    (tmp_path / "pyscript.json").write_text('{"interpreter": "./vendor/boot.mjs"}')
    build.check_site(tmp_path)
    with zipfile.ZipFile(tmp_path / build.PAGE_ZIP, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("skipbo_web/x.py", 'URL = "https://cdn.example.org/x.js"')
    with pytest.raises(build.BuildError, match=f"{build.PAGE_ZIP}:skipbo_web/x.py: external URL https://cdn"):
        build.check_site(tmp_path)
    # once the zip holds bytecode, the check reads the page's sources from the build
    sources = tmp_path / "sources.zip"
    with zipfile.ZipFile(tmp_path / build.PAGE_ZIP, "w") as archive:
        archive.writestr("skipbo_web/x.pyc", b"")
    with zipfile.ZipFile(sources, "w") as archive:
        archive.writestr("skipbo_web/x.py", 'URL = "https://cdn.example.org/y.js"')
    with pytest.raises(build.BuildError, match=f"{build.PAGE_ZIP}:skipbo_web/x.py: external URL https://cdn"):
        build.check_site(tmp_path, sources)


def test_the_engine_and_pyscripts_modules_ship_as_bytecode_too() -> None:
    config = json.loads((DIST / "pyscript.json").read_text())
    assert config["files"]["./python-bytecode.zip"] == "./*"  # unpacked beside the sources
    wheel = next((DIST / "wheels").glob("skipbo_core-*.whl"))
    sources = [n for n in zipfile.ZipFile(wheel).namelist() if n.endswith(".py")]
    with zipfile.ZipFile(DIST / "python-bytecode.zip") as bytecode:
        names = set(bytecode.namelist())
    assert all("__pycache__/" in n for n in names)
    compiled = {re.sub(r"__pycache__/(\w+)\.cpython-\d+\.pyc$", r"\1.py", n) for n in names}
    # PyScript's own package, which it writes beside them at start-up
    assert {"pyscript/__init__.py", "pyscript/web.py"} <= compiled
    # what the page imports; not the engine's command line and tournaments, which it never does
    engine = {n for n in compiled if not n.startswith("pyscript/")}
    assert {"skipbo_core/game.py", "skipbo_core/ai/expert.py"} <= engine < set(sources)
    assert not {"skipbo_core/cli.py", "skipbo_core/__main__.py", "skipbo_core/ai/tournament.py"} & compiled


def test_the_page_code_runs_as_a_module() -> None:
    stub = (DIST / "main.py").read_text()
    assert re.findall(r"^import (\w+)", stub, re.MULTILINE) == ["skipbo_main"]
    assert "skipbo_main.pyc" in page_modules()  # web/main.py, compiled


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


def test_the_snapshot_is_named_for_the_browser_to_make_not_shipped() -> None:
    assert json.loads((DIST / "pyscript.json").read_text())["interpreter"] == "./pyodide-boot.mjs"
    name = snapshot_name()
    assert not (DIST / name).exists() and not list(DIST.glob("python-snapshot-*"))  # 15 MB not sent
    assert name not in (DIST / "sw.js").read_text()
    found = re.search(r"^const MODULES = (\[.+\]);$", (DIST / "snapshot-worker.mjs").read_text(), re.MULTILINE)
    assert found, "the build named no modules for the snapshot"
    modules = json.loads(found.group(1))
    assert {"skipbo_core.game", "skipbo_web.views.table_view", "asyncio"} <= set(modules)
    assert "skipbo_main" not in modules  # it needs the DOM: the page imports it


def test_the_plugins_pyscript_imports_before_it_starts_are_preloaded() -> None:
    html = (DIST / "index.html").read_text()
    for plugin in ("error", "py-editor", "py-terminal", "donkey"):
        assert re.search(rf'<link rel="modulepreload" href="\./vendor/pyscript/{plugin}-\w+\.js">', html), plugin


def test_a_first_visit_starts_python_without_the_snapshot(watched: Watched, site) -> None:
    page = watched.open(site.url)
    assert page.get_attribute("html", "data-python") == "fresh"
    assert not [url for url in watched.requests if "python-snapshot" in url]  # not on the first load's path


# Records, from the first paint on, what the "getting ready" line says and where the table
# stands: the progress must be real (growing shares), in the page's language, and the table
# must not jump when Python takes it over. (Where it stood at the first progress is only
# reported: in a few loads out of 30, with the code of 5e517dc and after, the hand stood
# 7.5 px lower then, while the page was still settling, long before Python started.)
WATCH_PROGRESS = """
window.__progress = {shares: [], texts: [], first: null, top: null};
new MutationObserver(() => {
  const line = document.querySelector(".getting-ready"), me = document.querySelector(".player.me .hand");
  if (!line || !line.dataset.progress) return;
  const top = me.getBoundingClientRect().top;  // the table drawn from HTML
  if (__progress.first === null) __progress.first = top;
  __progress.top = top;  // where it stands at the last progress, before Python takes over
  const share = Number(line.dataset.progress);
  if (__progress.shares.at(-1) !== share) {
    __progress.shares.push(share);
    __progress.texts.push(line.innerText.trim());
  }
}).observe(document, {subtree: true, attributes: true, childList: true, characterData: true});
"""


@pytest.mark.parametrize(("lang", "words"), [("en", "Loading the game:"), ("de", "Das Spiel wird geladen:"),
                                             ("da", "Spillet hentes:")])
def test_a_first_visit_shows_how_far_its_downloads_are(watched: Watched, site, lang: str, words: str) -> None:
    page = watched.page
    page.add_init_script(WATCH_PROGRESS)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 40,
                                                  "downloadThroughput": 40_000_000 / 8, "uploadThroughput": 1_000_000})
    page.goto(f"{site.url}?seed=3&lang={lang}")
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    seen = page.evaluate("window.__progress")
    shares = [s for s in seen["shares"] if s < 100]
    assert len(shares) >= 5 and shares == sorted(shares) and shares[-1] >= 50, seen
    assert all(text == f"{words} {share} %" for text, share in zip(seen["texts"], seen["shares"]) if share < 100), seen
    assert page.locator(".getting-ready").count() == 0  # the game's own words took the line over
    top = page.evaluate("document.querySelector('.player.me .hand').getBoundingClientRect().top")
    assert abs(top - seen["top"]) <= 2, f"the hand moved from {seen['top']} to {top} px (first {seen['first']})"
    # each big file came once, fetched by the page itself before PyScript asked for it
    big = [u for u in watched.requests if u.endswith((".wasm", "python_stdlib.zip", "python-bytecode.zip"))]
    assert len(big) == len(set(big)) == 3, big
