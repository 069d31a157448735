"""Hand-built FreeCell positions for the rule tests."""

from games.catalogue.freecell.engine import ENGINE as freecell
from games.kit.cards import RANKS, SUITS, standard_deck


def position(columns, *, cells=(), up=None, filler=(4, 5, 6, 7), auto_foundation=False):
    """A position with the given columns ({index: cards bottom first}) and free-cell cards;
    ``up``: cards on each foundation ({"H": 2} = ace and two of hearts). Every other card
    is dealt round-robin onto the ``filler`` columns, aces first, so their tops are high cards."""
    up = {suit: (up or {}).get(suit, 0) for suit in SUITS}
    placed = {card for column in columns.values() for card in column} | set(cells)
    home = {RANKS[r] + suit for suit in SUITS for r in range(up[suit])}
    assert not placed & home
    rest = [card for card in standard_deck() if card not in placed | home]
    rest.sort(key=lambda card: RANKS.index(card[0]))
    tableau = [list(columns.get(i, [])) for i in range(8)]
    for i, card in enumerate(rest):
        tableau[filler[i % len(filler)]].append(card)
    return freecell.load(
        {
            "deal": None,
            "options": {"auto_foundation": auto_foundation, "winnable_only": False},
            "tableau": tableau,
            "cells": list(cells) + [None] * (4 - len(cells)),
            "foundations": up,
            "moves": 0,
            "undos": 0,
            "history": [],
        }
    )
