"""Hearts, as cardgames.io plays it (the house rules of the seed texts).

Four players, 52 cards, 13 each. Deals after the first come from the match seed
(label ``hearts:hand:<n>``); a given ``deck`` (top first) fixes the first deal, card
``i`` going to seat ``i % 4``.

Rules
- Before each hand every seat passes three cards: hand 1 to the left (seat ``s`` gives
  to ``s + 1``), hand 2 to the right, hand 3 across, hand 4 no passing, and so on. All
  seats choose at once; the cards change hands when the fourth seat has chosen.
- The holder of the two of clubs leads it. Follow suit if you can; the highest card of
  the suit led wins (aces high) and the winner leads next.
- On the first trick nobody may play a heart or the queen of spades, even when void in
  clubs, unless the hand holds nothing else.
- Hearts may not be led until a heart has been played in an earlier trick, unless the
  leader holds only hearts. The queen of spades may be played at any time after the
  first trick and does not break hearts (option ``queen_breaks_hearts`` for the other
  house rule).
- Each heart is a point, the queen of spades 13. A seat that takes all 26 has shot the
  moon: it scores 0 for the hand and every other seat 26.
- The hand over, every seat may see which point cards each seat took (``hand_summary``).
- The match ends after a hand in which some seat has reached ``target_score`` and exactly
  one seat has the lowest total; otherwise a new hand is dealt. Lowest total ranks first.

Moves (cards in canonical order, see ``cards.sort_cards``)
- ``pass C1 C2 C3``: the three cards to pass this hand.
- ``play C``: play card ``C`` to the trick.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from games.catalogue.hearts import playout
from games.kit import engine as base
from games.kit.cards import (
    CARD_AT,
    INDEX_OF,
    SUIT_MASKS,
    MaskLister,
    card_name,
    cards_of,
    checked_deck,
    mask_of,
    shuffled,
    standard_deck,
)
from games.kit.engine import IllegalMove
from games.kit.moves import check_seat, read_cards
from games.kit.state import (
    MASK,
    PLAIN,
    TUPLE,
    TUPLES,
    Field,
    GameState,
    dump_fields,
    each,
    load_fields,
    optional,
)
from games.kit.tricks import (
    card_to_play,
    history_from,
    last_trick_from,
    last_trick_view,
    must_follow,
    trick_view,
    trick_winner,
    tricks_view,
)

SEATS = 4
TRICKS = 13
HEARTS = SUIT_MASKS[2]
TWO_OF_CLUBS = 1 << INDEX_OF["2C"]
QUEEN_OF_SPADES = 1 << INDEX_OF["QS"]
POINT_CARDS = HEARTS | QUEEN_OF_SPADES
ALL_POINTS = 26

# Pass direction of hand n is PASS_CYCLE[(n - 1) % 4]: seats to the left you give to.
PASS_CYCLE = (1, 3, 2, 0)
PASS_NAMES = {1: "left", 3: "right", 2: "across", 0: "none"}

PASS, PLAY, OVER = "pass", "play", "over"
_play_moves_of = MaskLister(tuple("play " + card for card in CARD_AT))
_PLAY_INDEX = {"play " + card: index for card, index in INDEX_OF.items()}


def _points(mask: int) -> int:
    return (mask & HEARTS).bit_count() + (13 if mask & QUEEN_OF_SPADES else 0)


class HeartsState(GameState):
    """One moment of a match. Treat as immutable: the engine copies before changing.

    Hands and passes are 52-bit card masks (see ``cards.mask_of``); ``trick`` holds card
    indexes in play order from ``leader``; ``last_trick`` is (hand, leader, winner, cards).
    ``took`` holds the point cards each seat has taken this hand, ``last_hand`` those of the
    hand finished last (None before the first ends). ``history`` holds this hand's finished
    tricks as (leader, cards), every card of which each seat saw played.
    """

    def __repr__(self) -> str:
        return f"<HeartsState hand {self.hand_number} {self.phase}>"


FIELDS = {
    "seed": PLAIN,
    "hand_number": PLAIN,
    "phase": PLAIN,
    "hands": each(MASK),
    "passed": each(MASK),
    "received": each(MASK),
    "trick": Field(lambda trick: [CARD_AT[c] for c in trick], lambda cards: tuple(INDEX_OF[c] for c in cards)),
    "leader": PLAIN,
    "turn": PLAIN,
    "tricks_played": PLAIN,
    "hearts_broken": PLAIN,
    "taken": TUPLE,
    "took": each(MASK),
    "last_hand": optional(each(MASK)),
    "totals": TUPLE,
    "hand_scores": TUPLES,
    "last_trick": Field(lambda last: last_trick_view(last, SEATS), last_trick_from),
    "history": Field(lambda history: tricks_view(history, SEATS), history_from),
}


class Hearts(base.Engine):
    slug = "hearts"
    name = "Hearts"
    min_players = 4
    max_players = 4
    dealing = ("Hand n: the 52 cards in canonical order are shuffled with the label hearts:hand:n, and "
               "card i goes to seat i mod 4.")
    options = {
        "target_score": (100, (50, 75, 100, 150)),
        "queen_breaks_hearts": (False, (False, True)),
    }

    # -- setting up ---------------------------------------------------------------------

    def new_game(self, players, *, seed, options=None, deck=None):
        self.check_players(players)
        options = self.resolve_options(options)
        state = HeartsState.blank()
        state.seed = str(seed)
        state.target_score = options["target_score"]
        state.queen_breaks_hearts = options["queen_breaks_hearts"]
        state.totals = (0,) * SEATS
        state.hand_scores = ()
        state.last_hand = None
        if deck is not None:
            deck = checked_deck(deck)
        _deal(state, 1, deck)
        return state

    # -- whose turn and what they may do ------------------------------------------------

    def to_move(self, state):
        if state.phase == PLAY:
            return (state.turn,)
        if state.phase == PASS:
            return tuple(seat for seat in range(SEATS) if not state.passed[seat])
        return ()

    def legal_moves(self, state, seat):
        if state.phase == PLAY:
            if seat != state.turn:
                return []
            return list(_play_moves_of(_playable(state, seat)))
        if state.phase == PASS and 0 <= seat < SEATS and not state.passed[seat]:
            hand = cards_of(state.hands[seat])
            return [f"pass {a} {b} {c}" for a, b, c in combinations(hand, 3)]
        return []

    def apply(self, state, seat, move):
        # Fast path for the legal play, the move every playout makes 52 times a hand.
        if state.phase == PLAY and seat == state.turn and isinstance(move, str):
            index = _PLAY_INDEX.get(move)
            if index is not None and _playable(state, seat) >> index & 1:
                return _played(state, seat, index)
        if not isinstance(move, str):
            raise IllegalMove(f"{move!r} is not a move: send text like 'play QS'.")
        verb, _, rest = move.partition(" ")
        if state.phase == OVER:
            raise IllegalMove("The match is over.")
        check_seat(seat, SEATS)
        if verb == "play":
            return self._play(state, seat, rest)
        if verb == "pass":
            return self._pass(state, seat, rest)
        raise IllegalMove(f"{move!r} is not a Hearts move: use 'pass' and three cards, or 'play' and a card.")

    def _pass(self, state, seat, rest):
        if state.phase != PASS:
            raise IllegalMove("Passing is over for this hand: play a card.")
        if state.passed[seat]:
            raise IllegalMove("You have already passed your three cards this hand.")
        chosen = read_cards(rest.split(" ") if rest else [], count=3, reason="Pass exactly three cards.")
        mask = mask_of(chosen)
        if mask.bit_count() != 3:
            raise IllegalMove("Pass three different cards.")
        missing = [card for card in chosen if not state.hands[seat] >> INDEX_OF[card] & 1]
        if missing:
            raise IllegalMove(f"You do not hold the {card_name(missing[0])}.")
        if list(cards_of(mask)) != chosen:
            raise IllegalMove(f"Name the cards in order: pass {' '.join(cards_of(mask))}.")
        new = state.copy()
        passed = list(state.passed)
        passed[seat] = mask
        new.passed = tuple(passed)
        if all(passed):
            _exchange(new)
        return new

    def _play(self, state, seat, rest):
        if state.phase != PLAY:
            raise IllegalMove("Choose three cards to pass first.")
        if seat != state.turn:
            raise IllegalMove("It is not your turn.")
        index = card_to_play(state.hands[seat], _playable(state, seat), rest, lambda: _why_not(state, seat, rest))
        return _played(state, seat, index)

    # -- what a seat may know -----------------------------------------------------------

    def view(self, state, seat):
        counts = [hand.bit_count() for hand in state.hands]
        view: dict[str, Any] = {
            "seat": seat,
            "phase": state.phase,
            "hand_number": state.hand_number,
            "pass_direction": PASS_NAMES[PASS_CYCLE[(state.hand_number - 1) % 4]],
            "hand": list(cards_of(state.hands[seat])) if seat is not None else [],
            "hand_counts": counts,
            "has_passed": [bool(mask) for mask in state.passed],
            "trick": trick_view(state.leader, state.trick, SEATS),
            "last_trick": last_trick_view(state.last_trick, SEATS),
            "hand_tricks": tricks_view(state.history, SEATS),
            "points_this_hand": list(state.taken),
            "totals": list(state.totals),
            "hand_scores": [list(scores) for scores in state.hand_scores],
            "hearts_broken": state.hearts_broken,
            "to_move": list(self.to_move(state)),
            "target_score": state.target_score,
            "queen_breaks_hearts": state.queen_breaks_hearts,
        }
        if seat is not None:
            view["passed"] = list(cards_of(state.passed[seat]))
            view["received"] = list(cards_of(state.received[seat]))
            if state.phase == PLAY and seat == state.turn:
                # Why each card that may not be played now is held back, for the table's hints.
                held_back = state.hands[seat] & ~_playable(state, seat)
                view["held_back"] = {card: _why_not(state, seat, card) for card in cards_of(held_back)}
        if state.phase == OVER:
            view["ranks"] = self.outcome(state)["ranks"]
        return view

    def describe_move(self, move, *, state=None):  # the move names its cards itself
        verb, _, rest = move.partition(" ")
        if verb == "play":
            return f"plays the {card_name(rest)}"
        return "passes three cards"

    def turn_continues(self, before, after, *, seat, move):
        # The last to pass, holding the two of clubs, then starts the play: a turn of its own.
        return before.phase != PASS and super().turn_continues(before, after, seat=seat, move=move)

    def trick_taken(self, state, seat, move):
        index = _PLAY_INDEX.get(move)
        if state.phase != PLAY or index is None or len(state.trick) != SEATS - 1:
            return None
        return (state.leader + trick_winner(state.trick + (index,))) % SEATS

    def is_over(self, state):
        return state.phase == OVER

    def hands_played(self, state):
        return len(state.hand_scores)

    def outcome(self, state):
        scores = list(state.totals)
        return {"scores": scores, "ranks": base.competition_ranks(scores, lower_is_better=True)}

    # -- storage --------------------------------------------------------------------------

    def dump(self, state):
        return {
            **dump_fields(state, FIELDS),
            "options": {
                "target_score": state.target_score,
                "queen_breaks_hearts": state.queen_breaks_hearts,
            },
        }

    def load(self, data):
        # A state stored before the hand summary kept the point cards taken: none, then.
        # One stored before the tricks were kept: none seen this hand, then (a search bot falls
        # back on what the counts allow).
        data = {"took": [[]] * SEATS, "last_hand": None, "history": [], **data}
        state = load_fields(HeartsState, data, FIELDS)
        options = self.resolve_options(data["options"])
        state.target_score = options["target_score"]
        state.queen_breaks_hearts = options["queen_breaks_hearts"]
        return state

    def known_cards(self, state, seat):
        data = self.dump(state)
        unseen = {card for other, hand in enumerate(data["hands"]) if other != seat for card in hand}
        # The three cards a seat passed are in another hand now, and it knows where.
        passed = set(data["passed"][seat]) if seat is not None else set()
        # The point cards of the hand before were all played face up; naming them now says
        # nothing about where they lie in this deal.
        return (set(standard_deck()) - (unseen - passed)) | base.cards_named(data["last_hand"])

    def hand_summary(self, state):
        if state.last_hand is None:
            return None
        scores = state.hand_scores[-1]
        moon = any(_points(took) == ALL_POINTS for took in state.last_hand)
        rows = []
        for seat, took in enumerate(state.last_hand):
            if moon and _points(took) == ALL_POINTS:
                note = "shot the moon"
            else:
                note = "" if took else "took no points"
            groups = [{"label": "Took", "melds": [list(cards_of(took))]}] if took else []
            rows.append({"seat": seat, "note": note, "groups": groups,
                         "figures": [scores[seat], state.totals[seat]]})
        if moon:
            line = "Shot the moon: all 26 points taken, so 0 for the shooter and 26 for each other player."
        else:
            line = "Each heart 1 point, the queen of spades 13: 26 points in the hand."
        number = len(state.hand_scores)
        return {"hand": number, "title": f"Hand {number}", "columns": ["Points", "Total"],
                "rows": rows, "line": line}


# -- the rules, on card masks -------------------------------------------------------------


def _deal(state: HeartsState, hand_number: int, deck: list[str] | None) -> None:
    """Start hand ``hand_number`` on ``state`` (a fresh copy the caller owns)."""
    if deck is None:
        deck = shuffled(standard_deck(), state.seed, label=f"hearts:hand:{hand_number}")
    hands = [0] * SEATS
    for i, card in enumerate(deck):
        hands[i % SEATS] |= 1 << INDEX_OF[card]
    state.hand_number = hand_number
    state.hands = tuple(hands)
    state.passed = (0,) * SEATS
    state.received = (0,) * SEATS
    state.trick = ()
    state.history = ()
    state.tricks_played = 0
    state.hearts_broken = False
    state.taken = (0,) * SEATS
    state.took = (0,) * SEATS
    # The old hand's cards are in the new hands now: showing its last trick would leak them.
    state.last_trick = None
    if PASS_CYCLE[(hand_number - 1) % 4]:
        state.phase = PASS
        # Not the two of clubs' holder yet: the view shows the leader, and who holds the
        # two before the pass is hidden. Play starts from the holder after the exchange.
        state.leader = state.turn = 0
    else:
        _start_play(state)


def _holder(hands: tuple[int, ...], bit: int) -> int:
    return next(seat for seat in range(SEATS) if hands[seat] & bit)


def _start_play(state: HeartsState) -> None:
    state.phase = PLAY
    state.leader = state.turn = _holder(state.hands, TWO_OF_CLUBS)


def _exchange(state: HeartsState) -> None:
    direction = PASS_CYCLE[(state.hand_number - 1) % 4]
    hands = list(state.hands)
    received = [0] * SEATS
    for seat in range(SEATS):
        to = (seat + direction) % SEATS
        hands[seat] &= ~state.passed[seat]
        received[to] = state.passed[seat]
    for seat in range(SEATS):
        hands[seat] |= received[seat]
    state.hands = tuple(hands)
    state.received = tuple(received)
    _start_play(state)


def _playable(state: HeartsState, seat: int) -> int:
    """The mask of cards ``seat`` may play now (it is its turn in the play phase)."""
    return playout.playable(state.hands[seat], state.trick, state.tricks_played, state.hearts_broken)


def _why_not(state: HeartsState, seat: int, card: str) -> str:
    """Why a held card may not be played now, in the player's words."""
    if not state.trick and state.tricks_played == 0:
        return "The two of clubs leads the first trick."
    if state.trick:
        if state.hands[seat] & SUIT_MASKS[state.trick[0] // 13]:
            return must_follow(state.trick[0])
        return "No hearts or the queen of spades on the first trick while you hold another card."
    return "Hearts are not broken yet: lead another suit."


def _played(state: HeartsState, seat: int, index: int) -> HeartsState:
    # The hottest line of every playout: state.copy() inlined.
    new = HeartsState.__new__(HeartsState)
    new.__dict__.update(state.__dict__)
    bit = 1 << index
    hands = list(state.hands)
    hands[seat] &= ~bit
    new.hands = tuple(hands)
    if bit & HEARTS or (bit == QUEEN_OF_SPADES and state.queen_breaks_hearts):
        new.hearts_broken = True
    trick = state.trick + (index,)
    if len(trick) < SEATS:
        new.trick = trick
        new.turn = (seat + 1) % SEATS
        return new
    winner = (state.leader + trick_winner(trick)) % SEATS
    won = ((1 << trick[0]) | (1 << trick[1]) | (1 << trick[2]) | (1 << trick[3])) & POINT_CARDS
    if won:
        taken = list(state.taken)
        taken[winner] += _points(won)
        new.taken = tuple(taken)
        took = list(state.took)
        took[winner] |= won
        new.took = tuple(took)
    new.last_trick = (state.hand_number, state.leader, winner, trick)
    new.history = state.history + ((state.leader, trick),)
    new.trick = ()
    new.leader = new.turn = winner
    new.tricks_played = state.tricks_played + 1
    if new.tricks_played == TRICKS:
        _finish_hand(new)
    return new


def _finish_hand(state: HeartsState) -> None:
    scores = state.taken
    if ALL_POINTS in scores:
        shooter = scores.index(ALL_POINTS)
        scores = tuple(0 if seat == shooter else ALL_POINTS for seat in range(SEATS))
    state.totals = tuple(total + score for total, score in zip(state.totals, scores, strict=True))
    state.hand_scores = state.hand_scores + (scores,)
    state.last_hand = state.took
    lowest = min(state.totals)
    if max(state.totals) >= state.target_score and state.totals.count(lowest) == 1:
        state.phase = OVER
        state.trick = ()
        return
    _deal(state, state.hand_number + 1, None)


ENGINE = Hearts()
