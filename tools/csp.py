"""The Content-Security-Policy of each page of the site, written into the page as a
``<meta http-equiv="Content-Security-Policy">`` at build time (GitHub Pages sends no
headers of ours). Each page may run only its own files and its own inline scripts, by
their SHA-256, computed here from the built page; none may run an inline script it did not
ship, a ``javascript:`` address, plugins, or a ``<base>`` that moves its relative URLs.

A ``<meta>`` policy cannot say who may frame the page (``frame-ancestors``), nor report
anywhere: docs/EMBEDDING.md says so.
"""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path

# Plain http to another origin only on this machine (a local server, the tests); a record
# or a position by address (?record=, ?position=) may come from any https origin (docs/limits.md).
WEB = "https: http://127.0.0.1:* http://localhost:*"
# The brokers of room codes (web/mqtt.mjs): any wss:// one a site or a player names, plain
# ws:// only on this machine (the tests' broker).
RELAYS = "wss: ws://127.0.0.1:* ws://localhost:*"
BASE = {"object-src": "'none'", "base-uri": "'none'", "form-action": "'none'"}

# What each page needs; "{inline}" becomes the hashes of the page's inline scripts.
POLICIES: dict[str, dict[str, str]] = {
    # the game: its scripts and modules (PyScript, Pyodide), Pyodide's wasm, the snapshot
    # worker and the service worker (its downloads are blob: links, not images). PyScript
    # 0.7 builds its plugins' hooks with Function() on every start: 'unsafe-eval' (a string
    # evaluated by the site's own code; no inline script or javascript: address runs).
    "index.html": {"default-src": "'self'", "script-src": "'self' 'unsafe-eval' 'wasm-unsafe-eval' {inline}",
                   "style-src": "'self' 'unsafe-inline'", "img-src": "'self'",
                   "connect-src": f"'self' {WEB} {RELAYS}", "worker-src": "'self'", "frame-src": "'none'", **BASE},
    # the rules: one inline script that picks the language, inline styles, the icon
    "rules.html": {"default-src": "'none'", "script-src": "{inline}", "style-src": "'unsafe-inline'",
                   "img-src": "'self'", "frame-src": "'none'", **BASE},
    # the teaching example: its inline script, and the game in two frames (beside it, or ?game=)
    "teaching-example.html": {"default-src": "'none'", "script-src": "{inline}", "style-src": "'unsafe-inline'",
                              "img-src": "data:", "frame-src": f"'self' {WEB}", **BASE},
}

SCRIPT_RE = re.compile(r"<script(?P<attrs>[^>]*)>(?P<body>.*?)</script>", re.S | re.I)
CHARSET_RE = re.compile(r'<meta charset="utf-8">\n', re.I)
DATA_TYPES = ("application/json", "application/ld+json", "py", "text/plain")


def inline_hashes(html: str) -> list[str]:
    """``'sha256-...'`` of each inline script the browser runs (not data blocks, nor
    PyScript's ``type="py"``), in the order they appear."""
    out = []
    for found in SCRIPT_RE.finditer(html):
        attrs = found.group("attrs")
        kind = re.search(r'\btype="([^"]*)"', attrs)
        if re.search(r"\bsrc=", attrs) or (kind and kind.group(1).lower() in DATA_TYPES):
            continue
        digest = hashlib.sha256(found.group("body").encode("utf-8")).digest()
        out.append(f"'sha256-{base64.b64encode(digest).decode()}'")
    return list(dict.fromkeys(out))


def policy(page: str, html: str) -> str:
    """The policy of ``page`` (a file name in POLICIES) whose built text is ``html``."""
    hashes = " ".join(inline_hashes(html)) or "'none'"
    parts = []
    for directive, value in POLICIES[page].items():
        value = value.replace("{inline}", hashes).strip()
        if "'none'" in value.split() and value != "'none'":
            value = " ".join(v for v in value.split() if v != "'none'")
        parts.append(f"{directive} {value}")
    return "; ".join(parts)


def with_policy(page: str, html: str) -> str:
    """``html`` of ``page`` with its policy as a ``<meta>`` right after ``<meta charset>``
    (before any script, which it must precede to apply)."""
    found = CHARSET_RE.search(html)
    if found is None or "Content-Security-Policy" in html:
        raise ValueError(f"{page}: needs one <meta charset=\"utf-8\"> line and no policy of its own")
    meta = f'<meta http-equiv="Content-Security-Policy" content="{policy(page, html)}">\n'
    indent = html[html.rfind("\n", 0, found.start()) + 1:found.start()]
    return html[:found.end()] + indent + meta + html[found.end():]


def add_policies(dist: Path) -> list[str]:
    """Write each page's policy into it; returns the pages. Every HTML page of ``dist``
    must have a policy in POLICIES."""
    pages = sorted(p.relative_to(dist).as_posix() for p in dist.rglob("*.html"))
    missing = [p for p in pages if p not in POLICIES]
    if missing:
        raise ValueError(f"no Content-Security-Policy for {missing}: add one to tools/csp.py")
    for page in pages:
        path = dist / page
        path.write_text(with_policy(page, path.read_text(encoding="utf-8")), encoding="utf-8")
    return pages
