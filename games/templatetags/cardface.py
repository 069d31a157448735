"""How a card looks and reads on the page."""

from html import escape

from django import template
from django.utils.safestring import mark_safe

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
    return mark_safe(  # every value is escaped or one of the fixed strings above
        f'<span class="card card--{card_colour(card)}" data-card="{escape(card)}" role="img" '
        f'aria-label="{escape(card_words(card))}"><span class="card__rank">{card_rank(card)}</span>'
        f'<span class="card__suit" aria-hidden="true">{card_suit(card)}</span></span>'
    )


@register.simple_tag
def hand_card(card: str, *, move: str = "", reason: str = "", choose: bool = False):
    """A card in your hand: a button named in words. Built with plain string formatting, not
    a loop of filters or format_html, because every frame of every seat renders thirteen.

    ``move``: playing it submits that move. ``choose``: it toggles in or out of a choice
    (passing). Otherwise it is held back, focusable, with ``reason`` shown on hover and focus.
    """
    face = (f'<span class="card__rank" aria-hidden="true">{card_rank(card)}</span>'
            f'<span class="card__suit" aria-hidden="true">{card_suit(card)}</span>')
    start = f'class="card card--{card_colour(card)} card--in-hand'
    named = f'data-card="{escape(card)}" aria-label="{escape(card_words(card))}"'
    if move:
        html = f'<button type="submit" name="move" value="{escape(move)}" {start} card--legal" {named}>{face}</button>'
    elif choose:
        html = f'<button type="button" {start}" {named} data-pass-card aria-pressed="false">{face}</button>'
    else:
        why = f"why-{escape(card)}"
        html = (f'<button type="button" {start}" aria-disabled="true" title="{escape(reason)}" '
                f'aria-describedby="{why}" {named}>{face}'
                f'<span class="card__why" id="{why}" role="tooltip">{escape(reason)}</span></button>')
    return mark_safe(html)  # every value above is escaped or one of the fixed strings
