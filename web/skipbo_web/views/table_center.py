"""The middle of the table: the draw pile (with the completed cards beside it) and the
four building piles, each saying which number it needs next. Beside the tree, a function
that tells where their cards are (``table_layout``). No DOM access here.
"""

from __future__ import annotations

from skipbo_core.cards import card_token

from ..i18n import card_face, card_name, t
from ..state.look import Look
from .card_view import back, card, empty
from .table_layout import Spot, Spots
from .table_model import TableModel
from .table_seat import Part, trace_numbers
from .tree import child_key, child_keys, h, props


def center_tree(model: TableModel, look: Look) -> Part:
    """The draw pile and the building piles."""
    lang = look.lang
    view = model.view
    last = model.last_target
    piles, faces = [], []
    for k, (pile, needs) in enumerate(zip(view.building, view.next_needed), start=1):
        slot = f"B{k}"
        if pile:
            top = pile[-1]
            face = card(look, top, counts_as=len(pile) if top == 0 else None, key=f"c{len(pile)}")
            label = t(lang, "building.aria", n=k, needs=card_face(needs, look.faces, lang),
                      top=card_name(lang, top, look.faces))
        else:
            face = empty()
            label = t(lang, "building.aria_empty", n=k, needs=card_face(needs, look.faces, lang))
        depth = min(len(pile), 6)
        marked, numbers = trace_numbers(model.trace, slot, newest=2)  # above the top card, never over it
        faces.append(face)
        piles.append(
            h("button", {**props(type="button", class_="pile build", data_slot=slot, data_next=needs,
                                 data_top=card_token(pile[-1] if pile else None), data_count=len(pile), data_key=slot,
                                 aria_label=label, data_legal="1" if slot in model.legal else None,
                                 data_last="1" if last == slot else None, style=f"--depth:{depth}"), **marked},
              face, h("span", props(class_="needs"), t(lang, "building.needs", n=card_face(needs, look.faces, lang))),
              numbers, key=slot))
    draw, completed = view.draw_size, view.completed_size
    done = h("span", props(class_="count done", data_completed=completed), t(lang, "draw.completed", count=completed))
    drawpile = h("div", props(class_="drawpile", role="img", aria_label=t(lang, "draw.aria", count=draw,
                                                                         done=completed)),
                 back() if draw else empty(),
                 h("span", props(class_="count", data_draw=draw), t(lang, "draw.count", count=draw)),
                 done, key="draw")
    building = h("div", props(class_="building"), piles)
    center = h("section", props(class_="center", aria_label=t(lang, "building.title")), drawpile, building)

    def locate() -> Spots:
        at_draw, at_building = child_key(center, drawpile), child_key(center, building)
        spots = [("draw", Spot((at_draw,), draw, home=((at_draw, child_key(drawpile, done)),)))]
        for k, (pile, el, face, step) in enumerate(zip(view.building, piles, faces, child_keys(building.kids)),
                                                   start=1):
            spots.append((f"B{k}", Spot((at_building, step), len(pile), pile[-1] if pile else None,
                                        ((child_key(el, face),),) if pile else ())))
        return spots

    return center, locate
