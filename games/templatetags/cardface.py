"""How a card looks and reads on the page: one tag draws a face, one a back, one an empty slot."""

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
def card_index(card: str) -> str:
    """``QS`` -> ``Q♠``: what a card shows in its corner."""
    return _rank(card) + _suit(card)


def card_label(card: str, *, words: str = "") -> str:
    """``QS`` -> ``Q♠, queen of spades``: the name of a card you can press, what it shows first
    (WCAG 2.5.3, label in name: "click Q♠" works by voice), then ``words`` (the card's name
    unless given)."""
    return f"{card_index(card)}, {words or cards.card_name(card)}"


def _rank(card: str) -> str:
    if card in cards.JOKERS:
        return "★"
    return "10" if card[0] == "T" else card[0]


def _suit(card: str) -> str:
    return "" if card in cards.JOKERS else SUIT_SYMBOLS.get(card[1], "")


def _colour(card: str) -> str:
    if card in cards.JOKERS:
        return "joker"
    return "red" if card[1] in "DH" else "black"


def _face(card: str) -> str:
    """The index (rank and suit) in the top-left corner, where it stays in sight when other
    cards lie fanned over this one, and a large suit in the middle. Both hidden from readers:
    the card's name says it."""
    suit = _suit(card)
    return (f'<span class="card__index" aria-hidden="true"><span class="card__rank">{_rank(card)}</span>'
            f'<span class="card__suit">{suit}</span></span>'
            f'<span class="card__pip" aria-hidden="true">{suit or _rank(card)}</span>')


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
def bot_title(game, level: str) -> str:
    """A stored bot level as players read it (``basic`` -> ``Standard``), from the game's descriptor."""
    return game.bot_title(level)


@register.filter
def ranked(seats, outcome) -> list:
    """Seats best first (by rank, then seat order), for the final standings."""
    return sorted(seats, key=lambda seat: (outcome["ranks"][seat.index], seat.index))


@register.filter
def owned_by(melds, index: int) -> list:
    """The melds on the table that seat ``index`` laid down."""
    return [meld for meld in melds if meld["owner"] == index]


@register.filter
def suit_words(suit: str) -> str:
    """``H`` -> "hearts"."""
    return cards.SUIT_WORDS[suit]


@register.filter
def seat_position(seats, index: int) -> str:
    return next((seat.position for seat in seats if seat.index == index), "")


@register.filter
def is_not(value, other) -> bool:
    """``view.phase|is_not:"draw"``: for include arguments, which take no comparisons."""
    return value != other


@register.filter
def at(sequence, position: int):
    return sequence[position]


@register.filter
def get(mapping, key):
    return mapping.get(key, "") if mapping else ""


@register.simple_tag
def card_face(card: str, *, move: str = "", reason: str = "", select: bool = False, pile: str = "",
              depth: int = 1, label: str = ""):
    """A face-up card, named in words and carrying data-card. Built with plain string
    formatting, not a loop of filters or format_html: every frame of every seat draws dozens.

    Without options, a card lying on the table (an image). In your hand: ``move`` makes it
    submit that move; ``reason`` holds it back, focusable, with the reason on hover and
    focus; ``select`` makes it toggle in and out of a selection (table.js spells the legal
    move the selection makes). ``pile`` (solitaire): a card you may move, knowing its pile
    and ``depth``, how many cards, itself included, would move with it. ``label`` replaces
    the card's name in words (a button's name still starts with its index).
    """
    code = escape(card)
    face = _face(card)
    kind = f"card card--{_colour(card)}"
    # A button's name starts with what it shows (card_label); a card lying on the table is an
    # image, named in words alone.
    named = f'data-card="{code}" aria-label="{escape(card_label(card, words=label))}"'
    if move:
        html = (f'<button type="submit" name="move" value="{escape(move)}" class="{kind} card--in-hand card--legal" '
                f"{named}>{face}</button>")
    elif select:
        html = (f'<button type="button" class="{kind} card--in-hand" data-select-card {named} aria-pressed="false" '
                f'draggable="true">{face}</button>')
    elif pile:
        html = (f'<button type="button" class="{kind}" data-pile="{escape(pile)}" data-depth="{int(depth)}" {named} '
                f'aria-pressed="false" draggable="true">{face}</button>')
    elif reason:
        why = f"why-{code}"
        html = (f'<button type="button" class="{kind} card--in-hand" aria-disabled="true" title="{escape(reason)}" '
                f'aria-describedby="{why}" {named}>{face}'
                f'<span class="card__why" id="{why}" role="tooltip">{escape(reason)}</span></button>')
    else:
        html = f'<span class="{kind}" data-card="{code}" role="img" aria-label="{escape(label or card_words(card))}">{face}</span>'
    return mark_safe(html)  # every value above is escaped or one of the fixed strings


@register.simple_tag
def card_fan(codes: list[str]):
    """Face-up cards side by side (a meld, a discard pile, a hand shown in a replay)."""
    return mark_safe("".join(card_face(card) for card in codes))  # card_face escapes


@register.simple_tag
def card_back(*, label: str = "Face-down card"):
    """A face-down card; ``label=""`` when what holds it already says what it is."""
    if not label:
        return mark_safe('<span class="card card--back" aria-hidden="true"></span>')
    return mark_safe(f'<span class="card card--back" role="img" aria-label="{escape(label)}"></span>')


@register.simple_tag
def card_slot(*, pile: str = "", label: str = "", mark: str = ""):
    """An empty place for a card: with ``pile`` (solitaire) a button to drop onto, named for
    its pile; else an image named ``label``, or hidden from readers when it has none.
    ``mark`` is drawn inside it (the stock's "turn the waste over")."""
    if pile:
        mark = f'<span aria-hidden="true">{escape(mark)}</span>' if mark else ""
        return mark_safe(f'<button type="button" class="card card--empty" '
                         f'aria-label="{pile_words(pile).capitalize()}, empty">{mark}</button>')
    if label:
        return mark_safe(f'<span class="card card--empty" role="img" aria-label="{escape(label)}">{escape(mark)}</span>')
    return mark_safe(f'<span class="card card--empty" aria-hidden="true">{escape(mark)}</span>')


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
    """A solitaire column: face-down cards ("??") as backs, each face-up card movable with the
    cards on it, an empty column a slot to drop onto."""
    if not cards_bottom_up:
        return card_slot(pile=pile)
    count = len(cards_bottom_up)
    return mark_safe("".join(  # each part is one of the tags above, which escape
        card_back() if card == "??" else card_face(card, pile=pile, depth=count - position)
        for position, card in enumerate(cards_bottom_up)))


@register.simple_tag
def slot(card: str | None, pile: str):
    """One place that holds one card at a time (a free cell, a foundation's top). An empty
    foundation shows its suit, so that it never looks like a free cell."""
    if card is None:
        return card_slot(pile=pile, mark=SUIT_SYMBOLS.get(pile[1:], "") if pile[:1] == "f" else "")
    return card_face(card, pile=pile, label=f"{cards.card_name(card)}, on {pile_words(pile)}")


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
