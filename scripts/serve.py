"""A small static server for the site: correct MIME types, no caching surprises.

``python scripts/serve.py [--host 0.0.0.0] [--port 8000] [--root .]`` serves the repository root
and prints the table URL (this machine) and the LAN URL for phones. The site manifest the service
worker reads (``vendor/site-files.json``, see ``scripts/sitefiles.py``) is computed afresh on each
request, so files edited while it runs reach an installed service worker on the next load; so
does an edit of the table page's modules, bundled again when the bundle or the manifest is asked
for (``scripts/bundle.py``). Our scripts and style sheets are sent from ``dist/``, without their
comments and layout whitespace (``scripts/minify.py``), copied again when a page or the manifest
is asked for after an edit.
Listening on every interface, it also answers ``/lan.json`` with this machine's LAN addresses
(``{"addresses": ["192.168.1.20"]}``; an empty list otherwise): a table opened at ``localhost``
reads it and puts the LAN address into its QR code and link, which a phone on the same Wi-Fi can
open (js/join-table.js, ``phoneUrlFor``). The browser tests use :func:`serving`: a server on
127.0.0.1 at a free port, in a background thread (no LAN address unless given one).
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import os
import socket
import sys
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

import bundle
import minify
from sitefiles import MANIFEST, manifest_bytes

ROOT = Path(__file__).resolve().parent.parent

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".map": "application/json",
    ".wasm": "application/wasm",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".py": "text/x-python; charset=utf-8",
    ".toml": "application/toml; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".webmanifest": "application/manifest+json",
}


class StaticHandler(SimpleHTTPRequestHandler):
    """Serves files with explicit MIME types; every response must be revalidated.

    ``lan``: the addresses ``/lan.json`` names (empty when this server is not reachable from the
    LAN); a table at ``localhost`` asks for it, so it is always there.
    """

    lan: list[str] = []  # noqa: RUF012 (class default; each server sets its own, never mutated)

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        """The MIME type by file suffix, ours first (.mjs, .wasm, .whl must be exact)."""
        return MIME_TYPES.get(Path(path).suffix.lower()) or super().guess_type(path)

    def do_GET(self) -> None:
        """Serve a file, the site manifest computed from the files as they are now, or
        ``/lan.json`` from ``lan``."""
        path = urlsplit(self.path).path
        if path in (f"/{MANIFEST}", f"/{bundle.BUNDLE}"):
            bundle.ensure(Path(self.directory))  # a module edited since: the bundle again
        if path == f"/{MANIFEST}" or path.endswith(("/", ".html")):
            minify.ensure(Path(self.directory))  # a page's scripts edited since: copied again
        if path == "/lan.json":
            body = json.dumps({"addresses": self.lan}).encode()
        elif path == f"/{MANIFEST}":
            body = manifest_bytes(Path(self.directory))
        else:
            super().do_GET()
            return
        self.send_response(200)
        self.send_header("Content-Type", MIME_TYPES[".json"])
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def translate_path(self, path: str) -> str:
        """The file for a URL path: a script or style sheet of ours from its copy in ``dist/``
        (``scripts/minify.py``)."""
        local = super().translate_path(path)
        site_path = os.path.relpath(local, self.directory)
        if site_path.startswith(".."):
            return local
        return str(minify.served(Path(self.directory), Path(site_path).as_posix()))

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        """Stay quiet: the play console shows only the URLs."""


class Server(ThreadingHTTPServer):
    """Threaded server whose threads do not keep the process alive."""

    daemon_threads = True


def make_server(
    host: str = "127.0.0.1", port: int = 0, root: Path = ROOT, lan: list[str] | None = None
) -> Server:
    """A server for ``root`` on ``host:port`` (port 0 picks a free one); call serve_forever().

    ``lan``: the addresses ``/lan.json`` gives (none by default).
    """
    handler_class = type("Handler", (StaticHandler,), {"lan": list(lan or [])})
    handler = functools.partial(handler_class, directory=str(root))
    return Server((host, port), handler)


@contextlib.contextmanager
def serving(root: Path = ROOT, lan: list[str] | None = None) -> Iterator[str]:
    """Serve ``root`` on 127.0.0.1 at a free port in a background thread; yields the base URL."""
    server = make_server("127.0.0.1", 0, root, lan)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def lan_addresses() -> list[str]:
    """This machine's non-loopback IPv4 addresses: the resolver's, and the default route's source.

    The route probe connects a UDP socket, which sends nothing; it only asks the kernel which
    local address it would use (the destination is a documentation address, RFC 5737).
    """
    found: set[str] = set()
    with contextlib.suppress(OSError):
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
        found |= {str(info[4][0]) for info in infos}
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe, contextlib.suppress(OSError):
        probe.connect(("198.51.100.1", 9))
        found.add(str(probe.getsockname()[0]))
    return sorted(a for a in found if not a.startswith("127.") and a != "0.0.0.0")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="0.0.0.0")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--root", type=Path, default=ROOT)
    args = parser.parse_args(argv)
    everywhere = args.host in ("0.0.0.0", "")
    lan = lan_addresses() if everywhere else None
    server = make_server(args.host, args.port, args.root, lan)
    port = server.server_address[1]
    print(f"Table (open on the TV or laptop): http://localhost:{port}/table.html")
    for address in lan or []:
        print(f"Phones on the same network:      http://{address}:{port}/")
    if lan:
        print("The table's QR code and link point phones at the first of these.")
    print("Ctrl+C stops the server.", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    sys.exit(0)


if __name__ == "__main__":
    main()
