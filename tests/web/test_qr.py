"""Our QR encoder (``views.qr``) against the ``qrcode`` package (a test-only dependency):
the same version, the same mask and the same modules, for the links the page shows, for
every version at every level, and for any text hypothesis finds; the SVG path draws
exactly the dark modules, inside the quiet zone."""

from __future__ import annotations

import re

import pytest
import qrcode
from hypothesis import given, settings
from hypothesis import strategies as st
from qrcode import util
from skipbo_web.views import qr

LEVELS = {"L": qrcode.constants.ERROR_CORRECT_L, "M": qrcode.constants.ERROR_CORRECT_M,
          "Q": qrcode.constants.ERROR_CORRECT_Q, "H": qrcode.constants.ERROR_CORRECT_H}
INVITATION = ("https://cards.example.org/skipbo/#join=zXZBRjoIwDIbvsmdIYGY1Hh8NG2WisCboFB6Mu9uXaWE_hE0GaVv"
              "gEkQ7Sv8A6Rk5eLy5S2qnWbJ1KQQ1tGuQmKqJ4MZwPeLIjymNxU-ybSpyOL7kJNOGoDN4y1fdeV9G1LnxMXkBUuIy5ANIF1nw2"
              "Ac2-hvcW_9JAdyJ8LJKJtc6rZuC")
REPLY = INVITATION.replace("#join=", "#reply=")


def reference(text: str, level: str) -> tuple[int, int, list[tuple[bool, ...]]]:
    """qrcode's version, mask and modules for ``text`` in byte mode."""
    code = qrcode.QRCode(error_correction=LEVELS[level], border=0)
    code.add_data(util.QRData(text.encode("utf-8"), mode=util.MODE_8BIT_BYTE))
    code.make(fit=True)
    modules = [tuple(bool(m) for m in row) for row in code.modules]
    return code.version, code.best_mask_pattern(), modules  # (best_mask_pattern redraws code.modules)


def same_as_reference(text: str, level: str) -> None:
    ours = qr.encode(text, level)
    version, mask, modules = reference(text, level)
    assert (ours.version, ours.mask, ours.level) == (version, mask, level)
    assert ours.size == version * 4 + 17
    assert list(ours.modules) == modules


@pytest.mark.parametrize("level", ["L", "M"])
@pytest.mark.parametrize("text", [INVITATION, REPLY, "", "a", "0123456789", "Ærø ✓ 😀", "x" * 1000])
def test_the_links_and_some_texts_give_qrcodes_symbols(text: str, level: str) -> None:
    same_as_reference(text, level)


@pytest.mark.parametrize("level", ["L", "M"])
@pytest.mark.parametrize("version", range(1, 41))
def test_every_version_at_levels_l_and_m_when_the_text_fills_it(version: int, level: str) -> None:
    count_bits = 8 if version < 10 else 16
    most = (qr.data_capacity(version, level) * 8 - 4 - count_bits) // 8  # bytes that fit
    same_as_reference("Q" * most, level)
    assert qr.version_for(most + 1, level) == (version + 1 if version < 40 else None)


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=400), st.sampled_from(["L", "M"]))
def test_any_text_gives_qrcodes_symbol(text: str, level: str) -> None:
    same_as_reference(text, level)


@settings(max_examples=20, deadline=None)
@given(st.binary(min_size=1, max_size=60).map(lambda b: b.hex()), st.sampled_from(["Q", "H"]))
def test_the_higher_levels_too(text: str, level: str) -> None:
    same_as_reference(text, level)


def test_a_text_too_long_or_a_level_that_is_none_is_refused() -> None:
    assert qr.encode("x" * 2331, "M").version == 40
    with pytest.raises(qr.QrError, match="2332 bytes are more than a QR code holds at level M"):
        qr.encode("x" * 2332, "M")
    with pytest.raises(qr.QrError, match="no error-correction level 'X'"):
        qr.encode("x", "X")


def test_the_svg_path_draws_the_dark_modules_inside_the_quiet_zone() -> None:
    code = qr.encode(INVITATION, "M")
    drawn = set()
    for x, y, width in re.findall(r"M(\d+) (\d+)h(\d+)v1h-\d+z", qr.svg_path(code)):
        drawn |= {(int(y), int(x) + i) for i in range(int(width))}
    assert re.fullmatch(r"(M\d+ \d+h\d+v1h-\d+z)+", qr.svg_path(code))
    dark = {(r + 4, c + 4) for r, row in enumerate(code.modules) for c, m in enumerate(row) if m}
    assert drawn == dark
