"""A picture in front of Chromium's fake webcam: one-frame y4m files that Chromium loops.

Chromium launched with ``--use-fake-device-for-media-stream --use-file-for-fake-video-capture=FILE``
plays FILE as the camera, so the table page decodes a real image of a phone's answer QR. Used by
the transport tests and the joining benchmark.
"""

from __future__ import annotations

import io
from pathlib import Path

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
