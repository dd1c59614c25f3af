"""The pairing panel (issue 38, the link path), a view of ``state.pairing.Pairing``: the
host's invitations (``[data-pairing="invite"]``, one a remote seat, ``data-seat``) with a
QR code (``svg.pair-qr``), Copy, Share and a box for the reply; a guest's reply
(``[data-pairing="reply"]``) with its QR code, Copy and Share; a reply tab's word on
where its reply went. Links are ``<a href>``; every text is the catalogue's."""

from __future__ import annotations

import functools

from ..i18n import t
from ..state.controller import Controller
from ..state.look import Look
from ..state.pairing import AWAY, WAITING, Invite, Pairing
from .seat_words import message_text, seat_name
from .table_model import controller_names
from .tree import El, h, props


@functools.lru_cache(maxsize=8)
def qr_drawing(link: str) -> tuple[int, str] | None:
    """The QR code of ``link``: its width in modules with the quiet zone, and the SVG path
    of its dark modules (encoded once a link: the panel is drawn again on every change);
    ``None`` for a link longer than a QR code holds (the link and its buttons still serve).
    The encoder is imported here, when a link is first shown, not when the page starts."""
    from . import qr

    try:
        code = qr.encode(link, "M")
    except qr.QrError:
        return None
    return code.size + 2 * qr.QUIET, qr.svg_path(code)


def qr_tree(link: str, label: str) -> El | None:
    """The QR code of ``link`` as inline SVG: dark modules on a light square in any theme."""
    drawing = qr_drawing(link)
    if drawing is None:
        return None
    width, path = drawing
    return h("svg", props(class_="pair-qr", role="img", aria_label=label, viewBox=f"0 0 {width} {width}",
                          shape_rendering="crispEdges", data_modules=width),
             h("rect", props(width=width, height=width, fill="#fff")), h("path", props(d=path, fill="#000")),
             key="qr")


def _link(link: str, lang: str, share: bool, seat: int | None = None) -> list[El]:
    """The link's QR code, the link, and its Copy and Share buttons (Share where the
    browser has a share sheet)."""
    data = {"data_seat": seat} if seat is not None else {}
    return [qr_tree(link, t(lang, "pair.qr")),
            h("a", props(class_="pair-link", href=link, target="_blank", rel="noopener"), link, key="link"),
            h("span", props(class_="pair-buttons"),
              h("button", props(type="button", data_action="pair-copy", **data), t(lang, "pair.copy")),
              h("button", props(type="button", data_action="pair-share", **data), t(lang, "pair.share"))
              if share else None, key="buttons")]


def _invite(invite: Invite, ctrl: Controller, look: Look, share: bool) -> El:
    lang = look.lang
    name = seat_name(controller_names(ctrl), look, invite.seat)
    kids: list[El | str | None] = [h("p", props(class_="pair-title"), t(lang, f"pair.invite_{invite.state}",
                                                                          name=name, n=invite.seat + 1))]
    if invite.link is not None and invite.state in (WAITING, AWAY):  # AWAY: offered again
        kids += _link(invite.link, lang, share, invite.seat)
        kids.append(h("div", props(class_="pair-accept"),
                      h("label", None, h("span", None, t(lang, "pair.paste")),
                        h("input", props(type="text", name="reply", autocomplete="off", spellcheck="false"))),
                      h("button", props(type="button", data_action="pair-accept", data_seat=invite.seat),
                        t(lang, "pair.connect"))))
    if invite.link is not None and invite.state in (WAITING, AWAY):
        if invite.code:
            kids.append(h("p", props(class_="pair-code"), t(lang, "pair.code"), " ",
                          h("strong", props(data_room_code=invite.code), f"{invite.code[:4]}-{invite.code[4:]}")))
        elif invite.code is None:  # (asked for: "" while it is made)
            kids.append(h("p", props(class_="pair-code"), t(lang, "pair.code_far"), " ",
                          h("button", props(type="button", data_action="pair-code", data_seat=invite.seat),
                            t(lang, "pair.code_make"))))
    if invite.knock is not None and invite.state in (WAITING, AWAY):
        kids.append(h("div", props(class_="pair-knock", data_knock=invite.seat),
                      h("p", None, t(lang, "pair.knock", name=invite.knock[1] or name, n=invite.seat + 1)),
                      None if invite.letting else h(
                          "span", props(class_="pair-buttons"),
                          h("button", props(type="button", data_action="pair-let-in", data_seat=invite.seat),
                            t(lang, "pair.let_in")),
                          h("button", props(type="button", data_action="pair-refuse", data_seat=invite.seat),
                            t(lang, "pair.refuse")))))
    for note in (invite.note, invite.code_note):
        if note is not None:
            kids.append(h("p", props(class_="pair-note", role="status"),
                          message_text(controller_names(ctrl), look, note)))
    return h("div", props(class_="pair-invite", data_pairing="invite", data_seat=invite.seat,
                          data_state=invite.state), kids, key=f"invite{invite.seat}")


def pairing_tree(pairing: Pairing | None, ctrl: Controller, look: Look) -> El:
    """The panel's contents (empty when there is nothing to show: then the page hides it)."""
    lang = look.lang
    if pairing is None or not pairing.shown:
        return h("section", props(id="pairing", class_="pairing", data_n=pairing.n if pairing is not None else None))
    kids: list[El | str | None] = []
    if pairing.role == "host":
        kids.append(h("h2", None, t(lang, "pair.host_title"), key="title"))
        kids += [_invite(i, ctrl, look, pairing.share) for i in pairing.invites]
    elif pairing.role == "guest":
        named = {"name": pairing.host} if pairing.host else {}
        anon = "" if pairing.host else "_anon"
        kids.append(h("h2", None, t(lang, f"pair.join_title{anon}", **named), key="title"))
        if pairing.reply is not None and not pairing.seated:
            kids.append(h("div", props(class_="pair-reply", data_pairing="reply"),
                          h("p", None, t(lang, f"pair.reply_send{anon}", **named)),
                          _link(pairing.reply, lang, pairing.share), key="reply"))
    if pairing.note is not None:
        note = message_text(controller_names(ctrl), look, pairing.note)
        kids.append(h("p", props(class_="pair-note", role="status"), note, key="note"))
    return h("section", props(id="pairing", class_="pairing", data_role=pairing.role, data_n=pairing.n,
                              aria_live="polite"), kids)


def join_entry_tree(lang: str) -> El:
    """"Join a table" on the new-game screen: a room code from the host's invitation, typed
    (any case; hyphens and spaces as one likes) and joined."""
    return h("div", props(class_="join-entry", data_pairing="join"),
             h("label", None, h("span", None, t(lang, "join.code")),
               h("input", props(type="text", name="room-code", autocomplete="off", spellcheck="false",
                                autocapitalize="characters", maxlength=20, placeholder="7K3Q-X9MD"))),
             h("button", props(type="button", data_action="pair-code-join"), t(lang, "join.button")),
             h("p", props(class_="hint"), t(lang, "join.hint")))
