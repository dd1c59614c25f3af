"""A QR code of a link, for a phone's camera app to scan (issue 38, the link path): our own
encoder, standard library only (ISO/IEC 18004, Model 2).

Byte mode (the text as UTF-8), any of the four error-correction levels, the smallest of
versions 1 to 40 that holds the text, and the mask of the eight whose symbol scores the
fewest penalty points (its four rules, scored as the standard's encoding steps order it:
before the format and version information are added). ``svg_path`` draws the dark modules
as one SVG path, with the quiet zone of four modules around them.

>>> code = encode("#join=p1", "M")
>>> (code.version, code.size, code.modules[0][:8])
(1, 21, (True, True, True, True, True, True, True, False))
"""

from __future__ import annotations

from dataclasses import dataclass

LEVELS = ("L", "M", "Q", "H")
QUIET = 4  # light modules around the symbol, on each side
# Per level, per version 1..40: error-correction codewords in each block, and the blocks.
_EC_PER_BLOCK = {
    "L": (7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
          28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30),
    "M": (10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
          26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28),
    "Q": (13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30,
          28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30),
    "H": (17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28,
          30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30),
}
_BLOCKS = {
    "L": (1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8,
          8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25),
    "M": (1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
          17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49),
    "Q": (1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20,
          23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68),
    "H": (1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25,
          25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81),
}
_FORMAT_LEVEL = {"L": 1, "M": 0, "Q": 3, "H": 2}  # the level's two bits in the format information
_MASKS = (
    lambda r, c: (r + c) % 2 == 0,
    lambda r, c: r % 2 == 0,
    lambda r, c: c % 3 == 0,
    lambda r, c: (r + c) % 3 == 0,
    lambda r, c: (r // 2 + c // 3) % 2 == 0,
    lambda r, c: r * c % 2 + r * c % 3 == 0,
    lambda r, c: (r * c % 2 + r * c % 3) % 2 == 0,
    lambda r, c: ((r + c) % 2 + r * c % 3) % 2 == 0,
)


class QrError(ValueError):
    """A text too long for any version at that level, or a level that is not one."""


@dataclass(frozen=True)
class QrCode:
    """A symbol: its ``version`` (1-40), ``level``, ``mask`` (0-7) and ``modules``, rows of
    ``size`` modules each (``True``: dark), without the quiet zone."""

    version: int
    level: str
    mask: int
    modules: tuple[tuple[bool, ...], ...]

    @property
    def size(self) -> int:
        return len(self.modules)


# -- Reed-Solomon error correction over GF(256), polynomial x^8+x^4+x^3+x^2+1 ---------------

_EXP = [0] * 512
_LOG = [0] * 256
_x = 1
for _i in range(255):
    _EXP[_i] = _x
    _LOG[_x] = _i
    _x <<= 1
    if _x & 0x100:
        _x ^= 0x11D
for _i in range(255, 512):
    _EXP[_i] = _EXP[_i - 255]


def _generator(degree: int) -> list[int]:
    """The generator polynomial (x - a^0)...(x - a^(degree-1)), highest power first, without its leading 1."""
    poly = [1]
    for i in range(degree):
        poly = [a ^ (_EXP[_LOG[b] + i] if b else 0) for a, b in zip([*poly, 0], [0, *poly], strict=True)]
    return poly[1:]


def _ec_codewords(data: list[int], degree: int) -> list[int]:
    """The ``degree`` error-correction codewords of one block."""
    gen = _generator(degree)
    rest = [0] * degree
    for byte in data:
        factor = byte ^ rest.pop(0)
        rest.append(0)
        if factor:
            log = _LOG[factor]
            rest = [r ^ _EXP[_LOG[g] + log] if g else r for r, g in zip(rest, gen, strict=True)]
    return rest


# -- the symbol's layout --------------------------------------------------------------------

def _alignment_positions(version: int) -> list[int]:
    if version == 1:
        return []
    count = version // 7 + 2
    size = version * 4 + 17
    step = 26 if version == 32 else (version * 4 + count * 2 + 1) // (count * 2 - 2) * 2
    return [6, *reversed([size - 7 - i * step for i in range(count - 1)])]


def _raw_codewords(version: int) -> int:
    """All the codewords a version holds (data and error correction)."""
    modules = (version * 16 + 128) * version + 64
    if version >= 2:
        count = version // 7 + 2
        modules -= (count * 25 - 10) * count - 55
        if version >= 7:
            modules -= 36
    return modules // 8


def data_capacity(version: int, level: str) -> int:
    """The data codewords of ``version`` at ``level``."""
    blocks = _BLOCKS[level][version - 1]
    return _raw_codewords(version) - blocks * _EC_PER_BLOCK[level][version - 1]


def _bch(value: int, generator: int, bits: int) -> int:
    """``value`` followed by its BCH remainder (``bits`` long) by ``generator``."""
    rem = value << bits
    top = generator.bit_length() - 1
    for shift in range(rem.bit_length() - 1, top - 1, -1):
        if rem >> shift & 1:
            rem ^= generator << (shift - top)
    return value << bits | rem


class _Grid:
    """The modules being placed, and which of them are function patterns."""

    def __init__(self, version: int) -> None:
        self.version = version
        self.size = size = version * 4 + 17
        self.dark = [[False] * size for _ in range(size)]
        self.fixed = [[False] * size for _ in range(size)]
        self._functions()

    def put(self, row: int, col: int, dark: bool) -> None:
        self.dark[row][col] = dark
        self.fixed[row][col] = True

    def _functions(self) -> None:
        size = self.size
        for i in range(size):  # timing patterns
            self.put(6, i, i % 2 == 0)
            self.put(i, 6, i % 2 == 0)
        for row, col in ((3, 3), (3, size - 4), (size - 4, 3)):  # finders with their separators
            for dr in range(-4, 5):
                for dc in range(-4, 5):
                    r, c = row + dr, col + dc
                    if 0 <= r < size and 0 <= c < size:
                        ring = max(abs(dr), abs(dc))
                        self.put(r, c, ring not in (2, 4))
        places = _alignment_positions(self.version)
        last = len(places) - 1
        for i, row in enumerate(places):
            for j, col in enumerate(places):
                if (i, j) in ((0, 0), (0, last), (last, 0)):
                    continue  # a finder's corner
                for dr in range(-2, 3):
                    for dc in range(-2, 3):
                        self.put(row + dr, col + dc, max(abs(dr), abs(dc)) != 1)
        self.format_bits(0, light=True)  # reserved here, written once the mask is chosen
        if self.version >= 7:
            self.version_bits(light=True)

    def format_bits(self, bits: int, light: bool = False) -> None:
        """The 15 bits of format information, twice, and the dark module beside them."""
        size = self.size
        for i in range(15):
            dark = not light and bool(bits >> i & 1)
            self.put(i if i < 6 else i + 1 if i < 8 else size - 15 + i, 8, dark)
            self.put(8, size - 1 - i if i < 8 else 15 - i if i < 9 else 14 - i, dark)
        self.put(size - 8, 8, not light)

    def version_bits(self, light: bool = False) -> None:
        bits = _bch(self.version, 0x1F25, 12)
        for i in range(18):
            dark = not light and bool(bits >> i & 1)
            self.put(i // 3, self.size - 11 + i % 3, dark)
            self.put(self.size - 11 + i % 3, i // 3, dark)

    def place(self, codewords: list[int]) -> None:
        """The codewords in their zigzag, two columns at a time from the right."""
        size, i, total = self.size, 0, len(codewords) * 8
        col = size - 1
        while col > 0:
            if col == 6:
                col = 5  # the vertical timing pattern
            upward = (col + 1) & 2 == 0
            for step in range(size):
                row = size - 1 - step if upward else step
                for c in (col, col - 1):
                    if not self.fixed[row][c]:
                        self.dark[row][c] = i < total and bool(codewords[i >> 3] >> (7 - (i & 7)) & 1)
                        i += 1
            col -= 2

    def masked(self, mask: int) -> list[list[bool]]:
        test = _MASKS[mask]
        return [[d != (not f and test(r, c)) for c, (d, f) in enumerate(zip(drow, frow, strict=True))]
                for r, (drow, frow) in enumerate(zip(self.dark, self.fixed, strict=True))]

    def apply_mask(self, mask: int) -> None:
        self.dark = self.masked(mask)


# -- penalty points of a masked symbol -----------------------------------------------------

_FINDER_LIKE = ((True, False, True, True, True, False, True, False, False, False, False),
                (False, False, False, False, True, False, True, True, True, False, True))


def _line_penalty(line: list[bool]) -> int:
    """Rules 1 and 3 for one row or column: runs of five or more of a colour, and the
    finder-like 1:1:3:1:1 with four light modules on one side."""
    points, run = 0, 1
    for a, b in zip(line, line[1:], strict=False):
        if a == b:
            run += 1
        else:
            points += run - 2 if run >= 5 else 0
            run = 1
    points += run - 2 if run >= 5 else 0
    n = len(line)
    for i in range(n - 10):
        if tuple(line[i:i + 11]) in _FINDER_LIKE:
            points += 40
    return points


def penalty(modules: list[list[bool]]) -> int:
    """The four rules' points of a masked symbol."""
    size = len(modules)
    points = sum(_line_penalty(row) for row in modules) + sum(_line_penalty(list(col)) for col in zip(*modules))
    for r in range(size - 1):
        top, bottom = modules[r], modules[r + 1]
        points += 3 * sum(1 for c in range(size - 1) if top[c] == top[c + 1] == bottom[c] == bottom[c + 1])
    dark, area = sum(map(sum, modules)), size * size
    points += abs(20 * dark - 10 * area) // area * 10  # each whole 5 % the dark share is off 50 %
    return points


# -- encoding ------------------------------------------------------------------------------

def _data_bits(data: bytes, version: int, level: str) -> list[int]:
    """Mode, count, the bytes, terminator and padding: the data codewords of ``version``."""
    count_bits = 8 if version < 10 else 16
    capacity = data_capacity(version, level)
    value = (0b0100 << count_bits | len(data)) << len(data) * 8 | int.from_bytes(data, "big")
    length = 4 + count_bits + len(data) * 8
    terminator = min(4, capacity * 8 - length)
    value, length = value << terminator, length + terminator
    pad = -length % 8
    words = list((value << pad).to_bytes((length + pad) // 8, "big"))
    words += [(0xEC, 0x11)[i % 2] for i in range(capacity - len(words))]
    return words


def version_for(length: int, level: str) -> int | None:
    """The smallest version that holds ``length`` bytes at ``level`` (``None``: none does)."""
    return next((v for v in range(1, 41) if 4 + (8 if v < 10 else 16) + length * 8 <= data_capacity(v, level) * 8),
                None)


def _interleaved(data: list[int], version: int, level: str) -> list[int]:
    """The data split into blocks, each with its error correction, interleaved."""
    blocks = _BLOCKS[level][version - 1]
    degree = _EC_PER_BLOCK[level][version - 1]
    short, longer = divmod(len(data), blocks)
    parts, at = [], 0
    for i in range(blocks):
        n = short + (1 if i >= blocks - longer else 0)
        parts.append(data[at:at + n])
        at += n
    ecs = [_ec_codewords(part, degree) for part in parts]
    out = [part[i] for i in range(short + 1) for part in parts if i < len(part)]
    return out + [ec[i] for i in range(degree) for ec in ecs]


def encode(text: str, level: str = "M") -> QrCode:
    """The QR code of ``text`` (as UTF-8, byte mode) at error-correction ``level``: the
    smallest version that holds it, the mask with the fewest penalty points."""
    if level not in LEVELS:
        raise QrError(f"no error-correction level {level!r}: one of {', '.join(LEVELS)}")
    data = text.encode("utf-8")
    version = version_for(len(data), level)
    if version is None:
        raise QrError(f"{len(data)} bytes are more than a QR code holds at level {level}")
    grid = _Grid(version)
    grid.place(_interleaved(_data_bits(data, version, level), version, level))
    mask = min(range(8), key=lambda m: penalty(grid.masked(m)))
    grid.apply_mask(mask)
    grid.format_bits(_bch(_FORMAT_LEVEL[level] << 3 | mask, 0x537, 10) ^ 0x5412)
    if version >= 7:
        grid.version_bits()
    return QrCode(version, level, mask, tuple(tuple(row) for row in grid.dark))


def svg_path(code: QrCode, quiet: int = QUIET) -> str:
    """The dark modules as SVG path data, one unit a module, offset by the quiet zone: each
    run of dark modules in a row is one rectangle."""
    parts = []
    for r, row in enumerate(code.modules):
        c = 0
        while c < code.size:
            if row[c]:
                start = c
                while c < code.size and row[c]:
                    c += 1
                parts.append(f"M{start + quiet} {r + quiet}h{c - start}v1h{start - c}z")
            else:
                c += 1
    return "".join(parts)
