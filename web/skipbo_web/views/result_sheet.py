"""The sheet at the end of a game: who won and why, the points, and in a match who leads.
No DOM access here.
"""

from __future__ import annotations

from skipbo_core import TURN_LIMIT, Result

from ..i18n import t
from ..state.look import Look
from .explain import end_rule_tree
from .seat_words import pair_text, seat_name
from .table_model import TableModel
from .tree import El, h, props


def _result(model: TableModel) -> Result:
    result = model.view.result
    assert result is not None, "the game is not over"
    return result


def result_headline(model: TableModel, look: Look) -> str:
    """Who won the game that just ended, in one line."""
    lang = look.lang
    result = _result(model)
    if result.winner is None:
        return t(lang, "end.nobody")
    team = model.team_of(result.winner)
    if len(team) > 1:
        return pair_text(model.names, look, team, "end.team_won")
    if model.names[result.winner].is_you:
        return t(lang, "end.you_won")
    return t(lang, "end.won", name=seat_name(model.names, look, result.winner))


def _result_reason(model: TableModel, look: Look) -> str:
    """Why the game ended: the last stock card (by whom), the stall rule, the turn limit."""
    lang = look.lang
    result = _result(model)
    if result.winner is None:
        return t(lang, f"end.{result.reason}", limit=TURN_LIMIT)
    key = "end.stock-empty_team" if len(model.team_of(result.winner)) > 1 else "end.stock-empty"
    if model.names[result.winner].is_you:
        return t(lang, key + "_you")
    return t(lang, key, name=seat_name(model.names, look, result.winner))


def _match_line(model: TableModel, look: Look, leaders: list[int], points: int) -> str:
    """Who won the match: one seat, a team, or several seats level at the top."""
    lang, names = look.lang, model.names
    if len(leaders) == 1:
        if names[leaders[0]].is_you:
            return t(lang, "end.match_won_you", points=points)
        return t(lang, "end.match_won", name=seat_name(names, look, leaders[0]), points=points)
    if tuple(leaders) == model.team_of(leaders[0]):
        return pair_text(names, look, leaders, "end.match_won_team", points=points)
    return t(lang, "end.match_tied", names=", ".join(seat_name(names, look, s) for s in leaders), points=points)


def _lead_line(model: TableModel, look: Look) -> El | None:
    """A match that goes on: who leads, and how many points they still need."""
    match, lang, names = model.match, look.lang, model.names
    best = max(match.scores)
    if match.target is None or match.over or best == 0:
        return None
    leaders = match.leaders
    args = {"count": match.target - best, "target": match.target}
    if len(leaders) == 1:
        text = (t(lang, "end.lead_you", **args) if names[leaders[0]].is_you
                else t(lang, "end.lead", name=seat_name(names, look, leaders[0]), **args))
    elif tuple(leaders) == model.team_of(leaders[0]):
        text = pair_text(names, look, leaders, "end.lead_team", **args)
    else:
        text = t(lang, "end.lead_shared", names=", ".join(seat_name(names, look, s) for s in leaders), **args)
    return h("p", props(class_="lead"), text)


def _left_line(model: TableModel, look: Look) -> El | None:
    """A lost game: how many stock cards the one person at the table (or their team) had left."""
    if len(model.humans) != 1:
        return None
    team = model.team_of(model.humans[0])
    left = sum(model.view.stock_sizes[s] for s in team)
    key = "end.left_team_you" if len(team) > 1 else "end.left_you"
    return h("p", props(class_="left"), t(look.lang, key, count=left))


def result_tree(model: TableModel, look: Look) -> El:
    """The end of a game: winner, reason (the stall rule explained), points, standings.
    A win, a loss and a stall each have their own sheet (``data-ending``, a line saying
    which); in a match it says which game of the match this was and who leads."""
    lang = look.lang
    result = _result(model)
    n = model.players
    kind = model.ending
    headline, reason = result_headline(model, look), _result_reason(model, look)
    match = model.match
    in_match = match.target is not None
    totals = match.scores
    rows = []
    for s in range(n):
        left = model.view.stock_sizes[s]
        rows.append(h("tr", props(data_seat_score=s),
                      h("th", props(scope="row"), seat_name(model.names, look, s),
                        h("span", props(class_="sub"), t(lang, "cards_left", count=left))),
                      h("td", None, str(result.scores[s])),
                      h("td", None, str(totals[s])) if in_match else None))
    head = h("tr", None, h("th", props(scope="col"), t(lang, "end.player")),
             h("th", props(scope="col"), t(lang, "end.this_game")),
             h("th", props(scope="col"), t(lang, "end.total")) if in_match else None)
    caption = t(lang, "end.totals", target=match.target) if in_match else t(lang, "end.points")
    match_line = None
    buttons = []
    if in_match and match.over:
        best = max(totals)
        leaders = [s for s in range(n) if totals[s] == best]
        match_line = h("p", props(class_="match-won"), _match_line(model, look, leaders, best))
        buttons.append(("new-match", "end.new_match", True))
    elif in_match:
        buttons.append(("next-game", "end.next_game", True))
        buttons.append(("new-match", "end.new_match", False))
    else:
        buttons.append(("play-again", "end.play_again", True))
    buttons.append(("new", "end.settings", False))
    deals_line = None
    if not model.deals:  # a guest's page: the host deals the next game, to the same seats
        buttons = []
        deals_line = h("p", props(class_="host-deals"), t(lang, "end.host_deals"))
    buttons.append(("hide-result", "end.show_table", False))
    btns = [h("button", props(type="button", data_action=a, class_="primary" if primary else None), t(lang, key))
            for a, key, primary in buttons]
    mood = t(lang, f"end.kicker.{kind}" if kind != "stall" else f"end.kicker.{result.reason}")
    game_no = t(lang, "end.game_of_match", n=match.game_no + 1) if in_match else None
    kicker = h("p", props(class_="kicker"), h("span", props(class_="game-no"), game_no) if game_no else None,
               h("span", props(class_="mood"), mood))
    return h("section", props(class_="result", role="dialog", aria_modal="true", aria_labelledby="result-title",
                              data_reason=result.reason, data_winner="" if result.winner is None else result.winner,
                              data_ending=kind),
             h("div", props(class_="sheet-body"), kicker,
               h("h2", props(id="result-title"), headline),
               _left_line(model, look) if kind == "loss" else None,
               h("p", props(class_="reason"), reason + " ", end_rule_tree(result.reason, lang)), match_line,
               h("table", props(class_="scores"), h("caption", None, caption), h("thead", None, head),
                 h("tbody", None, rows)),
               _lead_line(model, look), deals_line,
               h("div", props(class_="actions"), btns)), key="result")
