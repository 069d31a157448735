"""Oh Hell!: three to seven players, a round of each hand size, bids to hit exactly.

The engine only, so far: the game joins the catalogue (one import line in
games/catalogue/__init__.py) with its bots, board and rules page.
"""
