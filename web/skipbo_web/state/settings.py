"""What the new-game screen chooses, read back from storage and forms (the URL options are
address.py's).

Everything that comes from outside (``localStorage``, the new-game form, the address)
is validated here; a bad value becomes the default and is reported by name, never an
exception that could leave a blank page. Which stock sizes, player counts and teams
are allowed is asked of the engine (``skipbo_core.Rules``), never decided here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from skipbo_core import Rules
from skipbo_core.ai import LEVELS
from skipbo_core.cards import DECK_EDITIONS
from skipbo_core.rules import MAX_PLAYERS, MAX_STOCK, MIN_PLAYERS

VERSION = 1
REMOTE = "remote"                     # a person playing this seat on another device (issue 38)
KINDS = ("human", *LEVELS, REMOTE)    # what sits in a seat
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
        """A person at this device (not one on another device, not the computer)."""
        return self.kind == "human"

    def record_kind(self) -> str:
        """The ``kind`` of a game record's player: ``human`` (here or on another device) or
        ``ai:<level>``."""
        return "human" if self.kind in ("human", REMOTE) else f"ai:{self.kind}"


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

    @property
    def remote(self) -> list[int]:
        """The seats played by people on other devices."""
        return [i for i, s in enumerate(self.table) if s.kind == REMOTE]

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
