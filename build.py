#!/usr/bin/env python3
"""Build the static Skip-Bo site into dist/, serve it, or run every test.

    python3 build.py                 build dist/
    python3 build.py serve           build, then serve dist/ on 127.0.0.1
                                     [--port 8000] [--base /skipbo/]
    python3 build.py test [ARGS]     build, then run ruff, then pytest over tests/, e2e/ and the
                                     examples in README.md and docs/ (ARGS go to pytest)

Every command first installs what it needs and says so: a virtual environment in .venv
(requirements-build.txt, or requirements-dev.txt for tests), the pinned npm packages
(npm ci), and for tests a Chromium (Debian's, via apt, when running as root). Repeated
runs skip what is already in place. Standard library only: runs on a bare python3 >= 3.11.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import os
import posixpath
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
# SKIPBO_DIST lets several checkouts or jobs on one machine build and test side by side.
DIST = Path(os.environ.get("SKIPBO_DIST") or ROOT / "dist").resolve()
VENV = ROOT / ".venv"
NODE_MODULES = ROOT / "node_modules"
WHEEL_DIR = (DIST.parent / f"{DIST.name}-wheels") if os.environ.get("SKIPBO_DIST") else ROOT / "build" / "wheels"

# Pyodide's files the site ships, as the npm package has them. Not pyodide-lock.json, the
# list of Pyodide's packages: the site ships none of them, so web/pyodide-boot.mjs gives
# Pyodide a lock with the same "info" and no packages (LOCK_INFO), and nothing fetches it.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
LOCAL_HOSTS = {"127.0.0.1", "localhost"}
URL_RE = re.compile(r"""https?://[^\s"'<>()`]+""")
XMLNS_RE = re.compile(r"""xmlns(?::\w+)?\s*=\s*["'][^"']*["']""")  # namespace names, never fetched
ABSOLUTE_PATH_RE = re.compile(r"""(?:src|href|action)\s*=\s*["']/|url\(\s*["']?/""")


class BuildError(RuntimeError):
    """A build step failed; the message says what to do."""


def step(text: str) -> None:
    """Tell the user what happens next."""
    print(f"==> {text}", flush=True)


def run(cmd: list[str | Path], **kwargs) -> subprocess.CompletedProcess:
    """Run ``cmd`` (printed first), failing the build when it fails."""
    args = [str(c) for c in cmd]
    print("    $ " + " ".join(args), flush=True)
    try:
        return subprocess.run(args, check=True, **kwargs)
    except FileNotFoundError as exc:
        raise BuildError(f"{args[0]} is not installed") from exc
    except subprocess.CalledProcessError as exc:
        raise BuildError(f"command failed with exit code {exc.returncode}: {' '.join(args)}") from exc


def is_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


def apt_install(*packages: str) -> None:
    """Install Debian packages (root only)."""
    if not is_root() or shutil.which("apt-get") is None:
        raise BuildError(f"please install {' '.join(packages)} (needs root and apt-get)")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    run(["apt-get", "update", "-qq"], env=env)
    run(["apt-get", "install", "-y", "-qq", *packages], env=env)


def digest(*paths: Path) -> str:
    """A fingerprint of the files' contents."""
    h = hashlib.sha256()
    for path in paths:
        h.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def ensure_venv(dev: bool) -> Path:
    """Create .venv and install the pinned requirements (skipped when up to date)."""
    py = venv_python()
    if not py.exists():
        step(f"Creating the virtual environment {VENV.relative_to(ROOT)}")
        try:
            run([sys.executable, "-m", "venv", VENV])
        except BuildError:
            shutil.rmtree(VENV, ignore_errors=True)
            apt_install("python3-venv")  # Debian splits venv/ensurepip out of python3
            run([sys.executable, "-m", "venv", VENV])
    reqs = ROOT / ("requirements-dev.txt" if dev else "requirements-build.txt")
    inputs = [ROOT / "requirements-build.txt", reqs, ROOT / "pyproject.toml"]
    stamp = VENV / f".skipbo-{reqs.stem}.stamp"
    fingerprint = digest(*inputs)
    if stamp.exists() and stamp.read_text() == fingerprint:
        step(f"Virtual environment is up to date ({reqs.name})")
        return py
    step(f"Installing {reqs.name} into {VENV.relative_to(ROOT)}")
    pip = [py, "-m", "pip", "--disable-pip-version-check", "install", "--quiet"]
    run([*pip, "-r", reqs])
    if dev:
        step("Installing skipbo_core in editable mode (tests see its package metadata)")
        run([*pip, "--no-deps", "--no-build-isolation", "-e", ROOT])
    stamp.write_text(fingerprint)
    return py


def ensure_npm_packages() -> None:
    """Install the npm packages pinned in package-lock.json (skipped when up to date)."""
    lock = ROOT / "package-lock.json"
    stamp = NODE_MODULES / ".skipbo.stamp"
    fingerprint = digest(ROOT / "package.json", lock)
    if stamp.exists() and stamp.read_text() == fingerprint:
        step("npm packages are up to date (pyodide, @pyscript/core)")
        return
    if shutil.which("npm") is None:
        step("npm is missing: installing Debian's nodejs and npm")
        apt_install("nodejs", "npm")
    step("Installing the pinned npm packages (npm ci)")
    run(["npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"], cwd=ROOT)
    stamp.write_text(fingerprint)


def ensure_chromium(py: Path) -> None:
    """Make sure the browser tests have a Chromium: Playwright's own or Debian's."""
    from tools.browser import SYSTEM_CHROMIUM

    if SYSTEM_CHROMIUM.is_file():
        step(f"Chromium found: {SYSTEM_CHROMIUM}")
        return
    probe = ("from playwright.sync_api import sync_playwright\n"
             "from tools.browser import managed_chromium\n"
             "with sync_playwright() as p: print(managed_chromium(p) or '')")
    found = subprocess.run([str(py), "-c", probe], cwd=ROOT, capture_output=True, text=True)
    if found.returncode == 0 and found.stdout.strip():
        step(f"Chromium found (Playwright's): {found.stdout.strip()}")
        return
    step("No Chromium found: installing Debian's chromium with apt")
    apt_install("chromium")


def ensure_relay_servers() -> None:
    """The room-code tests' MQTT broker and TURN server (e2e/broker.py): Debian's mosquitto
    and coturn, installed as root where missing; elsewhere those tests skip, naming why."""
    from e2e.broker import mosquitto_path, turnserver_path

    missing = [name for name, found in (("mosquitto", mosquitto_path()), ("coturn", turnserver_path()))
               if found is None]
    if not missing:
        step(f"mosquitto and coturn found: {mosquitto_path()}, {turnserver_path()}")
    elif is_root():
        step(f"Not found: {', '.join(missing)} (the room-code tests' servers): installing Debian's with apt")
        apt_install(*missing)
    else:
        step(f"Not found and not root: {', '.join(missing)}; the tests that need them will skip")


def build_wheel(py: Path) -> Path:
    """Build skipbo_core as a pure-Python wheel in build/wheels/."""
    step("Building the skipbo_core wheel")
    if not (ROOT / "skipbo_core" / "__init__.py").is_file():
        raise BuildError("skipbo_core/__init__.py is missing: there is no engine to build")
    shutil.rmtree(ROOT / "build", ignore_errors=True)  # stale build/lib files would leak into the wheel
    # A fixed date in the zip entries makes the same sources give the same wheel, so an
    # unchanged engine keeps the service worker's build id (see write_service_worker).
    run([py, "-m", "pip", "--disable-pip-version-check", "wheel", "--quiet", "--no-deps",
         "--no-build-isolation", "-w", WHEEL_DIR, ROOT], env={**os.environ, "SOURCE_DATE_EPOCH": "315532800"})
    wheels = sorted(WHEEL_DIR.glob("skipbo_core-*.whl"))
    if len(wheels) != 1 or not wheels[0].name.endswith("-py3-none-any.whl"):
        raise BuildError(f"expected one py3-none-any wheel, got {[w.name for w in wheels]}")
    names = set(zipfile.ZipFile(wheels[0]).namelist())
    for needed in ("skipbo_core/__init__.py", "skipbo_core/ai/__init__.py"):
        if needed not in names:
            raise BuildError(f"{wheels[0].name} lacks {needed}")
    print(f"    {wheels[0].name} ({wheels[0].stat().st_size // 1024} KiB)")
    return wheels[0]


def copy_vendor(dist: Path) -> None:
    """Copy the Pyodide runtime and the part of PyScript that the page loads (no source
    maps) from node_modules."""
    pyodide = NODE_MODULES / "pyodide"
    (dist / "vendor" / "pyodide").mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(pyodide / name, dist / "vendor" / "pyodide" / name)
    source = NODE_MODULES / "@pyscript" / "core" / "dist"
    (dist / "vendor" / "pyscript").mkdir()
    chunks = pyscript_chunks(source)
    for name in chunks:
        shutil.copy2(source / name, dist / "vendor" / "pyscript" / name)
    left = [p for p in source.iterdir() if p.is_file() and p.name not in chunks and p.suffix != ".map"]
    kept = sum((source / n).stat().st_size for n in chunks) // 1024
    print(f"    PyScript: {len(chunks)} files that the page loads ({kept} KiB); {len(left)} left out "
          f"({sum(p.stat().st_size for p in left) // 1024} KiB: editor, terminal, MicroPython)")


def pyscript_chunks(folder: Path) -> list[str]:
    """PyScript's files that the page loads: core.js and what it imports, and the plugins
    that PyScript's core imports before it starts Python (all of them, whatever the page
    uses), with what they import. Not what a plugin imports only when the page has its kind
    of script (codemirror for <script type="py-editor">, xterm for a terminal, the MicroPython
    and TOML chunks): this page has none, so neither the page nor the offline copy needs them."""
    needed, todo = [], ["core.js"]
    while todo:
        name = todo.pop(0)
        if name in needed:
            continue
        text = (folder / name).read_text()
        needed.append(name)
        todo += [found[2:] for found in STATIC_IMPORT_RE.findall(text)]
        if name.startswith("core-"):
            todo += [found[2:] for found in PLUGIN_IMPORT_RE.findall(text)]
    return needed


ENTRY = "main.py"               # what index.html's <script type="py"> runs
ENTRY_MODULE = "skipbo_main"    # web/main.py, as the module that the site's main.py imports
ENTRY_STUB = f"""# Built by build.py: the page's code is web/main.py, shipped as the module {ENTRY_MODULE}
# so that it comes compiled to bytecode (the text of a <script type="py"> is compiled on
# every load). Tracebacks name {ENTRY_MODULE}.py; its lines are web/main.py's.
import {ENTRY_MODULE}  # noqa: F401
"""


PAGE_ZIP = "python-page.zip"  # the page's Python modules, one download instead of one each
# The page's own modules ship as bytecode only, without their sources (a phone downloads
# 0.16 MB less; tracebacks still name the file and line).
SOURCELESS = ("skipbo_web/", f"{ENTRY_MODULE}.py")
PAGE_DATA = (".json",)  # the page's data files (its texts), shipped as they are in PAGE_ZIP


def write_config(dist: Path, wheel: Path) -> None:
    """web/pyscript.json plus the files to fetch: the engine wheel, and one zip of the
    page's modules and its entry point main.py (moved to a module, see ENTRY_STUB), which
    PyScript unpacks into Python's working directory like the wheel: one request instead of
    one per module (the web layer is split into many small modules)."""
    config = json.loads((WEB / "pyscript.json").read_text())
    files = dict(config.get("files", {}))
    files[f"./wheels/{wheel.name}"] = "./*"  # unpacked into Pyodide's working dir, on sys.path
    (dist / ENTRY).replace(dist / f"{ENTRY_MODULE}.py")
    (dist / ENTRY).write_text(ENTRY_STUB)
    package = dist / "skipbo_web"  # its modules, subpackages and data files (the texts, i18n/*.json)
    modules = [*(p for p in sorted(package.rglob("*")) if p.is_file()), dist / f"{ENTRY_MODULE}.py"]
    with zipfile.ZipFile(dist / PAGE_ZIP, "w", zipfile.ZIP_DEFLATED) as archive:
        for module in modules:  # fixed dates: the same sources, the same zip (and build id)
            info = zipfile.ZipInfo(module.relative_to(dist).as_posix(), date_time=(1980, 1, 1, 0, 0, 0))
            archive.writestr(info, module.read_bytes(), zipfile.ZIP_DEFLATED)
    shutil.rmtree(package)
    (dist / f"{ENTRY_MODULE}.py").unlink()
    files[f"./{PAGE_ZIP}"] = "./*"
    config["files"] = files
    (dist / "pyscript.json").write_text(json.dumps(config, indent=2) + "\n")


def own_files(dist: Path) -> list[Path]:
    """The site's files that come from web/ or the build (not vendored, not the wheel)."""
    skip = {dist / "vendor", dist / "wheels"}
    return [p for p in sorted(dist.rglob("*")) if p.is_file() and not any(s in p.parents for s in skip)]


def own_texts(dist: Path, sources: Path | None = None) -> list[tuple[str, str]]:
    """(name, text) of the site's own files, and of the Python modules zipped in PAGE_ZIP:
    their sources, from ``sources`` (see python_sources) once PAGE_ZIP holds bytecode."""
    out = []
    for path in own_files(dist):
        name = path.relative_to(dist).as_posix()
        if name == PAGE_ZIP:
            zipped = sources if sources else path
            with zipfile.ZipFile(zipped) as archive:
                out += [(f"{name}:{n}", archive.read(n).decode("utf-8", "replace")) for n in archive.namelist()
                        if n.endswith((".py", *PAGE_DATA)) and (zipped == path or n.startswith(SOURCELESS))]
        else:
            out.append((name, path.read_text(encoding="utf-8", errors="replace")))
    return out


def check_site(dist: Path, sources: Path | None = None) -> None:
    """Fail when the site's own files point outside: external URLs or root-relative paths.
    ``sources``: the page's Python sources, when PAGE_ZIP holds them as bytecode."""
    problems = []
    for name, text in own_texts(dist, sources):
        text = XMLNS_RE.sub("", text)
        for url in URL_RE.findall(text):
            if urlsplit(url).hostname not in LOCAL_HOSTS:
                problems.append(f"{name}: external URL {url}")
        if name.endswith((".html", ".css")) and ABSOLUTE_PATH_RE.search(text):
            problems.append(f"{name}: root-relative URL (breaks under a sub-path)")
    interpreter = json.loads((dist / "pyscript.json").read_text()).get("interpreter", "")
    if not interpreter.startswith("./") or not (dist / interpreter).is_file():
        problems.append(f"pyscript.json: interpreter {interpreter!r} must be a relative path inside dist/")
    if problems:
        raise BuildError("the site must be self-contained:\n  " + "\n  ".join(problems))


TEACHING_PAGES = ("teaching-example.html",)


def set_default(path: Path, name: str, values: tuple[object, ...]) -> None:
    """``export const <name> = Object.freeze([ ... ]);`` in the module at ``path`` lists ``values``."""
    pattern = re.compile(rf"^export const {name} = Object\.freeze\(\[\n.*?\]\);$", re.S | re.M)
    text = path.read_text()
    if len(pattern.findall(text)) != 1:
        raise BuildError(f"{path.name} must define {name} once, as Object.freeze([ one a line ])")
    lines = "".join(f"  {json.dumps(value)},\n" for value in values)
    path.write_text(pattern.sub(lambda _: f"export const {name} = Object.freeze([\n{lines}]);", text))


def set_relays(dist: Path, relays: str | None, ice: str | None = None) -> None:
    """``--relays URL,URL``: the room codes' default brokers in dist/room.mjs; ``--ice``: the
    default STUN and TURN servers in dist/link.mjs (the URL options ``relay=`` and ``ice=``
    still override them), checked as those options are."""
    sys.path.insert(0, str(WEB))
    from skipbo_web.state.address import parse_ice, parse_relays

    for option, given, parse, module, name, what in (
            ("relays", relays, parse_relays, "room.mjs", "DEFAULT_RELAYS", "at most 8 wss:// addresses"),
            ("ice", ice, parse_ice, "link.mjs", "DEFAULT_ICE", "at most 4 stun: or turn:user:password@ addresses")):
        values = parse(given) if given is not None else ()
        if values is None:
            raise BuildError(f"--{option}: not a list of {what}: {given!r}")
        if values:
            set_default(dist / module, name, values)
            print(f"    {module}: {name} from --{option}, {len(values)} of them")


def build_site(wheel: Path, relays: str | None = None, ice: str | None = None) -> None:
    """Write the complete static site to dist/ (``relays``: the room codes' brokers, else
    web/room.mjs's; ``ice``: STUN and TURN servers, else none)."""
    step(f"Writing the static site to {_shown(DIST)}/")
    shutil.rmtree(DIST, ignore_errors=True)
    # not web/rules/*.md, the rules page's texts: rendered into rules.html just below
    shutil.copytree(WEB, DIST, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "pyscript.json", "rules"))
    set_relays(DIST, relays, ice)
    from tools.rules_page import write_rules_pages  # the rules page, from web/rules/<lang>.md
    write_rules_pages(DIST)
    for page in TEACHING_PAGES:  # host pages that steer the game, beside it (docs/EMBEDDING.md)
        shutil.copy2(ROOT / "docs" / page, DIST / page)
    (DIST / "wheels").mkdir()
    shutil.copy2(wheel, DIST / "wheels" / wheel.name)
    copy_vendor(DIST)
    write_config(DIST, wheel)
    sources = python_sources(DIST)
    page = ship_stdlib(DIST, sources)
    add_bytecode(DIST, sources, page)
    add_snapshot(DIST, page)
    downloads = start_downloads_early(DIST)
    add_preloads(DIST, downloads)
    check_site(DIST, sources)
    check_manifest(DIST)
    from tools.csp import add_policies  # each page's Content-Security-Policy, now that its text is final
    try:
        print(f"    Content-Security-Policy: {', '.join(add_policies(DIST))}")
    except ValueError as exc:
        raise BuildError(str(exc)) from exc
    write_service_worker(DIST)
    total = sum(p.stat().st_size for p in DIST.rglob("*") if p.is_file())
    print(f"    {sum(1 for p in DIST.rglob('*') if p.is_file())} files, {total / 1e6:.1f} MB")


# -- preloading: fetch at once what PyScript would ask for one step at a time ---------------

PRELOAD_BEFORE = re.compile(r"""^([ \t]*)<script type="module" src="\./vendor/pyscript/core\.js"></script>""", re.M)
STATIC_IMPORT_RE = re.compile(r"""(?:\bfrom|\bimport)\s*["'](\./[^"']+\.js)["']""")
# PyScript's plugins, which its core chunk imports before it starts the interpreter (all
# of them, whatever the config says: it also loads them for MicroPython, which has none)
PLUGIN_IMPORT_RE = re.compile(r"""(?:"[\w-]+"|[\w-]+):\(\)=>import\("(\./[\w-]+\.js)"\)""")
PY_SCRIPT_RE = re.compile(r"""<script type="py" src="(\./[^"]+)" config="(\./[^"]+)"></script>""")


# What a first visit's index.html downloads itself, first of all: what Python needs to start.
FIRST_DOWNLOADS = ("vendor/pyodide/pyodide.asm.wasm", "vendor/pyodide/python_stdlib.zip")


def start_downloads_early(dist: Path) -> list[str]:
    """Fill in index.html's DOWNLOADS: the big files a first visit fetches at once (and
    shows the progress of), with their sizes: ``first`` what Python needs to start, ``then``
    the archives that PyScript unpacks for the page once Python runs (pyscript.json's
    files). Returns their paths (not to be preloaded as well: that would fetch them twice)."""
    config = json.loads((dist / "pyscript.json").read_text())
    archives = [src[2:] for src, dst in config.get("files", {}).items() if dst == "./*"]
    downloads = {"first": {f"./{name}": (dist / name).stat().st_size for name in FIRST_DOWNLOADS},
                 "then": {f"./{name}": (dist / name).stat().st_size for name in archives}}
    fill(dist / "index.html", "var DOWNLOADS = {};", json.dumps(downloads))
    return [path for group in downloads.values() for path in group]


def add_preloads(dist: Path, started: list[str] = ()) -> None:
    """Add preload links to index.html, so the browser fetches in parallel, from the first
    moment, what PyScript and Pyodide would otherwise ask for one after the other: PyScript's
    core chunk and plugins, our boot module and Pyodide's two modules, the standard library
    and package lock, the config, the wheel and the page's Python files.

    Not the 9.6 MB pyodide.asm.wasm: a preloaded response bypasses the compiled-code cache,
    so Chromium compiles the wasm again on every later visit (measured with bench/load.py:
    warm loads slower). On a first visit index.html fetches it (and the standard library,
    ``started``) with fetch() itself, first of all, which keeps that cache.
    """
    index = dist / "index.html"
    html = index.read_text()
    interpreter = json.loads((dist / "pyscript.json").read_text())["interpreter"]
    runtime = dist / "vendor" / "pyodide"  # interpreter may be web/pyodide-boot.mjs, which imports from here
    modules = [interpreter] + ["./" + (runtime / name).relative_to(dist).as_posix()
                               for name in ("pyodide.mjs", "pyodide.asm.mjs")]
    modules += [f"./vendor/pyscript/{name}" for name in pyscript_chunks(dist / "vendor" / "pyscript")[1:]]
    fetches = ["./" + (runtime / name).relative_to(dist).as_posix() for name in ("python_stdlib.zip",)]
    for src, config in PY_SCRIPT_RE.findall(html):  # the config's files resolve against its URL
        base = posixpath.dirname(config[2:])
        fetches += [config, src] + ["./" + posixpath.normpath(posixpath.join(base, f))
                                    for f in json.loads((dist / config).read_text()).get("files", {})]
    fetches = [url for url in fetches if url not in started]  # index.html fetches these itself
    missing = [url for url in modules + fetches if not (dist / url).is_file()]
    if missing:
        raise BuildError(f"preload links to files that are not in the site: {missing}")
    found = PRELOAD_BEFORE.search(html)
    indent = found.group(1) if found else "  "
    links = "".join(f'{indent}<link rel="modulepreload" href="{url}">\n' for url in dict.fromkeys(modules))
    links += "".join(f'{indent}<link rel="preload" href="{url}" as="fetch" crossorigin>\n'
                     for url in dict.fromkeys(fetches))
    if found:
        html = html[:found.start()] + links + html[found.start():]
    elif "</head>" in html:
        html = html.replace("</head>", links + "</head>", 1)
    else:
        raise BuildError("index.html has no </head> to put the preload links in")
    index.write_text(html)
    print(f"    index.html: {len(dict.fromkeys(modules)) + len(dict.fromkeys(fetches))} preload links")


# -- Python as bytecode: compiled at build time, not on every page load ----------------------

COMPILE_CACHE = NODE_MODULES / ".cache" / "skipbo"
COMPILE_SCRIPT = ROOT / "tools" / "compile_python.mjs"
BYTECODE_ZIP = "python-bytecode.zip"
KEEP_COMPILED = 8  # compiled versions of the app's modules kept in the cache


def compiled_by_pyodide(mode: str, source: Path, *args: Path | str) -> Path:
    """``source`` (a zip) compiled by tools/compile_python.mjs in ``mode`` (further
    ``args`` go to the script), from the cache in node_modules/.cache/ when this source,
    script, Pyodide and arguments were compiled before."""
    options = hashlib.sha256(repr([str(a) for a in args if not isinstance(a, Path)]).encode()).hexdigest()
    key = digest(source, NODE_MODULES / "pyodide" / "package.json", COMPILE_SCRIPT)[:12] + options[:4]
    compiled = COMPILE_CACHE / f"{mode}-{key}.zip"
    if not compiled.is_file():
        step(f"Compiling Python to bytecode with Pyodide under Node ({mode})")
        COMPILE_CACHE.mkdir(parents=True, exist_ok=True)
        partial = compiled.with_suffix(f".{os.getpid()}.partial")  # other builds may run at once
        run(["node", COMPILE_SCRIPT, mode, source, partial, *args], cwd=ROOT)
        partial.replace(compiled)
        prune(COMPILE_CACHE, f"{mode}-*.zip")
    return compiled


STDLIB_SCRIPT = ROOT / "tools" / "stdlib_modules.mjs"
# How the trimmed standard library ships: "source" or "bytecode" (bench/load.py --phone,
# 2026-12-05: see docs/weight.md). SKIPBO_STDLIB=bytecode|source overrides it, to measure.
STDLIB_FORM = os.environ.get("SKIPBO_STDLIB", "bytecode")


def python_sources(dist: Path) -> Path:
    """One zip of every Python module that PyScript puts in Python's working directory: the
    wheel's and the page's, as listed in pyscript.json's files, and PyScript's own Python
    package, which PyScript writes there at start-up (see tools/pyscript_python.mjs)."""
    config = json.loads((dist / "pyscript.json").read_text())
    sources: dict[str, bytes] = {}
    for src, dst in config.get("files", {}).items():
        if dst == "./*" and src.endswith((".whl", ".zip")):
            with zipfile.ZipFile(dist / src) as archive:  # and the page's data files (its texts)
                sources.update({n: archive.read(n) for n in archive.namelist()
                                if n.endswith(".py") or (src == f"./{PAGE_ZIP}" and n.endswith(PAGE_DATA))})
        elif src.endswith(".py") and dst.startswith("./"):
            sources[posixpath.normpath(dst)] = (dist / src).read_bytes()
    shipped = sorted(sources)
    core = sorted((dist / "vendor" / "pyscript").glob("core-*.js"))
    found = subprocess.run(["node", PYSCRIPT_PYTHON_SCRIPT, *core[:1]], cwd=ROOT, check=True,
                           capture_output=True, text=True) if core else None
    pyscript = json.loads(found.stdout) if found else {}
    if not pyscript.get("pyscript/__init__.py"):
        print("    (PyScript's Python package not found in its core chunk: the page compiles it)")
    sources.update({name: text.encode() for name, text in pyscript.items() if name.endswith(".py")})
    # beside the wheel: another job's build (its own SKIPBO_DIST) may clear build/ meanwhile
    source_zip = WHEEL_DIR.parent / f"{DIST.name}-python-sources.zip"
    source_zip.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(source_zip, "w") as archive:  # fixed dates: the same sources, the same key
        for name in sorted(sources):
            archive.writestr(zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0)), sources[name])
    data = sum(1 for name in sources if name.endswith(PAGE_DATA))
    print(f"    {len(sources) - data} Python modules ({len(sources) - len(shipped)} of them PyScript's), "
          f"{data} data files")
    return source_zip


def module_name(path: str) -> str:
    """``"a/b/__init__.py"`` -> ``"a.b"``, ``"a/c.py"`` -> ``"a.c"``."""
    return re.sub(r"(/__init__)?\.py$", "", path).replace("/", ".")


def page_entries(sources: Path) -> list[str]:
    """The modules the page starts from: its main module, PyScript's package (PyScript
    imports it, and its modules import each other by name at run time) and the computer
    players' modules (the engine imports a level's module by name when it is chosen)."""
    with zipfile.ZipFile(sources) as archive:
        pyscript = [module_name(n) for n in archive.namelist() if n.startswith("pyscript/") and n.endswith(".py")]
    from skipbo_core.ai.registry import builtin_modules  # imported by name when a level is chosen

    return [ENTRY_MODULE, *sorted(pyscript), *builtin_modules()]


def ship_stdlib(dist: Path, sources: Path) -> list[str]:
    """Ship only the part of Pyodide's standard library that the page imports (derived by
    tools/stdlib_modules.mjs from the page's own modules), as bytecode or source (STDLIB_FORM).
    Bytecode: start-up imports ~140 modules without compiling them (tools/compile_python.mjs).
    Returns the site's modules that the page imports (its main module reaches them)."""
    source = NODE_MODULES / "pyodide" / "python_stdlib.zip"
    key = digest(source, sources, STDLIB_SCRIPT, NODE_MODULES / "pyodide" / "package.json")[:16]
    trimmed = COMPILE_CACHE / f"trimmed-stdlib-{key}.zip"
    page_modules = trimmed.with_suffix(".json")
    if not trimmed.is_file() or not page_modules.is_file():
        step("Finding the standard library's modules that the page imports (Pyodide under Node)")
        COMPILE_CACHE.mkdir(parents=True, exist_ok=True)
        listing = trimmed.with_suffix(f".{os.getpid()}.json")
        run(["node", STDLIB_SCRIPT, source, sources, listing, *page_entries(sources)], cwd=ROOT)
        found = json.loads(listing.read_text())
        keep = set(found["files"])
        listing.replace(page_modules)
        partial = trimmed.with_suffix(f".{os.getpid()}.partial")
        with zipfile.ZipFile(source) as full, zipfile.ZipFile(partial, "w") as out:
            for info in full.infolist():
                if info.filename in keep:
                    out.writestr(info, full.read(info), info.compress_type)
        partial.replace(trimmed)
        prune(COMPILE_CACHE, "trimmed-stdlib-*.zip")
        prune(COMPILE_CACHE, "trimmed-stdlib-*.json")
    shipped = trimmed if STDLIB_FORM == "source" else compiled_by_pyodide("stdlib", trimmed)
    shutil.copyfile(shipped, dist / "vendor" / "pyodide" / "python_stdlib.zip")
    with zipfile.ZipFile(trimmed) as archive:
        count = len(archive.namelist())
    print(f"    python_stdlib.zip: {count} files the page imports, as {STDLIB_FORM}, "
          f"{shipped.stat().st_size / 1e6:.2f} MB (the whole library as source: {source.stat().st_size / 1e6:.1f} MB)")
    return json.loads(page_modules.read_text())["page"]


def prune(folder: Path, pattern: str) -> None:
    """Keep the KEEP_COMPILED newest files matching ``pattern`` in ``folder``."""
    older = sorted(folder.glob(pattern), key=lambda p: p.stat().st_mtime)
    for stale in older[:-KEEP_COMPILED]:
        stale.unlink()


def add_bytecode(dist: Path, sources: Path, page: list[str]) -> None:
    """Compile the Python modules that the page imports (``page``, and PyScript's package,
    which PyScript writes into Python's working directory at start-up): the page's own
    (SOURCELESS) into PAGE_ZIP in place of their sources, the engine's (whose sources come
    in its wheel) and PyScript's into __pycache__ files in BYTECODE_ZIP, which PyScript
    unpacks beside them. Importing them then compiles nothing. (The engine's command line
    and tournament runner stay source.)"""
    config_path = dist / "pyscript.json"
    config = json.loads(config_path.read_text())
    used = set(page_entries(sources)) | set(page)
    page_sources = sources.with_name(sources.name.replace("-python-sources", "-page-sources"))
    with zipfile.ZipFile(sources) as archive, zipfile.ZipFile(page_sources, "w") as out:
        for info in archive.infolist():
            if module_name(info.filename) in used:
                out.writestr(info, archive.read(info))
        count = len(out.namelist())
    stdlib = dist / "vendor" / "pyodide" / "python_stdlib.zip"  # compiled: Pyodide starts faster
    compiled = compiled_by_pyodide("modules", page_sources, stdlib, ",".join(SOURCELESS))
    with zipfile.ZipFile(compiled) as archive, zipfile.ZipFile(dist / PAGE_ZIP, "w") as own, \
            zipfile.ZipFile(dist / BYTECODE_ZIP, "w") as beside:
        for info in archive.infolist():
            (beside if "/__pycache__/" in f"/{info.filename}" else own).writestr(info, archive.read(info))
        own_count = len(own.namelist())
        with zipfile.ZipFile(sources) as source:  # the data files, as they are
            for info in source.infolist():
                if info.filename.endswith(PAGE_DATA) and info.filename.startswith(SOURCELESS):
                    own.writestr(info, source.read(info), zipfile.ZIP_DEFLATED, compresslevel=9)
    config["files"] = {**config["files"], f"./{BYTECODE_ZIP}": "./*"}
    config_path.write_text(json.dumps(config, indent=2) + "\n")
    print(f"    {PAGE_ZIP}: the page's {own_count} modules as bytecode without sources, and its data; "
          f"{BYTECODE_ZIP}: {count - own_count} more beside their sources")


# -- a memory snapshot: warm loads restore Python with everything imported ----------------

SNAPSHOT_WORKER = "snapshot-worker.mjs"
PYSCRIPT_PYTHON_SCRIPT = ROOT / "tools" / "pyscript_python.mjs"
BOOT_MODULE = "pyodide-boot.mjs"
# What PyScript's own Python package imports (besides js and its own modules), read from
# the pyscript/*.py files it writes at start-up: imported in the snapshot too.
PYSCRIPT_IMPORTS = ("asyncio", "base64", "collections", "functools", "html", "inspect", "io", "json")


def add_snapshot(dist: Path, modules: list[str]) -> None:
    """Set up the memory snapshot that the player's browser makes after a first visit
    (web/snapshot-worker.mjs) and web/pyodide-boot.mjs restores on later ones: the modules
    it imports go into the worker, and its name into the boot module, named by what it is
    made of (so an unchanged site keeps its name, and its service worker's build id)."""
    boot = dist / BOOT_MODULE
    worker = dist / SNAPSHOT_WORKER
    config = json.loads((dist / "pyscript.json").read_text())
    if config.get("interpreter") != f"./{BOOT_MODULE}":
        raise BuildError(f"pyscript.json: the interpreter must be ./{BOOT_MODULE}, which restores the snapshot")
    # not the entry module (needs the DOM; it runs the page), nor PyScript's package (PyScript
    # writes it at start-up: not there yet), but what that package imports
    names = [m for m in modules if m != ENTRY_MODULE and m.split(".")[0] != "pyscript"] + list(PYSCRIPT_IMPORTS)
    fill(worker, 'const MODULES = [];', json.dumps(names))
    inputs = [dist / "vendor" / "pyodide" / name for name in PYODIDE_FILES]
    inputs += [worker, dist / "pyscript.json", *(dist / src for src in config.get("files", {}))]
    name = f"python-snapshot-{digest(*inputs)[:16]}.bin"
    # and the wasm's hash: the boot module takes the HTTP cache's copy only if it is this build's
    wasm = base64.b64encode(hashlib.sha256((dist / "vendor" / "pyodide" / "pyodide.asm.wasm").read_bytes()).digest())
    fill(boot, 'const SNAPSHOT = "";', json.dumps("./" + name))
    info = json.loads((NODE_MODULES / "pyodide" / "pyodide-lock.json").read_text())["info"]
    for module in (boot, worker):
        fill(module, "const LOCK_INFO = {};", json.dumps(info))
    fill(boot, 'const WASM_INTEGRITY = "";', json.dumps("sha256-" + wasm.decode()))
    print(f"    {name}: made by the player's browser after a first visit, {len(names)} modules imported")


def fill(path: Path, placeholder: str, value: str) -> None:
    """Put ``value`` in place of the empty value of the line ``placeholder`` in ``path``."""
    text = path.read_text()
    if text.count(placeholder) != 1:
        raise BuildError(f"{path.name} must contain the line {placeholder!r} once, for the build to fill in")
    empty = next(e for e in ("[]", "{}", '""') if placeholder.endswith(e + ";"))
    path.write_text(text.replace(placeholder, placeholder.replace(empty, value)))


# -- the offline app: web manifest and service worker -------------------------------------

SERVICE_WORKER = "sw.js"
MANIFEST = "manifest.webmanifest"


def check_manifest(dist: Path) -> None:
    """The web manifest's URLs must be relative and name files of the site (works under a sub-path)."""
    manifest = json.loads((dist / MANIFEST).read_text())
    icons = [icon.get("src", "") for icon in manifest.get("icons", [])]
    urls = [manifest.get("start_url", ""), manifest.get("scope", ""), *icons]
    problems = [url for url in urls if not url.startswith("./")]
    problems += [url for url in icons if not (dist / url).is_file()]
    if problems or not icons:
        raise BuildError(f"{MANIFEST}: URLs must be relative paths to files of the site, and there must be "
                         f"icons: {problems}")


def write_service_worker(dist: Path) -> str:
    """Fill in the service worker's build id and precache list; returns the build id.

    The list is every other file of the site with its SHA-256 (subresource integrity) and
    its size (the worker checks the bytes it fetched against both); the id is a hash of
    those files, so any change to the site makes a new sw.js, which is how browsers learn
    of a new deploy (and then replace the old cache, once the new one has started the game).
    """
    sw = dist / SERVICE_WORKER
    files, sizes = {}, {}
    build_hash = hashlib.sha256()
    for path in sorted(p for p in dist.rglob("*") if p.is_file() and p != sw):
        rel = path.relative_to(dist).as_posix()
        data = path.read_bytes()
        sha = hashlib.sha256(data).digest()
        files[rel] = "sha256-" + base64.b64encode(sha).decode()
        sizes[rel] = len(data)
        build_hash.update(rel.encode() + b"\0" + sha)
    build_id = build_hash.hexdigest()[:16]
    text = sw.read_text()
    for placeholder, value in (('const BUILD = "dev";', f"const BUILD = {json.dumps(build_id)};"),
                               ("const FILES = {};", f"const FILES = {json.dumps(files, indent=2)};"),
                               ("const SIZES = {};", f"const SIZES = {json.dumps(sizes)};")):
        if text.count(placeholder) != 1:
            raise BuildError(f"{SERVICE_WORKER} must contain the line {placeholder!r} once, for the build to fill in")
        text = text.replace(placeholder, value)
    sw.write_text(text)
    print(f"    {SERVICE_WORKER}: build {build_id}, {len(files)} files to keep for offline use")
    return build_id


def _shown(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def build(dev: bool = False, relays: str | None = None, ice: str | None = None) -> Path:
    """Install what the build needs, then build the wheel and the site. Returns the venv python."""
    py = ensure_venv(dev=dev)
    ensure_npm_packages()
    build_site(build_wheel(py), relays, ice)
    return py


def cmd_serve(port: int, base: str, relays: str | None = None, ice: str | None = None) -> None:
    build(relays=relays, ice=ice)
    from tools.server import SiteServer

    try:
        server = SiteServer(DIST, prefix=base, port=port, quiet=False)
    except ValueError as exc:
        raise BuildError(str(exc)) from exc
    except OSError:
        step(f"Port {port} is busy: using a free one")
        server = SiteServer(DIST, prefix=base, port=0, quiet=False)
    step(f"Serving {_shown(DIST)}/ at {server.url}  (Ctrl-C stops)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print()
    finally:
        server.httpd.server_close()


def cmd_test(pytest_args: list[str]) -> int:
    py = build(dev=True)
    ensure_chromium(py)
    ensure_relay_servers()
    step("Running ruff (lint settings in pyproject.toml)")
    lint = subprocess.run([str(py), "-m", "ruff", "check", "."], cwd=ROOT).returncode
    if lint:
        print("build.py test: ruff found problems (above); fix them first", file=sys.stderr)
        return lint
    step("Running pytest: tests/ (engine; the page's modules in tests/web/), e2e/ (browser), README.md and docs/")
    code = subprocess.run([str(py), "-m", "pytest", *pytest_args], cwd=ROOT).returncode
    if code == 5:
        print("build.py test: pytest collected no tests - that is a failure", file=sys.stderr)
    return code


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command")
    relays_help = "the room codes' MQTT brokers, wss:// addresses separated by commas (default: web/room.mjs's)"
    ice_help = "STUN and TURN servers (stun:host:port, turn:user:password@host:port), separated by commas"
    build_cmd = sub.add_parser("build", help="build dist/ (the default)")
    serve = sub.add_parser("serve", help="build, then serve dist/ on 127.0.0.1")
    for command in (build_cmd, serve):
        command.add_argument("--relays", help=relays_help)
        command.add_argument("--ice", help=ice_help)
    serve.add_argument("--port", type=int, default=8000, help="port (default 8000; a free one if busy)")
    serve.add_argument("--base", default="/", help="URL sub-path to serve the site under, e.g. /skipbo/")
    sub.add_parser("test", help="build, then run all tests; further arguments go to pytest")
    args, extra = parser.parse_known_args(argv)
    if extra and args.command != "test":
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    if sys.version_info < (3, 11):  # noqa: UP036 (build.py runs under any python3; say when it is too old)
        parser.error("Python 3.11 or newer is needed")
    sys.path.insert(0, str(ROOT))
    try:
        if args.command == "serve":
            cmd_serve(args.port, args.base, args.relays, args.ice)
        elif args.command == "test":
            return cmd_test(extra)
        else:
            build(relays=getattr(args, "relays", None), ice=getattr(args, "ice", None))
    except BuildError as exc:
        print(f"build.py: error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
