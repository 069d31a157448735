"""Melds of the rummy family: sets, runs, jokers, lay-offs and the least deadwood.

Two forms, for two kinds of game:

- Card masks, aces low, no jokers (Gin): bit ``13 * suit + rank`` with suits CDHS and
  ranks A..K (``LABELS``, ``hand_mask``, ``list_cards``), so a mask's set bits from low to
  high are its cards sorted suit by suit, aces low, and each suit is a 13-bit word in which
  a run is a block of consecutive bits. ``deadwood`` finds the least deadwood of a hand by
  trying every choice of sets (a handful) over per-suit tables of the best runs: fast
  enough to be asked for every card of every hand in a playout.
- Melds as text (Rummy): ``(kind, cards, jokers)`` with ``kind`` ``"set"`` or ``"run"``,
  ``cards`` in table order and ``jokers`` the sorted ``(joker, stands_for)`` pairs (a card
  in a run, a rank in a set). A game may put its own fields first (Rummy's melds on the
  table are ``(owner, kind, cards, jokers)``): these functions read the last three. Runs
  have aces low, or high-or-low (Q-K-A and A-2-3, never K-A-2). ``build_meld`` checks and lays out a meld, ``melds_in`` lists those a hand can
  make, ``layoffs_onto`` and ``swaps_into`` what a hand can add to or take from a meld.

Card values are ``cards.pip_value``'s: ace 1, two to ten at face value, courts 10.
"""

from __future__ import annotations

from itertools import combinations, product

from games.kit.cards import JOKERS, RANK_WORDS, RANKS, SUIT_WORDS, SUITS, MaskLister, pip_value, sort_cards
from games.kit.engine import IllegalMove

SET, RUN = "set", "run"

# -- card masks, aces low ------------------------------------------------------------------

LABELS: tuple[str, ...] = tuple(rank + suit for suit in SUITS for rank in RANKS)
INDEX: dict[str, int] = {card: i for i, card in enumerate(LABELS)}
VALUE: tuple[int, ...] = tuple(pip_value(card) for card in LABELS)
list_cards = MaskLister(LABELS)
WORD = 0x1FFF


def _suit_tables() -> tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """Per 13-bit suit pattern: its card value, and the most value runs can meld and how."""
    size = 1 << 13
    value = [0] * size
    for pattern in range(1, size):
        low = pattern & -pattern
        value[pattern] = value[pattern ^ low] + VALUE[low.bit_length() - 1]
    run_value = [0] * size
    run_melds: list[tuple[int, ...]] = [()] * size
    for pattern in range(1, size):
        # The lowest card is either deadwood or starts a run (nothing lower can hold it).
        low = pattern & -pattern
        best, melds = run_value[pattern ^ low], run_melds[pattern ^ low]
        run, top = low, low << 1
        while pattern & top:
            run |= top
            top <<= 1
            if run.bit_count() >= 3:
                rest = pattern & ~run
                gained = value[run] + run_value[rest]
                if gained > best:
                    best, melds = gained, (run,) + run_melds[rest]
        run_value[pattern], run_melds[pattern] = best, melds
    return tuple(value), tuple(run_value), tuple(run_melds)


SUIT_VALUE, RUN_VALUE, RUN_MELDS = _suit_tables()


def card_value(mask: int) -> int:
    """The points of the cards in ``mask``."""
    return (
        SUIT_VALUE[mask & WORD]
        + SUIT_VALUE[(mask >> 13) & WORD]
        + SUIT_VALUE[(mask >> 26) & WORD]
        + SUIT_VALUE[mask >> 39]
    )


def _set_options(words: tuple[int, int, int, int], rank_bit: int, rank: int):
    """Ways to use one rank's cards in a set: (value, mask of the set) including none."""
    suits = [s for s in range(4) if words[s] & rank_bit]
    value = VALUE[rank]
    options = [(0, 0)]
    whole = sum(1 << (13 * s + rank) for s in suits)
    options.append((value * len(suits), whole))
    if len(suits) == 4:
        for s in suits:
            options.append((value * 3, whole & ~(1 << (13 * s + rank))))
    return options


def _set_choices(mask: int):
    """Every choice of sets a hand could meld, as (value, mask), or None when it has none."""
    a, b, c, d = mask & WORD, (mask >> 13) & WORD, (mask >> 26) & WORD, mask >> 39
    triples = (a & b & (c | d)) | (c & d & (a | b))
    if not triples:
        return None
    words = (a, b, c, d)
    per_rank = []
    while triples:
        rank_bit = triples & -triples
        triples ^= rank_bit
        per_rank.append(_set_options(words, rank_bit, rank_bit.bit_length() - 1))
    return [
        (sum(value for value, _ in combo), sum(used for _, used in combo)) for combo in product(*per_rank)
    ]


def deadwood(mask: int) -> int:
    """The least deadwood of the cards in ``mask`` over every arrangement into melds."""
    a, b, c, d = mask & WORD, (mask >> 13) & WORD, (mask >> 26) & WORD, mask >> 39
    total = SUIT_VALUE[a] + SUIT_VALUE[b] + SUIT_VALUE[c] + SUIT_VALUE[d]
    if not (a & b & (c | d)) | (c & d & (a | b)):
        return total - RUN_VALUE[a] - RUN_VALUE[b] - RUN_VALUE[c] - RUN_VALUE[d]
    best = 0
    for set_value, used in _set_choices(mask):
        rest = mask & ~used
        melded = (
            set_value
            + RUN_VALUE[rest & WORD]
            + RUN_VALUE[(rest >> 13) & WORD]
            + RUN_VALUE[(rest >> 26) & WORD]
            + RUN_VALUE[rest >> 39]
        )
        if melded > best:
            best = melded
    return total - best


def best_melds(mask: int) -> tuple[int, ...]:
    """An arrangement of ``mask`` with the least deadwood: its melds as masks, in order."""
    choices = _set_choices(mask) or [(0, 0)]
    best_value, best = -1, ()
    for set_value, used in choices:
        rest = mask & ~used
        melded = set_value
        runs: list[int] = []
        for s in range(4):
            word = (rest >> (13 * s)) & WORD
            melded += RUN_VALUE[word]
            runs += [run << (13 * s) for run in RUN_MELDS[word]]
        if melded > best_value:
            sets = []
            while used:
                rank_bit = used & -used
                rank = rank_bit.bit_length() - 1
                column = used & (0x0008004002001 << rank)
                sets.append(column)
                used &= ~column
            best_value, best = melded, tuple(sets + runs)
    return tuple(sorted(best, key=meld_order))


def deadwood_after_discard(mask: int) -> int:
    """The least deadwood of an eleven-card hand after its best discard."""
    best = 1000
    rest = mask
    while rest:
        bit = rest & -rest
        rest ^= bit
        best = min(best, deadwood(mask ^ bit))
    return best


def meld_order(meld: int) -> tuple[int, int]:
    """Melds shown by their lowest card: rank first, then suit."""
    low = (meld & -meld).bit_length() - 1
    return (low % 13, low // 13)


def is_meld(meld: int) -> bool:
    """A set of 3 or 4 cards of one rank, or a run of 3 or more cards of one suit."""
    count = meld.bit_count()
    if count < 3:
        return False
    low = (meld & -meld).bit_length() - 1
    rank, suit = low % 13, low // 13
    if meld & ~(0x0008004002001 << rank) == 0:
        return True
    word = meld >> (13 * suit)
    if word >> 13:
        return False
    shifted = word >> rank
    return shifted & (shifted + 1) == 0


def fits(meld: int, card_bit: int) -> bool:
    """Whether one more card may be laid off onto ``meld``."""
    if meld & card_bit:
        return False
    return is_meld(meld | card_bit)


def hand_mask(cards) -> int:
    """The aces-low mask of some cards (``["3S", "4S"]``), as the functions above take."""
    mask = 0
    for card in cards:
        mask |= 1 << INDEX[card]
    return mask


# -- melds as text, with jokers ------------------------------------------------------------

# Places in a run: ace low is 1, ace high is 14.
PLACE = {rank: i + 1 for i, rank in enumerate(RANKS)}
RANK_AT = {**{place: rank for rank, place in PLACE.items()}, 14: "A"}
_RUN_REASON = "A run needs three or more cards of one suit in sequence."
_SET_REASON = "A set has three or four cards of one rank."


def sorted_low(cards) -> tuple[str, ...]:
    """``cards`` in canonical order with aces low: the order of hands and sets on the table."""
    return tuple(sort_cards(cards, aces_high=False))


def run_places(card: str, *, aces_high: bool) -> tuple[int, ...]:
    """The places ``card`` may take in a run: an ace 1, or 1 and 14 when aces are high or low."""
    place = PLACE[card[0]]
    return (1, 14) if place == 1 and aces_high else (place,)


def near(card: str, other: str, *, aces_high: bool = False) -> bool:
    """Whether two natural cards may grow into a meld together: a pair (the same rank) or
    a near run (the same suit, at most two places apart)."""
    if card == other:
        return False
    if card[0] == other[0]:
        return True
    return card[1] == other[1] and any(
        abs(a - b) <= 2 for a in run_places(card, aces_high=aces_high) for b in run_places(other, aces_high=aces_high)
    )


def build_meld(items, *, aces_high: bool) -> tuple[str, tuple[str, ...], tuple[tuple[str, str], ...]]:
    """A meld from ``(card, stands_for)`` items (stands_for None unless a joker names it).

    Returns ``(kind, cards, jokers)`` in canonical form or raises IllegalMove.
    """
    naturals = [card for card, _ in items if card not in JOKERS]
    wild = [(card, target) for card, target in items if card in JOKERS]
    if len(items) < 3:
        raise IllegalMove("A meld needs at least three cards.")
    if len(naturals) < 2:
        raise IllegalMove("A meld needs at least two cards that are not jokers.")
    ranks = {card[0] for card in naturals}
    suits = {card[1] for card in naturals}
    if len(ranks) == 1:
        rank = naturals[0][0]
        if len(items) > 4:
            raise IllegalMove(_SET_REASON)
        for _, target in wild:
            if target is not None and target[0] != rank:
                raise IllegalMove(f"A joker in a set of {RANK_WORDS[rank]}s stands for a {RANK_WORDS[rank]}.")
        cards = sorted_low(naturals) + tuple(sorted(joker for joker, _ in wild))
        return SET, cards, tuple(sorted((joker, rank) for joker, _ in wild))
    if len(suits) != 1:
        if len(ranks) == len(naturals):
            raise IllegalMove(_RUN_REASON)
        raise IllegalMove("A meld is a set (three or four cards of one rank) or a run (three or more "
                          "cards of one suit in sequence).")
    suit = naturals[0][1]
    for _, target in wild:
        if target is not None and target[1] != suit:
            raise IllegalMove(f"A joker in a run of {SUIT_WORDS[suit]} stands for a card of {SUIT_WORDS[suit]}.")
    modes = (False, True) if aces_high else (False,)
    for high in modes:
        placed = _place_run(naturals, wild, suit, high, aces_high)
        if placed is not None:
            return placed
    named_ranks = {card[0] for card in naturals} | {target[0] for _, target in wild if target}
    if not aces_high and {"A", "K"} <= named_ranks:
        raise IllegalMove("Aces are low: a run may not go from king to ace.")
    if any(target is None for _, target in wild):
        ambiguous = any(_place_run(naturals, wild, suit, high, aces_high, strict=False) for high in modes)
        if ambiguous:
            raise IllegalMove("Say which card each joker stands for, like X1=7S.")
    raise IllegalMove(_RUN_REASON)


def _place_run(naturals, wild, suit, high, aces_high, *, strict=True):
    """The run with aces high (``high``) or low, or None. ``strict=False`` answers whether the
    cards would run with bare jokers placed anywhere (used to explain an ambiguity)."""
    low, top = (2, 14) if high else (1, 13)

    def place(card):
        if card[0] == "A":
            return 14 if high else 1
        return PLACE[card[0]]

    taken: dict[int, str] = {}
    for card in naturals:
        taken[place(card)] = card
    bare = []
    for joker, target in wild:
        if target is None:
            bare.append(joker)
            continue
        spot = place(target)
        if spot in taken:
            return None
        taken[spot] = joker
    spots = sorted(taken)
    if spots[0] < low or spots[-1] > top:
        return None
    gaps = [spot for spot in range(spots[0], spots[-1] + 1) if spot not in taken]
    if len(gaps) > len(bare):
        return None
    if len(gaps) < len(bare):
        if not strict:
            return True
        # The spare jokers go at an end; that is only clear when one end is the edge.
        spare = len(bare) - len(gaps)
        # A true edge: the low ace, the high ace, or the king when aces are only low.
        at_bottom = spots[0] == 1
        at_top = spots[-1] == 14 or (spots[-1] == 13 and not aces_high)
        if at_bottom and top - spots[-1] >= spare:
            gaps += list(range(spots[-1] + 1, spots[-1] + 1 + spare))
        elif at_top and spots[0] - low >= spare:
            gaps = list(range(spots[0] - spare, spots[0])) + gaps
        else:
            return None
    if not strict:
        return True
    jokers = []
    for spot, joker in zip(gaps, sorted(bare), strict=True):
        taken[spot] = joker
    for spot, card in taken.items():
        if card in JOKERS:
            jokers.append((card, RANK_AT[spot] + suit))
    cards = tuple(taken[spot] for spot in sorted(taken))
    return RUN, cards, tuple(sorted(jokers))


def meld_items(meld) -> list[tuple[str, str | None]]:
    """A meld as ``build_meld`` items, every joker naming what it stands for."""
    *_, kind, cards, jokers = meld
    stands = dict(jokers)
    return [(card, stands.get(card) if kind == RUN else None) for card in cards]


def _run_spots(meld):
    """(suit, lowest place, highest place, aces high?) of a run."""
    *_, cards, jokers = meld
    stands = dict(jokers)
    named = [stands.get(card, card) for card in cards]
    suit = named[0][1]
    first, last = named[0], named[-1]
    high = last[0] == "A" and len(named) > 1 and named[-2][0] == "K"
    lo = 14 if (first[0] == "A" and high) else PLACE[first[0]]
    hi = 14 if high else PLACE[last[0]]
    return suit, lo, hi, high


def melds_in(hand, *, aces_high: bool) -> list[list[str]]:
    """Every meld ``hand`` can make, each as canonical move words."""
    jokers = [card for card in hand if card in JOKERS]
    found = []
    by_suit: dict[str, set[int]] = {}
    by_rank: dict[str, list[str]] = {}
    for card in hand:
        if card in JOKERS:
            continue
        by_suit.setdefault(card[1], set()).add(PLACE[card[0]])
        by_rank.setdefault(card[0], []).append(card)
    top = 14 if aces_high else 13
    for suit in SUITS:
        held = set(by_suit.get(suit, ()))
        if len(held) + len(jokers) < 3 or len(held) < 2:
            continue
        if aces_high and 1 in held:
            held.add(14)
        for start in range(1, top - 1):
            # The window grows one place at a time, so its missing places are kept, not recounted.
            missing = [spot for spot in (start, start + 1) if spot not in held]
            if len(missing) > len(jokers):
                continue
            for end in range(start + 2, top + 1):
                if start == 1 and end == 14:
                    break
                if end not in held:
                    missing.append(end)
                if len(missing) > len(jokers):
                    break  # longer windows only miss more
                spots = range(start, end + 1)
                if len(spots) - len(missing) < 2:
                    continue
                fill = dict(zip(missing, jokers, strict=False))
                found.append([
                    f"{fill[spot]}={RANK_AT[spot]}{suit}" if spot in fill else f"{RANK_AT[spot]}{suit}"
                    for spot in spots
                ])
    for rank in "A23456789TJQK":
        held = by_rank.get(rank, [])
        for size in range(2, len(held) + 1):
            for chosen in combinations(held, size):
                for wild in range(0, min(len(jokers), 4 - size) + 1):
                    if size + wild >= 3:
                        found.append(list(chosen) + jokers[:wild])
    return found


def layoffs_onto(meld, hand, *, aces_high: bool) -> list[str]:
    """Every card of ``hand`` that may be laid off on ``meld``, as move words (a joker on a
    run as ``X1=8S``)."""
    *_, kind, cards, _jokers = meld
    wild = [card for card in hand if card in JOKERS][:1]
    if kind == SET:
        if len(cards) >= 4:
            return []
        rank = next(card[0] for card in cards if card not in JOKERS)
        return [card for card in hand if card[0] == rank and card not in cards] + wild
    suit, lo, hi, high = _run_spots(meld)
    ends = []
    if lo > 1 and not (high and lo == 2):
        ends.append(RANK_AT[lo - 1] + suit)
    if hi < 13 or (hi == 13 and aces_high and lo > 1):
        ends.append(RANK_AT[hi + 1] + suit)
    found = [card for card in ends if card in hand]
    for card in ends:
        found += [f"{joker}={card}" for joker in wild]
    return found


def swaps_into(meld, hand) -> list[tuple[str, str]]:
    """(natural card in ``hand``, the joker of ``meld`` it would take) for every swap."""
    jokers = meld[-1]
    if not jokers:
        return []
    kind, cards = meld[-3], meld[-2]
    if kind == RUN:
        return [(stands, joker) for joker, stands in jokers if stands in hand]
    rank = jokers[0][1]
    return [(card, jokers[0][0]) for card in hand if card[0] == rank and card not in cards]


def swapped(meld, card):
    """The meld with ``card`` in place of the joker it stands for, and that joker; or None."""
    *_, kind, cards, jokers = meld
    if kind == RUN:
        joker = next((joker for joker, stands in jokers if stands == card), None)
    elif card[0] == (jokers[0][1] if jokers else None) and card not in cards:
        joker = jokers[0][0]
    else:
        joker = None
    if joker is None:
        return None
    rest = tuple(pair for pair in jokers if pair[0] != joker)
    if kind == RUN:
        laid = tuple(card if c == joker else c for c in cards)
    else:
        naturals = [c for c in cards if c not in JOKERS] + [card]
        laid = sorted_low(naturals) + tuple(joker for joker, _ in rest)
    return (kind, laid, rest), joker


def fit_hint(meld) -> str:
    """Why a card does not fit ``meld``, in the player's words."""
    if meld[-3] == SET:
        if len(meld[-2]) >= 4:
            return "a set holds at most four cards."
        return "a set takes only a card of its rank that it lacks."
    return "a run takes only the next card of its suit at either end."
