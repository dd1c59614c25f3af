"""A static file server for the built site, on 127.0.0.1, optionally under a sub-path.

Used by ``build.py serve`` (foreground), the browser tests and the benchmark
(background thread). Standard library only.
"""

from __future__ import annotations

import functools
import http.server
import os
import threading
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from urllib.parse import urlsplit

HOST = "127.0.0.1"

# Module scripts and streaming WebAssembly compilation need exact MIME types;
# the host's mimetypes database may not know them.
MIME_TYPES = {
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".py": "text/plain; charset=utf-8",
    ".css": "text/css",
    ".html": "text/html; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".webmanifest": "application/manifest+json",
}


def normalize_prefix(prefix: str) -> str:
    """``"/skipbo/"``, ``"skipbo"`` -> ``"/skipbo"``; ``"/"`` or ``""`` -> ``""``."""
    parts = [p for p in prefix.split("/") if p]
    if any(p in (".", "..") for p in parts):
        raise ValueError(f"bad URL prefix {prefix!r}: no '.' or '..' segments")
    return "".join("/" + p for p in parts)


@dataclass(frozen=True)
class Served:
    """One answered request: its path, HTTP status and the bytes of the body sent."""

    path: str
    status: int
    size: int


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves ``directory`` at ``prefix``; everything outside the prefix is 404.
    Appends a ``Served`` to ``served`` for each request, when given a list."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    prefix = ""
    quiet = True

    def __init__(self, *args, prefix: str = "", quiet: bool = True, served: list[Served] | None = None,
                 **kwargs) -> None:
        self.prefix = prefix
        self.quiet = quiet
        self.served = served
        self.status = 0
        super().__init__(*args, **kwargs)

    def send_response(self, code: int, message: str | None = None) -> None:
        self.status = code
        super().send_response(code, message)

    def _under_prefix(self, path: str) -> bool:
        return not self.prefix or path == self.prefix or path.startswith(self.prefix + "/")

    def send_head(self):  # type: ignore[override]
        if not self._under_prefix(urlsplit(self.path).path):
            self.send_error(404, f"not under {self.prefix}/")
            body = None
        else:
            body = super().send_head()
        if self.served is not None:
            size = 0
            if body is not None:
                size = body.seek(0, os.SEEK_END)
                body.seek(0)
            self.served.append(Served(urlsplit(self.path).path, self.status, size))
        return body

    def translate_path(self, path: str) -> str:
        rest = urlsplit(path).path[len(self.prefix):] or "/"
        return super().translate_path(rest)

    def log_message(self, format: str, *args) -> None:  # noqa: A002 - base class signature
        if not self.quiet:
            super().log_message(format, *args)


class SiteServer:
    """Serve ``root`` at ``http://127.0.0.1:<port><prefix>/``.

    ``port=0`` picks a free port. Use as a context manager to run it in a
    background thread, or call ``serve_forever()`` in the foreground. With
    ``record=True``, ``served`` lists every request answered (for tests and benchmarks).
    """

    def __init__(self, root: Path, prefix: str = "", port: int = 0, quiet: bool = True,
                 record: bool = False) -> None:
        root = Path(root)
        if not (root / "index.html").is_file():
            raise FileNotFoundError(f"{root}/index.html does not exist: build the site first (python3 build.py)")
        self.prefix = normalize_prefix(prefix)
        self.served: list[Served] = []
        handler = functools.partial(SiteHandler, directory=str(root), prefix=self.prefix, quiet=quiet,
                                    served=self.served if record else None)
        self.httpd = http.server.ThreadingHTTPServer((HOST, port), handler)
        self.httpd.daemon_threads = True
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        """The site's URL, ending in ``/``."""
        return f"http://{HOST}:{self.httpd.server_address[1]}{self.prefix}/"

    def serve_forever(self) -> None:
        self.httpd.serve_forever()

    def start(self) -> SiteServer:
        self._thread = threading.Thread(target=self.httpd.serve_forever, name="site-server", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def __enter__(self) -> SiteServer:
        return self.start()

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.stop()
