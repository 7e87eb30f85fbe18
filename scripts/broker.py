"""A real MQTT broker (amqtt) with a WebSocket listener on loopback, for relay-mode joining.

The tests, the benchmarks and the README screenshots all use it: ``with amqtt_broker() as url:``
yields a ``ws://127.0.0.1:<port>/mqtt`` URL that the pages take as ``?broker=<url>``. Debian's
mosquitto is built without WebSockets, hence amqtt (pinned in requirements-dev.txt).
"""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

CONFIG = """\
listeners:
  default:
    type: ws
    bind: 127.0.0.1:{port}
plugins:
  amqtt.plugins.authentication.AnonymousAuthPlugin:
    allow_anonymous: true
"""


def free_port() -> int:
    """A TCP port on loopback that nothing listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def amqtt_broker(start_timeout: float = 20, port: int | None = None) -> Iterator[str]:
    """Run amqtt from this Python's environment until the block ends; yields its ws:// URL.

    ``port``: listen there (a test that stops a broker and starts it again at the same address);
    by default a free one.
    """
    port = port or free_port()
    with tempfile.TemporaryDirectory() as folder:
        config = Path(folder) / "broker.yaml"
        config.write_text(CONFIG.format(port=port))
        amqtt = Path(sys.executable).with_name("amqtt")
        # amqtt logs every connection, and a traceback for each one closed before its handshake,
        # to stderr. Into a file, never a pipe: a pipe nobody reads holds 64 KB, and then the
        # broker blocks on its next log line and every page's relay goes quiet (a test session
        # logs that much in about five minutes).
        log = Path(folder) / "broker.log"
        with log.open("wb") as stderr:
            broker = subprocess.Popen(
                [amqtt, "-c", config], stdout=subprocess.DEVNULL, stderr=stderr
            )
        try:
            deadline = time.monotonic() + start_timeout
            while True:
                with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port)):
                    break
                if broker.poll() is not None or time.monotonic() > deadline:
                    error = log.read_text(errors="replace")[-4000:]
                    raise RuntimeError(f"amqtt did not start:\n{error}")
                time.sleep(0.1)
            yield f"ws://127.0.0.1:{port}/mqtt"
        finally:
            broker.kill()
            broker.wait(10)
