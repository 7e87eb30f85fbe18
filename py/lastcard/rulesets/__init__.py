"""One module per ruleset, each a ``Game`` subclass that registers itself (``@register``): its
facts, options, timers, names, rules text and event words. Imported in the order the table
offers them (the first is its default)."""

# isort: off
from . import poslednyaya, last_one, last_card, posledniy_igrok, classic  # noqa: F401

# isort: on
