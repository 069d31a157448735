"""How a card looks and reads on the page."""

from django import template
from django.utils.html import format_html

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


@register.simple_tag
def card_face(card: str):
    """A face-up card on the table (not in your hand): carries data-card, reads as words."""
    return format_html(
        '<span class="card card--{}" data-card="{}" role="img" aria-label="{}">'
        '<span class="card__rank">{}</span><span class="card__suit" aria-hidden="true">{}</span></span>',
        card_colour(card), card, card_words(card), card_rank(card), card_suit(card),
    )
