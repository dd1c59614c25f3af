"""What build.py does for load speed (timed by bench/load.py)."""

from __future__ import annotations

import zipfile

from e2e.support import DIST


def test_the_standard_library_ships_as_bytecode() -> None:
    with zipfile.ZipFile(DIST / "vendor" / "pyodide" / "python_stdlib.zip") as stdlib:
        names = set(stdlib.namelist())
    assert {"asyncio/__init__.pyc", "json/decoder.pyc", "typing.pyc"} <= names
    assert not any(n.endswith(".py") for n in names)
