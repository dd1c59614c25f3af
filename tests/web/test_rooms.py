"""The rooms of the page and its command API do not know the page (``page_app.App``): they
are given the store, the commands, the session, the browser and the patcher they use, and
reach no sibling through the App (issue 30). Read from the source, without a browser: every
module of the web package but page_app itself, so that a new room cannot take the App."""

from __future__ import annotations

import ast

import pytest

from .package_files import WEB, module_file

# every module of the web package (as paths in it: "dom/page_assist", "./__init__"), but the page
FREE = tuple(name for name in sorted(f"{path.parent.relative_to(WEB).as_posix()}/{path.stem}"
                                     for path in WEB.rglob("*.py")) if name != "dom/page_app")


def uses_of_the_app(name: str) -> list[str]:
    """Where module ``name`` imports page_app or names an ``app`` (its line numbers)."""
    tree = ast.parse(module_file(name).read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").endswith("page_app"):
            found.append(f"{node.lineno}: imports page_app")
        elif isinstance(node, ast.Name) and node.id in ("app", "App"):
            found.append(f"{node.lineno}: {node.id}")
        elif isinstance(node, ast.Attribute) and node.attr in ("app", "_app"):
            found.append(f"{node.lineno}: .{node.attr}")
        elif isinstance(node, ast.arg) and node.arg == "app":
            found.append(f"{node.lineno}: argument app")
    return found


@pytest.mark.parametrize("name", FREE)
def test_the_room_does_not_hold_the_app(name: str) -> None:
    assert uses_of_the_app(name) == []


def test_the_search_finds_the_app_where_it_is_held() -> None:
    assert uses_of_the_app("../main")  # web/main.py builds the App and binds its events: the search sees it


def test_every_room_is_searched() -> None:
    """The list is read from the package, not written by hand: the rooms, the commands
    and the host link are all in it."""
    assert {"dom/page_assist", "dom/page_session", "dom/page_table", "commands/base", "dom/page_host"} <= set(FREE)


def properties(name: str, cls: str) -> list[str]:
    """The properties class ``cls`` of module ``name`` defines."""
    tree = ast.parse(module_file(name).read_text(encoding="utf-8"))
    body = next(node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == cls).body
    return [f.name for f in body if isinstance(f, ast.FunctionDef)
            and any(isinstance(d, ast.Name) and d.id == "property" for d in f.decorator_list)]


@pytest.mark.parametrize(("name", "cls"), [("page_session", "Session"), ("page_app", "App")])
def test_the_page_s_state_is_read_from_the_store(name: str, cls: str) -> None:
    """Neither the session nor the page hands on the state's parts (ctrl, look, speed...):
    the rooms read them from the store's ``PageState``, in one place."""
    assert properties(name, cls) == []
    assert properties("store", "PageState")  # the search sees properties where there are some
