"""Every relative link in the repository's Markdown files leads somewhere: the file or
folder exists, and a ``#fragment`` names a heading (or an ``id``) of the page it points to.

Links outside code (fenced blocks and inline code are skipped) are read in the three forms
the docs use: ``[text](target)``, ``![alt](target)`` and ``[name]: target``, plus
``href``/``src`` attributes of inline HTML. Web addresses (``https:``, ``mailto:``...) are
left alone. Headings become anchors the way GitHub makes them."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

import pytest

REPO = Path(__file__).resolve().parents[1]
SKIPPED = {".git", ".venv", "node_modules", "dist", "build", "__pycache__", ".pytest_cache"}

FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
INLINE_CODE = re.compile(r"(`+)(?:(?!\1).)+?\1")
INLINE_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s.*)?$")
HTML_ATTR = re.compile(r"""\b(?:href|src)\s*=\s*["']([^"']+)["']""")
HTML_ID = re.compile(r"""<[^>]+\b(?:id|name)\s*=\s*["']([^"']+)["']""")
HEADING = re.compile(r"^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def markdown_files(root: Path) -> list[Path]:
    found = []
    for path in sorted(root.rglob("*.md")):
        parts = path.relative_to(root).parts
        if not any(part in SKIPPED for part in parts[:-1]):
            found.append(path)
    return found


def prose_lines(text: str, keep_code: bool = False) -> list[str]:
    """The lines outside fenced code blocks (blank inside them), with inline code blanked
    out unless ``keep_code``."""
    lines, fence = [], None
    for line in text.splitlines():
        opened = FENCE.match(line)
        if fence is not None:
            if opened and opened.group(1)[0] == fence[0] and len(opened.group(1)) >= len(fence):
                fence = None
            lines.append("")
        elif opened:
            fence = opened.group(1)
            lines.append("")
        else:
            lines.append(line if keep_code else INLINE_CODE.sub("", line))
    return lines


def slug(title: str) -> str:
    """GitHub's anchor for a heading: markup dropped, lower case, punctuation removed,
    spaces turned into hyphens."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", title)  # a link keeps its text
    text = re.sub(r"<[^>]+>", "", text).replace("`", "").lower()
    text = "".join(c for c in text if c.isalnum() or c in " -_")
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """Every fragment a link to ``path`` may name (repeated headings get -1, -2...)."""
    seen: dict[str, int] = {}
    names = set()
    text = path.read_text(encoding="utf-8")
    for line in prose_lines(text, keep_code=True):
        heading = HEADING.match(line)
        if heading:
            base = slug(heading.group(2))
            count = seen.get(base, 0)
            seen[base] = count + 1
            names.add(base if count == 0 else f"{base}-{count}")
        names.update(HTML_ID.findall(line))
    return names


def links(path: Path) -> list[tuple[int, str]]:
    """(line number, target) of every link in ``path`` outside code."""
    found = []
    for number, line in enumerate(prose_lines(path.read_text(encoding="utf-8")), 1):
        for pattern in (INLINE_LINK, REFERENCE, HTML_ATTR):
            found += [(number, m) for m in pattern.findall(line)]
    return found


def broken_links(root: Path) -> list[str]:
    """``file:line: target (why)`` for each relative link that does not resolve."""
    broken = []
    for page in markdown_files(root):
        for number, target in links(page):
            if SCHEME.match(target) or target.startswith("//"):
                continue
            where, _, fragment = target.partition("#")
            goal = (page.parent / unquote(where)).resolve() if where else page
            shown = f"{page.relative_to(root)}:{number}: {target}"
            if where.startswith("/"):
                broken.append(f"{shown} (a root-relative link: write it relative to the page)")
            elif not goal.exists():
                broken.append(f"{shown} (no such file)")
            elif not goal.is_relative_to(root):
                broken.append(f"{shown} (outside the repository)")
            elif fragment and goal.suffix == ".md" and unquote(fragment) not in anchors(goal):
                broken.append(f"{shown} (no heading #{fragment} there)")
    return broken


def test_every_relative_link_in_the_markdown_files_resolves() -> None:
    assert len(markdown_files(REPO)) >= 12  # README, the docs, the changelog, the results
    broken = broken_links(REPO)
    assert not broken, "links that lead nowhere:\n" + "\n".join(broken)


PICTURES = (".png", ".webp", ".jpg", ".jpeg", ".gif", ".svg")
MAX_PICTURE_BYTES = 150_000


def test_every_picture_in_docs_is_shown_somewhere_and_small() -> None:
    """A screenshot in docs/ that no page shows is left over; a big one slows every reader."""
    shown = {(page.parent / target.partition("#")[0]).resolve()
             for page in markdown_files(REPO) for _, target in links(page) if not SCHEME.match(target)}
    pictures = [p for p in sorted((REPO / "docs").rglob("*")) if p.suffix.lower() in PICTURES]
    assert pictures
    assert [p.name for p in pictures if p.resolve() not in shown] == []
    assert [(p.name, p.stat().st_size) for p in pictures if p.stat().st_size > MAX_PICTURE_BYTES] == []


def test_the_link_check_finds_a_missing_file_a_missing_heading_and_a_link_out_of_the_repository(
        tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    (repo / "docs").mkdir(parents=True)
    (repo / "node_modules").mkdir()
    (repo / "node_modules" / "x.md").write_text("[gone](nowhere.md)\n")  # skipped folder
    (repo / "docs" / "A.md").write_text("# Page A\n\n## The `hard` level: a search\n\n## Twice\n\n## Twice\n"
                                        '<a id="kept"></a>\n')
    (repo / "README.md").write_text(
        "# Top\n\n"
        "Good: [a](docs/A.md), [b](docs/A.md#the-hard-level-a-search), [c](docs/A.md#twice-1),\n"
        "[d](#top), [e](docs/), ![f](docs/A.md), [g](https://example.com/x.md), [h](docs/A.md#kept).\n\n"
        "```\n[in code](nowhere.md)\n```\n`[inline](nowhere.md)`\n\n"
        "Bad: [i](docs/B.md), [j](docs/A.md#no-such-heading), [k](#nothing), [l](../outside.md)\n"
        "[m]: docs/C.md\n")
    (tmp_path / "outside.md").write_text("# Outside\n")
    assert broken_links(repo) == [
        "README.md:11: docs/B.md (no such file)",
        "README.md:11: docs/A.md#no-such-heading (no heading #no-such-heading there)",
        "README.md:11: #nothing (no heading #nothing there)",
        "README.md:11: ../outside.md (outside the repository)",
        "README.md:12: docs/C.md (no such file)",
    ]


@pytest.mark.parametrize("title, anchor", [
    ("Two commands", "two-commands"),
    ("`hard`: whole-turn search over visible cards", "hard-whole-turn-search-over-visible-cards"),
    ("Winning, stalls, scoring", "winning-stalls-scoring"),
    ("Teams (variant)", "teams-variant"),
    ("In the browser: thinking in slices", "in-the-browser-thinking-in-slices"),
])
def test_headings_become_githubs_anchors(title: str, anchor: str) -> None:
    assert slug(title) == anchor
