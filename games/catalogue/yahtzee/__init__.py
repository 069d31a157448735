"""Yahtzee, not yet offered: the score card's rules (``scoring``) and the perfect solitaire
strategy (``strategy``) come first; the engine, bots, board and rules page follow (issue 21),
and only then the line that registers it."""
