"""How the table is drawn (``Look``): the language, the card faces and the page-level
switches that every view of the table reads. The table itself: ``table_view``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Look:
    """How to draw: language, card faces, and page-level switches."""

    lang: str = "en"
    faces: str = "skipbo"
    result_hidden: bool = False
    replay: bool = False  # a replay's read-only table: every hand face up, no result sheet or log
    theme: str = "auto"   # the table's colours as chosen (prefs.THEMES)
    sound: bool = True    # sound on (the bar's switch)
    elsewhere: bool = False  # the game is open in another tab: the table is covered
