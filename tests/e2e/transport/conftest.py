"""Fixtures for the transport tests: the harness page per device, and a link made between two."""

from __future__ import annotations

import contextlib
import io
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from chromium import CHROMIUM, CHROMIUM_ARGS
from playwright.sync_api import Browser, Page

HARNESS = "/tests/e2e/pages/transport.html"

# Records every event of a Link into T.events (type, text, reason, time) and keeps it in T.links.
WATCH = """(link) => {
  T.links.push(link);
  for (const type of ["open", "message", "control", "close"]) {
    link.addEventListener(type, (e) =>
      T.events.push({type, ...(e.detail || {}), at: performance.now()}));
  }
  return link;
}"""


def harness(page: Page, base_url: str) -> Page:
    """Show the harness page on a device, modules loaded and T.events recording."""
    page.goto(base_url + HARNESS)
    page.wait_for_function("document.body.dataset.ready === '1'")
    page.evaluate(f"() => {{ window.watch = {WATCH}; }}")
    return page


def link_pair(table: Page, phone: Page) -> None:
    """Table offers, phone answers; only packed digits cross; waits until both links are open."""
    offer = table.evaluate(
        "async () => T.sdp.encodeDescription(await watch(new T.rtc.Link()).offer(), 7)"
    )
    answer = phone.evaluate(
        """async (digits) => {
          const {fields} = T.sdp.decodeDescription(digits);
          const sdp = await watch(new T.rtc.Link()).answer(T.sdp.buildRemote(fields, "offer"));
          return T.sdp.encodeDescription(sdp, 7);
        }""",
        offer,
    )
    table.evaluate(
        """(digits) => T.links[0].accept(
             T.sdp.buildRemote(T.sdp.decodeDescription(digits).fields, "answer"))""",
        answer,
    )
    for page in (table, phone):
        page.wait_for_function("T.events.some((e) => e.type === 'open')")


@pytest.fixture
def table(tv: Page, base_url: str) -> Page:
    """The table's device (desktop-sized) on the harness page."""
    return harness(tv, base_url)


@pytest.fixture
def phone(new_phone: Callable[[], Page], base_url: str) -> Page:
    """A phone-sized device on the harness page."""
    return harness(new_phone(), base_url)


@pytest.fixture
def connect_pair() -> Callable[[Page, Page], None]:
    """The function that links a table page and a phone page (see `link_pair`)."""
    return link_pair


FRAME_SIDE = 480


def y4m_frame(png: bytes | None) -> bytes:
    """One 4:2:0 y4m frame (FRAME_SIDE square): the PNG centred on white, or all white."""
    from PIL import Image

    frame = Image.new("RGB", (FRAME_SIDE, FRAME_SIDE), "white")
    if png is not None:
        picture = Image.open(io.BytesIO(png)).convert("RGB")
        picture.thumbnail((FRAME_SIDE - 40, FRAME_SIDE - 40), Image.Resampling.NEAREST)
        offset = ((FRAME_SIDE - picture.width) // 2, (FRAME_SIDE - picture.height) // 2)
        frame.paste(picture, offset)
    y, cb, cr = frame.convert("YCbCr").split()
    half = (FRAME_SIDE // 2, FRAME_SIDE // 2)
    planes = [y, *(plane.resize(half, Image.Resampling.BILINEAR) for plane in (cb, cr))]
    return b"FRAME\n" + b"".join(plane.tobytes() for plane in planes)


def write_y4m(path: Path, png: bytes | None) -> None:
    """Write (or rewrite in place, same size) a one-frame y4m that Chromium loops as a webcam."""
    header = f"YUV4MPEG2 W{FRAME_SIDE} H{FRAME_SIDE} F10:1 Ip A1:1 C420jpeg\n".encode()
    data = header + y4m_frame(png)
    with open(path, "r+b" if path.exists() else "wb") as file:
        file.write(data)


@pytest.fixture
def webcam_browser(browser: Browser, tmp_path: Path) -> Iterator[tuple[Browser, Path]]:
    """A Chromium whose fake webcam plays a y4m file the test rewrites (blank to start with)."""
    video = tmp_path / "camera.y4m"
    write_y4m(video, None)
    args = [
        *CHROMIUM_ARGS,
        "--use-fake-device-for-media-stream",
        "--use-fake-ui-for-media-stream",
        f"--use-file-for-fake-video-capture={video}",
    ]
    webcam = browser.browser_type.launch(executable_path=CHROMIUM, args=args, headless=True)
    yield webcam, video
    webcam.close()


@pytest.fixture(name="write_y4m")
def write_y4m_fixture() -> Callable[[Path, bytes | None], None]:
    """The function that puts a picture in front of the fake webcam (see `write_y4m`)."""
    return write_y4m


@contextlib.contextmanager
def amqtt_broker() -> Iterator[str]:
    """Run a real MQTT broker (amqtt) with a WebSocket listener on loopback; its ws:// URL."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with tempfile.TemporaryDirectory() as folder:
        config = Path(folder) / "broker.yaml"
        config.write_text(
            "listeners:\n"
            "  default:\n"
            "    type: ws\n"
            f"    bind: 127.0.0.1:{port}\n"
            "plugins:\n"
            "  amqtt.plugins.authentication.AnonymousAuthPlugin:\n"
            "    allow_anonymous: true\n"
        )
        amqtt = Path(sys.executable).with_name("amqtt")
        broker = subprocess.Popen(
            [amqtt, "-c", config], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
        try:
            deadline = time.monotonic() + 20
            while True:
                with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port)):
                    break
                if broker.poll() is not None or time.monotonic() > deadline:
                    error = broker.stderr.read() if broker.stderr else b""
                    raise RuntimeError(f"amqtt did not start: {error!r}")
                time.sleep(0.1)
            yield f"ws://127.0.0.1:{port}/mqtt"
        finally:
            broker.kill()
            broker.wait(10)


@pytest.fixture(scope="session")
def mqtt_broker() -> Iterator[str]:
    """A loopback MQTT-over-WebSocket broker for the session (see `amqtt_broker`)."""
    with amqtt_broker() as url:
        yield url
