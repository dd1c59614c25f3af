"""The texts as data print what the Python catalogues printed: every key, language and a
table of arguments (card faces in both styles, counts, move sources), old against new.
(Kept only while the old catalogues exist: it reads the old i18n.py from git, at 4d76f08.)"""

from __future__ import annotations

import itertools
import re
import subprocess
import types
from pathlib import Path

import pytest
from skipbo_web import i18n

ROOT = Path(__file__).resolve().parents[2]


def old_i18n() -> types.ModuleType:
    source = subprocess.run(["git", "show", "4d76f08:web/skipbo_web/i18n.py"], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout
    source = source.replace("from .catalogue_", "from skipbo_web.catalogue_")
    source = source.replace("from .plural", "from skipbo_web.plural")
    module = types.ModuleType("old_i18n")
    exec(compile(source, "old_i18n.py", "exec"), module.__dict__)
    return module


OLD = old_i18n()
VALUES = [0, 1, 2, 3, 7, 8, 9, 10, 11, 12, "SB", "A", "J", "Q", "K", "8", "11", "Skip-Bo", "Anna", "x"]
COUNTS = [0, 1, 2, 8, 11, 25]
SOURCES = ["H5", "H8", "H11", "H1", "S", "PS", "D1", "PD2", "B1"]


def fields(entry) -> tuple[list[str], str | None]:
    texts = entry.forms if hasattr(entry, "forms") else (entry,)
    names = sorted({n for text in texts for n in re.findall(r"{(\w+)}", text)})
    return names, getattr(entry, "by", None)


def outcome(fn, *args, **kw):
    try:
        return fn(*args, **kw)
    except (KeyError, ValueError, TypeError) as exc:
        return type(exc).__name__


def argument_sets(names: list[str], by: str | None):
    base = {n: (3 if n == by else "v") for n in names}
    yield dict(base)
    for name in names:
        pool = COUNTS if name == by else SOURCES if name == "source" else VALUES + COUNTS
        for value in pool:
            yield {**base, name: value}
    for a, b in itertools.combinations(names, 2):  # two card faces side by side ("needs a 8 - this is a 11")
        for va, vb in ((8, 11), (1, 8), (11, 0), ("A", 12)):
            yield {**base, a: va, b: vb}


@pytest.mark.parametrize("lang", ["en", "de", "da", "fr"])
def test_every_text_prints_as_before(lang: str) -> None:
    compared = 0
    for key, entry in OLD.CATALOGUE["en"].items():
        names, by = fields(entry)
        for args in argument_sets(names, by):
            for faces in ("skipbo", "cards"):
                old = outcome(OLD.t, lang, key, faces=faces, **dict(args))
                new = outcome(i18n.t, lang, key, faces=faces, **dict(args))
                assert new == old, (lang, key, faces, args)
                compared += 1
    assert compared > 15_000
    for lang_ in ("en", "de", "da"):
        assert set(OLD.CATALOGUE[lang_]) == set(i18n.CATALOGUE[lang_])


def test_missing_arguments_and_keys_fail_as_before() -> None:
    for key in OLD.CATALOGUE["en"]:
        assert outcome(i18n.t, "de", key) == outcome(OLD.t, "de", key), key
    assert outcome(i18n.t, "en", "no-such") == outcome(OLD.t, "en", "no-such") == "KeyError"
