"""Which Chromium to launch and with which flags (docs/stack-notes.md says why).

A Playwright-managed Chromium is preferred when one is installed, so the suite
runs anywhere; otherwise Debian's ``/usr/bin/chromium``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

SYSTEM_CHROMIUM = Path("/usr/bin/chromium")

# No background traffic, and every host name except 127.0.0.1 fails to resolve:
# the page cannot reach the outside even by accident.
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
]


def managed_chromium(playwright: Any) -> Path | None:
    """Playwright's own Chromium, if it has been installed (``playwright install``)."""
    try:
        path = Path(playwright.chromium.executable_path)
    except Exception:  # noqa: BLE001 - Playwright raises when it knows no path
        return None
    return path if path.is_file() and os.access(path, os.X_OK) else None


def launch_args(playwright: Any) -> dict[str, Any]:
    """Keyword arguments for ``playwright.chromium.launch`` / ``launch_persistent_context``."""
    if managed_chromium(playwright) is not None:
        return {"args": FLAGS[1:]}
    if SYSTEM_CHROMIUM.is_file():
        return {"executable_path": str(SYSTEM_CHROMIUM), "args": FLAGS}
    raise RuntimeError(
        "no Chromium found: run `python3 build.py test` (installs Debian's chromium as root) "
        "or `playwright install chromium`")
