"""What the puzzles show, and what is kept of them: the puzzle box above the table (a
view tree, patched in place), the list of puzzles (a sheet), the entry on the new-game
screen, and the progress in ``localStorage`` read back strictly. No DOM access.

The puzzles themselves (positions, goals, stored solutions) are skipbo_web.state.puzzle_book's;
whether a try reached the goal is the engine's answer (``skipbo_core.goals``).
"""

from __future__ import annotations

from collections.abc import Set
from typing import Any

from ..i18n import card_face, t
from ..state.puzzle_book import FAILED, OPEN, PUZZLES, REACHED, SHOWN, Puzzle
from .tree import El, h, props

PROGRESS_VERSION = 1


def read_progress(data: Any) -> tuple[set[int], bool]:
    """The solved puzzles' ids from stored data, and whether the data was damaged. Read
    entry by entry: an id that is not a puzzle's does not cost the others; a value that
    is no progress at all counts for nothing."""
    if data is None:
        return set(), False
    known = {p.id for p in PUZZLES}
    solved = data.get("solved") if isinstance(data, dict) else None
    if not isinstance(data, dict) or data.get("version") != PROGRESS_VERSION or not isinstance(solved, list):
        return set(), True
    good = {n for n in solved if type(n) is int and n in known}
    return good, set(data) != {"version", "solved"} or len(good) != len(solved)


def progress_data(solved: set[int]) -> dict[str, Any]:
    return {"version": PROGRESS_VERSION, "solved": sorted(solved)}


def text(p: Puzzle, part: str, lang: str, faces: str) -> str:
    """A puzzle's ``title``, ``task`` or ``why``, its cards printed in the chosen faces."""
    cards = {name: card_face(value, faces, lang) for name, value in p.cards.items()}
    return t(lang, f"puzzle.{p.id}.{part}", faces=faces, **cards)


def box_tree(p: Puzzle, status: str, lang: str, faces: str, has_next: bool) -> El:
    """The box above the table: which puzzle, its task, how the try stands, the buttons."""
    def button(action: str, key: str, primary: bool = False) -> El:
        return h("button", props(type="button", class_="primary" if primary else None, data_action=action),
                 t(lang, key), key=action)

    said = {OPEN: None, REACHED: "puzzles.reached", FAILED: "puzzles.failed", SHOWN: "puzzles.shown"}[status]
    lines = [h("p", props(class_="puzzle-task"), text(p, "task", lang, faces), key="task")]
    if said is not None:
        lines.append(h("p", props(class_="puzzle-status", data_status=status), t(lang, said), key="status"))
    if status in (REACHED, SHOWN):
        lines.append(h("p", props(class_="puzzle-why"), text(p, "why", lang, faces), key="why"))
    buttons = [button("puzzle-retry", "puzzles.retry", status == FAILED)]
    if status != SHOWN:
        buttons.append(button("puzzle-solution", "puzzles.solution"))
    if has_next:
        buttons.append(button("puzzle-next", "puzzles.next", status == REACHED))
    buttons.append(button("puzzles", "puzzles.all"))
    heading = t(lang, "puzzles.heading", n=p.id, total=len(PUZZLES), title=text(p, "title", lang, faces))
    return h("aside", props(id="puzzle", class_="coach puzzle", aria_labelledby="puzzle-title", data_puzzle=p.id,
                            data_status=status),
             h("div", props(class_="coach-box"),
               h("div", props(class_="coach-head"), h("h2", props(id="puzzle-title"), heading, key="h"), key="head"),
               *lines, h("div", props(class_="puzzle-tools"), *buttons, key="tools"), key="box"),
             h("p", props(class_="coach-live", aria_live="polite"), t(lang, said) if said else "", key="live"))


def list_tree(solved: Set[int], lang: str, faces: str) -> El:
    """The sheet that lists the puzzles by difficulty, the solved ones marked."""
    parts: list[El] = []
    levels = [(level, [p for p in PUZZLES if p.level == level]) for level in dict.fromkeys(p.level for p in PUZZLES)]
    for level, puzzles in levels:
        items = []
        for p in puzzles:
            done = p.id in solved
            items.append(h("li", None,
                           h("button", props(type="button", data_action="puzzle-open", data_puzzle=p.id,
                                             data_solved="1" if done else None), text(p, "title", lang, faces)),
                           [" ", h("span", props(class_="solved-mark"), "✓ " + t(lang, "puzzles.solved_mark"))]
                           if done else None))
        parts += [h("h3", None, t(lang, f"puzzle.level.{level}")),
                  h("ol", props(class_="puzzle-list", start=puzzles[0].id), items)]
    count = t(lang, "puzzles.progress", solved=len(solved), total=len(PUZZLES))
    return h("div", props(class_="sheet-body puzzles"),
             h("h2", props(id="sheet-title"), t(lang, "puzzles.title")),
             h("p", props(class_="hint"), t(lang, "puzzles.intro") + " ",
               h("span", props(class_="puzzle-count"), count)),
             parts,
             h("div", props(class_="actions"),
               h("button", props(type="button", class_="primary", data_action="close"), t(lang, "records.close"))))


def entry_tree(lang: str) -> El:
    """The puzzles' place on the new-game screen."""
    return h("div", props(class_="puzzle-entry"), h("p", None, t(lang, "puzzles.entry_hint")),
             h("div", props(class_="actions"),
               h("button", props(type="button", data_action="puzzles"), t(lang, "puzzles.title"))))
