"""Oh Hell!, as CardGames.io plays it (the rules are the issue's "Spades and Oh Hell!").

Three to seven players, 52 cards. Rounds go from the largest hand down to one card and
back up (``rounds``: down_up; or up_down, or down only): the largest hand is 10 cards, fewer
when the table is too big for ten each and a turned-up card (six players: 8, seven: 7).
Round ``n`` is shuffled from the match seed (label ``oh_hell:round:<n>``); a given ``deck``
(top first) fixes the first. Card ``i`` of a deal goes to seat ``i % players``; the next
card is turned up, and its suit is trumps for the round.

Rules
- The first round's dealer is the last seat; the deal moves left each round. Bidding goes
  once around from the dealer's left, the dealer last: ``bid N``, 0 to the hand size. With
  ``hook`` (on by default) the dealer may not bid the number that makes the bids add up to
  the tricks in the hand.
- The dealer's left leads the first trick. Follow suit if you can; the highest trump takes
  the trick, else the highest card of the suit led; the winner leads the next.
- Scoring (``scoring``): tricks_plus_10 gives 1 a trick taken and 10 more for taking exactly
  the bid; exact_only gives 10 plus the bid for taking exactly the bid, else nothing.
- The highest total after the last round wins; ties share the rank.

Moves: ``bid 3``, ``play QS``.
"""

from __future__ import annotations

from typing import Any

from games.kit import engine as base
from games.kit.cards import (
    CARD_AT,
    INDEX_OF,
    SUIT_MASKS,
    card_name,
    cards_of,
    checked_deck,
    shuffled,
    standard_deck,
)
from games.kit.engine import IllegalMove
from games.kit.moves import check_seat, read_number
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
    options_of,
    set_options,
)
from games.kit.tricks import (
    Bidding,
    card_to_play,
    history_from,
    last_trick_from,
    last_trick_view,
    must_follow,
    trick_view,
    trick_winner,
    tricks_view,
)

MOST_CARDS = 10
SUITS = "CDHS"
BID, PLAY, OVER = "bid", "play", "over"
ROUND_ORDERS = ("down_up", "up_down", "down")
SCORINGS = ("tricks_plus_10", "exact_only")
EXACT_BONUS = 10


def largest_hand(players: int) -> int:
    """Ten cards each, or as many as the deck holds with one left to turn up."""
    return min(MOST_CARDS, (52 - 1) // players)


def round_sizes(players: int, order: str) -> tuple[int, ...]:
    """The hand size of every round, in order: four players down_up is 10, 9, ..., 1, ..., 10."""
    down = tuple(range(largest_hand(players), 0, -1))
    if order == "down":
        return down
    if order == "up_down":
        return down[::-1] + down[1:]
    return down + down[::-1][1:]


def hand_points(bid: int, took: int, scoring: str) -> int:
    if scoring == "exact_only":
        return EXACT_BONUS + bid if took == bid else 0
    return took + (EXACT_BONUS if took == bid else 0)


class OhHellState(GameState):
    """One moment of a match. Treat as immutable: the engine copies before changing.

    Hands are 52-bit card masks; ``trump_card`` the card turned up (its suit is trumps);
    ``trick`` card indexes in play order from ``leader``; ``bidding`` the round's bids;
    ``history`` the round's finished tricks as (leader, cards), which every seat saw played.
    """

    def __repr__(self) -> str:
        return f"<OhHellState round {self.round_number} {self.phase}>"


FIELDS = {
    "seed": PLAIN,
    "players": PLAIN,
    "sizes": TUPLE,
    "round_number": PLAIN,
    "phase": PLAIN,
    "dealer": PLAIN,
    "hands": each(MASK),
    "trump_card": PLAIN,
    "bidding": Field(Bidding.dump, Bidding.load),
    "trick": Field(lambda trick: [CARD_AT[c] for c in trick], lambda cards: tuple(INDEX_OF[c] for c in cards)),
    "leader": PLAIN,
    "turn": PLAIN,
    "tricks_played": PLAIN,
    "tricks": TUPLE,
    "totals": TUPLE,
    "round_scores": TUPLES,
    "last_round": PLAIN,
}
OPTION_NAMES = ("rounds", "hook", "scoring")


class OhHell(base.Engine):
    slug = "oh_hell"
    name = "Oh Hell!"
    min_players = 3
    max_players = 7
    default_players = 4  # you and three bots, as CardGames.io deals it
    dealing = ("Round n: the 52 cards in canonical order are shuffled with the label oh_hell:round:n; card i "
               "goes to seat i mod the number of players, and the next card is turned up for trumps.")
    options = {
        "rounds": ("down_up", ROUND_ORDERS),
        "hook": (True, (True, False)),
        "scoring": ("tricks_plus_10", SCORINGS),
    }

    # -- setting up ---------------------------------------------------------------------

    def new_game(self, players, *, seed, options=None, deck=None):
        self.check_players(players)
        options = self.resolve_options(options)
        state = OhHellState.blank()
        state.seed = str(seed)
        state.players = players
        set_options(state, options, OPTION_NAMES)
        state.sizes = round_sizes(players, state.rounds)
        state.totals = (0,) * players
        state.round_scores = ()
        state.last_round = None
        _deal(state, 1, players - 1, checked_deck(deck) if deck is not None else None)
        return state

    # -- whose turn and what they may do ------------------------------------------------

    def to_move(self, state):
        if state.phase == BID:
            return (state.bidding.bidder,)
        if state.phase == PLAY:
            return (state.turn,)
        return ()

    def legal_moves(self, state, seat):
        if state.phase == BID and seat == state.bidding.bidder:
            return [f"bid {bid}" for bid in state.bidding.allowed(_choices(state), rule=_hook_rule(state))]
        if state.phase == PLAY and seat == state.turn:
            return ["play " + card for card in cards_of(_playable(state, seat))]
        return []

    def apply(self, state, seat, move):
        if not isinstance(move, str):
            raise IllegalMove(f"{move!r} is not a move: send text like 'bid 2' or 'play QS'.")
        if state.phase == OVER:
            raise IllegalMove("The match is over.")
        check_seat(seat, state.players)
        verb, _, rest = " ".join(move.split()).partition(" ")
        verb = verb.lower()
        if verb == "bid":
            return self._bid(state, seat, rest)
        if verb == "play":
            return self._play(state, seat, rest)
        raise IllegalMove(f"{move!r} is not an Oh Hell! move: use 'bid' and a number, or 'play' and a card.")

    def _bid(self, state, seat, rest):
        if state.phase != BID:
            raise IllegalMove("The bidding is over for this round: play a card.")
        bid = read_number(rest, reason=f"Bid a number of tricks, 0 to {_size(state)}.")
        new = state.copy()
        new.bidding = state.bidding.bid(seat, bid, _choices(state), rule=_hook_rule(state))
        if new.bidding.over:
            new.phase = PLAY
        return new

    def _play(self, state, seat, rest):
        if state.phase != PLAY:
            raise IllegalMove("Everyone bids before the play: bid a number of tricks.")
        if seat != state.turn:
            raise IllegalMove("It is not your turn.")
        index = card_to_play(state.hands[seat], _playable(state, seat), rest, lambda: must_follow(state.trick[0]))
        return _played(state, seat, index)

    # -- what a seat may know -----------------------------------------------------------

    def view(self, state, seat):
        view: dict[str, Any] = {
            "seat": seat,
            "phase": state.phase,
            "round_number": state.round_number,
            "rounds": len(state.sizes),
            "hand_size": _size(state),
            "sizes": list(state.sizes),
            "dealer": state.dealer,
            "trump_card": state.trump_card,
            "trump": state.trump_card[1],
            "hand": list(cards_of(state.hands[seat])) if seat is not None else [],
            "hand_counts": [hand.bit_count() for hand in state.hands],
            "bids": list(state.bidding.bids),
            "tricks": list(state.tricks),
            "totals": list(state.totals),
            "round_scores": [list(scores) for scores in state.round_scores],
            "trick": trick_view(state.leader, state.trick, state.players),
            "last_trick": last_trick_view(state.last_trick, state.players),
            "hand_tricks": tricks_view(state.history, state.players),
            "to_move": list(self.to_move(state)),
            "options": options_of(state, OPTION_NAMES),
        }
        if seat is not None and state.phase == PLAY and seat == state.turn:
            held_back = state.hands[seat] & ~_playable(state, seat)
            view["held_back"] = {card: must_follow(state.trick[0]) for card in cards_of(held_back)}
        if state.phase == OVER:
            view["ranks"] = self.outcome(state)["ranks"]
        return view

    def known_cards(self, state, seat):
        # The seat's hand, the card turned up and the cards on the table; never the rest of
        # the stock, nor another hand.
        own = set(cards_of(state.hands[seat])) if seat is not None else set()
        return own | {state.trump_card} | set(_played_cards(state))

    def describe_move(self, move, *, state=None):
        verb, _, rest = move.partition(" ")
        if verb == "bid":
            return f"bids {rest}"
        return f"plays the {card_name(rest)}"

    def trick_taken(self, state, seat, move):
        verb, _, rest = move.partition(" ")
        if state.phase != PLAY or verb != "play" or len(state.trick) != state.players - 1:
            return None
        trick = state.trick + (INDEX_OF[rest],)
        return (state.leader + trick_winner(trick, trump=SUITS.index(state.trump_card[1]))) % state.players

    def is_over(self, state):
        return state.phase == OVER

    def hands_played(self, state):
        return len(state.round_scores)

    def outcome(self, state):
        scores = list(state.totals)
        return {"scores": scores, "ranks": base.competition_ranks(scores, lower_is_better=False)}

    def hand_summary(self, state):
        last = state.last_round
        if last is None:
            return None
        number = len(state.round_scores)
        rows = [{"seat": seat, "note": "made it exactly" if last["tricks"][seat] == last["bids"][seat] else "",
                 "groups": [], "figures": [last["bids"][seat], last["tricks"][seat], last["points"][seat],
                                           last["totals"][seat]]}
                for seat in range(state.players)]
        if state.scoring == "exact_only":
            line = "Taking exactly the bid scores 10 plus the bid; any other number of tricks scores nothing."
        else:
            line = "Each trick taken scores 1, and taking exactly the bid 10 more."
        return {"hand": number, "title": f"Round {number}", "columns": ["Bid", "Tricks", "Points", "Total"],
                "rows": rows, "line": line}

    # -- storage --------------------------------------------------------------------------

    def dump(self, state):
        fields = _fields(state.players)
        return {**dump_fields(state, fields), "options": options_of(state, OPTION_NAMES)}

    def load(self, data):
        data = {"history": [], **data}  # stored before the round's tricks were kept
        return set_options(load_fields(OhHellState, data, _fields(data["players"])), self.resolve_options(data["options"]), OPTION_NAMES)


# -- the rules, on card masks -------------------------------------------------------------


def _fields(players: int) -> dict[str, Field]:
    """FIELDS and the last trick and the round's tricks, whose views need the table's size."""
    return FIELDS | {"last_trick": Field(lambda last: last_trick_view(last, players), last_trick_from),
                     "history": Field(lambda history: tricks_view(history, players), history_from)}


def _size(state: OhHellState) -> int:
    return state.sizes[state.round_number - 1]


def _choices(state: OhHellState) -> range:
    return range(_size(state) + 1)


def _hook_rule(state: OhHellState):
    size = _size(state)

    def hook(bidding: Bidding, seat: int, bid: int) -> str | None:
        if not state.hook or not bidding.bids_last(seat):
            return None
        made = sum(other for other in bidding.bids if other is not None)
        if made + bid == size:
            return f"The dealer may not bid {bid}: the bids would add up to the {size} tricks in the hand."
        return None

    return hook


def _played_cards(state: OhHellState) -> list[str]:
    cards = [CARD_AT[c] for c in state.trick]
    cards += [CARD_AT[c] for _, trick in state.history for c in trick]  # the round's, seen by all
    if state.last_trick is not None:
        cards += [CARD_AT[c] for c in state.last_trick[3]]
    return cards


def _deal(state: OhHellState, round_number: int, dealer: int, deck: list[str] | None) -> None:
    """Start round ``round_number`` dealt by ``dealer`` on ``state`` (a copy the caller owns)."""
    if deck is None:
        deck = shuffled(standard_deck(), state.seed, label=f"oh_hell:round:{round_number}")
    players, size = state.players, state.sizes[round_number - 1]
    hands = [0] * players
    for i, card in enumerate(deck[:size * players]):
        hands[i % players] |= 1 << INDEX_OF[card]
    first = (dealer + 1) % players
    state.round_number = round_number
    state.dealer = dealer
    state.hands = tuple(hands)
    state.trump_card = deck[size * players]
    state.phase = BID
    state.bidding = Bidding.start(players, first)
    state.trick = ()
    state.leader = state.turn = first
    state.tricks_played = 0
    state.tricks = (0,) * players
    state.history = ()
    # The old round's cards are in the new hands now: showing its last trick would leak them.
    state.last_trick = None


def _playable(state: OhHellState, seat: int) -> int:
    hand = state.hands[seat]
    if state.trick:
        return hand & SUIT_MASKS[state.trick[0] // 13] or hand
    return hand


def _played(state: OhHellState, seat: int, index: int) -> OhHellState:
    new = state.copy()
    hands = list(state.hands)
    hands[seat] &= ~(1 << index)
    new.hands = tuple(hands)
    trick = state.trick + (index,)
    players = state.players
    if len(trick) < players:
        new.trick = trick
        new.turn = (seat + 1) % players
        return new
    winner = (state.leader + trick_winner(trick, trump=SUITS.index(state.trump_card[1]))) % players
    tricks = list(state.tricks)
    tricks[winner] += 1
    new.tricks = tuple(tricks)
    new.last_trick = (state.round_number, state.leader, winner, trick)
    new.history = state.history + ((state.leader, trick),)
    new.trick = ()
    new.leader = new.turn = winner
    new.tricks_played = state.tricks_played + 1
    if new.tricks_played == _size(state):
        _finish_round(new)
    return new


def _finish_round(state: OhHellState) -> None:
    bids = state.bidding.bids
    points = tuple(hand_points(bids[seat], state.tricks[seat], state.scoring) for seat in range(state.players))
    state.totals = tuple(total + score for total, score in zip(state.totals, points, strict=True))
    state.round_scores = state.round_scores + (points,)
    state.last_round = {"bids": list(bids), "tricks": list(state.tricks), "points": list(points),
                        "totals": list(state.totals)}
    if state.round_number == len(state.sizes):
        state.phase = OVER
        state.trick = ()
        return
    _deal(state, state.round_number + 1, (state.dealer + 1) % state.players, None)


ENGINE = OhHell()
