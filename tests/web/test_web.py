"""Host tests (no browser) of what the build and the page share: the site check and the
version read from package metadata. The page's own modules are tested in
test_game.py."""

from __future__ import annotations

from pathlib import Path

import pytest

import build


def test_site_check_rejects_outside_urls_and_root_paths(tmp_path: Path) -> None:
    (tmp_path / "pyscript.json").write_text('{"interpreter": "./vendor/pyodide/pyodide.mjs"}')
    (tmp_path / "vendor" / "pyodide").mkdir(parents=True)
    (tmp_path / "vendor" / "pyodide" / "pyodide.mjs").write_text('"https://cdn.example/x"')  # vendored: ok
    (tmp_path / "index.html").write_text('<svg xmlns="http://www.w3.org/2000/svg"></svg>'
                                         '<a href="http://127.0.0.1:8000/">local</a>')
    build.check_site(tmp_path)
    (tmp_path / "style.css").write_text('body { background: url("/img.png") }')
    (tmp_path / "app.py").write_text('URL = "https://cdn.example.org/pyodide.js"')
    with pytest.raises(build.BuildError) as err:
        build.check_site(tmp_path)
    assert "cdn.example.org" in str(err.value) and "style.css: root-relative" in str(err.value)


def test_installed_version_matches_importlib_metadata() -> None:
    import importlib.metadata

    from skipbo_web.state.meta import installed_version

    assert installed_version("skipbo_core") == importlib.metadata.version("skipbo_core")
    assert installed_version("pytest") == importlib.metadata.version("pytest")
    with pytest.raises(importlib.metadata.PackageNotFoundError):
        installed_version("no-such-distribution-here")


RULE_FACTS = {  # facts of the rules that the page once wrote down itself, and whom it asks now
    "(4, 6)": "Rules.allows_teams", "(18, 24)": "skipbo_core.cards.DECK_EDITIONS",
    "144 +": "Rules.deck_size", '"162"': "Rules.wild_cards_for_deck", '"168"': "Rules.wild_cards_for_deck",
}


def test_the_page_asks_the_engine_for_the_rules_facts_it_shows_or_checks() -> None:
    """Which tables allow teams, the deck editions and their sizes are the engine's
    (settings.py and sheets.py had "p in (4, 6)" and "(18, 24)", share.py "144 +")."""
    found = [f"{path.name}:{n}: {fact} (ask {RULE_FACTS[fact]})"
             for path in sorted((build.WEB / "skipbo_web").rglob("*.py"))
             for n, line in enumerate(path.read_text().splitlines(), 1) for fact in RULE_FACTS
             if fact in line.split("#")[0]]
    assert found == []
