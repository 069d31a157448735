"""How a card looks and reads on the page."""

from html import escape

from django import template
from django.utils.safestring import mark_safe

from games.kit import cards

register = template.Library()

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


@register.filter
def card_words(card: str) -> str:
    """``QS`` -> ``Queen of spades``: the accessible name of a card."""
    return cards.card_name(card).capitalize()


@register.filter
def card_rank(card: str) -> str:
    if card in cards.JOKERS:
        return "★"
    return "10" if card[0] == "T" else card[0]


@register.filter
def card_suit(card: str) -> str:
    return "" if card in cards.JOKERS else SUIT_SYMBOLS.get(card[1], "")


@register.filter
def card_colour(card: str) -> str:
    if card in cards.JOKERS:
        return "joker"
    return "red" if card[1] in "DH" else "black"


@register.filter
def pairs(text: str) -> list[tuple[str, str]]:
    """``"meld=Meld|discard=Discard"`` -> [("meld", "Meld"), ("discard", "Discard")], for includes."""
    return [tuple(item.split("=", 1)) for item in text.split("|")]


@register.filter
def legal_starting(legal_moves, prefix: str) -> str:
    """The first legal move that begins with ``prefix`` ("draw discard" -> "draw discard 7H"), or ""."""
    return next((move for move in sorted(legal_moves) if move == prefix or move.startswith(prefix + " ")), "")


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


@register.simple_tag
def select_card(card: str):
    """A card in a hand you pick from (Rummy, Gin Rummy): a toggle button named in words,
    which the page's own order (sorted or dragged) may move."""
    return mark_safe(  # every value is escaped or one of the fixed strings above
        f'<button type="button" class="card card--{card_colour(card)} card--in-hand" data-select-card '
        f'data-card="{escape(card)}" aria-label="{escape(card_words(card))}" aria-pressed="false" draggable="true">'
        f'<span class="card__rank" aria-hidden="true">{card_rank(card)}</span>'
        f'<span class="card__suit" aria-hidden="true">{card_suit(card)}</span></button>'
    )


@register.simple_tag
def pile_card(card: str, pile: str, depth: int, *, label: str = ""):
    """A face-up card you may move (solitaire): a button that knows its pile and how many
    cards, itself included, would move with it."""
    words = escape(label or card_words(card))
    return mark_safe(  # every value is escaped or one of the fixed strings above
        f'<button type="button" class="card card--{card_colour(card)}" data-card="{escape(card)}" '
        f'data-pile="{escape(pile)}" data-depth="{int(depth)}" aria-label="{words}" aria-pressed="false" '
        f'draggable="true"><span class="card__rank" aria-hidden="true">{card_rank(card)}</span>'
        f'<span class="card__suit" aria-hidden="true">{card_suit(card)}</span></button>'
    )


@register.filter
def pile_words(pile: str) -> str:
    """``t3`` -> "pile 4", ``c0`` -> "free cell 1", ``fH`` -> "the hearts foundation"."""
    if pile[0] == "t":
        return f"pile {int(pile[1:]) + 1}"
    if pile[0] == "c":
        return f"free cell {int(pile[1:]) + 1}"
    if pile[0] == "f":
        return f"the {cards.SUIT_WORDS[pile[1]]} foundation"
    return pile


@register.simple_tag
def column(cards_bottom_up: list[str], pile: str):
    """A solitaire column: face-down cards ("??") as backs, each face-up card a pile_card
    carrying how many cards would move with it, an empty column a button to drop onto."""
    if not cards_bottom_up:
        return mark_safe(f'<button type="button" class="card card--empty" aria-label="{pile_words(pile).capitalize()}, empty">'
                         "</button>")
    count = len(cards_bottom_up)
    parts = [
        '<span class="card card--back" role="img" aria-label="Face-down card"></span>' if card == "??"
        else pile_card(card, pile, count - position)
        for position, card in enumerate(cards_bottom_up)
    ]
    return mark_safe("".join(parts))  # pile_card escapes; the rest is fixed text


@register.simple_tag
def slot(card: str | None, pile: str):
    """One place that holds one card at a time (a free cell, a foundation's top)."""
    if card is None:
        return mark_safe(f'<button type="button" class="card card--empty" aria-label="{pile_words(pile).capitalize()}, empty">'
                         "</button>")
    return pile_card(card, pile, 1, label=f"{card_words(card)}, on {pile_words(pile)}")


@register.filter
def prefix(value, text: str) -> str:
    """``3|prefix:"t"`` -> "t3": pile names built in templates."""
    return f"{text}{value}"


@register.simple_tag
def seat_badges(seat):
    """After a seat's name on any board: a person away (and whether a bot plays their seat
    meanwhile), and a turn timer. A tag, not an include: every board renders it for every
    seat on every frame."""
    html = ""
    if seat.is_away:
        html += (' <span class="badge badge--away">away · bot playing</span>' if seat.bot_playing
                 else ' <span class="badge badge--away">away</span>')
    if seat.seconds_left is not None:
        left = int(seat.seconds_left)
        html += (f' <span class="turn-timer" data-seconds="{left}" role="timer" '
                 f'aria-label="{left} seconds left">{left} s</span>')
    return mark_safe(html)  # fixed text and integers only
