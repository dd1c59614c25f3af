"""The light and the dark table, checked on the host: the theme preference, and the
contrast of the cards' colours in both themes, read from web/style.css (WCAG 2 contrast
ratios; CIE76 colour distances between the card colours). Run with ``-s`` to see the
figures docs/PLAYING.md quotes."""

from __future__ import annotations

import re
from itertools import combinations
from pathlib import Path

import pytest
from skipbo_web.i18n import LANGUAGES, t
from skipbo_web.state.address import parse_url
from skipbo_web.state.prefs import THEMES, next_theme, stored_theme
from skipbo_web.state.saves import pref_keys
from skipbo_web.state.settings import Settings

CSS = (Path(__file__).resolve().parents[2] / "web" / "style.css").read_text(encoding="utf-8")
INDEX = (Path(__file__).resolve().parents[2] / "web" / "index.html").read_text(encoding="utf-8")


def block(selector: str) -> str:
    """The declarations of the first rule whose selector is exactly ``selector``."""
    match = re.search(re.escape(selector) + r"\s*\{([^}]*)\}", CSS)
    assert match, selector
    return match.group(1)


def var(decls: str, name: str) -> str:
    match = re.search(rf"{re.escape(name)}:\s*(#[0-9a-fA-F]{{6}})", decls)
    assert match, name
    return match.group(1)


def theme_vars(theme: str) -> dict[str, str]:
    light = block(":root")
    names = ("--felt", "--felt-dark", "--paper", "--text", "--soft", "--ink")
    out = {n: var(light, n) for n in names}
    if theme == "dark":
        dark = block(':root[data-theme="dark"]')
        out.update({n: var(dark, n) for n in names if re.search(rf"{n}:", dark)})
    return out


def card_inks() -> dict[str, tuple[str, str]]:
    """Each card colour's ink and the tint of its number's oval."""
    out = {}
    for colour in ("blue", "green", "red"):
        decls = block(f".card.c-{colour}")
        out[colour] = (var(decls, "--c"), var(decls, "--tint"))
    return out


def wild_stops() -> list[str]:
    return re.findall(r"#[0-9a-fA-F]{6}", block(".card.c-wild").split("background:")[1].split(";")[0])


def luminance(hex_colour: str) -> float:
    def channel(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def lab(hex_colour: str) -> tuple[float, float, float]:
    def channel(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(int(hex_colour[i:i + 2], 16)) for i in (1, 3, 5))
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(v: float) -> float:
        return v ** (1 / 3) if v > 0.008856 else 7.787 * v + 16 / 116
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def distance(a: str, b: str) -> float:
    return sum((p - q) ** 2 for p, q in zip(lab(a), lab(b))) ** 0.5


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_every_card_number_and_label_keeps_its_contrast(theme: str) -> None:
    v = theme_vars(theme)
    figures = {}
    for colour, (ink, tint) in card_inks().items():
        figures[f"{colour} on paper"] = contrast(ink, v["--paper"])
        figures[f"{colour} on its oval"] = contrast(ink, tint)
    for stop in wild_stops():
        figures[f"white on Skip-Bo {stop}"] = contrast("#ffffff", stop)
    figures["labels on the felt"] = contrast(v["--soft"], v["--felt"])
    figures["labels at the felt's edge"] = contrast(v["--soft"], v["--felt-dark"])
    figures["text on the felt"] = contrast(v["--text"], v["--felt"])
    figures["sheet text on paper"] = contrast(v["--ink"], v["--paper"])
    figures["a card against the felt"] = contrast(v["--paper"], v["--felt"])
    print(f"\n{theme}: " + "; ".join(f"{k} {r:.1f}:1" for k, r in figures.items()))
    assert all(r >= 4.5 for r in figures.values()), figures


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_a_playable_card_stands_out_in_both_themes(theme: str) -> None:
    """A playable card had a 2 px white ring: 1.0 to 1 against the cream paper beside it, so
    it read as a slightly larger card. Now a dark ring on the paper and a bright one on the
    felt, each at least 3 to 1 (WCAG 1.4.11) against what lies beside it."""
    v = theme_vars(theme)
    root = block(":root")
    ring = re.search(r"\.hand-card\[data-playable=\"1\"\] \.card \{([^}]*)\}", CSS)
    assert ring and "var(--play-edge)" in ring.group(1) and "var(--play)" in ring.group(1)
    edge, play = var(root, "--play-edge"), var(root, "--play")
    figures = {"inner ring on the paper": contrast(edge, v["--paper"]),
               "outer ring on the felt": contrast(play, v["--felt"]),
               "outer ring at the felt's edge": contrast(play, v["--felt-dark"]),
               "outer ring on the inner": contrast(play, edge)}
    print(f"\n{theme}, playable: " + "; ".join(f"{k} {r:.1f}:1" for k, r in figures.items()))
    assert all(r >= 3 for r in figures.values()), figures
    # and another colour than a pick's yellow, the last move's ring and a lesson's blue
    others = {"hint": var(root, "--hint"), "last": var(root, "--last"), "lesson": "#8fd3ff"}
    assert all(distance(play, c) >= 25 for c in others.values())


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_card_colours_stay_apart_from_each_other(theme: str) -> None:
    """The numbered cards differ by their ink; the Skip-Bo card by its whole face (a dark
    red-violet face against the paper of every other card)."""
    inks = {c: ink for c, (ink, _) in card_inks().items()}
    gaps = {f"{a}-{b}": distance(inks[a], inks[b]) for a, b in combinations(inks, 2)}
    paper = theme_vars(theme)["--paper"]
    gaps.update({f"Skip-Bo face {stop}-paper": distance(stop, paper) for stop in wild_stops()})
    print(f"\n{theme}, colour distances (CIE76 ΔE): " + "; ".join(f"{k} {d:.0f}" for k, d in gaps.items()))
    # 2.3 is a just-noticeable difference; 25 and more reads as another colour at a glance
    assert min(gaps.values()) >= 25, gaps


def test_the_theme_preference() -> None:
    assert [next_theme(c) for c in THEMES] == ["light", "dark", "auto"]
    assert next_theme("purple") == "auto"
    assert stored_theme("dark") == "dark" and stored_theme(None) == "auto" and stored_theme(["dark"]) == "auto"
    assert pref_keys(False).theme != pref_keys(True).theme  # an embedded table keeps its own


@pytest.mark.parametrize("value", THEMES)
def test_theme_in_the_address(value: str) -> None:
    assert parse_url({"theme": value}, Settings(), LANGUAGES).theme == value


def test_a_bad_theme_in_the_address_is_named() -> None:
    options = parse_url({"theme": "<b>"}, Settings(), LANGUAGES)
    assert options.theme is None and options.bad == ("theme",)


def test_the_switch_is_named_in_every_language() -> None:
    for lang in LANGUAGES:
        names = {t(lang, f"theme.{c}") for c in THEMES}
        assert len(names) == 3 and all(t(lang, "bar.theme", name=n) != n for n in names)


def test_the_first_script_knows_the_same_themes_and_keys() -> None:
    """index.html colours the first paint before Python runs: same choices, same keys."""
    assert '["auto", "light", "dark"]' in INDEX
    assert f'"{pref_keys(False).theme}"' in INDEX and f'"{pref_keys(True).theme}"' in INDEX
