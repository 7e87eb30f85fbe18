"""One module per ruleset, each a ``Game`` subclass; ``lastcard.registry`` lists them by id."""
