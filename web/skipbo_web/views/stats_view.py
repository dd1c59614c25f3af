"""The statistics sheet as an element tree: the totals of ``stats.totals``, a small SVG
chart of the newest games, downloads and clearing (with a confirmation). No DOM access
here."""

from __future__ import annotations

from ..i18n import t
from ..state.stats import CHART_GAMES, MIXED, GameSummary, Tally, Totals, totals
from .tree import El, h, props

BAR_W, GAP, HEIGHT = 10, 3, 60  # the chart: each game a bar this wide, points to this height


def rate(lang: str, tally: Tally) -> str:
    return t(lang, "stats.rate", pct=round(100 * tally.rate))


def _table(lang: str, caption: str, head: str, rows: list[tuple[str, Tally]]) -> El:
    body = [h("tr", None, h("th", props(scope="row"), name), h("td", None, str(tally.games)),
              h("td", None, str(tally.wins)), h("td", None, rate(lang, tally))) for name, tally in rows]
    cols = [head, t(lang, "stats.col_games"), t(lang, "stats.col_wins"), t(lang, "stats.col_rate")]
    return h("table", props(class_="scores stats-table"), h("caption", None, caption),
             h("thead", None, h("tr", None, [h("th", props(scope="col"), c) for c in cols])),
             h("tbody", None, body))


def chart(lang: str, games: list[GameSummary]) -> El:
    """The newest games' points as bars, coloured by result (a text says the same)."""
    shown = games[-CHART_GAMES:]
    counts = {r: sum(g.result == r for g in shown) for r in ("won", "lost", "stalled")}
    if len(shown) == 1 or not any(g.points for g in shown):
        # one game, or none with points (only a win scores): bars would be specks under a
        # blank; words say it plainly
        last = shown[-1]
        return h("p", props(class_="stats-plain", data_games=len(shown)),
                 t(lang, "stats.plain", count=len(shown), result=t(lang, f"stats.{last.result}"),
                   points=last.points, **counts))
    top = max(g.points for g in shown)
    bars = []
    for i, g in enumerate(shown):
        high = max(2.0, HEIGHT * g.points / top)
        bars.append(h("rect", props(class_=f"bar-{g.result}", x=i * (BAR_W + GAP), y=f"{HEIGHT - high:.1f}",
                                    width=BAR_W, height=f"{high:.1f}")))
    width = len(shown) * (BAR_W + GAP) - GAP
    label = t(lang, "stats.chart_label", count=len(shown), **counts)
    legend = [h("span", props(class_=f"key key-{r}"), t(lang, f"stats.{r}")) for r in counts]
    return h("figure", props(class_="stats-chart"),
             h("svg", props(role="img", aria_label=label, viewBox=f"0 0 {width} {HEIGHT}", width=width, height=HEIGHT,
                            data_games=len(shown)), bars),
             h("figcaption", None, t(lang, "stats.chart_caption", count=len(shown)), " ", legend))


def stats_tree(lang: str, games: list[GameSummary], confirm: bool = False, aside: int = 0,
               apart: bool = False) -> El:
    """The sheet; ``confirm``: it asks whether to clear them all; ``aside``: how many values
    of the statistics that could not be read are kept aside (a button shows them); ``apart``:
    a page in a frame, which shows no statistics (they are kept only on the game's own page)."""
    sums = totals(games)
    title = h("h2", props(id="sheet-title"), t(lang, "stats.title"))
    close = h("button", props(type="button", data_action="close"), t(lang, "stats.close"))
    json_button = h("button", props(type="button", data_action="stats-json"), t(lang, "stats.json"))
    kept = h("p", props(class_="hint stats-aside"), t(lang, "stats.aside_kept", count=aside), " ",
             h("button", props(type="button", data_action="aside"), t(lang, "aside.open"))) if aside else None
    if not games:
        empty = t(lang, "stats.apart" if apart else "stats.empty")
        return h("div", props(class_="sheet-body stats", data_games=0), title, h("p", None, empty),
                 kept, h("div", props(class_="actions"), close))
    ask = None
    if confirm:
        ask = h("div", props(class_="stats-confirm", role="alertdialog", aria_labelledby="stats-confirm-text"),
                h("p", props(id="stats-confirm-text"), t(lang, "stats.confirm", count=len(games))),
                h("div", props(class_="actions"),
                  h("button", props(type="button", data_action="stats-keep", class_="primary"), t(lang, "stats.keep")),
                  h("button", props(type="button", data_action="stats-clear-yes"), t(lang, "stats.clear_yes"))))
    return h("div", props(class_="sheet-body stats", data_games=len(games)), title, _summary(lang, sums),
             chart(lang, games),
             _table(lang, t(lang, "stats.by_level"), t(lang, "stats.col_level"), _level_rows(lang, sums)),
             _table(lang, t(lang, "stats.by_players"), t(lang, "stats.col_players"), _player_rows(lang, sums)),
             kept, ask,
             h("div", props(class_="actions"),
               h("button", props(type="button", data_action="stats-csv"), t(lang, "stats.csv")), json_button,
               h("button", props(type="button", data_action="stats-clear"), t(lang, "stats.clear")), close))


def _summary(lang: str, sums: Totals) -> El:
    lines = [t(lang, "stats.summary", count=sums.all.games, wins=sums.all.wins, rate=rate(lang, sums.all))]
    if sums.stalled:
        lines.append(t(lang, "stats.stalled_games", count=sums.stalled))
    lines.append(t(lang, "stats.streak", count=sums.longest_streak))
    lines.append(t(lang, "stats.average", rounds=f"{sums.average_rounds:.1f}".replace(".", t(lang, "stats.decimal"))))
    best = sums.best
    if best is not None:
        lines.append(t(lang, "stats.best", points=best.points, rounds=best.rounds, date=best.date[:10],
                       level=_level_name(lang, best.opponents), players=best.players))
    return h("ul", props(class_="stats-summary"), [h("li", None, line) for line in lines])


def _level_name(lang: str, level: str) -> str:
    return t(lang, "stats.mixed") if level == MIXED else t(lang, f"level.{level}")


def _level_rows(lang: str, sums: Totals) -> list[tuple[str, Tally]]:
    return [(_level_name(lang, level), tally) for level, tally in sums.by_level.items()]


def _player_rows(lang: str, sums: Totals) -> list[tuple[str, Tally]]:
    return [(t(lang, "stats.players", count=n), tally) for n, tally in sums.by_players.items()]
