"""Where a module of the web package lives (web/skipbo_web/{state,views,dom,host,i18n}/),
found by its name, for the tests that read the sources or import a module by name."""

from __future__ import annotations

from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "web" / "skipbo_web"


def module_file(name: str) -> Path:
    """The source of module ``name`` (``"page_app"``), in whichever subpackage it is; a name
    with a slash is a path in the package (``"commands/game"``)."""
    found = [WEB / f"{name}.py"] if "/" in name else sorted(WEB.rglob(f"{name}.py"))
    assert len(found) == 1, f"{name}.py: {found or 'not found'} under {WEB}"
    return found[0]


def dotted(name: str) -> str:
    """``"page_app"`` -> ``"skipbo_web.dom.page_app"``."""
    return ".".join(("skipbo_web", *module_file(name).relative_to(WEB).with_suffix("").parts))
