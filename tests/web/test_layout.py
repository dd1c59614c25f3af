"""The web package's layout shows its design (issues 30 and 37): ``state/``, ``views/``,
``commands/`` and ``host/`` (and the texts, ``i18n/``) run without a browser and know nothing
of the rooms, not even to name a type (the commands name what they need of them:
``commands/rooms.py``); only ``dom/`` touches the browser. ``remote/`` (play across devices,
issue 38) runs without a browser too, and builds on ``state/``. No module and no package
imports what imports it. Read from the sources' import statements, ``if TYPE_CHECKING:``
ones too."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from .package_files import WEB

BROWSER = ("js", "pyodide", "pyscript")  # what reaches the browser from Pyodide
NO_BROWSER = ("state", "views", "commands", "host", "i18n", "remote")
ABOVE = {"state": ("views", "commands", "dom", "host", "remote"), "views": ("commands", "dom", "host", "remote"),
         "commands": ("dom",), "host": ("commands", "dom", "remote"),
         "i18n": ("state", "views", "commands", "dom", "host", "remote"),
         "remote": ("views", "commands", "dom", "host")}


def imports_at_run_time(path: Path, root: Path = WEB, typing_too: bool = False) -> list[tuple[int, str]]:
    """(line, absolute module) of every import of ``path`` (a module under ``root``, the
    package) outside ``if TYPE_CHECKING:`` (and inside it too: ``typing_too``). A name
    imported from a package that is a module of it counts as that module
    (``from ..state import positions``: ``skipbo_web.state.positions``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {id(n) for node in ast.walk(tree)
                   if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
                   for n in ast.walk(node)} if not typing_too else set()
    package = ".".join(("skipbo_web", *path.relative_to(root).parts[:-1]))
    found = []
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
            module = (f"{base}.{node.module}" if node.level and node.module
                      else base if node.level else node.module or "")
            found += [(node.lineno, f"{module}.{alias.name}") for alias in node.names
                      if _module_file(f"{module}.{alias.name}", root) is not None] or [(node.lineno, module)]
    return found


def _module_file(module: str, root: Path) -> Path | None:
    """The source of ``skipbo_web.a.b`` under ``root`` (a module or a package), if any."""
    parts = module.split(".")
    if parts[0] != "skipbo_web":
        return None
    base = root.joinpath(*parts[1:])
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def layering_faults(root: Path = WEB) -> list[str]:
    faults = []
    for part in NO_BROWSER:
        for path in sorted((root / part).rglob("*.py")):
            name = path.relative_to(root).as_posix()
            for line, module in imports_at_run_time(path, root, typing_too=True):
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
    assert packages == {"state", "views", "commands", "dom", "host", "i18n", "remote"}
    assert sorted(p.name for p in WEB.glob("*.py")) == ["__init__.py"]  # no module outside them


def test_the_search_sees_an_import_of_the_browser(tmp_path: Path) -> None:
    (tmp_path / "views").mkdir()
    (tmp_path / "views" / "bad.py").write_text("import js\nfrom ..dom.page_dom import Browser\n")
    for part in ("state", "i18n", "remote"):
        (tmp_path / part).mkdir()
    assert len(layering_faults(tmp_path)) == 2


BOTTOM = ("state/look.py", "state/messages.py", "state/protocol.py", "state/saves.py")  # the shared types (issue 37)


def test_the_shared_types_import_nothing_of_the_page() -> None:
    for name in BOTTOM:
        found = [module for _, module in imports_at_run_time(WEB / name) if module.startswith("skipbo_web")]
        assert found == [], f"{name} imports {found}"


def test_every_storage_key_is_written_in_saves_only() -> None:
    """A key of ``localStorage`` (``"skipbo.current"``...) or a save format's name
    (``"skipbo-position-game"``) is a literal in state/saves.py and nowhere else."""
    key = re.compile(r"skipbo\.[a-z]|skipbo-position-game")
    found = [f"{path.relative_to(WEB).as_posix()}:{node.lineno}: {node.value!r}"
             for path in sorted(WEB.rglob("*.py")) if path != WEB / "state" / "saves.py"
             for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(node, ast.Constant) and isinstance(node.value, str) and key.match(node.value)]
    assert found == []


# Cycles of imports, those under ``if TYPE_CHECKING:`` counted (issue 37): a module or a
# package that needs, even only to name a type, what needs it is one thing in two places.
KNOWN_CYCLES: list[frozenset[str]] = []


def _cycles(edges: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected parts of more than one node (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[frozenset[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(edges.get(node, ())):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            part = {stack.pop()}
            while node not in part:
                part.add(stack.pop())
            if len(part) > 1:
                found.append(frozenset(part))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def import_cycles(root: Path = WEB) -> tuple[list[frozenset[str]], list[frozenset[str]]]:
    """The cycles among the package's modules (``state.store``...) and among its
    subpackages (``state``, ``views``...), every import counted."""
    modules: dict[str, set[str]] = {}
    packages: dict[str, set[str]] = {}
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        for _, module in imports_at_run_time(path, root, typing_too=True):
            if module.startswith("skipbo_web.") and _module_file(module, root) is not None:
                target = module.removeprefix("skipbo_web.")
                modules.setdefault(name, set()).add(target)
                if parts[0] != target.split(".")[0] and len(parts) > 1:
                    packages.setdefault(parts[0], set()).add(target.split(".")[0])
    return _cycles(modules), _cycles(packages)


def test_no_module_and_no_package_imports_what_imports_it() -> None:
    modules, packages = import_cycles()
    assert [sorted(c) for c in modules if c not in KNOWN_CYCLES] == []
    assert [sorted(c) for c in packages] == []


def test_the_search_sees_a_cycle_of_type_names(tmp_path: Path) -> None:
    for part in ("state", "views"):
        (tmp_path / part).mkdir()
        (tmp_path / part / "__init__.py").write_text("")
    (tmp_path / "state" / "store.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..views.table import Look\n")
    (tmp_path / "views" / "table.py").write_text("from ..state import store\n")
    assert import_cycles(tmp_path) == ([frozenset({"state.store", "views.table"})], [frozenset({"state", "views"})])


def test_remote_needs_no_browser(tmp_path: Path) -> None:
    """remote/ is searched like state/: an import of the browser or of the page's rooms there is found."""
    for part in NO_BROWSER:
        (tmp_path / part).mkdir()
    (tmp_path / "remote" / "link.py").write_text("import pyscript\nfrom ..dom import page_dom\n")
    assert len(layering_faults(tmp_path)) == 2
