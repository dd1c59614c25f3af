"""A real MQTT broker for the room-code tests (issue 38): Debian's ``mosquitto`` with a
WebSockets listener on 127.0.0.1, started inside the tests' network namespace
(e2e/netns.py), so nothing the tests publish leaves it. ``build.py test`` installs
mosquitto where it is missing (as root); without it these tests skip, naming why."""

from __future__ import annotations

import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

PLACES = ("/usr/sbin/mosquitto", "/usr/local/sbin/mosquitto")
START_SECONDS = 10


def mosquitto_path() -> str | None:
    """Where mosquitto is installed, or None."""
    found = shutil.which("mosquitto")
    return found or next((p for p in PLACES if Path(p).is_file()), None)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# mosquitto 2.0.11 with only a websockets listener says "Unable to start any listening
# sockets": a plain MQTT listener beside it (which no test uses) lets it start.
CONF = """listener {plain} 127.0.0.1
listener {port} 127.0.0.1
protocol websockets
allow_anonymous true
persistence false
log_dest stderr
user root
"""


class Broker:
    """One mosquitto on 127.0.0.1 (``url``: its ws:// address); ``stop()`` ends it."""

    def __init__(self) -> None:
        import pytest  # (build.py imports this module without pytest)

        program = mosquitto_path()
        if program is None:
            pytest.skip("mosquitto is not installed (build.py test installs Debian's as root)")
        self.port = free_port()
        self.dir = Path(tempfile.mkdtemp(prefix="skipbo-mosquitto-"))
        conf = self.dir / "mosquitto.conf"
        conf.write_text(CONF.format(plain=free_port(), port=self.port))
        self.log = (self.dir / "log").open("w")
        self.process = subprocess.Popen([program, "-c", str(conf)], stdout=self.log, stderr=subprocess.STDOUT)
        self.url = f"ws://127.0.0.1:{self.port}/mqtt"
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"mosquitto ended: {(self.dir / 'log').read_text()}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"mosquitto did not listen within {START_SECONDS} s")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()
        shutil.rmtree(self.dir, ignore_errors=True)


def forgive_refused(errors: list[str], urls: list[str]) -> None:
    """Drop from a page's console ``errors`` the browser's own words for a WebSocket to one
    of ``urls`` that was refused (a broker down on purpose): the page itself said nothing."""
    said = tuple(f"WebSocket connection to '{url}' failed" for url in urls)
    errors[:] = [e for e in errors if not e.startswith(said)]
