"""The piles of a patience game (foundations, tableau columns, the stock and its waste), and
the stock and discard pile that draw-and-discard games share.

Every pile is a tuple of cards, bottom first, so its top card is the last, except the
stock, which is top first (the order it is dealt from). Foundations are kept as a count
per suit, in ``CDHS`` order: a foundation holding ``n`` cards holds its suit's ace to its
``n``-th rank, so its count says everything about it.

Tableau columns are built down in alternating colours: a card may lie on one a rank
higher of the other colour (the 6 of hearts on the 7 of clubs or spades). ``PARENTS``
lists, for every card, the two cards it may lie on, so that test is one look-up.
"""

from __future__ import annotations

from games.kit.cards import RANKS, SUITS, shuffled

RED_SUITS = "DH"
RANK_VALUE = {rank: value for value, rank in enumerate(RANKS, start=1)}  # ace 1 .. king 13


def is_red(card: str) -> bool:
    """Hearts and diamonds are red; clubs and spades black."""
    return card[1] in RED_SUITS


def rank_value(card: str) -> int:
    """Ace 1 .. king 13."""
    return RANK_VALUE[card[0]]


# The cards of the other colour one rank higher: where each card may lie in a column.
PARENTS: dict[str, tuple[str, ...]] = {
    rank + suit: tuple(RANKS[value] + other for other in SUITS if (other in RED_SUITS) != (suit in RED_SUITS))
    if value < len(RANKS) else ()
    for value, rank in enumerate(RANKS, start=1)
    for suit in SUITS
}


def fits_on(card: str, under: str) -> bool:
    """``card`` may lie on ``under`` in a column: one rank lower, the other colour."""
    return under in PARENTS[card]


def run_length(column: tuple[str, ...]) -> int:
    """How many top cards of ``column`` go down in alternating colours (0 for an empty one)."""
    length = 1 if column else 0
    while length < len(column) and column[-length - 1] in PARENTS[column[-length]]:
        length += 1
    return length


def moved_run(columns: list[tuple[str, ...]], source: int, target: int, count: int) -> None:
    """Move the top ``count`` cards of column ``source`` onto column ``target``, in place."""
    column = columns[source]
    columns[target] = columns[target] + column[-count:]
    columns[source] = column[:-count]


# -- foundations ------------------------------------------------------------------------


def foundation_takes(foundations: tuple[int, ...] | list[int], card: str) -> bool:
    """``card`` is the next one its suit's foundation wants."""
    return foundations[SUITS.index(card[1])] == RANK_VALUE[card[0]] - 1


def foundation_top(foundations: tuple[int, ...] | list[int], suit: str) -> str | None:
    """The top card of ``suit``'s foundation, or None when it is empty."""
    count = foundations[SUITS.index(suit)]
    return RANKS[count - 1] + suit if count else None


def foundation_tops(foundations: tuple[int, ...] | list[int]) -> dict[str, str | None]:
    """Suit -> top card or None, as a view shows the foundations."""
    return {suit: RANKS[count - 1] + suit if count else None for suit, count in zip(SUITS, foundations, strict=True)}


# -- the stock and the waste --------------------------------------------------------------


def drawn(stock: tuple[str, ...], waste: tuple[str, ...], count: int) -> tuple[tuple, tuple]:
    """(stock, waste) after turning ``count`` cards (fewer when fewer are left) from the stock
    onto the waste one at a time, so the last one turned is the waste's new top."""
    return stock[count:], waste + stock[:count]


def turned_over(waste: tuple[str, ...]) -> tuple[tuple, tuple]:
    """(stock, waste) after turning the whole waste over onto an empty stock: the stock then
    deals its cards again in the order they were first turned."""
    return waste, ()


# -- a stock and a discard pile (rummy and shedding games) ----------------------------------


def rebuilt_stock(discard: tuple[str, ...], seed: str, *, label: str) -> tuple[tuple, tuple]:
    """(stock, discard) once an empty stock is rebuilt: the discard pile under its top card,
    shuffled with ``label`` (one label per rebuilding, so each is its own shuffle), becomes the
    stock, top first; the top card stays where it was, alone."""
    return tuple(shuffled(discard[:-1], seed, label=label)), discard[-1:]
