"""The statistics sheet as an HTML string: the totals of ``stats.totals``, a small SVG
chart of the newest games, downloads and clearing (with a confirmation). No DOM access
here."""

from __future__ import annotations

from html import escape

from .i18n import t
from .stats import CHART_GAMES, MIXED, GameSummary, Tally, Totals, totals

BAR_W, GAP, HEIGHT = 10, 3, 60  # the chart: each game a bar this wide, points to this height


def rate(lang: str, tally: Tally) -> str:
    return t(lang, "stats.rate", pct=round(100 * tally.rate))


def _table(lang: str, caption: str, head: str, rows: list[tuple[str, Tally]]) -> str:
    body = "".join(f'<tr><th scope="row">{escape(name)}</th><td>{tally.games}</td><td>{tally.wins}</td>'
                   f'<td>{escape(rate(lang, tally))}</td></tr>' for name, tally in rows)
    return (f'<table class="scores stats-table"><caption>{escape(caption)}</caption><thead><tr>'
            f'<th scope="col">{escape(head)}</th><th scope="col">{escape(t(lang, "stats.col_games"))}</th>'
            f'<th scope="col">{escape(t(lang, "stats.col_wins"))}</th>'
            f'<th scope="col">{escape(t(lang, "stats.col_rate"))}</th></tr></thead><tbody>{body}</tbody></table>')


def chart(lang: str, games: list[GameSummary]) -> str:
    """The newest games' points as bars, coloured by result (a text says the same)."""
    shown = games[-CHART_GAMES:]
    top = max([g.points for g in shown] + [1])
    bars = []
    for i, g in enumerate(shown):
        h = max(2.0, HEIGHT * g.points / top)
        bars.append(f'<rect class="bar-{g.result}" x="{i * (BAR_W + GAP)}" y="{HEIGHT - h:.1f}" width="{BAR_W}"'
                    f' height="{h:.1f}"></rect>')
    width = len(shown) * (BAR_W + GAP) - GAP
    counts = {r: sum(g.result == r for g in shown) for r in ("won", "lost", "stalled")}
    label = t(lang, "stats.chart_label", count=len(shown), **counts)
    legend = "".join(f'<span class="key key-{r}">{escape(t(lang, f"stats.{r}"))}</span>' for r in counts)
    return (f'<figure class="stats-chart"><svg role="img" aria-label="{escape(label)}" viewBox="0 0 {width} {HEIGHT}"'
            f' width="{width}" height="{HEIGHT}" data-games="{len(shown)}">{"".join(bars)}</svg>'
            f'<figcaption>{escape(t(lang, "stats.chart_caption", count=len(shown)))} {legend}</figcaption></figure>')


def render_stats(lang: str, games: list[GameSummary], confirm: bool = False, aside: int = 0) -> str:
    """The sheet; ``confirm``: it asks whether to clear them all; ``aside``: how many stored
    entries could not be read (the JSON download keeps them)."""
    sums = totals(games)
    title = f'<h2 id="sheet-title">{escape(t(lang, "stats.title"))}</h2>'
    close = f'<button type="button" data-action="close">{escape(t(lang, "stats.close"))}</button>'
    json_button = f'<button type="button" data-action="stats-json">{escape(t(lang, "stats.json"))}</button>'
    kept = f'<p class="hint stats-aside">{escape(t(lang, "stats.aside_kept", count=aside))}</p>' if aside else ""
    if not games:
        return (f'<div class="sheet-body stats" data-games="0">{title}<p>{escape(t(lang, "stats.empty"))}</p>'
                f'{kept}<div class="actions">{json_button if aside else ""}{close}</div></div>')
    if confirm:
        ask = (f'<div class="stats-confirm" role="alertdialog" aria-labelledby="stats-confirm-text">'
               f'<p id="stats-confirm-text">{escape(t(lang, "stats.confirm", count=len(games)))}</p>'
               f'<div class="actions"><button type="button" data-action="stats-keep" class="primary">'
               f'{escape(t(lang, "stats.keep"))}</button><button type="button" data-action="stats-clear-yes">'
               f'{escape(t(lang, "stats.clear_yes"))}</button></div></div>')
    else:
        ask = ""
    return (f'<div class="sheet-body stats" data-games="{len(games)}">{title}{_summary(lang, sums)}'
            f'{chart(lang, games)}'
            f'{_table(lang, t(lang, "stats.by_level"), t(lang, "stats.col_level"), _level_rows(lang, sums))}'
            f'{_table(lang, t(lang, "stats.by_players"), t(lang, "stats.col_players"), _player_rows(lang, sums))}'
            f'{kept}{ask}<div class="actions">'
            f'<button type="button" data-action="stats-csv">{escape(t(lang, "stats.csv"))}</button>'
            f'{json_button}'
            f'<button type="button" data-action="stats-clear">{escape(t(lang, "stats.clear"))}</button>'
            f'{close}</div></div>')


def _summary(lang: str, sums: Totals) -> str:
    lines = [t(lang, "stats.summary", count=sums.all.games, wins=sums.all.wins, rate=rate(lang, sums.all))]
    if sums.stalled:
        lines.append(t(lang, "stats.stalled_games", count=sums.stalled))
    lines.append(t(lang, "stats.streak", count=sums.longest_streak))
    lines.append(t(lang, "stats.average", turns=f"{sums.average_turns:.1f}".replace(".", t(lang, "stats.decimal"))))
    best = sums.best
    if best is not None:
        lines.append(t(lang, "stats.best", points=best.points, turns=best.turns, date=best.date[:10],
                       level=_level_name(lang, best.opponents), players=best.players))
    items = "".join(f"<li>{escape(line)}</li>" for line in lines)
    return f'<ul class="stats-summary">{items}</ul>'


def _level_name(lang: str, level: str) -> str:
    return t(lang, "stats.mixed") if level == MIXED else t(lang, f"level.{level}")


def _level_rows(lang: str, sums: Totals) -> list[tuple[str, Tally]]:
    return [(_level_name(lang, level), tally) for level, tally in sums.by_level.items()]


def _player_rows(lang: str, sums: Totals) -> list[tuple[str, Tally]]:
    return [(t(lang, "stats.players", count=n), tally) for n, tally in sums.by_players.items()]
