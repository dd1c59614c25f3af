"""The one bounded JSON reader for everything the engine takes in as text.

``read_json(text, source)`` refuses text that is too long or nested too deep *before*
it is parsed (a cheap scan counts bracket depth outside strings), so no input can
overflow a stack, in CPython or in Pyodide; numbers are read strictly (whole numbers of
at most ``MAX_INT_DIGITS`` digits, no ``NaN``/``Infinity``). Every failure is a
``JSONInputError`` (a ``ValueError``) whose message names the input. ``read_json_file``
does the same for a file, ``whole_number`` reads a number typed as text (ASCII digits
only), and ``brief`` shows any value in a message, short and safely.
"""

from __future__ import annotations

import itertools
import json
import operator
import re
import reprlib
from typing import Any

MAX_CHARS = 2_000_000
"""The longest JSON text ``read_json`` reads by default (characters; a record of the
engine's largest 100,000 moves takes about 1 MB)."""
MAX_DEPTH = 32
"""The deepest nesting of lists and objects read (a record needs 4, a position 5)."""
MAX_INT_DIGITS = 30
"""The most digits of a whole number in JSON (a seed below 2**63 has 19)."""

# A string, or everything that is not a bracket. A string left open runs to the end of the
# text (json.loads stops there too), so the scan never fails half-way through a string and
# starts again at the next quote: that made text like '"\\"\\"\\"...' take quadratic time.
_NOT_BRACKETS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\\?\Z)|[^\[\]{}"]+', re.DOTALL)
_DEPTH_STEP = bytes.maketrans(b"[{]}", b"\x02\x02\x00\x00")


class JSONInputError(ValueError):
    """JSON text the engine will not read. ``source`` names the input (a file, ``record``,
    ``position``...); ``code`` says what is wrong:

    =================  ===========================================================
    code               problem
    =================  ===========================================================
    ``too-big``        longer than the limit (``MAX_CHARS`` unless the reader's own)
    ``too-deep``       lists and objects nested deeper than ``MAX_DEPTH``
    ``bad-number``     a whole number of more than ``MAX_INT_DIGITS`` digits, a
                       number too large for a float, or ``NaN``/``Infinity``
    ``not-json``       not JSON text (or not UTF-8)
    ``unreadable``     a file that cannot be read (missing, a folder, no permission)
    =================  ===========================================================
    """

    def __init__(self, source: str, code: str, message: str) -> None:
        self.source = source
        self.code = code
        super().__init__(f"{source}: {message}")


def nesting_depth(text: str, limit: int = MAX_DEPTH) -> int:
    """How deep lists and objects nest in JSON ``text`` (brackets inside strings do not
    count), found without parsing; at most ``limit + 1`` is reported."""
    brackets = _NOT_BRACKETS.sub("", text).replace('"', "")
    if not brackets:
        return 0
    steps = brackets.encode("ascii").translate(_DEPTH_STEP)
    # after k brackets the running sum of steps is 2 * (opened), so depth = sum - k
    depth = max(map(operator.sub, itertools.accumulate(steps), itertools.count(1)))
    return min(depth, limit + 1)


def _whole(source: str) -> Any:
    def parse(digits: str) -> int:
        if len(digits.lstrip("-")) > MAX_INT_DIGITS:
            raise JSONInputError(source, "bad-number",
                                 f"a number of {len(digits.lstrip('-'))} digits (at most {MAX_INT_DIGITS})")
        return int(digits)
    return parse


def _fraction(source: str) -> Any:
    def parse(digits: str) -> float:
        value = float(digits)
        if value in (float("inf"), float("-inf")):
            raise JSONInputError(source, "bad-number", f"{brief(digits)} is too large a number")
        return value
    return parse


def _constant(source: str) -> Any:
    def parse(name: str) -> Any:
        raise JSONInputError(source, "bad-number", f"{name} is not a number JSON allows")
    return parse


def read_json(text: str | bytes, source: str = "input", *, max_chars: int = MAX_CHARS,
              max_depth: int = MAX_DEPTH) -> Any:
    """The value of JSON ``text`` (``str``, or UTF-8 ``bytes``); raises ``JSONInputError``
    naming ``source`` when it is longer than ``max_chars``, nested deeper than
    ``max_depth``, holds a number it refuses, or is not JSON."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > max_chars * 4:
            raise JSONInputError(source, "too-big", f"{len(text):,} bytes, more than the {max_chars:,} allowed")
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            why = f"not UTF-8 text: {exc.reason} at byte {exc.start}"
            raise JSONInputError(source, "not-json", f"not JSON ({why})") from None
    if not isinstance(text, str):
        raise JSONInputError(source, "not-json", f"JSON must be text, not {type(text).__name__}")
    if len(text) > max_chars:
        raise JSONInputError(source, "too-big", f"{len(text):,} characters, more than the {max_chars:,} allowed")
    if nesting_depth(text, max_depth) > max_depth:
        raise JSONInputError(source, "too-deep", f"lists and objects nested more than {max_depth} deep")
    try:
        return json.loads(text, parse_int=_whole(source), parse_float=_fraction(source),
                          parse_constant=_constant(source))
    except JSONInputError:
        raise
    except ValueError as exc:  # JSONDecodeError is one; RecursionError cannot happen below MAX_DEPTH
        raise JSONInputError(source, "not-json", f"not JSON ({exc})") from None


def read_json_file(path: Any, *, max_chars: int = MAX_CHARS, max_depth: int = MAX_DEPTH) -> Any:
    """The JSON value in file ``path``, read as ``read_json`` reads text (never more
    than the limit from the file); ``JSONInputError`` naming the file, also when it
    cannot be read (code ``unreadable``)."""
    name = str(path)
    try:
        with open(path, "rb") as fh:
            raw = fh.read(max_chars * 4 + 1)
    except (OSError, ValueError) as exc:  # ValueError: a path with a NUL character
        why = getattr(exc, "strerror", None) or str(exc)
        raise JSONInputError(name, "unreadable", f"cannot read it ({why})") from None
    return read_json(raw, name, max_chars=max_chars, max_depth=max_depth)


def whole_number(text: Any, what: str, low: int, high: int) -> int:
    """The whole number written in ``text`` with ASCII digits only (no sign, ``_``,
    spaces or other scripts' digits), from ``low`` to ``high``; ``ValueError`` naming
    ``what`` otherwise."""
    ok = isinstance(text, str) and 0 < len(text) <= MAX_INT_DIGITS and text.isascii() and text.isdigit()
    if not ok or not low <= int(text) <= high:
        raise ValueError(f"{what} must be a whole number from {low} to {high}, not {brief(text)}")
    return int(text)


class _Brief(reprlib.Repr):
    def __init__(self) -> None:
        super().__init__()
        self.maxlevel, self.maxstring, self.maxother, self.maxlist, self.maxdict = 3, 40, 40, 6, 4

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 100:
            return f"<a number of {x.bit_length()} bits>"
        return repr(x)


_BRIEF = _Brief()


def brief(value: Any) -> str:
    """``value`` shown in an error message: short, nested at most 3 deep, and safe for
    any value (a deeply nested list or a huge number included)."""
    try:
        return _BRIEF.repr(value)
    except Exception:  # a value whose own __repr__ fails
        return f"<{type(value).__name__}>"
