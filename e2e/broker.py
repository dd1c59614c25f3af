"""Real servers for the room-code tests (issue 38): an MQTT broker, Debian's ``mosquitto``
with a WebSockets listener on 127.0.0.1, and a TURN server, Debian's ``coturn``, on the
namespace's own address; started inside the tests' network namespace (e2e/netns.py), so
nothing the tests send leaves it. ``build.py test`` installs both where they are missing
(as root); without them these tests skip, naming why."""

from __future__ import annotations

import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

PLACES = ("/usr/sbin/mosquitto", "/usr/local/sbin/mosquitto")
START_SECONDS = 10


def mosquitto_path() -> str | None:
    """Where mosquitto is installed, or None."""
    found = shutil.which("mosquitto")
    return found or next((p for p in PLACES if Path(p).is_file()), None)


def turnserver_path() -> str | None:
    """Where coturn's turnserver is installed, or None."""
    return shutil.which("turnserver") or next((p for p in ("/usr/bin/turnserver",) if Path(p).is_file()), None)


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


class Server:
    """A server of the tests, started from ``program`` (None: skipped, saying ``missing``)
    with ``args(folder)``, listening on TCP ``host:port``; ``stop()`` ends it."""

    def __init__(self, program: str | None, missing: str, args: Callable[[Path], list[str]], host: str,
                 port: int) -> None:
        import pytest  # (build.py imports this module without pytest)

        if program is None:
            pytest.skip(missing)
        self.port = port
        self.dir = Path(tempfile.mkdtemp(prefix="skipbo-server-"))
        self.log = (self.dir / "log").open("w")
        self.process = subprocess.Popen([program, *args(self.dir)], stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"{program} ended: {(self.dir / 'log').read_text()}")
            try:
                socket.create_connection((host, port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"{program} did not listen within {START_SECONDS} s")

    def stop(self) -> None:
        """End the server (at once; a second time does nothing)."""
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


class Broker(Server):
    """One mosquitto on 127.0.0.1 (``url``: its ws:// address)."""

    def __init__(self) -> None:
        port, plain = free_port(), free_port()

        def args(folder: Path) -> list[str]:
            (folder / "mosquitto.conf").write_text(CONF.format(plain=plain, port=port))
            return ["-c", str(folder / "mosquitto.conf")]

        super().__init__(mosquitto_path(), "mosquitto is not installed (build.py test installs Debian's as root)",
                         args, "127.0.0.1", port)
        self.url = f"ws://127.0.0.1:{port}/mqtt"


TURN_USER, TURN_PASSWORD = "ann", "s3cret"


class Turn(Server):
    """Debian's coturn on the namespace's address ``netns.V0`` (``ice``: the ice= option
    that names it, with its user and password). Its relayed addresses are that address too."""

    def __init__(self, address: str) -> None:
        port = free_port()

        def args(folder: Path) -> list[str]:
            return ["-n", f"--listening-ip={address}", f"--relay-ip={address}", f"--listening-port={port}",
                    "--min-port=49152", "--max-port=49300", "--lt-cred-mech", f"--user={TURN_USER}:{TURN_PASSWORD}",
                    "--realm=skipbo.test", "--no-tls", "--no-dtls", "--no-cli", "--log-file=stdout", "--simple-log",
                    f"--pidfile={folder / 'turnserver.pid'}"]

        super().__init__(turnserver_path(), "coturn is not installed (build.py test installs Debian's as root)", args,
                         address, port)
        self.ice = f"turn:{TURN_USER}:{TURN_PASSWORD}@{address}:{port}"

