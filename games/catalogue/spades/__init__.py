"""Spades: four players in two partnerships, bids, spades as trumps.

The engine only, so far: the game joins the catalogue (one import line in
games/catalogue/__init__.py) with its bots, board and rules page.
"""
