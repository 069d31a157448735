"""Cribbage, not yet offered: the show's scoring (``scoring.score_hand``) comes first; the engine,
bots, board and rules page follow (issue 20), and only then the line that registers it."""
