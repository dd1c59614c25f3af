"""A static file server for the built site, on 127.0.0.1, optionally under a sub-path.

Used by ``build.py serve`` (foreground), the browser tests and the benchmark
(background thread). Standard library only.
"""

from __future__ import annotations

import email.utils
import functools
import gzip
import hashlib
import http.server
import io
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


# What a CDN in front of GitHub Pages compresses (``gzip=True``): text, scripts, JSON and
# WebAssembly; zips, wheels and images are sent as they are.
COMPRESSED_TYPES = ("text/", "application/javascript", "application/json", "application/wasm",
                    "application/manifest+json", "image/svg+xml")
CACHE_SECONDS = 600  # GitHub Pages' Cache-Control: max-age=600


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
                 gzip_cache: dict[tuple[str, float], bytes] | None = None, **kwargs) -> None:
        self.prefix = prefix
        self.quiet = quiet
        self.served = served
        self.gzip_cache = gzip_cache  # None: send files as they are (no compression, no validators)
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
        elif self.gzip_cache is not None:
            body = self._send_head_as_a_host()
        else:
            body = super().send_head()
        if self.served is not None:
            size = 0
            if body is not None:
                size = body.seek(0, os.SEEK_END)
                body.seek(0)
            self.served.append(Served(urlsplit(self.path).path, self.status, size))
        return body

    def _send_head_as_a_host(self) -> io.BytesIO | None:
        """Like a static host behind a CDN: gzip for the types above when the browser accepts
        it, an ETag and Last-Modified to revalidate against (304), and max-age=600."""
        path = self.translate_path(self.path)
        if os.path.isdir(path) and urlsplit(self.path).path.endswith("/"):
            path = os.path.join(path, "index.html")  # the page at its folder's address
        if os.path.isdir(path) or not os.path.isfile(path):
            return super().send_head()  # redirects and 404 as before
        ctype = self.guess_type(path)
        stat = os.stat(path)
        with open(path, "rb") as f:
            data = f.read()
        etag = '"' + hashlib.sha1(data).hexdigest()[:20] + '"'
        encode = ctype.startswith(COMPRESSED_TYPES) and "gzip" in self.headers.get("Accept-Encoding", "")
        if encode:
            key = (path, stat.st_mtime)
            if key not in self.gzip_cache:
                self.gzip_cache[key] = gzip.compress(data, compresslevel=6, mtime=0)
            data = self.gzip_cache[key]
            etag = etag[:-1] + '-gz"'
        since = self.headers.get("If-Modified-Since")
        try:
            unchanged_since = (since is not None
                               and email.utils.parsedate_to_datetime(since).timestamp() >= int(stat.st_mtime))
        except (TypeError, ValueError):
            unchanged_since = False
        if self.headers.get("If-None-Match") == etag or (unchanged_since and "If-None-Match" not in self.headers):
            self.send_response(304)
            self.send_header("ETag", etag)
            self.end_headers()
            return None
        self.send_response(200)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Last-Modified", email.utils.formatdate(stat.st_mtime, usegmt=True))
        self.send_header("ETag", etag)
        self.send_header("Cache-Control", f"max-age={CACHE_SECONDS}")
        if encode:
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return io.BytesIO(data)

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
    With ``gzip=True`` it answers as a static host behind a CDN does (see
    ``SiteHandler._send_head_as_a_host``); ``served`` then counts the compressed bytes.
    """

    def __init__(self, root: Path, prefix: str = "", port: int = 0, quiet: bool = True,
                 record: bool = False, gzip: bool = False) -> None:
        root = Path(root)
        if not (root / "index.html").is_file():
            raise FileNotFoundError(f"{root}/index.html does not exist: build the site first (python3 build.py)")
        self.prefix = normalize_prefix(prefix)
        self.served: list[Served] = []
        handler = functools.partial(SiteHandler, directory=str(root), prefix=self.prefix, quiet=quiet,
                                    served=self.served if record else None,
                                    gzip_cache={} if gzip else None)
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
