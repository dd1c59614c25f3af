"""The reference game records, in tests/data/records: made by an independent
implementation of the rules (docs/RULES.md, "Game record"), with a README that lists
what each should give."""

from __future__ import annotations

import json
import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
RECORDS = Path(__file__).resolve().parent / "data" / "records"


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
