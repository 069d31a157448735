"""Spades, standard rules (the seed pages list it among the site's games; the rules are the
issue's "Spades and Oh Hell!").

Four players in two partnerships: seats 0 and 2 (team 0) against 1 and 3 (team 1). 52
cards, 13 each; card ``i`` of a deal goes to seat ``i % 4``. Deals after the first come
from the match seed (label ``spades:hand:<n>``); a given ``deck`` (top first) fixes the first.

Rules
- The first hand's dealer is seat 3; the deal moves left each hand. Bidding goes once
  around from the dealer's left: a number of tricks, 1 to 13, or nil (no trick at all); no
  passing. With ``blind_nil``, a seat whose team trails by 100 or more when the hand is
  dealt sees no card of its hand until it has bid, and may bid blind nil.
- The dealer's left leads the first trick. Follow suit if you can; spades are trumps.
  Spades may not be led until a spade has been played (broken), unless the leader holds
  only spades. The highest spade takes the trick, else the highest card of the suit led.
- Each team scores a hand on its own. Its bid is the sum of its partners' number bids; its
  tricks, those its number bidders took (a nil bidder's too with ``nil_tricks_count``).
  Taking at least the bid scores 10 a trick bid and 1 a trick over (a bag); fewer scores
  minus 10 a trick bid. Every 10 bags a team has gathered cost it 100 (and 10 bags). Each
  nil scores 100 when its bidder took no trick, else minus 100 (blind nil 200).
- The match ends after a hand in which a team has reached ``target_score``, with the higher
  total winning (equal totals: another hand); with ``mercy``, also when a team is at minus
  200 or below; and after hand ``MOST_HANDS`` whatever the totals (unless they are equal), so
  that wild bidding (a beginner's, a random bot's) cannot keep a table going for ever.

Moves: ``bid 4``, ``bid nil``, ``bid blind nil``, ``play QS``.
"""

from __future__ import annotations

from typing import Any

from games.kit import engine as base
from games.kit.cards import (
    CARD_AT,
    INDEX_OF,
    SUIT_MASKS,
    MaskLister,
    card_name,
    cards_of,
    checked_deck,
    shuffled,
    standard_deck,
)
from games.kit.engine import IllegalMove
from games.kit.moves import check_seat, whole_number
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

SEATS = 4
TRICKS = 13
SPADES = SUIT_MASKS[3]
SPADE_SUIT = 3
NIL, BLIND_NIL = "nil", "blind nil"
NUMBER_BIDS = tuple(range(1, TRICKS + 1))
FIRST_DEALER = 3
BAGS_PENALTY, BAGS_LIMIT = 100, 10
NIL_POINTS = {NIL: 100, BLIND_NIL: 200}
BLIND_NIL_BEHIND = 100  # how far a team must trail for its players to bid blind nil
MERCY = -200
MOST_HANDS = 50  # sensible bidding reaches 500 in about ten hands

BID, PLAY, OVER = "bid", "play", "over"
_play_moves_of = MaskLister(tuple("play " + card for card in CARD_AT))
_PLAY_INDEX = {"play " + card: index for card, index in INDEX_OF.items()}


def team_of(seat: int) -> int:
    return seat % 2


def bid_move(bid: Any) -> str:
    return f"bid {bid}"


def bid_words(bid: Any) -> str:
    """A bid as the table says it: "nil", "blind nil", "4"."""
    return str(bid)


def score_hand(bids: tuple[Any, ...], tricks: tuple[int, ...], *, nil_tricks_count: bool = False
               ) -> tuple[tuple[int, int], tuple[int, int]]:
    """Each team's points for a hand, before its bags are counted against it, and the bags
    (overtricks) it took: ``((points0, points1), (bags0, bags1))``."""
    points, bags = [0, 0], [0, 0]
    for team in (0, 1):
        seats = (team, team + 2)
        bid = sum(bids[seat] for seat in seats if bids[seat] not in NIL_POINTS)
        taken = sum(tricks[seat] for seat in seats if bids[seat] not in NIL_POINTS or nil_tricks_count)
        for seat in seats:
            if bids[seat] in NIL_POINTS:
                points[team] += NIL_POINTS[bids[seat]] * (1 if tricks[seat] == 0 else -1)
        if taken >= bid:
            points[team] += 10 * bid + (taken - bid)
            bags[team] = taken - bid
        else:
            points[team] -= 10 * bid
    return (points[0], points[1]), (bags[0], bags[1])


class SpadesState(GameState):
    """One moment of a match. Treat as immutable: the engine copies before changing.

    Hands are 52-bit card masks; ``trick`` holds card indexes in play order from ``leader``;
    ``last_trick`` is (hand, leader, winner, cards); ``history`` this hand's finished tricks as
    (leader, cards), which every seat saw played; ``bidding`` the hand's bids
    (``tricks.Bidding``); ``blind`` the seats that see no card until they bid; ``totals`` and
    ``bags`` per team; ``last_hand`` the bids, tricks and points of the hand finished last.
    """

    def __repr__(self) -> str:
        return f"<SpadesState hand {self.hand_number} {self.phase}>"


FIELDS = {
    "seed": PLAIN,
    "hand_number": PLAIN,
    "phase": PLAIN,
    "dealer": PLAIN,
    "hands": each(MASK),
    "bidding": Field(Bidding.dump, Bidding.load),
    "blind": TUPLE,
    "trick": Field(lambda trick: [CARD_AT[c] for c in trick], lambda cards: tuple(INDEX_OF[c] for c in cards)),
    "leader": PLAIN,
    "turn": PLAIN,
    "tricks_played": PLAIN,
    "spades_broken": PLAIN,
    "tricks": TUPLE,
    "totals": TUPLE,
    "bags": TUPLE,
    "hand_scores": TUPLES,
    "last_hand": PLAIN,
    "last_trick": Field(lambda last: last_trick_view(last, SEATS), last_trick_from),
    "history": Field(lambda history: tricks_view(history, SEATS), history_from),
}
OPTION_NAMES = ("target_score", "blind_nil", "nil_tricks_count", "mercy")


class Spades(base.Engine):
    slug = "spades"
    name = "Spades"
    min_players = 4
    max_players = 4
    most_hands = MOST_HANDS
    dealing = ("Hand n: the 52 cards in canonical order are shuffled with the label spades:hand:n, and "
               "card i goes to seat i mod 4.")
    options = {
        "target_score": (500, (250, 300, 500)),
        "blind_nil": (False, (False, True)),
        "nil_tricks_count": (False, (False, True)),
        "mercy": (False, (False, True)),
    }

    # -- setting up ---------------------------------------------------------------------

    def new_game(self, players, *, seed, options=None, deck=None):
        self.check_players(players)
        options = self.resolve_options(options)
        state = SpadesState.blank()
        state.seed = str(seed)
        set_options(state, options, OPTION_NAMES)
        state.totals = (0, 0)
        state.bags = (0, 0)
        state.hand_scores = ()
        state.last_hand = None
        _deal(state, 1, FIRST_DEALER, checked_deck(deck) if deck is not None else None)
        return state

    # -- whose turn and what they may do ------------------------------------------------

    def to_move(self, state):
        if state.phase == BID:
            return (state.bidding.bidder,)
        if state.phase == PLAY:
            return (state.turn,)
        return ()

    def legal_moves(self, state, seat):
        if state.phase == BID:
            if seat != state.bidding.bidder:
                return []
            return [bid_move(bid) for bid in _bid_choices(state, seat)]
        if state.phase == PLAY and seat == state.turn:
            return list(_play_moves_of(_playable(state, seat)))
        return []

    def apply(self, state, seat, move):
        if state.phase == PLAY and seat == state.turn and isinstance(move, str):
            index = _PLAY_INDEX.get(move)
            if index is not None and _playable(state, seat) >> index & 1:
                return _played(state, seat, index)
        if not isinstance(move, str):
            raise IllegalMove(f"{move!r} is not a move: send text like 'bid 4' or 'play QS'.")
        if state.phase == OVER:
            raise IllegalMove("The match is over.")
        check_seat(seat, SEATS)
        verb, _, rest = " ".join(move.split()).partition(" ")
        verb = verb.lower()
        if verb == "bid":
            return self._bid(state, seat, rest)
        if verb == "play":
            return self._play(state, seat, rest)
        raise IllegalMove(f"{move!r} is not a Spades move: use 'bid' and a number or nil, or 'play' and a card.")

    def _bid(self, state, seat, rest):
        if state.phase != BID:
            raise IllegalMove("The bidding is over for this hand: play a card.")
        word = rest.lower()
        number = whole_number(word)
        bid: Any = word if number is None else number  # a word: nil or blind nil
        if bid == BLIND_NIL and seat not in state.blind:
            raise IllegalMove("Blind nil is for a player whose team trails by 100 or more, before seeing a card.")
        if isinstance(bid, int) and bid not in NUMBER_BIDS:
            raise IllegalMove("Bid from 1 to 13 tricks, or nil.")
        new = state.copy()
        new.bidding = state.bidding.bid(seat, bid, _bid_choices(state, seat))
        new.blind = tuple(other for other in state.blind if other != seat)
        if new.bidding.over:
            new.phase = PLAY
        return new

    def _play(self, state, seat, rest):
        if state.phase != PLAY:
            raise IllegalMove("Everyone bids before the play: bid a number of tricks or nil.")
        if seat != state.turn:
            raise IllegalMove("It is not your turn.")
        index = card_to_play(state.hands[seat], _playable(state, seat), rest, lambda: _why_not(state, seat))
        return _played(state, seat, index)

    # -- what a seat may know -----------------------------------------------------------

    def view(self, state, seat):
        blind = seat in state.blind
        view: dict[str, Any] = {
            "seat": seat,
            "phase": state.phase,
            "hand_number": state.hand_number,
            "dealer": state.dealer,
            "hand": list(cards_of(state.hands[seat])) if seat is not None and not blind else [],
            "blind": blind,
            "hand_counts": [hand.bit_count() for hand in state.hands],
            "bids": list(state.bidding.bids),
            "tricks": list(state.tricks),
            "team_bids": [_team_bid(state.bidding.bids, team) for team in (0, 1)],
            "bags": list(state.bags),
            "totals": list(state.totals),
            "hand_scores": [list(scores) for scores in state.hand_scores],
            "spades_broken": state.spades_broken,
            "trick": trick_view(state.leader, state.trick, SEATS),
            "last_trick": last_trick_view(state.last_trick, SEATS),
            "hand_tricks": tricks_view(state.history, SEATS),
            "to_move": list(self.to_move(state)),
            "target_score": state.target_score,
            "options": options_of(state, OPTION_NAMES),
        }
        if seat is not None and state.phase == PLAY and seat == state.turn:
            held_back = state.hands[seat] & ~_playable(state, seat)
            view["held_back"] = {card: _why_not(state, seat) for card in cards_of(held_back)}
        if state.phase == OVER:
            view["ranks"] = self.outcome(state)["ranks"]
        return view

    def known_cards(self, state, seat):
        hidden = {card for other in range(SEATS) if other != seat or seat in state.blind
                  for card in cards_of(state.hands[other])}
        return set(standard_deck()) - hidden

    def describe_move(self, move, *, state=None):
        verb, _, rest = move.partition(" ")
        if verb == "bid":
            return f"bids {bid_words(rest)}"
        return f"plays the {card_name(rest)}"

    def trick_taken(self, state, seat, move):
        index = _PLAY_INDEX.get(move)
        if state.phase != PLAY or index is None or len(state.trick) != SEATS - 1:
            return None
        return (state.leader + trick_winner(state.trick + (index,), trump=SPADE_SUIT)) % SEATS

    def is_over(self, state):
        return state.phase == OVER

    def hands_played(self, state):
        return len(state.hand_scores)

    def outcome(self, state):
        # Partners share their team's total and its rank among the two teams.
        team_ranks = base.competition_ranks(list(state.totals), lower_is_better=False)
        return {"scores": [state.totals[team_of(seat)] for seat in range(SEATS)],
                "ranks": [team_ranks[team_of(seat)] for seat in range(SEATS)]}

    def hand_summary(self, state):
        last = state.last_hand
        if last is None:
            return None
        rows = []
        for seat in range(SEATS):
            bid, took = last["bids"][seat], last["tricks"][seat]
            team = team_of(seat)
            if bid in NIL_POINTS:
                note = f"{bid}, {'made' if took == 0 else 'failed'}"
            else:
                note = ""
            rows.append({"seat": seat, "note": note, "groups": [],
                         "figures": [None if bid in NIL_POINTS else bid, took, last["points"][team],
                                     last["totals"][team]]})
        number = len(state.hand_scores)
        line = ("Each team: 10 a trick bid when it takes that many, 1 a trick over (a bag), minus 10 a trick bid "
                "when it does not; a nil 100 made or minus 100 failed (blind nil 200); every 10 bags cost 100.")
        if any(last["bag_penalty"]):
            paid = [f"team {team + 1}" for team in (0, 1) if last["bag_penalty"][team]]
            line += f" Ten bags cost {' and '.join(paid)} 100."
        return {"hand": number, "title": f"Hand {number}", "columns": ["Bid", "Tricks", "Team points", "Team total"],
                "rows": rows, "line": line}

    # -- storage --------------------------------------------------------------------------

    def dump(self, state):
        return {**dump_fields(state, FIELDS), "options": options_of(state, OPTION_NAMES)}

    def load(self, data):
        data = {"history": [], **data}  # stored before the hand's tricks were kept
        return set_options(load_fields(SpadesState, data, FIELDS), self.resolve_options(data["options"]), OPTION_NAMES)


# -- the rules, on card masks -------------------------------------------------------------


def _team_bid(bids: tuple[Any, ...], team: int) -> int:
    return sum(bid for bid in (bids[team], bids[team + 2]) if isinstance(bid, int))


def _bid_choices(state: SpadesState, seat: int) -> list[Any]:
    choices: list[Any] = [NIL, *NUMBER_BIDS]
    if seat in state.blind:
        choices.insert(0, BLIND_NIL)
    return choices


def _deal(state: SpadesState, hand_number: int, dealer: int, deck: list[str] | None) -> None:
    """Start hand ``hand_number`` dealt by ``dealer`` on ``state`` (a copy the caller owns)."""
    if deck is None:
        deck = shuffled(standard_deck(), state.seed, label=f"spades:hand:{hand_number}")
    hands = [0] * SEATS
    for i, card in enumerate(deck):
        hands[i % SEATS] |= 1 << INDEX_OF[card]
    first = (dealer + 1) % SEATS
    state.hand_number = hand_number
    state.dealer = dealer
    state.hands = tuple(hands)
    state.phase = BID
    state.bidding = Bidding.start(SEATS, first)
    behind = [team for team in (0, 1) if state.totals[1 - team] - state.totals[team] >= BLIND_NIL_BEHIND]
    state.blind = tuple(seat for seat in range(SEATS) if state.blind_nil and team_of(seat) in behind)
    state.trick = ()
    state.leader = state.turn = first
    state.tricks_played = 0
    state.history = ()
    state.spades_broken = False
    state.tricks = (0,) * SEATS
    # The old hand's cards are in the new hands now: showing its last trick would leak them.
    state.last_trick = None


def _playable(state: SpadesState, seat: int) -> int:
    """The mask of cards ``seat`` may play now (it is its turn in the play)."""
    hand = state.hands[seat]
    if state.trick:
        return hand & SUIT_MASKS[state.trick[0] // 13] or hand
    return hand if state.spades_broken else hand & ~SPADES or hand


def _why_not(state: SpadesState, seat: int) -> str:
    if state.trick:
        return must_follow(state.trick[0])
    return "Spades are not broken yet: lead another suit."


def _played(state: SpadesState, seat: int, index: int) -> SpadesState:
    new = state.copy()
    bit = 1 << index
    hands = list(state.hands)
    hands[seat] &= ~bit
    new.hands = tuple(hands)
    if bit & SPADES:
        new.spades_broken = True
    trick = state.trick + (index,)
    if len(trick) < SEATS:
        new.trick = trick
        new.turn = (seat + 1) % SEATS
        return new
    winner = (state.leader + trick_winner(trick, trump=SPADE_SUIT)) % SEATS
    tricks = list(state.tricks)
    tricks[winner] += 1
    new.tricks = tuple(tricks)
    new.last_trick = (state.hand_number, state.leader, winner, trick)
    new.history = state.history + ((state.leader, trick),)
    new.trick = ()
    new.leader = new.turn = winner
    new.tricks_played = state.tricks_played + 1
    if new.tricks_played == TRICKS:
        _finish_hand(new)
    return new


def _finish_hand(state: SpadesState) -> None:
    bids = state.bidding.bids
    points, bags = score_hand(bids, state.tricks, nil_tricks_count=state.nil_tricks_count)
    scores, gathered, penalty = list(points), list(state.bags), [False, False]
    for team in (0, 1):
        gathered[team] += bags[team]
        if gathered[team] >= BAGS_LIMIT:
            scores[team] -= BAGS_PENALTY
            gathered[team] -= BAGS_LIMIT
            penalty[team] = True
    state.totals = tuple(total + score for total, score in zip(state.totals, scores, strict=True))
    state.bags = tuple(gathered)
    state.hand_scores = state.hand_scores + (tuple(scores),)
    state.last_hand = {"bids": list(bids), "tricks": list(state.tricks), "points": scores,
                       "totals": list(state.totals), "bag_penalty": penalty}
    reached = (max(state.totals) >= state.target_score or (state.mercy and min(state.totals) <= MERCY)
               or state.hand_number >= MOST_HANDS)
    if reached and state.totals[0] != state.totals[1]:
        state.phase = OVER
        state.trick = ()
        return
    _deal(state, state.hand_number + 1, (state.dealer + 1) % SEATS, None)


ENGINE = Spades()
