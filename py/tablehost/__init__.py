"""The table controller: lobby, seats, timers, protocol and persistence around the engine.

``Table`` is the whole API (docs/design.md, "Controller"; messages in docs/protocol.md).
"""

from tablehost.table import THINKING, BotTurn, Fault, Table, Thinking

__all__ = ["THINKING", "BotTurn", "Fault", "Table", "Thinking"]
