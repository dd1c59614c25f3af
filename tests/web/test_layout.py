"""The web package's layout shows its design (issue 30): ``state/``, ``views/`` and
``commands/`` (and the texts, ``i18n/``) run without a browser and know nothing of the
rooms (the commands name them as types only); only ``dom/`` and ``host/`` touch the
browser. ``remote/`` (play across devices, issue 38) runs without a browser too, and
builds on ``state/``. Read from the sources' import statements."""

from __future__ import annotations

import ast
from pathlib import Path

from .package_files import WEB

BROWSER = ("js", "pyodide", "pyscript")  # what reaches the browser from Pyodide
NO_BROWSER = ("state", "views", "commands", "i18n", "remote")
ABOVE = {"state": ("views", "commands", "dom", "host", "remote"), "views": ("commands", "dom", "host", "remote"),
         "commands": ("dom",), "i18n": ("state", "views", "commands", "dom", "host", "remote"),
         "remote": ("views", "commands", "dom", "host")}
# Issue 38 part 1: remote/ (the protocol of play across devices) is in the package before
# the page uses it. The WebRTC transport (web/link.mjs, helper together-link) and the page
# glue that wires remote/ in come next; until then no module of the page imports remote/.
NOT_YET_WIRED_IN = {"remote"}


def imports_at_run_time(path: Path, root: Path = WEB) -> list[tuple[int, str]]:
    """(line, absolute module) of every import of ``path`` (a module under ``root``, the
    package) outside ``if TYPE_CHECKING:``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {id(n) for node in ast.walk(tree)
                   if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
                   for n in ast.walk(node)}
    package = ".".join(("skipbo_web", *path.relative_to(root).parts[:-1]))
    found = []
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
            found.append((node.lineno, f"{base}.{node.module}" if node.level and node.module
                          else base if node.level else node.module or ""))
    return found


def layering_faults(root: Path = WEB) -> list[str]:
    faults = []
    for part in NO_BROWSER:
        for path in sorted((root / part).rglob("*.py")):
            name = path.relative_to(root).as_posix()
            for line, module in imports_at_run_time(path, root):
                top = module.split(".")
                if top[0] in BROWSER:
                    faults.append(f"{name}:{line}: imports {module} (the browser)")
                elif top[0] == "skipbo_web" and len(top) > 1 and top[1] in ABOVE[part]:
                    faults.append(f"{name}:{line}: imports {module} ({top[1]}/ builds on {part}/)")
    return faults


def test_state_and_views_need_no_browser_and_no_room() -> None:
    assert layering_faults() == []


def test_the_packages_are_where_the_layout_says() -> None:
    packages = {p.name for p in WEB.iterdir() if (p / "__init__.py").is_file()}
    assert packages == {"state", "views", "commands", "dom", "host", "i18n"} | NOT_YET_WIRED_IN
    assert sorted(p.name for p in WEB.glob("*.py")) == ["__init__.py"]  # no module outside them


def test_the_search_sees_an_import_of_the_browser(tmp_path: Path) -> None:
    (tmp_path / "views").mkdir()
    (tmp_path / "views" / "bad.py").write_text("import js\nfrom ..dom.page_dom import Browser\n")
    for part in ("state", "i18n", "remote"):
        (tmp_path / part).mkdir()
    assert len(layering_faults(tmp_path)) == 2


def test_remote_needs_no_browser(tmp_path: Path) -> None:
    """remote/ is searched like state/: an import of the browser or of the page's rooms there is found."""
    for part in NO_BROWSER:
        (tmp_path / part).mkdir()
    (tmp_path / "remote" / "link.py").write_text("import pyscript\nfrom ..dom import page_dom\n")
    assert len(layering_faults(tmp_path)) == 2
