"""What the new-game screen chooses, read back from storage, forms and URL options.

Everything that comes from outside (``localStorage``, the new-game form, the address)
is validated here; a bad value becomes the default and is reported by name, never an
exception that could leave a blank page. Which stock sizes, player counts and teams
are allowed is asked of the engine (``skipbo_core.Rules``), never decided here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from skipbo_core import Rules
from skipbo_core.ai import LEVELS
from skipbo_core.cards import DECK_EDITIONS
from skipbo_core.jsonread import whole_number
from skipbo_core.rules import MAX_PLAYERS, MAX_STOCK, MIN_PLAYERS

from .prefs import THEMES

VERSION = 1
KINDS = ("human", *LEVELS)            # what sits in a seat
FACES = ("skipbo", "cards")           # card drawings: Skip-Bo numbers or playing cards
SPEEDS = (0, 1, 2, 3)                 # instant, fast, normal, slow
SPEED_DELAY_MS = {0: 0, 1: 250, 2: 600, 3: 1200}  # pause after each computer move
DEFAULT_TARGET = 500
MAX_NAME = 24
SHORT_GAME = 10
DEFAULT_LEVEL = "medium"
MAX_SEATS = MAX_PLAYERS  # the new-game screen has a seat for every player the rules allow


# Bidi controls (marks, embeddings, overrides, isolates): in a name they would turn the
# text beside it around ("(medium)" shown as "(muidem)"), so names never keep them.
# (All of them are format characters, which str.isprintable refuses.)
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
JOINERS = frozenset("\u200c\u200d")  # zero-width non-joiner and joiner


def clean_name(text: str) -> str:
    """A name as the page keeps and shows it: without bidi controls and control
    characters, its spaces collapsed, at most ``MAX_NAME`` characters. (Joiners stay:
    emoji and some scripts need them.)"""
    kept = "".join(c for c in text if c.isprintable() or c.isspace() or c in JOINERS)
    return " ".join(kept.split())[:MAX_NAME]


def allowed(players: int, stock: int | None = None, teams: bool = False, wild_cards: int = 18) -> bool:
    """Whether the engine accepts these options."""
    try:
        Rules(players=players, stock_size=stock, teams=teams or None, wild_cards=wild_cards)
    except ValueError:
        return False
    return True


def most_stock(players: int, wild_cards: int = 18) -> int:
    """The largest stock size the engine allows for this table (asked, not computed)."""
    return next(s for s in range(MAX_STOCK, 0, -1) if allowed(players, s, wild_cards=wild_cards))


def default_stock(players: int) -> int:
    """The engine's default stock size for a player count."""
    return Rules(players=players).stock


@dataclass(frozen=True)
class Seat:
    """One seat at the table: ``name`` ('' = the default name) and ``kind`` (``KINDS``)."""

    name: str = ""
    kind: str = DEFAULT_LEVEL

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    def record_kind(self) -> str:
        """The ``kind`` of a game record's player: ``human`` or ``ai:<level>``."""
        return "human" if self.is_human else f"ai:{self.kind}"


def default_seats() -> tuple[Seat, ...]:
    return (Seat("", "human"),) + tuple(Seat("", DEFAULT_LEVEL) for _ in range(MAX_SEATS - 1))


@dataclass(frozen=True)
class Settings:
    """The options of the new-game screen. ``seats`` always holds six; the first
    ``players`` are used. ``stock=None`` means the engine's default for the player count."""

    players: int = 2
    seats: tuple[Seat, ...] = field(default_factory=default_seats)
    stock: int | None = None
    teams: bool = False
    wild_cards: int = 18
    faces: str = "skipbo"
    match: bool = False
    target: int = DEFAULT_TARGET
    lang: str | None = None
    speed: int = 2
    practice: bool = False  # a practice game: Undo takes back the human's moves

    # -- derived ---------------------------------------------------------------------------

    @property
    def table(self) -> tuple[Seat, ...]:
        """The seats in play."""
        return self.seats[: self.players]

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.table) if s.is_human]

    def rules(self) -> Rules:
        """The engine's rules; raises ``ValueError`` when the engine refuses them."""
        return Rules(players=self.players, stock_size=self.stock, teams=self.teams or None,
                     wild_cards=self.wild_cards)

    def problems(self) -> list[str]:
        """Names of the fields the engine refuses together (``stock``, ``teams``)."""
        out = []
        if self.teams and not allowed(self.players, teams=True):
            out.append("teams")
        if self.stock is not None and not allowed(self.players, self.stock, wild_cards=self.wild_cards):
            out.append("stock")
        return out

    @property
    def delay_ms(self) -> int:
        return SPEED_DELAY_MS[self.speed]

    # -- storage -----------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {"version": VERSION, "players": self.players,
                "seats": [{"name": s.name, "kind": s.kind} for s in self.seats],
                "stock": self.stock, "teams": self.teams, "wild_cards": self.wild_cards,
                "faces": self.faces, "match": self.match, "target": self.target,
                "lang": self.lang, "speed": self.speed, "practice": self.practice}

    @classmethod
    def from_dict(cls, data: Any, languages: Iterable[str] = ()) -> tuple[Settings, list[str]]:
        """Settings from stored data; bad fields take their defaults and are named."""
        if not isinstance(data, dict) or data.get("version") != VERSION:
            return cls(), ["version"]
        base, bad = cls(), []
        values: dict[str, Any] = {}

        def take(name: str, ok) -> None:
            if name in data:
                if ok(data[name]):
                    values[name] = data[name]
                else:
                    bad.append(name)

        take("players", lambda v: _is_int(v) and MIN_PLAYERS <= v <= MAX_SEATS)
        take("stock", lambda v: v is None or (_is_int(v) and 1 <= v <= MAX_STOCK))
        take("teams", lambda v: isinstance(v, bool))
        take("wild_cards", lambda v: v in DECK_EDITIONS and _is_int(v))
        take("faces", lambda v: v in FACES)
        take("match", lambda v: isinstance(v, bool))
        take("target", lambda v: _is_int(v) and 1 <= v <= 100_000)
        take("lang", lambda v: v is None or (isinstance(v, str) and v in set(languages)))
        take("speed", lambda v: _is_int(v) and v in SPEEDS)
        take("practice", lambda v: isinstance(v, bool))
        seats = data.get("seats")
        if seats is not None:
            parsed = _seats(seats)
            if parsed is None:
                bad.append("seats")
            else:
                values["seats"] = parsed
        settings = replace(base, **values)
        for name in settings.problems():  # together the engine refuses them
            settings = replace(settings, **{name: getattr(base, name)})
            bad.append(name)
        return settings, bad

    # -- the new-game form -------------------------------------------------------------------

    def with_form(self, form: Mapping[str, str]) -> tuple[Settings, list[str]]:
        """These settings changed by the new-game form's fields (strings, as a browser
        sends them). Returns the new settings and the names of the wrong fields; each
        wrong field keeps its value from ``self`` (or the default, when the engine
        refuses the combination), so the form can be drawn again as a draft."""
        bad: list[str] = []
        players = _int(form.get("players"))
        if players is None or not MIN_PLAYERS <= players <= MAX_SEATS:
            bad.append("players")
            players = self.players
        seats = list(self.seats)
        for i in range(MAX_SEATS):
            kind = form.get(f"kind{i}", seats[i].kind)
            name = clean_name(str(form.get(f"name{i}", seats[i].name)))
            if kind not in KINDS:
                bad.append(f"kind{i}")
                kind = seats[i].kind
            seats[i] = Seat(name, kind)
        stock_mode = form.get("stock_mode", "default")
        stock: int | None = None
        if stock_mode == "short":
            stock = SHORT_GAME
        elif stock_mode == "custom":
            stock = _int(form.get("stock"))
            if stock is None:
                bad.append("stock")
        wild = _int(form.get("wild_cards", self.wild_cards))
        if wild not in DECK_EDITIONS:
            bad.append("wild_cards")
            wild = self.wild_cards
        teams = form.get("teams") in ("1", "on", "true") and Rules.allows_teams(players)
        faces = form.get("faces", self.faces)
        if faces not in FACES:
            bad.append("faces")
            faces = self.faces
        match = form.get("mode", "match" if self.match else "single") == "match"
        practice = form.get("practice") in ("1", "on", "true")
        target = _int(form.get("target", self.target))
        if target is None or not 1 <= target <= 100_000:
            if match:
                bad.append("target")
            target = self.target
        new = replace(self, players=players, seats=tuple(seats), stock=stock, teams=teams,
                      wild_cards=wild, faces=faces, match=match, target=target, practice=practice)
        for name in new.problems():
            if name not in bad:
                bad.append(name)
            new = replace(new, **{name: None if name == "stock" else False})
        return new, bad


# -- URL options ---------------------------------------------------------------------------

URL_GAME_KEYS = ("players", "stock", "ai", "seed", "teams", "deck", "target", "humans", "names", "practice")
URL_KEYS = (*URL_GAME_KEYS, "lang", "speed", "faces", "embed", "host", "theme", "sound")
MAX_QUERY = 4096  # characters of the address after "?"; a longer one is refused whole


def query_options(search: str) -> tuple[dict[str, str], bool]:
    """The options of an address's query string (``location.search``): the first value
    of each name wins, as with ``URLSearchParams.get``. A query string over
    ``MAX_QUERY`` characters is refused (``True``): it gives only its ``embed`` and
    ``host`` options, so that an embedded game still keeps apart from the visitor's own
    and still takes commands from its host page only."""
    query = search[1:] if search.startswith("?") else search
    out: dict[str, str] = {}
    for key, value in parse_qsl(query, keep_blank_values=True):
        out.setdefault(key, value)
    if len(query) > MAX_QUERY:
        return {k: out[k] for k in ("embed", "host") if k in out}, True
    return out, False


_HOST_NAME = re.compile(r"[a-z0-9.-]+|[0-9a-f:.]+")  # a name or an IP address (no spaces, no %-escapes)


def parse_origin(text: str) -> str | None:
    """``host=<origin>``: a scheme (http or https), a host and a port, normalised as a
    browser writes ``event.origin`` (lower case, no default port, no slash). ``None``
    for anything else (a path, a query, user names, another scheme)."""
    if not isinstance(text, str) or len(text) > 200 or not text.isascii() or not text.isprintable():
        return None
    try:
        parts = urlsplit(text.strip())
        port = parts.port
    except ValueError:
        return None
    if (parts.scheme not in ("http", "https") or not parts.hostname or parts.username is not None
            or parts.password is not None or parts.path not in ("", "/") or parts.query or parts.fragment
            or text.strip().endswith("?") or "#" in text):
        return None
    host = parts.hostname.lower()
    if not _HOST_NAME.fullmatch(host):
        return None
    if ":" in host:  # an IPv6 address keeps its brackets
        host = f"[{host}]"
    default = {"http": 80, "https": 443}[parts.scheme]
    return f"{parts.scheme}://{host}" + (f":{port}" if port is not None and port != default else "")


def wants_embed(params: Mapping[str, str]) -> bool:
    """Whether the address asks for embed mode (``embed=1``)."""
    return params.get("embed") == "1"


def parse_names(text: str) -> tuple[str, ...] | None:
    """``"Anna, Ben,,Cleo"`` -> ``("Anna", "Ben", "", "Cleo")`` (empty: the default name).
    ``None`` when there are more than ``MAX_SEATS`` names, a name is longer than
    ``MAX_NAME`` or holds control characters (bidi controls too: ``clean_name``). Names
    are only ever shown as text."""
    if len(text) > MAX_SEATS * (MAX_NAME + 1):
        return None
    names = tuple(" ".join(part.split()) for part in text.split(","))
    if len(names) > MAX_SEATS or any(len(n) > MAX_NAME or not n.isprintable() for n in names):
        return None
    return names


@dataclass(frozen=True)
class UrlOptions:
    """What the address asks for: settings for a game that starts at once (or ``None``
    when no game option is given), a seed, a language, and the names of bad options."""

    settings: Settings | None  # None also when a game option is wrong: then no game starts
    seed: int | None
    lang: str | None
    speed: int | None
    faces: str | None
    bad: tuple[str, ...]

    origin: str  # the game options, normalised: the same string means the same game
    embed: bool = False
    host: str | None = None  # host=<origin>: the only origin whose commands are taken ("": none)
    theme: str | None = None  # theme=light|dark|auto: the table's colours for this visit
    sound: bool | None = None  # sound=0|1: sound off or on for this visit
    ignored: tuple[str, ...] = ()  # wrong game options, for which the address starts no game


def parse_url(params: Mapping[str, str], base: Settings, languages: Iterable[str]) -> UrlOptions:
    """Read ``?players=2&stock=5&ai=medium&seed=3&lang=de&speed=0``.

    Seat 0 is human and the other seats are the computer at level ``ai``
    (``humans=2`` makes the first two seats human: hot-seat). Game options start a
    game at once, but only when all of them are right: one wrong game option starts
    nothing (``settings`` is None, the saved game goes on; named in ``ignored``), except in
    an embedded table, which plays at once with the defaults. Invalid values are named in
    ``bad``; other options take their defaults. Numbers are ASCII digits only.
    """
    bad: list[str] = []
    languages = set(languages)

    def number(name: str, lo: int, hi: int) -> int | None:
        text = params.get(name)
        if text is None:
            return None
        try:
            return whole_number(text, name, lo, hi)
        except ValueError:
            bad.append(name)
            return None

    lang = params.get("lang")
    if lang is not None and lang not in languages:
        bad.append("lang")
        lang = None
    speed = number("speed", 0, 3)
    faces = params.get("faces")
    if faces is not None and faces not in FACES:
        bad.append("faces")
        faces = None
    theme = params.get("theme")
    if theme is not None and theme not in THEMES:
        bad.append("theme")
        theme = None
    sound = params.get("sound")
    if sound is not None and sound not in ("0", "1"):
        bad.append("sound")
    sound_on = None if sound not in ("0", "1") else sound == "1"
    embed = params.get("embed")
    if embed is not None and embed not in ("0", "1"):
        bad.append("embed")
    embed_on = embed == "1"
    host = params.get("host")
    if host is not None:
        host = parse_origin(host)
        if host is None:
            bad.append("host")
            host = ""  # a host= that cannot be read lets no one steer the game
    game_given = embed_on or any(k in params for k in URL_GAME_KEYS)  # an embedded table plays at once
    seed = number("seed", 0, 2**53)
    if not game_given:
        return UrlOptions(None, None, lang, speed, faces, tuple(bad), "", host=host, theme=theme,
                          sound=sound_on)
    players = number("players", 2, MAX_SEATS) or 2
    level = params.get("ai", DEFAULT_LEVEL)
    if level not in LEVELS:
        bad.append("ai")
        level = DEFAULT_LEVEL
    humans = number("humans", 0, players)
    humans = 1 if humans is None else humans
    teams = params.get("teams")
    if teams is not None and teams not in ("0", "1"):
        bad.append("teams")
    teams_on = teams == "1"
    if teams_on and not Rules.allows_teams(players):
        bad.append("teams")
        teams_on = False
    deck = params.get("deck")
    wild = 18
    if deck is not None:
        try:
            edition = Rules.wild_cards_for_deck(whole_number(deck, "deck", 0, 1000))
        except ValueError:
            edition = None
        if edition is not None:
            wild = edition
        else:
            bad.append("deck")
    stock = number("stock", 1, MAX_STOCK)
    if stock is not None and not allowed(players, stock, wild_cards=wild):
        bad.append("stock")
        stock = None
    target = number("target", 1, 100_000)
    practice = params.get("practice")
    if practice is not None and practice not in ("0", "1"):
        bad.append("practice")
    names: tuple[str, ...] = ()
    if "names" in params:
        names = parse_names(params["names"]) or ()
        if not names:
            bad.append("names")
    names += ("",) * (MAX_SEATS - len(names))
    seats = tuple(Seat(names[i], "human" if i < humans else level) for i in range(MAX_SEATS))
    settings = replace(base, players=players, seats=seats, stock=stock, teams=teams_on,
                       wild_cards=wild, match=target is not None,
                       target=target if target is not None else base.target,
                       speed=speed if speed is not None else base.speed,
                       faces=faces if faces is not None else base.faces,
                       practice=practice == "1")
    origin = "&".join(f"{k}={params[k]}" for k in sorted(URL_GAME_KEYS) if k in params)
    # A game the address did not quite ask for: none. An embedded table still plays at once, with
    # the defaults (its host page hears which options were wrong: embed.py's "error" event).
    ignored = () if embed_on else tuple(dict.fromkeys(name for name in bad if name in URL_GAME_KEYS))
    if ignored:
        settings, seed, origin = None, None, ""
    return UrlOptions(settings, seed, lang, speed, faces, tuple(dict.fromkeys(bad)), origin, embed_on, host, theme,
                      sound_on, ignored)


# -- helpers -------------------------------------------------------------------------------

def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _int(text: Any) -> int | None:
    """``"12"`` -> 12; anything else (``"1.5"``, ``""``, ``None``) -> None."""
    if _is_int(text):
        return text
    # only ASCII digits: str.isdigit() also accepts "²", which int() refuses
    if isinstance(text, str) and text.strip().isascii() and text.strip().isdigit() and len(text.strip()) <= 16:
        return int(text.strip())
    return None


def _seats(data: Any) -> tuple[Seat, ...] | None:
    if not isinstance(data, list) or len(data) != MAX_SEATS:
        return None
    out = []
    for item in data:
        if not (isinstance(item, dict) and isinstance(item.get("name"), str)
                and item.get("kind") in KINDS and len(item["name"]) <= MAX_NAME):
            return None
        out.append(Seat(clean_name(item["name"]), item["kind"]))
    return tuple(out)
