"""How a card looks and reads on the page."""

from django import template

from games.engines import cards

register = template.Library()

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


@register.filter
def card_words(card: str) -> str:
    """``QS`` -> ``Queen of spades``: the accessible name of a card."""
    return cards.card_name(card).capitalize()


@register.filter
def card_rank(card: str) -> str:
    return "10" if card[0] == "T" else card[0]


@register.filter
def card_suit(card: str) -> str:
    return SUIT_SYMBOLS.get(card[1], "")


@register.filter
def card_colour(card: str) -> str:
    return "red" if card[1] in "DH" else "black"


@register.filter
def seat_name(seats, index: int) -> str:
    """The name of seat ``index`` among ``selectors.seats_around`` results."""
    return next((seat.name for seat in seats if seat.index == index), "")


@register.filter
def seat_position(seats, index: int) -> str:
    return next((seat.position for seat in seats if seat.index == index), "")


@register.filter
def at(sequence, position: int):
    return sequence[position]


@register.filter
def get(mapping, key):
    return mapping.get(key, "") if mapping else ""


@register.filter
def times(count: int) -> range:
    """``{% for _ in n|times %}``: repeat a block n times (card backs)."""
    return range(count)
