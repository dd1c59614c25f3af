"""What an address asks for: the page's URL options (``?players=3&ai=hard&lang=de``...),
read and checked. A bad option is named, never an exception; a game option that is wrong
starts no game (an embedded table plays with the defaults). The settings they change are
``settings.Settings``."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from urllib.parse import parse_qsl, urlsplit, urlunsplit

from skipbo_core import Rules
from skipbo_core.ai import LEVELS
from skipbo_core.jsonread import whole_number
from skipbo_core.rules import MAX_STOCK

from .prefs import THEMES
from .settings import DEFAULT_LEVEL, FACES, MAX_NAME, MAX_SEATS, REMOTE, Seat, Settings, allowed

URL_GAME_KEYS = ("players", "stock", "ai", "seed", "teams", "deck", "target", "humans", "names", "practice",
                 "remote")
URL_KEYS = (*URL_GAME_KEYS, "lang", "speed", "faces", "embed", "host", "theme", "sound", "relay", "ice")
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


MAX_RELAYS = 8
MAX_RELAY_URL = 200
_LOCAL = ("127.0.0.1", "localhost")


def parse_relays(text: str) -> tuple[str, ...] | None:
    """``relay=wss://a.example/mqtt,wss://b.example:8884/mqtt``: the brokers to use, at most
    ``MAX_RELAYS``; each a ``wss://`` address (``ws://`` only on this machine) without user,
    password or fragment. ``None`` when any is not."""
    parts = [p.strip() for p in text.split(",")] if isinstance(text, str) else []
    if not 1 <= len(parts) <= MAX_RELAYS:
        return None
    for part in parts:
        if len(part) > MAX_RELAY_URL or not part.isascii() or not part.isprintable() or " " in part:
            return None
        try:
            url = urlsplit(part)
            url.port  # noqa: B018 (a port that is no number raises here)
        except ValueError:
            return None
        local = url.hostname in _LOCAL
        if not (url.scheme == "wss" or (url.scheme == "ws" and local)) or not url.hostname \
                or url.username is not None or url.password is not None or url.fragment or "#" in part:
            return None
    return tuple(dict.fromkeys(parts))


MAX_ICE = 4
_ICE = re.compile(r"(stun|turns?):(?:([A-Za-z0-9._~-]{1,64}):([A-Za-z0-9._~-]{1,64})@)?"
                  r"([A-Za-z0-9.-]{1,100}|\[[0-9A-Fa-f:.]{2,45}\])(?::(\d{1,5}))?(\?transport=(?:udp|tcp))?")


def parse_ice(text: str) -> tuple[dict[str, str], ...] | None:
    """``ice=stun:stun.example.org:3478,turn:user:secret@turn.example.org:3478``: the STUN
    and TURN servers of this page's connections to other devices, as ``RTCPeerConnection``
    takes them (``{"urls": ..., "username": ..., "credential": ...}``), at most ``MAX_ICE``.
    A TURN server names its user and password before ``@``, a STUN server none. ``None``
    when any is not such an address."""
    parts = [p.strip() for p in text.split(",")] if isinstance(text, str) and len(text) <= 1000 else []
    if not 1 <= len(parts) <= MAX_ICE:
        return None
    servers = []
    for part in parts:
        found = _ICE.fullmatch(part)
        if found is None:
            return None
        scheme, user, password, host, port, transport = found.groups()
        if (scheme == "stun") == (user is not None) or (port is not None and not 0 < int(port) < 65536) \
                or (scheme == "stun" and transport):
            return None
        server = {"urls": f"{scheme}:{host}" + (f":{port}" if port else "") + (transport or "")}
        if user is not None:
            server |= {"username": user, "credential": password}
        servers.append(server)
    return tuple(servers)


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
    relays: tuple[str, ...] | None = None  # relay=<wss://...>,...: room codes' brokers (None: the defaults)
    ice: tuple[dict[str, str], ...] = ()  # ice=<stun:...>,<turn:...>: STUN and TURN servers (none: none)


def parse_url(params: Mapping[str, str], base: Settings, languages: Iterable[str]) -> UrlOptions:
    """Read ``?players=2&stock=5&ai=medium&seed=3&lang=de&speed=0``.

    Seat 0 is human and the other seats are the computer at level ``ai``
    (``humans=2`` makes the first two seats human: hot-seat). Game options start a
    game at once, but only when all of them are right (``remote=1``: the seat after them is a
    person on another device): one wrong game option starts
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
    relays = parse_relays(params["relay"]) if "relay" in params else None
    if "relay" in params and relays is None:
        bad.append("relay")  # a wrong list changes nothing: the defaults stay
    ice = parse_ice(params["ice"]) if "ice" in params else ()
    if ice is None:
        bad.append("ice")  # a wrong list changes nothing: no ICE server, as before
        ice = ()
    game_given = embed_on or any(k in params for k in URL_GAME_KEYS)  # an embedded table plays at once
    seed = number("seed", 0, 2**53)
    if not game_given:
        return UrlOptions(None, None, lang, speed, faces, tuple(bad), "", host=host, theme=theme,
                          sound=sound_on, relays=relays, ice=ice)
    players = number("players", 2, MAX_SEATS) or 2
    level = params.get("ai", DEFAULT_LEVEL)
    if level not in LEVELS:
        bad.append("ai")
        level = DEFAULT_LEVEL
    humans = number("humans", 0, players)
    humans = 1 if humans is None else humans
    # remote=N: the N seats after this device's people are people on other devices
    remote = number("remote", 0, players - humans) or 0
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
    seats = tuple(Seat(names[i], "human" if i < humans else REMOTE if i < humans + remote else level)
                  for i in range(MAX_SEATS))
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
                      sound_on, ignored, relays, ice)


def link_base(href: str) -> str:
    """The address an invitation or a reply link is built on (``#join=``, ``#reply=``): the
    page's own, without its options and its fragment. A link carries only what the game
    needs (the connection and the seat, in its fragment); each device keeps its own
    language, theme, sound and speed.

    >>> link_base("http://127.0.0.1:8000/skipbo/?lang=de&speed=0&players=2&remote=1#join=p1")
    'http://127.0.0.1:8000/skipbo/'
    """
    parts = urlsplit(href)
    return urlunsplit((parts.scheme, parts.netloc, parts.path, "", ""))
