"""A network namespace of its own for the WebRTC tests (pytest marker ``netns``).

Chromium gathers no ICE candidate with only ``lo``, so the namespace also holds a veth
pair, v0 (10.211.0.1) and v1 (10.211.0.2), and a default route through it: a data channel
between two pages then connects by 10.211.0.1, and no packet can leave the machine, since
the namespace has no way out (docs/stack-notes.md, "WebRTC in tests").

The marked tests of a session run again by one pytest of their own inside such a namespace: as root with
``unshare -n``, otherwise in a user namespace with ``unshare -rn`` where the system allows
one. Where neither works the test is skipped, naming why; as root it fails instead, since
there it must run.
"""

from __future__ import annotations

import functools
import ipaddress
import json
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ENV = "SKIPBO_NETNS"  # set in the pytest that runs inside the namespace
REPORT_ENV = "SKIPBO_NETNS_REPORT"  # where it writes what each test did
WAY_ENV = "SKIPBO_NETNS_WAY"  # "userns": unshare -rn even as root (the way CI without root goes)
V0, V1 = "10.211.0.1", "10.211.0.2"
INTERFACES = {"lo", "v0", "v1"}
SETUP = " && ".join([
    "ip link set lo up",
    "ip link add v0 type veth peer name v1",
    f"ip addr add {V0}/24 dev v0",
    f"ip addr add {V1}/24 dev v1",
    # no IPv6 link-local addresses: their arrival a second after "up" is a network change
    # that fails the loads Chromium has in flight (net::ERR_NETWORK_CHANGED)
    "ip link set v0 addrgenmode none",
    "ip link set v1 addrgenmode none",
    "ip link set v0 up",
    "ip link set v1 up",
    f"ip route add default via {V1} dev v0",
])
TEST_SECONDS = 120  # at most, per test


def inside() -> bool:
    """True in the pytest that runs inside the namespace."""
    return os.environ.get(ENV) == "1"


def is_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


def addresses() -> dict[str, set[str]]:
    """This network namespace's interfaces and their addresses (``ip -j addr``)."""
    out = subprocess.run(["ip", "-j", "addr"], capture_output=True, text=True, check=True).stdout
    return {link["ifname"]: {a["local"] for a in link.get("addr_info", [])} for link in json.loads(out)}


def check_namespace() -> set[str]:
    """The addresses of the namespace this process runs in; raises unless it is one made
    by this module (lo, v0, v1 and nothing else), so no test runs on the real network."""
    found = addresses()
    if set(found) != INTERFACES or V0 not in found["v0"] or V1 not in found["v1"]:
        raise RuntimeError(f"not in the tests' network namespace: interfaces {sorted(found)}")
    return set().union(*found.values())


def is_own(address: str, own: set[str]) -> bool:
    """Whether a candidate's address is one of the namespace's (``own``)."""
    try:
        return str(ipaddress.ip_address(address.split("%")[0])) in {str(ipaddress.ip_address(a)) for a in own}
    except ValueError:
        return False  # a name (mDNS .local) or anything else is not an address of ours


@dataclass(frozen=True)
class Way:
    """How to enter a new network namespace here, or why none can be made."""

    command: tuple[str, ...]
    problem: str = ""


@functools.cache
def way_in() -> Way:
    """``unshare -n`` as root, else ``unshare -rn``; tried once with the veth pair."""
    if shutil.which("unshare") is None or shutil.which("ip") is None:
        return Way((), "needs unshare (util-linux) and ip (iproute2)")
    userns = not is_root() or os.environ.get(WAY_ENV) == "userns"
    command = ("unshare", "-rn") if userns else ("unshare", "-n")
    try:
        tried = subprocess.run([*command, "sh", "-c", SETUP], capture_output=True, text=True, timeout=30)
    except subprocess.TimeoutExpired:
        return Way(command, f"`{' '.join(command)}` with a veth pair did not finish in 30 s")
    if tried.returncode != 0:
        why = (tried.stderr or tried.stdout).strip().splitlines()[-1:] or [f"exit code {tried.returncode}"]
        return Way(command, f"`{' '.join(command)}` with a veth pair failed here: {why[0]}")
    return Way(command)


@dataclass(frozen=True)
class Outcome:
    """What a test did inside: "passed", "failed" or "skipped", and what it said."""

    result: str
    text: str


def run_inside(nodeids: list[str], rootdir: Path) -> dict[str, Outcome]:
    """Run the tests (``nodeids``) by one pytest of its own in a new namespace (one
    browser for all of them); what each did, by node id."""
    way = way_in()
    if way.problem:
        outcome = Outcome("failed" if is_root() else "skipped", f"no network namespace for this test: {way.problem}")
        return dict.fromkeys(nodeids, outcome)
    env = {k: v for k, v in os.environ.items() if k not in ("DEBUG", "DEBUG_FILE")}
    env[ENV] = "1"
    with tempfile.TemporaryDirectory(prefix="skipbo-netns-") as tmp:
        env[REPORT_ENV] = str(Path(tmp) / "report.json")
        pytest = [sys.executable, "-m", "pytest", *nodeids, "-q", "-p", "no:cacheprovider"]
        seconds = TEST_SECONDS * len(nodeids)
        try:
            done = subprocess.run([*way.command, "sh", "-c", f'{SETUP} && exec "$@"', "netns", *pytest], cwd=rootdir,
                                  env=env, capture_output=True, text=True, timeout=seconds)
            said = f"inside the namespace ({' '.join(way.command)}):\n{done.stdout}\n{done.stderr}".strip()
        except subprocess.TimeoutExpired as exc:
            said = f"the tests did not end in {seconds} s inside the namespace:\n{exc.stdout}"
        report = Path(env[REPORT_ENV])
        found = json.loads(report.read_text()) if report.is_file() else {}
    return {n: Outcome(*found[n]) if n in found else Outcome("failed", said) for n in nodeids}


class Recorder:
    """Inside: what each test did, for the pytest outside (written at the session's end)."""

    def __init__(self) -> None:
        self.found: dict[str, tuple[str, str]] = {}

    def add(self, report: Any) -> None:
        """Take one of pytest's reports (setup, call or teardown; a rerun's too)."""
        result, text = self.found.get(report.nodeid, ("passed", ""))
        if report.failed:
            result, text = "failed", "\n".join(filter(None, [report.longreprtext, report.capstdout]))
        elif report.skipped and result != "failed":
            longrepr = report.longrepr
            result, text = "skipped", longrepr[2] if isinstance(longrepr, tuple) else str(longrepr)
        self.found[report.nodeid] = (result, text)

    def write(self) -> None:
        if REPORT_ENV in os.environ:
            Path(os.environ[REPORT_ENV]).write_text(json.dumps(self.found))
