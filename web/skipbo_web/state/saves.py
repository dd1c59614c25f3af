"""Where the page keeps things in ``localStorage``, and the names of its save formats: every
key is written here once (docs/limits.md lists them). An embedded table (``?embed=1``) keeps
its games, tutorial, puzzles and preferences under keys of its own, so that it never touches
the visitor's own game on the same site, and never writes the new-game settings. Damaged or
unreadable values are moved aside under ``ASIDE_PREFIX``, never destroyed. It imports
nothing of the page's other modules."""

from __future__ import annotations

from dataclasses import dataclass

OWN_PREFIX = "skipbo."             # every key of the page begins so
ASIDE_PREFIX = "skipbo.aside."     # a damaged value is moved to skipbo.aside.<its name>, kept as it was
PROBE_KEY = "skipbo.probe"         # read once to learn whether the storage may be used at all
TAB_KEY = "skipbo.tab"             # which tab owns the game
STATS_KEY = "skipbo.stats"         # the statistics of finished games
TUTORIAL_KEY = "skipbo.tutorial"
TUTORIAL_EMBED_KEY = "skipbo.embed.tutorial"
PUZZLES_KEY = "skipbo.puzzles"     # the puzzles solved
PUZZLES_EMBED_KEY = "skipbo.embed.puzzles"

# The save of a game set up from a position (a game from a deal is saved as the engine's
# record, ``skipbo_core.record.FORMAT``).
POSITION_SAVE_FORMAT, POSITION_SAVE_VERSION = "skipbo-position-game", 1


@dataclass(frozen=True)
class Keys:
    """``localStorage`` keys: the game record, the match, the new-game settings
    (``settings=None``: never written)."""

    current: str
    match: str
    settings: str | None


PAGE_KEYS = Keys("skipbo.current", "skipbo.match", "skipbo.settings")
EMBED_KEYS = Keys("skipbo.embed.current", "skipbo.embed.match", None)


def storage_keys(embed: bool) -> Keys:
    """The game's keys: an embedded table's own, or the page's."""
    return EMBED_KEYS if embed else PAGE_KEYS


@dataclass(frozen=True)
class PrefKeys:
    """``localStorage`` keys of the preferences (an embedded table keeps its own)."""

    theme: str
    sound: str


PAGE_PREFS = PrefKeys("skipbo.theme", "skipbo.sound")
EMBED_PREFS = PrefKeys("skipbo.embed.theme", "skipbo.embed.sound")


def pref_keys(embed: bool) -> PrefKeys:
    """The preferences' keys: an embedded table's own, or the page's."""
    return EMBED_PREFS if embed else PAGE_PREFS
