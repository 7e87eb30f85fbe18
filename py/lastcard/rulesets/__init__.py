"""The ruleset registry: id -> Game subclass. Registering a ruleset is one line here."""

from __future__ import annotations

from ..game import Game
from .last_card import LastCard
from .last_one import LastOne
from .posledniy_igrok import PosledniyIgrok
from .poslednyaya import Poslednyaya

RULESETS: dict[str, type[Game]] = {
    "poslednyaya": Poslednyaya,
    "last-one": LastOne,
    "last-card": LastCard,
    "posledniy-igrok": PosledniyIgrok,
}
