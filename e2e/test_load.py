"""What build.py does for load speed (timed by bench/load.py): Python ships as bytecode
(the standard library, the engine and the page's modules), and every preload link is
used, each file fetched once."""

from __future__ import annotations

import json
import re
import zipfile
from collections import Counter
from urllib.parse import urljoin

from e2e.support import DIST, Watched


def test_the_standard_library_ships_as_bytecode() -> None:
    with zipfile.ZipFile(DIST / "vendor" / "pyodide" / "python_stdlib.zip") as stdlib:
        names = set(stdlib.namelist())
    assert {"asyncio/__init__.pyc", "json/decoder.pyc", "typing.pyc"} <= names
    assert not any(n.endswith(".py") for n in names)


def test_the_engine_and_the_page_modules_ship_as_bytecode_too() -> None:
    config = json.loads((DIST / "pyscript.json").read_text())
    assert config["files"]["./python-bytecode.zip"] == "./*"  # unpacked beside the sources
    wheel = next((DIST / "wheels").glob("skipbo_core-*.whl"))
    sources = [n for n in zipfile.ZipFile(wheel).namelist() if n.endswith(".py")]
    sources += [p.relative_to(DIST).as_posix() for p in (DIST / "skipbo_web").glob("*.py")]
    with zipfile.ZipFile(DIST / "python-bytecode.zip") as bytecode:
        names = set(bytecode.namelist())
    compiled = {re.sub(r"__pycache__/(\w+)\.cpython-\d+\.pyc$", r"\1.py", n) for n in names}
    assert compiled == set(sources) and "skipbo_core/game.py" in compiled


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
