"""Card notation, decks, canonical order and reproducible shuffles.

A card is two characters: a rank from ``A23456789TJQK`` and a suit from ``CDHS``
(``TS`` is the ten of spades). Jokers, where a game uses them, are ``X1`` and ``X2``.

Shuffles are Fisher–Yates driven by a documented byte stream, so a seed gives the
same deal on every Python version and every machine (``random.shuffle`` promises
neither): block ``k`` of the stream for a seed and a label is

    HMAC-SHA256(key = seed as UTF-8, message = label as UTF-8 + b":" + str(k) as ASCII)

for k = 0, 1, 2, ... concatenated. A draw below ``n`` reads the next 4 bytes as a
big-endian integer ``x``, rejects it when ``x >= 2**32 - (2**32 % n)`` (so every
value is equally likely) and returns ``x % n``. The shuffle walks ``i`` from the
last index down to 1 and swaps position ``i`` with a draw below ``i + 1``.

The 52-card bitmask helpers (``mask_of``, ``cards_of``) index cards suit-major in
canonical order, so games that keep hands as integers list them sorted for free.
"""

from __future__ import annotations

import hmac
import secrets
import struct
from collections.abc import Iterable

RANKS = "A23456789TJQK"
SUITS = "CDHS"
JOKERS = ("X1", "X2")

RANK_WORDS = {
    "A": "ace", "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven",
    "8": "eight", "9": "nine", "T": "ten", "J": "jack", "Q": "queen", "K": "king",
}
SUIT_WORDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
SUIT_WORD_SINGULAR = {"C": "club", "D": "diamond", "H": "heart", "S": "spade"}

# Canonical order: by suit (clubs, diamonds, hearts, spades), then by rank with aces high.
# Games where aces are low sort with ``aces_high=False``.
_ACE_HIGH_ORDER = "23456789TJQKA"


class CardError(ValueError):
    """A string that is not a card, or a card list that breaks a rule of notation."""


def parse_card(text: str, *, jokers: bool = False) -> str:
    """Return ``text`` if it is a card in our notation; raise CardError saying why not."""
    if not isinstance(text, str) or len(text) != 2:
        raise CardError(f"{text!r} is not a card: write a rank and a suit, like QS or TH")
    if jokers and text in JOKERS:
        return text
    rank, suit = text[0], text[1]
    if rank not in RANK_WORDS:
        raise CardError(f"{text!r} is not a card: the rank must be one of {RANKS}")
    if suit not in SUIT_WORDS:
        raise CardError(f"{text!r} is not a card: the suit must be one of {SUITS}")
    return text


def parse_cards(texts: Iterable[str], *, jokers: bool = False) -> list[str]:
    """Parse several cards; a card named twice is an error."""
    cards = [parse_card(text, jokers=jokers) for text in texts]
    if len(set(cards)) != len(cards):
        repeated = sorted({card for card in cards if cards.count(card) > 1})
        raise CardError(f"{', '.join(repeated)} named more than once")
    return cards


def rank_of(card: str) -> str:
    return card[0]


def suit_of(card: str) -> str:
    return card[1]


_PIPS = {"A": 1, "T": 10, "J": 10, "Q": 10, "K": 10, **{str(n): n for n in range(2, 10)}}


def pip_value(card: str, *, ace: int = 1, joker: int = 0) -> int:
    """A card's points as the rummy family counts them: two to nine at face value, ten and
    the court cards 10, an ace ``ace`` and a joker ``joker`` (the game's own rules)."""
    if card in JOKERS:
        return joker
    if card[0] == "A":
        return ace
    return _PIPS[card[0]]


def card_name(card: str) -> str:
    """The card in words, as a player would say it: ``QS`` -> ``queen of spades``."""
    if card in JOKERS:
        return "joker"
    return f"{RANK_WORDS[card[0]]} of {SUIT_WORDS[card[1]]}"


def sort_key(card: str, *, aces_high: bool = True, by_rank: bool = False) -> tuple[int, int]:
    if card in JOKERS:
        return (len(SUITS) if not by_rank else len(RANKS), JOKERS.index(card))
    order = _ACE_HIGH_ORDER if aces_high else RANKS
    if by_rank:
        return (order.index(card[0]), SUITS.index(card[1]))
    return (SUITS.index(card[1]), order.index(card[0]))


def sort_cards(cards: Iterable[str], *, aces_high: bool = True, by_rank: bool = False) -> list[str]:
    """Canonical order: clubs, diamonds, hearts, spades; low to high within a suit. ``by_rank``:
    low to high, suits in that order within a rank, for games where ranks score together
    (Cribbage's runs and fifteens)."""
    return sorted(cards, key=lambda card: sort_key(card, aces_high=aces_high, by_rank=by_rank))


def standard_deck(*, jokers: int = 0) -> list[str]:
    """The 52 cards in canonical order (aces high), then ``jokers`` jokers."""
    return [rank + suit for suit in SUITS for rank in _ACE_HIGH_ORDER] + list(JOKERS[:jokers])


def checked_deck(deck: Iterable[str], *, jokers: int = 0) -> list[str]:
    """A given deck (``new_game(deck=...)``), parsed, holding each card exactly once."""
    try:
        cards = [parse_card(card, jokers=bool(jokers)) for card in deck]
    except CardError as error:
        raise ValueError(f"deck: {error}") from None
    full = standard_deck(jokers=jokers)
    if sorted(cards) != sorted(full):
        raise ValueError(f"deck must list each of the {len(full)} cards exactly once")
    return cards


def new_seed() -> str:
    """A production seed: 128 bits from the operating system's secure generator."""
    return secrets.token_hex(16)


def _stream_words(seed: str, label: str, count: int, first_block: int = 0) -> list[int]:
    """``count`` 32-bit big-endian words of the stream, from block ``first_block`` on."""
    key = str(seed).encode()
    prefix = label.encode() + b":"
    blocks = -(-count // 8)  # eight words to a 32-byte block
    data = b"".join(
        hmac.digest(key, prefix + str(block).encode(), "sha256")
        for block in range(first_block, first_block + blocks)
    )
    return list(struct.unpack(f">{blocks * 8}I", data))


def shuffled(cards: Iterable[str], seed: str, *, label: str) -> list[str]:
    """A new list with ``cards`` shuffled reproducibly for ``seed`` and ``label``.

    The label keeps the shuffles of one match independent (``hearts:hand:3``).
    """
    deck = list(cards)
    if len(deck) < 2:
        return deck
    # One word per draw is read in bulk; a rejected word (odds below n / 2**32) pulls
    # more of the stream, so the result is exactly the sequential reading documented above.
    words = _stream_words(seed, label, len(deck) - 1)
    position = 0
    for i in range(len(deck) - 1, 0, -1):
        n = i + 1
        limit = 4294967296 - 4294967296 % n
        while True:
            if position == len(words):
                words += _stream_words(seed, label, 8, first_block=len(words) // 8)
            value = words[position]
            position += 1
            if value < limit:
                break
        j = value % n
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def seeded_below(seed: str, *, label: str, count: int, below: int) -> list[int]:
    """``count`` numbers in ``range(below)``, uniform, from the seeded stream that shuffles use
    (labelled apart from every shuffle), so a table's dice replay from its seed as its deals do."""
    limit = 4294967296 - 4294967296 % below
    words = _stream_words(seed, label, count)
    numbers: list[int] = []
    position = 0
    while len(numbers) < count:
        if position == len(words):
            words += _stream_words(seed, label, 8, first_block=len(words) // 8)
        value = words[position]
        position += 1
        if value < limit:
            numbers.append(value % below)
    return numbers


# -- 52-card bitmasks -------------------------------------------------------------------
# Bit ``13 * suit + rank`` with suits in CDHS order and ranks 2..A, so a mask's set bits
# from low to high are its cards in canonical order.

INDEX_OF: dict[str, int] = {card: i for i, card in enumerate(standard_deck())}
CARD_AT: tuple[str, ...] = tuple(standard_deck())
SUIT_MASKS: tuple[int, ...] = tuple(0x1FFF << (13 * s) for s in range(4))


class MaskLister:
    """Lists what a 52-card mask holds, in canonical order, as the labels it was built with.

    Built once per label set (a card, or a move naming a card): four tables of 8192
    entries, one per suit, so listing a mask is four lookups and three concatenations.
    """

    __slots__ = ("_clubs", "_diamonds", "_hearts", "_spades")

    def __init__(self, labels: tuple[str, ...]) -> None:
        tables = []
        for suit in range(4):
            names = labels[13 * suit : 13 * suit + 13]
            table: list[tuple[str, ...]] = [()] * 8192
            for pattern in range(1, 8192):
                highest = pattern.bit_length() - 1
                table[pattern] = table[pattern & ~(1 << highest)] + (names[highest],)
            tables.append(tuple(table))
        self._clubs, self._diamonds, self._hearts, self._spades = tables

    def __call__(self, mask: int) -> tuple[str, ...]:
        return (
            self._clubs[mask & 0x1FFF]
            + self._diamonds[(mask >> 13) & 0x1FFF]
            + self._hearts[(mask >> 26) & 0x1FFF]
            + self._spades[mask >> 39]
        )


def mask_of(cards: Iterable[str]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << INDEX_OF[card]
    return mask


cards_of = MaskLister(CARD_AT)
"""The cards of a 52-card mask, in canonical order."""
