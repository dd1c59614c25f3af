"""The app icons, drawn from code: three fanned cards (blue 1, green 2, red 3: a building
pile in the making) on the table's green felt. Standard library only.

``python tools/icons.py`` writes ``web/icons/icon-192.png`` and ``icon-512.png``; the
browser test suite checks that the committed files are what this script draws, so the
icons can always be drawn again and nothing in them comes from outside.

The picture keeps to the middle 70 % of the square, so the same file serves as a
``maskable`` icon (Android crops up to the inner 80 % circle).
"""

from __future__ import annotations

import math
import struct
import sys
import zlib
from pathlib import Path

ICON_DIR = Path(__file__).resolve().parent.parent / "web" / "icons"
SIZES = (192, 512)

FELT = (0x1D, 0x5A, 0x3C)
FELT_LIGHT = (0x2A, 0x71, 0x50)
PAPER = (0xFF, 0xFD, 0xF7)
EDGE = (0x15, 0x43, 0x2C)
# (rotation in degrees, colour of the card's number panel, the number as 7-segment bars)
CARDS = ((-16.0, (0x1E, 0x5B, 0xC6), "1"), (0.0, (0x2E, 0x8B, 0x3A), "2"), (16.0, (0xC6, 0x28, 0x28), "3"))
SEGMENTS = {"1": "bc", "2": "abged", "3": "abgcd"}  # a top, b upper right, c lower right, d bottom,
#                                                     e lower left, f upper left, g middle


def png(width: int, height: int, rows: list[bytes]) -> bytes:
    """An 8-bit RGB PNG of ``rows`` (each ``3 * width`` bytes)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    raw = b"".join(b"\0" + row for row in rows)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def rounded_box(x: float, y: float, half_w: float, half_h: float, radius: float) -> float:
    """Signed distance from (x, y) to a rounded rectangle centred on the origin."""
    qx, qy = abs(x) - half_w + radius, abs(y) - half_h + radius
    outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
    return outside + min(max(qx, qy), 0.0) - radius


def segment_shapes(digit: str) -> list[tuple[float, float, float, float]]:
    """The bars of a 7-segment digit as boxes (centre x, centre y, half width, half height),
    in card units (the card is 1 wide, 1.4 high, centred on the origin)."""
    w, h, t = 0.20, 0.26, 0.055  # half width, half height of the digit; half bar thickness
    bars = {"a": (0, -h, w, t), "g": (0, 0, w, t), "d": (0, h, w, t),
            "f": (-w, -h / 2, t, h / 2 + t), "b": (w, -h / 2, t, h / 2 + t),
            "e": (-w, h / 2, t, h / 2 + t), "c": (w, h / 2, t, h / 2 + t)}
    return [bars[s] for s in SEGMENTS[digit]]


def draw(size: int) -> bytes:
    """The icon as PNG bytes, ``size`` pixels square."""
    card_w = 0.32 * size                    # card width in pixels; height is 1.4 times that
    pivot = (0.5 * size, 0.69 * size)       # the cards fan out around a point below their middle
    layers = []
    for angle, colour, digit in CARDS:
        a = math.radians(angle)
        reach = 0.6 * card_w                # from the pivot to the card's centre
        cx, cy = pivot[0] + math.sin(a) * reach, pivot[1] - math.cos(a) * reach
        layers.append((math.cos(a), math.sin(a), cx, cy, colour, segment_shapes(digit)))
    rows = []
    for py in range(size):
        row = bytearray()
        for px in range(size):
            x, y = px + 0.5, py + 0.5
            glow = min(1.0, math.hypot(x - 0.5 * size, y - 0.4 * size) / (0.7 * size))
            rgb = [FELT_LIGHT[i] + (FELT[i] - FELT_LIGHT[i]) * glow for i in range(3)]
            for cos_a, sin_a, cx, cy, colour, bars in layers:
                # into the card's frame, in card units
                dx, dy = x - cx, y - cy
                u, v = (cos_a * dx + sin_a * dy) / card_w, (-sin_a * dx + cos_a * dy) / card_w
                if abs(u) > 0.56 or abs(v) > 0.76:
                    continue
                px_unit = 1.0 / card_w       # one pixel in card units: the anti-aliasing width
                shade = _cover(rounded_box(u, v, 0.5, 0.7, 0.09) / px_unit)
                if shade <= 0.0:
                    continue
                edge = _cover(rounded_box(u, v, 0.5, 0.7, 0.09) / px_unit + 2.2 * size / 192)
                rgb = _mix(rgb, EDGE, shade)
                rgb = _mix(rgb, PAPER, edge)
                panel = _cover(rounded_box(u, v, 0.36, 0.52, 0.07) / px_unit)
                rgb = _mix(rgb, colour, panel)
                ink = max((_cover(rounded_box(u - bx, v - by, hw, hh, 0.03) / px_unit)
                           for bx, by, hw, hh in bars), default=0.0)
                rgb = _mix(rgb, PAPER, ink * panel)
            row += bytes(round(c) for c in rgb)
        rows.append(bytes(row))
    return png(size, size, rows)


def _cover(distance: float) -> float:
    """How much of a pixel a shape covers, from the signed distance of its centre in pixels."""
    return min(1.0, max(0.0, 0.5 - distance))


def _mix(under: list[float], over: tuple[int, int, int], alpha: float) -> list[float]:
    if alpha <= 0.0:
        return under
    return [u + (o - u) * alpha for u, o in zip(under, over)]


def main() -> int:
    ICON_DIR.mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        path = ICON_DIR / f"icon-{size}.png"
        path.write_bytes(draw(size))
        print(f"wrote {path} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
