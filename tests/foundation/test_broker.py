"""The tests' MQTT broker (scripts/broker.py) answers for a whole test session.

amqtt logs a traceback for every connection closed before its WebSocket handshake. A session's
pages, probes and reconnections log well over the 64 KB a pipe holds; a broker whose log nobody
reads then blocks on its next line, and every relay test after that point fails (the CI run of
2026-12-04: the last three relay tests of the browsers' first half).
"""

from __future__ import annotations

import asyncio
import socket
from urllib.parse import urlsplit

from broker import amqtt_broker
from websockets.asyncio.client import connect
from websockets.typing import Subprotocol

# MQTT 3.1.1 CONNECT: protocol "MQTT" level 4, clean session, keep-alive 60 s, client id "probe".
CONNECT = bytes([0x10, 17, 0, 4, *b"MQTT", 4, 0x02, 0, 60, 0, 5, *b"probe"])
CONNACK_ACCEPTED = bytes([0x20, 2, 0, 0])
LOGGED = 200  # connections closed before their handshake: ~1.5 KB of traceback each


async def mqtt_connack(url: str) -> bytes:
    async with connect(url, subprotocols=[Subprotocol("mqtt")], open_timeout=10) as ws:
        await ws.send(CONNECT)
        answer = await asyncio.wait_for(ws.recv(), 10)
        assert isinstance(answer, bytes)
        return answer


def test_the_broker_answers_after_logging_more_than_a_pipe_holds() -> None:
    with amqtt_broker() as url:
        address = urlsplit(url)
        for _ in range(LOGGED):
            socket.create_connection((address.hostname, address.port)).close()
        assert asyncio.run(mqtt_connack(url)) == CONNACK_ACCEPTED
