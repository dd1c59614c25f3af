"""One owner: only game.py touches Game's private state, and skipbo_core has no import
circles (every module imports on its own, in a fresh interpreter)."""

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

from skipbo_core import Game, Rules

REPO = Path(__file__).resolve().parents[1]
PACKAGE = REPO / "skipbo_core"
SEARCHED = ["skipbo_core", "web", "tools", "bench", "tests", "e2e"]
PATHS = {".".join(p.relative_to(REPO).with_suffix("").parts).removesuffix(".__init__"): p
         for p in sorted(PACKAGE.rglob("*.py"))}
MODULES = sorted(PATHS)


def private_names() -> set[str]:
    """Game's private attributes and methods, and game.py's private module names."""
    import skipbo_core.game as game_module
    game = Game.new(Rules(), seed=1)
    names = {n for n in (*vars(Game), *vars(game), *vars(game_module)) if n.startswith("_") and not n.endswith("__")}
    assert {"_stocks", "_hands", "_draw", "_allows", "_undo", "_derive", "_needs_code"} <= names
    return names


def python_files() -> list[Path]:
    return [p for top in SEARCHED for p in sorted((REPO / top).rglob("*.py")) if p != PACKAGE / "game.py"]


def test_no_module_but_game_py_touches_a_private_name_of_game():
    names = private_names()
    attribute = re.compile(r"(?<!\bself)(?<!\bcls)\.(_[A-Za-z]\w*)\b")   # x._name, not self._name
    imported = re.compile(r"^\s*from\s+[.\w]*\bgame\s+import\s+(.*)$")   # from .game import _name
    found = []
    for path in python_files():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            hits = [n for n in attribute.findall(line) if n in names]
            match = imported.match(line)
            if match:
                hits += [n for n in re.findall(r"\b_\w+", match.group(1)) if n in names]
            found += [f"{path.relative_to(REPO)}:{number}: {n}" for n in hits]
    assert not found, "private names of Game used outside game.py:\n" + "\n".join(found)


def test_the_private_name_check_finds_what_it_looks_for(tmp_path):
    names = private_names()
    attribute = re.compile(r"(?<!\bself)(?<!\bcls)\.(_[A-Za-z]\w*)\b")
    line = "cards = game." + "_stocks[0] + self." + "_stocks + view.hand"
    assert [n for n in attribute.findall(line) if n in names] == ["_stocks"]


@pytest.mark.parametrize("module", [m for m in MODULES if not m.endswith("__main__")])  # that one runs the CLI
def test_each_module_imports_alone_in_a_fresh_interpreter(module):
    done = subprocess.run([sys.executable, "-c", f"import {module}"], cwd=REPO, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def module_imports(path: Path) -> set[str]:
    """The skipbo_core modules ``path`` imports when it runs (not under TYPE_CHECKING)."""
    name = ".".join(path.relative_to(REPO).with_suffix("").parts)
    package = name.rsplit(".", 1)[0] if not name.endswith("__init__") else name.removesuffix(".__init__")
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If)
               and "TYPE_CHECKING" in ast.unparse(node.test) for n in ast.walk(node)}
    out = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name.startswith("skipbo_core")}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([node.module] if node.module else []))
            if not base.startswith("skipbo_core"):
                continue
            for alias in node.names:  # "from . import game" imports a module
                full = f"{base}.{alias.name}"
                out.add(full if full in MODULES else base)
    return out - {name.removesuffix(".__init__")}


def test_skipbo_core_has_no_import_circles():
    graph = {m: module_imports(path) for m, path in PATHS.items()}
    circles = []

    def visit(node, path):
        for nxt in sorted(graph.get(node, ())):
            if nxt in path:
                circles.append(path[path.index(nxt):] + [nxt])
            elif nxt not in done:
                visit(nxt, path + [nxt])
        done.add(node)

    done: set[str] = set()
    for m in MODULES:
        if m not in done:
            visit(m, [m])
    assert not circles, "import circles: " + "; ".join(" -> ".join(c) for c in circles)


# What users of the engine kept writing by hand (issue 14), and where the engine says it
# instead: the notation's parts (Move.source_text/target_text, Move.parse), the kind of
# source (Move.from_stock, from_partner...), the number of piles (BUILDING_SLOTS,
# DISCARD_PILES). Only the notation's own module and its test take move strings apart.
HAND_WRITTEN = {
    "a move string split at '>'": (re.compile(r"""split\(\s*["']>["']\s*\)"""),
                                   {"skipbo_core/moves.py", "tests/test_moves_notation.py"}),
    "a test of the stock kinds": (re.compile(r"\b(?:STOCK|PARTNER_STOCK)\s*(?:,|or|==|\))\s*\(?\s*PARTNER_STOCK\b|"
                                             r"source\s*(?:==|in)\s*\(?\s*(?:PARTNER_)?STOCK\b"),
                                  {"skipbo_core/moves.py", "skipbo_core/game.py"}),
    "four piles counted by hand": (re.compile(r"\brange\(\s*(?:4|1,\s*5)\s*\)"), set()),
}


def hand_written(kind: str, files: list[Path]) -> list[str]:
    pattern, allowed = HAND_WRITTEN[kind]
    found = []
    for path in files:
        rel = path.relative_to(REPO).as_posix()
        if rel in allowed or path == Path(__file__).resolve():  # (this file names the patterns)
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if pattern.search(line):
                found.append(f"{rel}:{number}: {line.strip()}")
    return found


@pytest.mark.parametrize("kind", list(HAND_WRITTEN))
def test_users_of_the_engine_ask_it_instead_of_writing_it_by_hand(kind):
    files = python_files()
    if kind == "four piles counted by hand":  # tests count seats and turns with range(4) too
        files = [p for p in files if p.relative_to(REPO).parts[0] not in ("tests", "e2e")]
    found = hand_written(kind, files)
    assert not found, f"{kind}:\n" + "\n".join(found)


def test_the_hand_written_checks_find_what_they_look_for():
    lines = {"a move string split at '>'": 'source, target = move.split(">")',
             "a test of the stock kinds": "if m.source in (STOCK, PARTNER_STOCK):",
             "four piles counted by hand": "for k in range(4):"}
    for kind, line in lines.items():
        assert HAND_WRITTEN[kind][0].search(line), kind
    assert HAND_WRITTEN["a test of the stock kinds"][0].search("if last.source == PARTNER_STOCK:")
    assert not HAND_WRITTEN["four piles counted by hand"][0].search("for k in range(BUILDING_SLOTS):")
