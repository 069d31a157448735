"""Rummy (basic, "Rum"), as the seed texts' three sites describe it; their differences are options.

2 to 6 players, 52 cards (54 with the jokers option), aces low. Each round deals 10 cards
each to 2 players, 7 each to 3 or 4, 6 each to 5 or 6, one at a time round-robin from the
seat that acts first; the next card is turned up to start the discard pile and the rest is
the stock. A given ``deck`` (top first) fixes the first deal: round-robin from seat 0, then
the up-card, then the stock top first. Later deals come from the match seed (label
``rummy:round:<n>``). Seat 0 acts first in round 1, seat 1 in round 2, and so on around.

A turn
1. Draw: the top card of the stock, or the top card of the discard pile.
2. Then, as often as you like (all optional): meld, lay off, swap a joker.
   - A meld is a set (three or four cards of one rank) or a run (three or more cards of
     one suit in sequence; aces low, so A-2-3 but not Q-K-A). A meld holds at least two
     cards that are not jokers. With ``melds_per_turn`` "one", one meld a turn.
   - Lay off: add one card to any meld on the table, anyone's: the missing suit to a set,
     the next card at either end of a run. Melds are never rearranged.
3. Discard one card to end the turn. A card taken from the discard pile this turn may not
   be discarded this turn, and you may not meld or lay off down to that card alone.

The round ends at once when a player holds no cards (by melding, laying off or
discarding the last one). Each other hand is worth its cards: kings, queens, jacks and tens
10, other cards their face value, aces 1 (15 when aces may be high), jokers 15. A player who
goes out in a turn they began with nothing of theirs on the table (no meld, layoff or swap
this round) "goes rummy": the round's points are doubled.

Scoring (option ``scoring``)
- ``penalty``: each losing hand's value is added to its own total. At ``target_score`` the
  match ends and the lowest total ranks first (ties share a rank).
- ``winner_takes``: the winner scores the sum of the losing hands; the first to reach
  ``target_score`` ends the match and the highest total ranks first.
- ``rounds`` other than 0 plays exactly that many rounds instead, target ignored.

When the stock is empty at the start of a turn (option ``empty_stock``)
- ``reshuffle``: the discard pile except its top card is shuffled (label
  ``rummy:round:<n>:stock:<k>``) into a new stock. If only the top card is left, the player
  must take it. As the seed advises against endless play, a round rebuilds its stock at
  most three times: the fourth time the stock is empty the round ends as with
  ``turn_over`` (lowest hand wins the difference). Without this, two players each holding
  cards that can no longer be laid off anywhere would draw and discard forever.
- ``turn_over``: the first time, the discard pile is turned over, unshuffled, to be the new
  stock (its oldest card on top) and the top card is turned up to start a new pile. The
  second time the round ends: the lowest hand wins it and every other hand is worth its value
  less the winner's (seed 003). (Simplified from the seeds, where the player may first choose
  to take the old discard instead.)
- ``block``: the round ends. With ``penalty`` every player adds their own hand's value;
  with ``winner_takes`` the lowest hand wins the difference, as with ``turn_over``.
  When an empty stock ends the round, hands tied for lowest all count as winners.

Other options
- ``aces``: ``low``, or ``high_or_low`` (Q-K-A and A-2-3 both run, never K-A-2; aces 15).
- ``jokers``: ``on`` adds X1 and X2, wild. A joker in a run stands for one named card
  (``X1=7S``); in a set it stands for the rank (any suit the set lacks). Jokers count 15 in
  hand. Once on the table a joker may be taken by anyone, on their turn after drawing, by
  swapping in the natural card it stands for (for a set: a card of its rank the set lacks);
  the joker goes to the swapper's hand.
- ``meld_before_layoff``: ``on``: you may lay off or swap only once you have melded this
  round.
- ``discard_to_go_out``: ``on``: the last card must be discarded, so you may not meld or
  lay off your last card.

Moves (cards are two characters, see ``cards``; meld numbers count from 0 in table order, while
the board and the words count them from 1)
- ``draw stock``
- ``draw discard 7H``: take the discard pile's top card, here the seven of hearts.
  ``draw discard`` without the card is accepted too; the canonical form names the card so
  that the move log and the announcement can say it.
- ``meld 3S 4S 5S``: lay down a meld. Canonical order: a run low to high with each joker
  in its place written ``X1=6S``; a set by suit (clubs, diamonds, hearts, spades) with its
  jokers last, written bare (``meld 7C 7D X1``). Any order and lower case are accepted, and
  a bare joker in a run is accepted where its place is unambiguous (a gap).
- ``layoff 6S 2``: lay the six of spades off on meld 2. A joker: ``layoff X1=8S 2`` on a
  run, ``layoff X1 2`` on a set.
- ``swap 7S 2``: put the seven of spades in place of the joker standing for it in meld 2
  and take the joker (jokers option only).
- ``discard KH``: discard the king of hearts, ending the turn.
``legal_moves`` lists every meld the hand can make (every run window and every set,
jokers used lowest-numbered first and only to fill places no held card fills), every
layoff, every swap and every discard.
"""

from __future__ import annotations

from typing import Any

from games.kit import engine as base
from games.kit.cards import (
    JOKERS,
    RANK_WORDS,
    SUIT_WORDS,
    CardError,
    card_name,
    checked_deck,
    parse_card,
    pip_value,
    shuffled,
    standard_deck,
)
from games.kit.engine import IllegalMove
from games.kit.melds import (
    build_meld,
    fit_hint,
    layoffs_onto,
    meld_items,
    melds_in,
    sorted_low,
    swapped,
    swaps_into,
)
from games.kit.moves import check_seat, read_card, read_move, read_number, whole_number
from games.kit.piles import rebuilt_stock
from games.kit.state import PLAIN, TUPLE, TUPLES, Field, GameState, dump_fields, load_fields

DRAW, PLAY, OVER = "draw", "meld_or_discard", "over"
# Each verb's words are checked where it is played.
VERBS = dict.fromkeys(("draw", "meld", "layoff", "swap", "discard"))
MAX_RESHUFFLES = 3  # per round; see the docstring
HAND_SIZE = {2: 10, 3: 7, 4: 7, 5: 6, 6: 6}


def card_points(card: str, *, aces_high: bool) -> int:
    """A card left in hand: its pip value, an ace 15 when aces may be high, a joker 15."""
    return pip_value(card, ace=15 if aces_high else 1, joker=15)


def _hand_value(hand, aces_high: bool) -> int:
    return sum(card_points(card, aces_high=aces_high) for card in hand)


class RummyState(GameState):
    """One moment of a match. Treat as immutable: the engine copies before changing.

    ``hands`` are sorted tuples; ``stock`` is top first; ``discard`` bottom first (its last
    card is the top); a meld is ``(owner, kind, cards, jokers)`` with ``cards`` in table
    order and ``jokers`` sorted ``(joker, stands_for)`` pairs (a card in a run, a rank in a
    set).
    """

    def __repr__(self) -> str:
        return f"<RummyState round {self.round_number} {self.phase} seat {self.turn}>"


# -- the engine ----------------------------------------------------------------------------


class Rummy(base.Engine):
    slug = "rummy"
    name = "Rummy"
    min_players = 2
    max_players = 6
    dealing = ("Round n: the cards in canonical order (then X1 X2 with the jokers option) are shuffled with "
               "the label rummy:round:n and dealt one at a time, round-robin from the seat that acts first "
               "(seat n - 1, counting round 1 from seat 0); the next card is turned up and the rest is the "
               "stock, top first. A stock rebuilt from the discard pile for the k-th time is shuffled with "
               "the label rummy:round:n:stock:k.")
    options = {
        "melds_per_turn": ("any", ("one", "any")),
        "scoring": ("penalty", ("penalty", "winner_takes")),
        "target_score": (100, (50, 100, 150, 200, 250, 500)),
        "rounds": (0, (0, 1, 3, 5, 7, 10)),
        "aces": ("low", ("low", "high_or_low")),
        "jokers": ("off", ("off", "on")),
        "meld_before_layoff": ("off", ("off", "on")),
        "discard_to_go_out": ("off", ("off", "on")),
        "empty_stock": ("reshuffle", ("reshuffle", "turn_over", "block")),
    }

    # -- setting up -----------------------------------------------------------------------

    def new_game(self, players, *, seed, options=None, deck=None):
        self.check_players(players)
        options = self.resolve_options(options)
        state = RummyState.blank()
        state.seed = str(seed)
        state.options = options
        state.players = players
        state.totals = (0,) * players
        state.round_scores = ()
        state.last_round = None
        if deck is not None:
            deck = checked_deck(deck, jokers=2 if options["jokers"] == "on" else 0)
        _deal(state, 1, deck)
        return state

    # -- whose turn and what they may do --------------------------------------------------

    def to_move(self, state):
        return () if state.phase == OVER else (state.turn,)

    def legal_moves(self, state, seat):
        if state.phase == OVER or seat != state.turn:
            return []
        if state.phase == DRAW:
            moves = ["draw stock"] if state.stock else []
            return moves + [f"draw discard {state.discard[-1]}"]
        hand = state.hands[seat]
        moves = []
        aces_high = state.options["aces"] == "high_or_low"
        if state.options["melds_per_turn"] == "any" or not state.melds_this_turn:
            for cards in melds_in(hand, aces_high=aces_high):
                if _may_put_down(state, seat, [card.partition("=")[0] for card in cards]):
                    moves.append("meld " + " ".join(cards))
        if state.has_melded[seat] or state.options["meld_before_layoff"] == "off":
            for number, meld in enumerate(state.melds):
                for card in layoffs_onto(meld, hand, aces_high=aces_high):
                    if _may_put_down(state, seat, [card.partition("=")[0]]):
                        moves.append(f"layoff {card} {number}")
            for number, meld in enumerate(state.melds):
                for card, joker in swaps_into(meld, hand):
                    if _may_put_down(state, seat, [card], joker):
                        moves.append(f"swap {card} {number}")
        moves += [f"discard {card}" for card in hand if card != state.taken]
        return moves

    def apply(self, state, seat, move):
        if not isinstance(move, str):
            raise IllegalMove(f"{move!r} is not a move: send text like 'discard KH'.")
        if state.phase == OVER:
            raise IllegalMove("The match is over.")
        check_seat(seat, state.players)
        if seat != state.turn:
            raise IllegalMove("It is not your turn.")
        verb, words = read_move(move, VERBS, example="discard KH", case="upper",
                                unknown="{move!r} is not a Rummy move: draw, meld, layoff, swap or discard.")
        if verb == "draw":
            return self._draw(state, seat, words)
        if state.phase == DRAW:
            raise IllegalMove("Draw first: from the stock or the discard pile.")
        if verb == "discard":
            return self._discard(state, seat, words)
        if verb == "meld":
            return self._meld(state, seat, words)
        return self._layoff_or_swap(state, seat, verb, words)

    def _draw(self, state, seat, words):
        if state.phase != DRAW:
            raise IllegalMove("You have drawn already: meld, lay off or discard.")
        if words == ["STOCK"]:
            if not state.stock:
                raise IllegalMove("The stock is empty: take the top card of the discard pile.")
            new = state.copy()
            new.stock = state.stock[1:]
            card = state.stock[0]
            new.taken = None
        elif words[:1] == ["DISCARD"] and len(words) <= 2:
            card = state.discard[-1]
            if len(words) == 2 and words[1] != card:
                raise IllegalMove(f"The top of the discard pile is the {card_name(card)}.")
            new = state.copy()
            new.discard = state.discard[:-1]
            new.taken = card
        else:
            raise IllegalMove("Draw from the stock or the discard pile: 'draw stock' or 'draw discard'.")
        hands = list(state.hands)
        hands[seat] = sorted_low(state.hands[seat] + (card,))
        new.hands = tuple(hands)
        new.phase = PLAY
        return new

    def _discard(self, state, seat, words):
        if len(words) != 1:
            raise IllegalMove("Discard one card, like 'discard KH'.")
        card = self._card(state, words[0])
        if card not in state.hands[seat]:
            raise IllegalMove(f"You do not hold the {card_name(card)}.")
        if card == state.taken:
            raise IllegalMove(f"You took the {card_name(card)} from the discard pile this turn: "
                              "discard another card.")
        new = state.copy()
        hands = list(state.hands)
        hands[seat] = tuple(c for c in state.hands[seat] if c != card)
        new.hands = tuple(hands)
        new.discard = state.discard + (card,)
        if not hands[seat]:
            _finish_round(new, winner=seat)
        else:
            _begin_turn(new, (seat + 1) % state.players)
        return new

    def _meld(self, state, seat, words):
        if state.options["melds_per_turn"] == "one" and state.melds_this_turn:
            raise IllegalMove("One meld a turn: lay off or discard.")
        items = [self._item(state, word) for word in words]
        cards = [card for card, _ in items]
        if len(set(cards)) != len(cards):
            raise IllegalMove("Name each card once.")
        self._hold(state, seat, cards)
        kind, laid, jokers = build_meld(items, aces_high=state.options["aces"] == "high_or_low")
        self._may_put_down(state, seat, cards)
        new = state.copy()
        new.melds = state.melds + ((seat, kind, laid, jokers),)
        new.melds_this_turn = state.melds_this_turn + 1
        has_melded = list(state.has_melded)
        has_melded[seat] = True
        new.has_melded = tuple(has_melded)
        return _put_down(new, seat, cards)

    def _layoff_or_swap(self, state, seat, verb, words):
        example = "layoff 6S 2" if verb == "layoff" else "swap 7S 2"
        if len(words) != 2:
            raise IllegalMove(f"Name a card and a meld number, like '{example}'.")
        number = read_number(words[1], reason=f"Name a card and a meld number, like '{example}'.")
        if number >= len(state.melds):
            raise IllegalMove(f"There is no meld {number} on the table.")
        if state.options["meld_before_layoff"] == "on" and not state.has_melded[seat]:
            raise IllegalMove("Meld first: you may lay off only once you have melded this round.")
        meld = state.melds[number]
        aces_high = state.options["aces"] == "high_or_low"
        if verb == "swap":
            card = self._card(state, words[0])
            if card in JOKERS:
                raise IllegalMove("Swap a natural card from your hand for a joker on the table.")
            self._hold(state, seat, [card])
            laid = swapped(meld, card)
            if laid is None:
                raise IllegalMove(f"No joker in meld {number + 1} stands for the {card_name(card)}.")
            self._may_put_down(state, seat, [card], laid[1])
            new = state.copy()
            melds = list(state.melds)
            melds[number] = (meld[0],) + laid[0]
            new.melds = tuple(melds)
            hands = list(state.hands)
            hands[seat] = sorted_low([c for c in state.hands[seat] if c != card] + [laid[1]])
            new.hands = tuple(hands)
            return _mark_laid_down(new, seat)
        item = self._item(state, words[0])
        card = item[0]
        self._hold(state, seat, [card])
        items = meld_items(meld) + [item]
        try:
            kind, laid, jokers = build_meld(items, aces_high=aces_high)
        except IllegalMove as error:
            if error.reason.startswith("Say which"):
                raise
            what = "joker" if card in JOKERS else card_name(card)
            raise IllegalMove(f"The {what} does not fit meld {number + 1}: {fit_hint(meld)}") from None
        if kind != meld[1]:
            raise IllegalMove(f"The card does not fit meld {number + 1}: {fit_hint(meld)}")
        self._may_put_down(state, seat, [card])
        new = state.copy()
        melds = list(state.melds)
        melds[number] = (meld[0], kind, laid, jokers)
        new.melds = tuple(melds)
        return _put_down(new, seat, [card])

    # -- checks shared by the moves -----------------------------------------------------

    def _card(self, state, word):
        jokers = state.options["jokers"] == "on"
        if word in JOKERS and not jokers:
            raise IllegalMove("This game is played without jokers.")
        return read_card(word, jokers=jokers)

    def _item(self, state, word):
        joker, equals, target = word.partition("=")
        card = self._card(state, joker)
        if not equals:
            return card, None
        if card not in JOKERS:
            raise IllegalMove(f"Only a joker stands for another card: write {card} alone.")
        try:
            target = parse_card(target)
        except CardError as error:
            raise IllegalMove(f"The joker must stand for a card: {error}") from None
        return card, target

    def _hold(self, state, seat, cards):
        missing = [card for card in cards if card not in state.hands[seat]]
        if missing:
            raise IllegalMove(f"You do not hold the {card_name(missing[0])}.")

    def _may_put_down(self, state, seat, cards, comes_back=None):
        problem = _put_down_problem(state, seat, cards, comes_back)
        if problem:
            raise IllegalMove(problem)

    # -- what a seat may know -----------------------------------------------------------

    def view(self, state, seat):
        options = state.options
        view: dict[str, Any] = {
            "seat": seat,
            "phase": state.phase,
            "round_number": state.round_number,
            "first_seat": state.first_seat,
            "turn": state.turn,
            "to_move": list(self.to_move(state)),
            "hand": list(state.hands[seat]) if seat is not None else [],
            "hand_counts": [len(hand) for hand in state.hands],
            "melds": [_meld_view(number, meld) for number, meld in enumerate(state.melds)],
            "discard_top": state.discard[-1] if state.discard else None,
            "discard_pile": list(state.discard),
            "stock_count": len(state.stock),
            "stock_rebuilt": state.stock_rebuilt,
            "taken_from_discard": state.taken,
            "has_melded": list(state.has_melded),
            "melds_this_turn": state.melds_this_turn,
            "totals": list(state.totals),
            "round_scores": [list(scores) for scores in state.round_scores],
            "last_round": _last_round_view(state.last_round),
            "options": dict(options),
        }
        if state.phase == OVER:
            view["ranks"] = self.outcome(state)["ranks"]
        return view

    def describe_move(self, move, *, state=None):  # the move names its cards itself
        verb, _, rest = move.strip().partition(" ")
        verb = verb.lower()
        words = rest.upper().split()
        if verb == "draw":
            if words[:1] == ["STOCK"]:
                return "draws from the stock"
            if len(words) == 2:
                return f"takes the {_card_words(words[1])} from the discard pile"
            return "takes the top card of the discard pile"
        if verb == "meld":
            return f"melds {_list_words(words)}"
        if verb == "layoff" and len(words) == 2:
            return f"lays off {_item_words(words[0])} on meld {_shown_number(words[1])}"
        if verb == "swap" and len(words) == 2:
            return f"takes the joker from meld {_shown_number(words[1])} for the {_card_words(words[0])}"
        if verb == "discard" and words:
            return f"discards the {_card_words(words[0])}"
        return move

    def is_over(self, state):
        return state.phase == OVER

    def hands_played(self, state):
        return len(state.round_scores)

    def result_facts(self, state):
        # The scorings rank totals opposite ways, so their stats are kept apart.
        return {"variant": "winner takes"} if state.options["scoring"] == "winner_takes" else {}

    def outcome(self, state):
        scores = list(state.totals)
        lower = state.options["scoring"] == "penalty"
        return {"scores": scores, "ranks": base.competition_ranks(scores, lower_is_better=lower)}

    # -- storage ------------------------------------------------------------------------

    def dump(self, state):
        return {**dump_fields(state, FIELDS), "options": dict(state.options)}

    def load(self, data):
        state = load_fields(RummyState, data, FIELDS)
        state.options = self.resolve_options(data["options"])
        return state

    def known_cards(self, state, seat):
        data = self.dump(state)
        others = [hand for other, hand in enumerate(data["hands"]) if other != seat]
        unseen = set(data["stock"]).union(*others)
        # A card taken from the discard pile was face up; a joker's stand-in is named on the table.
        seen = base.cards_named([data["taken"], data["melds"], data["last_round"]])
        return (set(standard_deck(jokers=len(JOKERS))) - unseen) | seen

    def hand_summary(self, state):
        if state.last_round is None:
            return None
        number, winners, rummy, ended_by, hands, scores = state.last_round
        aces_high = state.options["aces"] == "high_or_low"
        values = [_hand_value(hand, aces_high) for hand in hands]
        rows = []
        for seat, hand in enumerate(hands):
            if seat in winners:
                note = ("went rummy" if rummy else "went out") if ended_by == "out" else "lowest hand"
            else:
                note = ""
            groups = [{"label": "Left in hand", "melds": [list(hand)]}] if hand else []
            rows.append({"seat": seat, "note": note, "groups": groups,
                         "figures": [values[seat], scores[seat], state.totals[seat]]})
        return {"hand": number, "title": f"Round {number}", "columns": ["Hand value", "Points", "Total"],
                "rows": rows, "line": _round_in_words(state.last_round, values, state.options)}


# -- dealing, turns and rounds ------------------------------------------------------------


def _deal(state: RummyState, round_number: int, deck: list[str] | None) -> None:
    """Start round ``round_number`` on ``state`` (a fresh copy the caller owns)."""
    players = state.players
    if deck is None:
        full = standard_deck(jokers=2 if state.options["jokers"] == "on" else 0)
        deck = shuffled(full, state.seed, label=f"rummy:round:{round_number}")
    size = HAND_SIZE[players]
    first = (round_number - 1) % players
    hands: list[list[str]] = [[] for _ in range(players)]
    for i in range(size * players):
        hands[(first + i) % players].append(deck[i])
    state.round_number = round_number
    state.first_seat = first
    state.hands = tuple(sorted_low(hand) for hand in hands)
    state.discard = (deck[size * players],)
    state.stock = tuple(deck[size * players + 1:])
    state.melds = ()
    state.has_melded = (False,) * players
    state.laid_down = (False,) * players
    state.stock_rebuilt = 0
    _begin_turn(state, first)


def _begin_turn(state: RummyState, seat: int) -> None:
    state.turn = seat
    state.phase = DRAW
    state.taken = None
    state.melds_this_turn = 0
    state.clean_turn = not state.laid_down[seat]
    if state.stock:
        return
    rule = state.options["empty_stock"]
    if rule == "reshuffle" and state.stock_rebuilt < MAX_RESHUFFLES:
        state.stock_rebuilt += 1
        label = f"rummy:round:{state.round_number}:stock:{state.stock_rebuilt}"
        state.stock, state.discard = rebuilt_stock(state.discard, state.seed, label=label)
    elif rule == "turn_over" and not state.stock_rebuilt:
        state.stock_rebuilt = 1
        # Turned face down, the pile's oldest card is on top; it is turned up at once.
        state.stock = state.discard[1:]
        state.discard = state.discard[:1]
    else:
        _finish_round(state, winner=None)


def _finish_round(state: RummyState, winner: int | None) -> None:
    aces_high = state.options["aces"] == "high_or_low"
    values = [_hand_value(hand, aces_high) for hand in state.hands]
    winner_takes = state.options["scoring"] == "winner_takes"
    rummy = False
    if winner is not None:
        rummy = state.clean_turn
        winners = (winner,)
        owed = list(values)
        ended_by = "out"
    elif state.options["empty_stock"] == "block" and not winner_takes:
        winners = ()
        owed = list(values)
        ended_by = "stock"
    else:
        lowest = min(values)
        winners = tuple(seat for seat, value in enumerate(values) if value == lowest)
        owed = [value - lowest for value in values]
        ended_by = "stock"
    factor = 2 if rummy else 1
    if winner_takes:
        pot = factor * sum(owed)
        scores = tuple(pot if seat in winners else 0 for seat in range(state.players))
    else:
        scores = tuple(0 if seat in winners else factor * owed[seat] for seat in range(state.players))
    state.totals = tuple(total + score for total, score in zip(state.totals, scores, strict=True))
    state.round_scores = state.round_scores + (scores,)
    state.last_round = (state.round_number, winners, rummy, ended_by, state.hands, scores)
    rounds = state.options["rounds"]
    if (rounds and len(state.round_scores) >= rounds) or (
            not rounds and max(state.totals) >= state.options["target_score"]):
        state.phase = OVER
        state.taken = None
        state.melds_this_turn = 0
        return
    _deal(state, state.round_number + 1, None)


def _mark_laid_down(state: RummyState, seat: int) -> RummyState:
    if not state.laid_down[seat]:
        laid_down = list(state.laid_down)
        laid_down[seat] = True
        state.laid_down = tuple(laid_down)
    return state


def _put_down(state: RummyState, seat: int, cards) -> RummyState:
    """``cards`` leave ``seat``'s hand for the table; an empty hand ends the round."""
    hands = list(state.hands)
    hands[seat] = tuple(card for card in state.hands[seat] if card not in cards)
    state.hands = tuple(hands)
    _mark_laid_down(state, seat)
    if not hands[seat]:
        _finish_round(state, winner=seat)
    return state


def _put_down_problem(state: RummyState, seat: int, cards, comes_back: str | None = None) -> str | None:
    """Why ``seat`` may not put ``cards`` on the table now (taking ``comes_back``, a joker,
    in exchange), or None: the hand must keep a card it may discard."""
    left = [card for card in state.hands[seat] if card not in cards]
    if comes_back:
        left.append(comes_back)
    if not left and state.options["discard_to_go_out"] == "on":
        return "Keep a card: you must go out by discarding your last card."
    if state.taken is not None and left == [state.taken]:
        return (f"That would leave you only the {card_name(state.taken)}, which you took from the "
                "discard pile and may not discard this turn.")
    return None


def _may_put_down(state: RummyState, seat: int, cards, comes_back: str | None = None) -> bool:
    return _put_down_problem(state, seat, cards, comes_back) is None


# -- words -------------------------------------------------------------------------------


def _card_words(word: str) -> str:
    try:
        return card_name(parse_card(word, jokers=True))
    except CardError:
        return word


def _shown_number(word: str) -> str:
    """A meld's number as the board shows it: moves count from 0, people from 1."""
    number = whole_number(word)
    return word if number is None else str(number + 1)


def _item_words(word: str) -> str:
    joker, equals, target = word.partition("=")
    if joker in JOKERS:
        return f"a joker as the {_card_words(target)}" if equals else "a joker"
    return f"the {_card_words(word)}"


def _list_words(words) -> str:
    naturals = [word for word in words if "=" not in word and word not in JOKERS]
    plain = len(words) == len(naturals) and all(len(w) == 2 and w[0] in RANK_WORDS for w in words)
    if plain and len({w[1] for w in words}) == 1 and words[0][1] in SUIT_WORDS:
        ranks = [RANK_WORDS[w[0]] for w in words]
        return f"the {', '.join(ranks[:-1])} and {ranks[-1]} of {SUIT_WORDS[words[0][1]]}"
    parts = [_item_words(word) for word in words]
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _round_in_words(last_round, values: list[int], options: dict[str, Any]) -> str:
    """How a finished round's points were counted, as ``_finish_round`` counts them."""
    _, winners, rummy, ended_by, _, scores = last_round
    winner_takes = options["scoring"] == "winner_takes"
    doubled = ", doubled for going rummy" if rummy else ""
    if ended_by == "out":
        if winner_takes:
            owed = [values[seat] for seat in range(len(values)) if seat not in winners]
            return (f"Went out: the winner takes the other hands' values, {' + '.join(map(str, owed))}"
                    f"{doubled} = {max(scores)}.")
        return f"Went out: each other hand's value is added to its own total{doubled}."
    if not winners:
        return "The stock ran out: each hand's value is added to its own total."
    lowest = values[winners[0]]
    if winner_takes:
        owed = [values[seat] - lowest for seat in range(len(values)) if seat not in winners]
        return (f"The stock ran out: the lowest hand ({lowest}) wins what each other hand is worth "
                f"beyond it, {' + '.join(map(str, owed))} = {max(scores)}.")
    return (f"The stock ran out: the lowest hand ({lowest}) scores nothing, and each other hand adds "
            f"its value less {lowest}.")


# -- views -------------------------------------------------------------------------------


def _meld_view(number: int, meld) -> dict[str, Any]:
    owner, kind, cards, jokers = meld
    return {"number": number, "owner": owner, "kind": kind, "cards": list(cards), "jokers": dict(jokers)}


def _melds_data(melds) -> list[dict[str, Any]]:
    return [
        {"owner": owner, "kind": kind, "cards": list(cards), "jokers": dict(jokers)}
        for owner, kind, cards, jokers in melds
    ]


def _melds_from(data) -> tuple:
    return tuple(
        (meld["owner"], meld["kind"], tuple(meld["cards"]), tuple(sorted(meld["jokers"].items())))
        for meld in data
    )


def _last_round_from(last):
    if last is None:
        return None
    return (last["round"], tuple(last["winners"]), last["rummy"], last["ended_by"],
            tuple(tuple(hand) for hand in last["hands"]), tuple(last["scores"]))


def _last_round_view(last_round):
    if last_round is None:
        return None
    number, winners, rummy, ended_by, hands, scores = last_round
    return {
        "round": number,
        "winners": list(winners),
        "rummy": rummy,
        "ended_by": ended_by,
        "hands": [list(hand) for hand in hands],
        "scores": list(scores),
    }


FIELDS = {
    "seed": PLAIN,
    "players": PLAIN,
    "round_number": PLAIN,
    "first_seat": PLAIN,
    "turn": PLAIN,
    "phase": PLAIN,
    "hands": TUPLES,
    "stock": TUPLE,
    "discard": TUPLE,
    "melds": Field(_melds_data, _melds_from),
    "taken": PLAIN,
    "has_melded": TUPLE,
    "laid_down": TUPLE,
    "clean_turn": PLAIN,
    "melds_this_turn": PLAIN,
    "stock_rebuilt": PLAIN,
    "totals": TUPLE,
    "round_scores": TUPLES,
    "last_round": Field(_last_round_view, _last_round_from),
}

ENGINE = Rummy()
