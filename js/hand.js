// Entry module of hand.html (plain ES modules, no Python): the hand UI modules are wired in here.
