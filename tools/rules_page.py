"""Write the rules page, ``dist/rules.html``, from its Markdown texts, ``web/rules/<lang>.md``
(read by ``tools/rules_text.py``).

One static HTML file holds all three languages; a few lines of inline script pick one
(``?lang=en|de|da``, else the browser's languages, else English) by setting ``<html lang>``,
and CSS shows only the blocks of that language. Every rule is a ``<section>`` whose id is
the same in all languages (``#rule-building``), so links from the game
(``skipbo_web/views/rules_links.py``) land on the right rule whatever the language. No Python,
no external files but the favicon, relative URLs only.

    python3 -m tools.rules_page [DIR]     write DIR/rules.html (default: dist/)
"""

from __future__ import annotations

import html
import inspect
import json
import re
import sys
from pathlib import Path

from skipbo_core.cards import DECK_EDITIONS, new_deck
from skipbo_core.game import TURN_LIMIT
from skipbo_core.match import Match
from skipbo_core.rules import MAX_STOCK, MIN_DRAW_PILE, default_stock
from tools.rules_text import LANGUAGES, PAGE, RULES, SECTIONS

ROOT = Path(__file__).resolve().parent.parent
FILENAME = "rules.html"
GAME_URL = "./index.html"

_LIST_ITEM = re.compile(r"(- |\d+\. )(.*)")
_PLACEHOLDER = re.compile(r"\{(\w+)\}")
_TOKEN = re.compile(r"\[\[(?P<ref>rule-[a-z-]+)\]\]"
                    r"|`(?P<code>[^`]+)`"
                    r"|\[(?P<card>SB|1[0-2]|[1-9])(?:=(?P<as>1[0-2]|[1-9]))?(?:\|(?P<face>[A-Z]))?\]")


def facts() -> dict[str, int]:
    """The numbers the texts quote, read from the engine so the page cannot drift."""
    wild, wild_old = DECK_EDITIONS
    deck = len(new_deck(wild))
    stock_small, stock_large = default_stock(2), default_stock(5)
    if default_stock(4) != stock_small or default_stock(6) != stock_large:
        raise ValueError("the texts say stock sizes change between 4 and 5 players")
    return {
        "deck": deck, "wild": wild, "deck_old": len(new_deck(wild_old)), "wild_old": wild_old,
        "stock_small": stock_small, "stock_large": stock_large, "max_stock": MAX_STOCK,
        "min_draw": MIN_DRAW_PILE, "dealt_2p": 2 * stock_small, "draw_2p": deck - 2 * stock_small,
        "turn_limit": TURN_LIMIT,
        "target": inspect.signature(Match).parameters["target"].default,
    }


def number(n: int, lang: str) -> str:
    """``3000`` -> ``"3,000"`` in English, ``"3.000"`` in German and Danish."""
    return f"{n:,}".replace(",", "," if lang == "en" else ".")


def card(value: str, lang: str, counts_as: str | None = None, face: str | None = None) -> str:
    """A small card drawing; the number (or face letter) is always printed on it."""
    if value == "SB":
        inner = html.escape(face) if face else f'<span class="w">{html.escape(PAGE[lang]["card.SB"])}</span>'
        if counts_as:
            inner += f'<span class="as"><span class="vh">{html.escape(PAGE[lang]["card.as"])} </span>{counts_as}</span>'
        return f'<span class="card c-wild">{inner}</span>'
    if counts_as:
        raise ValueError(f"only a Skip-Bo card counts as another number: [{value}={counts_as}]")
    colour = ("blue", "green", "red")[(int(value) - 1) // 4]
    return f'<span class="card c-{colour}">{html.escape(face or value)}</span>'


def inline(text: str, lang: str, values: dict[str, int]) -> str:
    """One paragraph or list item of the catalogue's markup as HTML."""
    def fill(m: re.Match) -> str:
        if m.group(1) not in values:
            raise KeyError(f"unknown placeholder {{{m.group(1)}}} in {text!r}")
        return number(values[m.group(1)], lang)

    text = _PLACEHOLDER.sub(fill, text)
    out, pos = [], 0
    for m in _TOKEN.finditer(text):
        out.append(_plain(text[pos:m.start()], text))
        if m["ref"]:
            if m["ref"] not in SECTIONS:
                raise KeyError(f"link to unknown section {m['ref']} in {text!r}")
            out.append(f'<a href="#{m["ref"]}">{html.escape(RULES[lang][m["ref"]].title)}</a>')
        elif m["code"]:
            out.append(f"<code>{html.escape(m['code'])}</code>")
        else:
            out.append(card(m["card"], lang, m["as"], m["face"]))
        pos = m.end()
    out.append(_plain(text[pos:], text))
    return "".join(out)


def _plain(part: str, text: str) -> str:
    if any(c in part for c in "[]`{}"):
        raise ValueError(f"markup the rules page does not know: {part!r} in {text!r}")
    return html.escape(part, quote=False)


def blocks(text: str, lang: str, values: dict[str, int]) -> str:
    """Paragraphs and lists (``- `` or ``1. ``) separated by blank lines, as HTML."""
    out = []
    for chunk in re.split(r"\n\s*\n", text.strip()):
        kind, items = None, []
        for line in chunk.splitlines():
            line = line.strip()
            m = _LIST_ITEM.fullmatch(line)
            if m and kind != "p":
                kind = "ul" if m.group(1) == "- " else "ol"
                items.append(m.group(2))
            elif m:
                raise ValueError(f"a list item inside a paragraph: {line!r}")
            elif items:
                items[-1] += " " + line
            else:
                kind = "p"
                items.append(line)
        parts = [inline(item, lang, values) for item in items]
        if kind == "p":
            out.append(f"<p>{parts[0]}</p>")
        else:
            out.append(f"<{kind}>" + "".join(f"<li>{p}</li>" for p in parts) + f"</{kind}>")
    return "\n".join(out)


def _variants(build) -> str:
    """The same block once per language; CSS shows the one of ``<html lang>``."""
    return "\n".join(f'<div data-l="{lang}" lang="{lang}">\n{build(lang)}\n</div>' for lang in LANGUAGES)


def _header(lang: str) -> str:
    p = PAGE[lang]
    switch = "".join(
        f'<li><a href="?lang={other}" hreflang="{other}" lang="{other}" data-set-lang="{other}">'
        f'{html.escape(PAGE[other]["lang.name"])}</a></li>' for other in LANGUAGES)
    return (f'<a class="skip" href="#main">{html.escape(p["skip"])}</a>\n'
            f'<div class="bar"><a class="back" href="{GAME_URL}">← {html.escape(p["back"])}</a>\n'
            f'<nav aria-label="{html.escape(p["language"])}"><ul class="langs">{switch}</ul></nav></div>\n'
            f'<h1>{html.escape(p["heading"])}</h1>\n<p class="intro">{html.escape(p["intro"])}</p>')


def _toc(lang: str) -> str:
    entries = "".join(f'<li><a href="#{key}">{html.escape(RULES[lang][key].title)}</a></li>'
                      for key in SECTIONS)
    return (f'<nav class="toc" aria-labelledby="toc-{lang}"><h2 id="toc-{lang}">'
            f'{html.escape(PAGE[lang]["toc"])}</h2><ol>{entries}</ol></nav>')


def _section(key: str, values: dict[str, int]) -> str:
    def one(lang: str) -> str:
        rule = RULES[lang][key]
        return (f"<h2>{html.escape(rule.title)}</h2>\n{blocks(rule.body, lang, values)}\n"
                f'<div class="example"><p class="label">{html.escape(PAGE[lang]["example"])}</p>\n'
                f"{blocks(rule.example, lang, values)}</div>")
    return f'<section class="rule" id="{key}">\n{_variants(one)}\n</section>'


def _footer(lang: str) -> str:
    p = PAGE[lang]
    return (f'<a href="#top">↑ {html.escape(p["top"])}</a> '
            f'<a href="{GAME_URL}">← {html.escape(p["back"])}</a>')


SCRIPT = """(function () {
  var LANGS = %(langs)s, TITLES = %(titles)s, root = document.documentElement;
  function pick() {
    var asked = new URLSearchParams(location.search).get("lang");
    if (LANGS.indexOf(asked) >= 0) return asked;
    var prefs = navigator.languages || [navigator.language || ""];
    for (var i = 0; i < prefs.length; i++) {
      var code = String(prefs[i]).split("-")[0].toLowerCase();
      if (LANGS.indexOf(code) >= 0) return code;
    }
    return LANGS[0];
  }
  function mark() {
    var links = document.querySelectorAll("[data-set-lang]");
    for (var i = 0; i < links.length; i++) {
      if (links[i].getAttribute("data-set-lang") === root.lang) links[i].setAttribute("aria-current", "true");
      else links[i].removeAttribute("aria-current");
    }
  }
  function use(lang) { root.lang = lang; document.title = TITLES[lang]; mark(); }
  use(pick());
  document.addEventListener("DOMContentLoaded", mark);
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("[data-set-lang]");
    if (!link) return;
    event.preventDefault();
    use(link.getAttribute("data-set-lang"));
    history.replaceState(null, "", "?lang=" + root.lang + location.hash);
    var same = document.querySelector('[data-l="' + root.lang + '"] [data-set-lang="' + root.lang + '"]');
    if (same) same.focus();
    var target = location.hash && document.getElementById(location.hash.slice(1));
    if (target) target.scrollIntoView();
  });
})();"""

CSS = """
:root { --ink: #1b1b1b; --muted: #4d4a42; --bg: #f4f1e8; --paper: #fffdf7; --line: #d6d0bf;
  --felt: #1d5a3c; --hint: #ffd54a; --link: #0a5c8c; }
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%%; }
body { margin: 0; background: var(--bg); color: var(--ink);
  font: 1rem/1.55 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
%(hide)s { display: none; }
a { color: var(--link); }
a:focus-visible { outline: 3px solid #1a73e8; outline-offset: 2px; border-radius: 2px; }
.vh { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%%); white-space: nowrap; }
.skip { position: absolute; left: -100vw; }
.skip:focus { left: 0.5rem; top: 0.5rem; z-index: 2; background: #fff; color: var(--ink); padding: 0.4rem 0.7rem; }
.top { background: var(--felt); color: #fff; padding: 0.75rem 1rem 1.1rem; }
.top > div { max-width: 70rem; margin: 0 auto; }
.top a { color: #fff; }
.bar { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: center; justify-content: space-between; }
.back, .langs a { display: inline-block; padding: 0.4rem 0.7rem; border: 1px solid rgb(255 255 255 / 0.65);
  border-radius: 0.45rem; text-decoration: none; font-weight: 600; }
.langs { display: flex; gap: 0.35rem; margin: 0; padding: 0; list-style: none; }
.langs a[aria-current="true"] { background: var(--hint); border-color: var(--hint); color: var(--ink); }
h1 { margin: 0.8rem 0 0.2rem; font-size: 1.65rem; line-height: 1.2; }
.intro { margin: 0; max-width: 48rem; color: #eef5f0; }
.layout { max-width: 72rem; margin: 0 auto; padding: 1rem; display: grid; gap: 1rem; }
.layout > * { min-width: 0; }
.toc { background: #fff; border: 1px solid var(--line); border-radius: 0.6rem; padding: 0.75rem 1rem; }
.toc h2 { margin: 0 0 0.3rem; font-size: 1.05rem; }
.toc ol { margin: 0; padding-left: 1.5rem; }
.toc li { margin: 0.2rem 0; }
@media (min-width: 560px) and (max-width: 959px) { .toc ol { columns: 2; column-gap: 2.5rem; } }
@media (min-width: 960px) {
  .layout { grid-template-columns: 17rem minmax(0, 1fr); align-items: start; }
  .toc-wrap { position: sticky; top: 1rem; max-height: calc(100vh - 2rem); overflow: auto; }
}
.rule { background: #fff; border: 1px solid var(--line); border-radius: 0.6rem; padding: 0.1rem 1rem 1rem;
  margin: 0 0 1rem; scroll-margin-top: 1rem; }
.rule:target { border-color: #a07c00; box-shadow: 0 0 0 3px var(--hint); }
.rule h2 { margin: 0.8rem 0 0.4rem; font-size: 1.25rem; line-height: 1.25; }
.rule p, .rule ul, .rule ol { margin: 0.4rem 0; }
.rule li { margin: 0.25rem 0; }
.example { margin-top: 0.75rem; padding: 0.45rem 0.8rem; background: #eef5f0; border-left: 4px solid var(--felt);
  border-radius: 0.4rem; line-height: 2.2; }
.example .label { margin: 0; font-weight: 700; line-height: 1.5; }
.example ul { padding-left: 1.2rem; }
code { font: 0.92em ui-monospace, "SF Mono", Menlo, Consolas, monospace; background: #ecebe6;
  padding: 0.05em 0.3em; border-radius: 0.25rem; white-space: nowrap; }
.card { position: relative; display: inline-grid; place-items: center; vertical-align: middle;
  width: 1.9em; height: 2.55em; margin: 0.1em 0.05em; border: 1px solid #9c9480; border-radius: 0.25em;
  background: var(--paper); color: var(--c); font-weight: 800; line-height: 1;
  box-shadow: 0 1px 2px rgb(0 0 0 / 0.3); }
.c-blue { --c: #1450b0; } .c-green { --c: #17662a; } .c-red { --c: #ad1f17; }
.c-wild { --c: #fff; border-color: #5b1a7a; background: linear-gradient(150deg, #8e1b1b, #a3301a 45%%, #5b1a7a); }
.card .w { width: min-content; font-size: 0.56em; font-style: italic; text-align: center; line-height: 1.1; }
.card .as { position: absolute; top: -0.5em; right: -0.55em; min-width: 1.35em; padding: 0 0.2em;
  border: 1px solid #8a6d1c; border-radius: 1em; background: var(--hint); color: var(--ink);
  font-size: 0.7em; line-height: 1.3; text-align: center; }
.foot { max-width: 72rem; margin: 0 auto; padding: 0 1rem 2rem; }
.foot a { margin-right: 1.25rem; }
"""


def _hide_css() -> str:
    """Selectors hiding every language block but the one of ``<html lang>`` (default: the first)."""
    first, *others = LANGUAGES
    rules = ["html" + "".join(f':not([lang="{o}"])' for o in others) + f' [data-l]:not([data-l="{first}"])']
    rules += [f'html[lang="{o}"] [data-l]:not([data-l="{o}"])' for o in others]
    return ",\n".join(rules)


def render() -> str:
    """The whole page."""
    values = facts()
    titles = {lang: PAGE[lang]["title"] for lang in LANGUAGES}
    script = SCRIPT % {"langs": json.dumps(list(LANGUAGES)), "titles": json.dumps(titles, ensure_ascii=False)}
    sections = "\n".join(_section(key, values) for key in SECTIONS)
    first = LANGUAGES[0]
    return f"""<!doctype html>
<html lang="{first}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>{html.escape(titles[first])}</title>
<link rel="icon" href="./favicon.svg" type="image/svg+xml">
<script>
{script}
</script>
<style>{CSS % {"hide": _hide_css()}}</style>
</head>
<body id="top">
<header class="top">
{_variants(_header)}
</header>
<div class="layout">
<div class="toc-wrap">
{_variants(_toc)}
</div>
<main id="main" tabindex="-1">
{sections}
</main>
</div>
<footer class="foot">
{_variants(_footer)}
</footer>
</body>
</html>
"""


def write_rules_pages(dist: Path) -> Path:
    """Write ``dist/rules.html``; returns its path."""
    path = Path(dist) / FILENAME
    path.write_text(render(), encoding="utf-8")
    print(f"    {FILENAME}: {len(SECTIONS)} rules in {', '.join(LANGUAGES)} "
          f"({path.stat().st_size // 1024} KiB)", flush=True)
    return path


if __name__ == "__main__":
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "dist"
    out.mkdir(parents=True, exist_ok=True)
    write_rules_pages(out)
