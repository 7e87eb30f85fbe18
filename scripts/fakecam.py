"""A picture in front of Chromium's fake webcam: one-frame y4m files that Chromium loops.

Chromium launched with ``--use-fake-device-for-media-stream --use-file-for-fake-video-capture=FILE``
plays FILE as the camera, so the table page decodes a real image of a phone's answer QR. Used by
the transport tests and the joining benchmark.
"""

from __future__ import annotations

import io
from pathlib import Path

FRAME_SIDE = 480


def y4m_frame(png: bytes | None, width: int = FRAME_SIDE, height: int = FRAME_SIDE) -> bytes:
    """One 4:2:0 y4m frame: the PNG centred on white (shrunk to fit), or all white."""
    from PIL import Image

    frame = Image.new("RGB", (width, height), "white")
    if png is not None:
        picture = Image.open(io.BytesIO(png)).convert("RGB")
        side = min(width, height) - 40
        picture.thumbnail((side, side), Image.Resampling.NEAREST)
        offset = ((width - picture.width) // 2, (height - picture.height) // 2)
        frame.paste(picture, offset)
    y, cb, cr = frame.convert("YCbCr").split()
    half = (width // 2, height // 2)
    planes = [y, *(plane.resize(half, Image.Resampling.BILINEAR) for plane in (cb, cr))]
    return b"FRAME\n" + b"".join(plane.tobytes() for plane in planes)


def write_y4m(
    path: Path, png: bytes | None, width: int = FRAME_SIDE, height: int = FRAME_SIDE
) -> None:
    """Write (or rewrite in place, same size) a one-frame y4m that Chromium loops as a webcam,
    ``width`` by ``height`` (a square by default; a webcam's 1280x720 for the benchmark)."""
    header = f"YUV4MPEG2 W{width} H{height} F10:1 Ip A1:1 C420jpeg\n".encode()
    data = header + y4m_frame(png, width, height)
    with open(path, "r+b" if path.exists() else "wb") as file:
        file.write(data)
