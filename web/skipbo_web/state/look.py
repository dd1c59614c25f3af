"""How the table is drawn (``Look``): language, card faces and the page's switches. A frozen
value the state holds and the views read (``Store.update_look`` makes the next one); it
imports nothing of the page's other modules."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Look:
    """How to draw: language, card faces, and page-level switches (a value: never changed
    in place)."""

    lang: str = "en"
    faces: str = "skipbo"
    result_hidden: bool = False
    replay: bool = False  # a replay's read-only table: every hand face up, no result sheet or log
    theme: str = "auto"   # the table's colours as chosen (prefs.THEMES)
    sound: bool = True    # sound on (the bar's switch)
    elsewhere: bool = False  # the game is open in another tab: the table is covered
    touch: bool = False   # a touch screen (pointer: coarse): texts say "tap", not "Esc"
