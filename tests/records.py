"""Where the reference game records live: ../shared/records beside the repository when
present (as in CI), else the copy in tests/data/records."""

from __future__ import annotations

import json
import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SHARED_RECORDS = REPO.parent / "shared" / "records"
COPIED_RECORDS = Path(__file__).resolve().parent / "data" / "records"
RECORDS = SHARED_RECORDS if (SHARED_RECORDS / "README.md").is_file() else COPIED_RECORDS


def load(path: Path):
    return json.loads(path.read_text(encoding="utf-8"))


def readme_rows(kind: str) -> dict[str, list[str]]:
    """The README table rows of ``valid`` or ``invalid`` files: name -> other cells."""
    rows = {}
    for line in (RECORDS / "README.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if re.fullmatch(r"[\w.-]+\.json", cells[0]) and (RECORDS / kind / cells[0]).is_file():
            rows[cells[0]] = cells[1:]
    return rows


def files(kind: str) -> list[Path]:
    return sorted((RECORDS / kind).glob("*.json"))
