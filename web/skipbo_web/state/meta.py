"""Package metadata, read cheaply enough for the page's start-up."""

from __future__ import annotations

from importlib.metadata import distribution


def installed_version(name: str) -> str:
    """The version in an installed distribution's METADATA file.

    Same answer as ``importlib.metadata.version(name)``, without the email parser that
    ``version`` imports (about 0.2 s of start-up in Pyodide). Raises
    ``importlib.metadata.PackageNotFoundError`` when ``name`` is not installed.
    """
    dist = distribution(name)
    text = dist.read_text("METADATA") or dist.read_text("PKG-INFO") or ""  # wheel or egg-info
    for line in text.splitlines():
        if line.startswith("Version:"):
            return line.partition(":")[2].strip()
    raise LookupError(f"{name}: its metadata has no Version line")
