"""Reading a move: ``verb arg arg`` into a checked verb and arguments, cards parsed.

Every failure raises ``IllegalMove`` with the engine's own reason, so the player reads
the same words whichever engine refused them:

    verb, args = read_move(move, VERBS, example="draw stock", unknown="{move!r} is not a ... move")
    card = read_card(args[0])                       # "QX" -> IllegalMove("... the suit ...")
    chosen = read_cards(args, count=3, reason="Pass exactly three cards.")
    check_seat(seat, state.players)                 # seat 7 of 4 -> IllegalMove("There is no seat 7 ...")
    count = read_number(word, reason="Bid 0 to 13.", highest=13)  # "²", "１", "14" -> IllegalMove

Numbers are ASCII digits only, here and in every form (``whole_number``): ``str.isdigit()``
is True for other scripts' digits, and ``int()`` raises on some ("²") and reads others ("１").

``VERBS`` maps each verb to the argument counts it takes (None: any count, checked where
the verb is played, after the checks of the game's state that come first).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from typing import Any

from games.kit.cards import CardError, parse_card
from games.kit.engine import IllegalMove


def read_move(
    move: Any,
    verbs: Mapping[str, Collection[int] | None],
    *,
    example: str,
    unknown: str,
    empty: str | None = None,
    case: str = "lower",
) -> tuple[str, list[str]]:
    """The verb (in lower case) and the arguments of ``move``, split at whitespace; the
    arguments in ``case``: ``"lower"``, ``"upper"`` (cards, as Rummy reads them) or ``"keep"``.

    Refused: a move that is not text (the reason shows ``example``), an empty move
    (``empty``, else ``unknown``), a verb not in ``verbs`` or a count of arguments it does
    not take (``unknown``). ``unknown`` is a template in which ``{move!r}`` stands for the
    move: it is formatted only when a move is refused (every move goes through here).
    """
    if not isinstance(move, str):
        raise IllegalMove(f"{move!r} is not a move: send text like '{example}'.")
    words = (move.lower() if case == "lower" else move.upper() if case == "upper" else move).split()
    if not words:
        raise IllegalMove(empty or unknown.format(move=move))
    verb = words[0].lower()
    counts = verbs.get(verb, ())
    if counts is not None and len(words) - 1 not in counts:
        raise IllegalMove(unknown.format(move=move))
    return verb, words[1:]


# Longer than any number a move or a form carries, and short of int()'s limit on digits.
MAX_DIGITS = 18


def whole_number(text: Any) -> int | None:
    """``text`` as a whole number if it is 1 to MAX_DIGITS ASCII digits and nothing else, else None.

    No sign, spaces, underscores or other scripts' digits: ``int()`` takes all of those,
    and ``"²".isdigit()`` is True though ``int("²")`` raises."""
    if isinstance(text, str) and 0 < len(text) <= MAX_DIGITS and text.isascii() and text.isdigit():
        return int(text)
    return None


def read_number(word: str, *, reason: str, lowest: int = 0, highest: int | None = None) -> int:
    """``word`` as a whole number from ``lowest`` to ``highest``; anything else is refused with ``reason``."""
    number = whole_number(word)
    if number is None or number < lowest or (highest is not None and number > highest):
        raise IllegalMove(reason)
    return number


def check_seat(seat: Any, players: int) -> None:
    """Refuses a seat that is not one of the table's ``players`` seats (0 to players - 1)."""
    if not isinstance(seat, int) or not 0 <= seat < players:
        raise IllegalMove(f"There is no seat {seat!r} at this table.")


def read_card(word: str, *, jokers: bool = False, spelling: Callable[[str], str] | None = None) -> str:
    """``word`` as a card (``spelling`` first turns what players type, ``10h``, into ``TH``)."""
    if spelling is not None:
        word = spelling(word)
    try:
        return parse_card(word, jokers=jokers)
    except CardError as error:
        raise IllegalMove(str(error)) from None


def read_cards(
    words: Iterable[str],
    *,
    count: int | None = None,
    reason: str = "",
    jokers: bool = False,
    spelling: Callable[[str], str] | None = None,
) -> list[str]:
    """``words`` as cards; exactly ``count`` of them unless ``count`` is None (else ``reason``)."""
    words = list(words)
    if count is not None and len(words) != count:
        raise IllegalMove(reason)
    return [read_card(word, jokers=jokers, spelling=spelling) for word in words]
