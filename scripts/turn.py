"""A real TURN server (Debian's coturn) on loopback, for the tests of TURN-relayed joining.

``with coturn() as server:`` yields ``server.url`` (``turn:127.0.0.1:<port>?transport=udp``),
``server.user`` and ``server.credential`` (long-term credentials), which the pages take as
``?turn=<url>&turnuser=<user>&turncred=<credential>``. Loopback peers are allowed (they are
refused by default), TLS/DTLS listeners and the CLI are off.
"""

from __future__ import annotations

import contextlib
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from broker import free_port

TURNSERVER = shutil.which("turnserver") or "/usr/bin/turnserver"


@dataclass(frozen=True)
class TurnServer:
    """Where a running coturn listens and the credentials it accepts."""

    url: str
    user: str
    credential: str


def _answers(port: int) -> bool:
    """Whether a TURN server answers a STUN binding request on UDP loopback ``port``."""
    request = bytes.fromhex("0001000021121a42") + b"lastcardtest"
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.settimeout(0.3)
        probe.sendto(request, ("127.0.0.1", port))
        with contextlib.suppress(OSError):
            return probe.recv(512)[:2] == bytes.fromhex("0101")
    return False


@contextlib.contextmanager
def coturn(start_timeout: float = 20) -> Iterator[TurnServer]:
    """Run coturn on 127.0.0.1 until the block ends."""
    port = free_port()
    relay_from = 49152 + port % 8000
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "turn.log"
        server = subprocess.Popen(
            [
                TURNSERVER,
                "-n",
                "--listening-ip=127.0.0.1",
                "--relay-ip=127.0.0.1",
                f"--listening-port={port}",
                f"--min-port={relay_from}",
                f"--max-port={relay_from + 200}",
                "--lt-cred-mech",
                "--user=lastcard:turn-test-secret",
                "--realm=lastcard.test",
                "--fingerprint",
                "--allow-loopback-peers",
                "--no-tls",
                "--no-dtls",
                "--no-cli",
                f"--log-file={log}",
                "--simple-log",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            deadline = time.monotonic() + start_timeout
            while not _answers(port):
                if server.poll() is not None or time.monotonic() > deadline:
                    text = log.read_text() if log.exists() else ""
                    raise RuntimeError(f"coturn did not start: {text[-2000:]}")
                time.sleep(0.1)
            yield TurnServer(f"turn:127.0.0.1:{port}?transport=udp", "lastcard", "turn-test-secret")
        finally:
            server.terminate()
            try:
                server.wait(10)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait(10)
