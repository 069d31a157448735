"""Glossary terms that whole families of games share, by the glossary's term names.

A game's descriptor lists the terms its pages use (``Game.terms``); the glossary shows a
term with the games that list it, and hides a term no game offered yet lists. These groups
keep a family's words in one place: a new trick-taking game takes ``TRICK_TERMS``.
"""

CARD_TERMS = ("suit", "rank", "face card", "hand", "deal", "bot")
TRICK_TERMS = ("trick", "lead", "follow suit")
MELD_TERMS = ("meld", "set", "lay off", "deadwood", "up-card", "stock", "discard pile", "discard")
PATIENCE_TERMS = ("tableau", "foundation", "build", "alternating colours")
