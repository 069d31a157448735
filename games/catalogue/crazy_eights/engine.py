"""Crazy Eights (the rules are the issue's "Crazy Eights and Shithead: the shedding games").

Two to five players, one 52-card deck. Round ``n`` is shuffled from the match seed (label
``crazy_eights:round:<n>``); a given ``deck`` (top first) fixes the first. Card ``i`` of the
deal goes to seat ``i % players``, five each (seven with two players; ``hand_size`` 5 or 7
says so for any table); the next card starts the discard pile, the rest is the stock.

Rules
- The first round's dealer is the last seat; the deal moves left each round, and the dealer's
  left plays first. A turned-up eight lets that player play anything.
- A turn: play a card that matches the top card's suit (or the suit an eight called) or its
  rank; or an eight, at any time, calling the suit to follow; or, with ``play_several``,
  several cards of one rank (eights excepted) when the first one listed matches: the last one
  listed is the new top card.
- Without a playable card you draw one from the stock, and may play it at once. ``draw_rule``:
  up_to_3 (after three draws without a playable card you pass), until_playable (draw until you
  can play), one_then_pass (one draw, then pass). Nobody draws while holding a playable card.
  An empty stock is rebuilt from the discard pile under its top card, shuffled (label
  ``crazy_eights:round:<n>:stock:<k>``); with neither, you pass.
- The round ends when a player empties their hand: they score the cards left in the others'
  hands, an eight 50, a king, queen, jack or ten 10, an ace 1, the others their face value.
  When everyone has passed in a row with nothing left to draw, the round is blocked: the
  players holding the fewest points score the others' cards.
- ``target_score`` 100, 200 or 250: the match ends after the round in which someone reaches it;
  0: after one round. The highest total wins; ties share the rank.

Moves: ``play 7H``, ``play 8S H``, ``play 7H 7S 7C``, ``draw``, ``pass``.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from games.kit import engine as base
from games.kit.cards import (
    SUIT_WORDS,
    SUITS,
    card_name,
    checked_deck,
    pip_value,
    shuffled,
    sort_cards,
    standard_deck,
)
from games.kit.engine import IllegalMove
from games.kit.moves import check_seat, read_card, read_move
from games.kit.piles import rebuilt_stock
from games.kit.state import (
    PLAIN,
    TUPLE,
    TUPLES,
    GameState,
    dump_fields,
    each,
    load_fields,
    options_of,
    set_options,
)

EIGHT = "8"
PLAY, OVER = "play", "over"
DRAW_RULES = ("up_to_3", "until_playable", "one_then_pass")
DRAWS_ALLOWED = {"up_to_3": 3, "until_playable": None, "one_then_pass": 1}
VERBS = {"play": None, "draw": (0,), "pass": (0,)}
ONE_ROUND = 0


def card_points(card: str) -> int:
    """What a card left in hand scores for the player who went out."""
    return 50 if card[0] == EIGHT else pip_value(card)


def deal_size(players: int, hand_size: str | int) -> int:
    if hand_size == "standard":
        return 7 if players == 2 else 5
    return int(hand_size)


class CrazyEightsState(GameState):
    """One moment of a match. Treat as immutable: the engine copies before changing.

    ``hands`` are sorted card tuples; ``stock`` is top first, ``discard`` bottom first (its
    last card is the top); ``suit`` the suit to follow (None: anything, after a turned-up
    eight); ``draws`` this turn's draws; ``passes`` the passes in a row; ``rebuilt`` how often
    this round's stock was rebuilt; ``last_round`` the round finished last, as the panel shows it.
    """

    def __repr__(self) -> str:
        return f"<CrazyEightsState round {self.round_number} {self.phase}>"


FIELDS = {
    "seed": PLAIN,
    "players": PLAIN,
    "round_number": PLAIN,
    "phase": PLAIN,
    "dealer": PLAIN,
    "hands": each(TUPLE),
    "stock": TUPLE,
    "discard": TUPLE,
    "suit": PLAIN,
    "turn": PLAIN,
    "draws": PLAIN,
    "passes": PLAIN,
    "rebuilt": PLAIN,
    "totals": TUPLE,
    "round_scores": TUPLES,
    "last_round": PLAIN,
}
OPTION_NAMES = ("hand_size", "play_several", "draw_rule", "target_score")


class CrazyEights(base.Engine):
    slug = "crazy_eights"
    name = "Crazy Eights"
    min_players = 2
    max_players = 5
    default_players = 4  # you and three bots
    dealing = ("Round n: the 52 cards in canonical order are shuffled with the label crazy_eights:round:n; card i "
               "goes to seat i mod the number of players until each has a hand, the next card starts the "
               "discard pile and the rest is the stock, top first. A stock rebuilt from the discard pile for "
               "the k-th time in round n is shuffled with the label crazy_eights:round:n:stock:k.")
    options = {
        "hand_size": ("standard", ("standard", 5, 7)),
        "play_several": (True, (True, False)),
        "draw_rule": ("up_to_3", DRAW_RULES),
        "target_score": (100, (100, 200, 250, ONE_ROUND)),
    }

    # -- setting up ---------------------------------------------------------------------

    def new_game(self, players, *, seed, options=None, deck=None):
        self.check_players(players)
        options = self.resolve_options(options)
        state = CrazyEightsState.blank()
        state.seed = str(seed)
        state.players = players
        set_options(state, options, OPTION_NAMES)
        state.totals = (0,) * players
        state.round_scores = ()
        state.last_round = None
        _deal(state, 1, players - 1, checked_deck(deck) if deck is not None else None)
        return state

    # -- whose turn and what they may do ------------------------------------------------

    def to_move(self, state):
        return (state.turn,) if state.phase == PLAY else ()

    def legal_moves(self, state, seat):
        if state.phase != PLAY or seat != state.turn:
            return []
        plays = _plays(state, seat)
        if plays:
            return plays
        return ["draw"] if _may_draw(state) else ["pass"]

    def apply(self, state, seat, move):
        verb, words = read_move(move, VERBS, example="play 7H",
                                unknown="{move!r} is not a Crazy Eights move: use 'play' and cards (an eight and a "
                                        "suit: 'play 8S H'), 'draw' or 'pass'.")
        if state.phase == OVER:
            raise IllegalMove("The match is over.")
        check_seat(seat, state.players)
        if seat != state.turn:
            raise IllegalMove("It is not your turn.")
        if verb == "draw":
            if _plays(state, seat):
                raise IllegalMove("You have a card you can play: play it rather than draw.")
            if not _may_draw(state):
                raise IllegalMove(_no_draw_reason(state))
            return _drawn(state, seat)
        if verb == "pass":
            if _plays(state, seat) or _may_draw(state):
                raise IllegalMove("You may pass only when you can neither play nor draw.")
            return _passed(state, seat)
        return _played(state, seat, *_read_play(state, seat, words))

    # -- what a seat may know -----------------------------------------------------------

    def view(self, state, seat):
        view: dict[str, Any] = {
            "seat": seat,
            "phase": state.phase,
            "round_number": state.round_number,
            "dealer": state.dealer,
            "hand": list(state.hands[seat]) if seat is not None else [],
            "hand_counts": [len(hand) for hand in state.hands],
            "discard_top": state.discard[-1],
            "discard_pile": list(state.discard),
            "suit": state.suit,
            "stock_count": len(state.stock),
            "draws": state.draws,
            "draws_allowed": DRAWS_ALLOWED[state.draw_rule],
            "turn": state.turn if state.phase == PLAY else None,
            "to_move": list(self.to_move(state)),
            "totals": list(state.totals),
            "round_scores": [list(scores) for scores in state.round_scores],
            "last_round": state.last_round,
            "target_score": state.target_score,
            "options": options_of(state, OPTION_NAMES),
        }
        if state.phase == OVER:
            view["ranks"] = self.outcome(state)["ranks"]
        return view

    def known_cards(self, state, seat):
        own = set(state.hands[seat]) if seat is not None else set()
        shown = {card for hand in (state.last_round or {}).get("hands", []) for card in hand}
        return own | set(state.discard) | shown

    def describe_move(self, move, *, state=None):
        verb, _, rest = move.partition(" ")
        if verb == "draw":
            return "draws a card"
        if verb == "pass":
            return "passes"
        words = rest.split()
        if words[0][0] == EIGHT and len(words) == 2:
            return f"plays the {card_name(words[0])} and calls {SUIT_WORDS[words[1]]}"
        names = [card_name(card) for card in words]
        if len(names) == 1:
            return f"plays the {names[0]}"
        return f"plays the {', '.join(names[:-1])} and {names[-1]}"

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
        rows = []
        for seat in range(state.players):
            left = last["hands"][seat]
            rows.append({"seat": seat, "note": "went out" if seat in last["winners"] and not left else "",
                         "groups": [{"label": "Left in hand", "melds": [left]}] if left else [],
                         "figures": [sum(card_points(card) for card in left), last["points"][seat],
                                     last["totals"][seat]]})
        line = ("The player who goes out scores the cards left in the other hands: an eight 50, a king, queen, "
                "jack or ten 10, an ace 1, the others their face value.")
        if last["blocked"]:
            line = "Nobody could play or draw: the fewest points in hand win the others' cards. " + line
        number = len(state.round_scores)
        return {"hand": number, "title": f"Round {number}", "columns": ["In hand", "Points", "Total"],
                "rows": rows, "line": line}

    # -- storage --------------------------------------------------------------------------

    def dump(self, state):
        return {**dump_fields(state, FIELDS), "options": options_of(state, OPTION_NAMES)}

    def load(self, data):
        return set_options(load_fields(CrazyEightsState, data, FIELDS), self.resolve_options(data["options"]), OPTION_NAMES)


# -- the rules ----------------------------------------------------------------------------


def _matches(state: CrazyEightsState, card: str) -> bool:
    top = state.discard[-1]
    return state.suit is None or card[1] == state.suit or card[0] == top[0]


def _plays(state: CrazyEightsState, seat: int) -> list[str]:
    """Every play ``seat`` may make now, in a fixed order: single cards, eights with each
    call, then several of a rank (first matching, last the new top, the middle in hand order)."""
    hand = state.hands[seat]
    moves = []
    for card in hand:
        if card[0] == EIGHT:
            moves += [f"play {card} {suit}" for suit in SUITS]
        elif _matches(state, card):
            moves.append(f"play {card}")
    if state.play_several:
        for rank in dict.fromkeys(card[0] for card in hand if card[0] != EIGHT):
            group = [card for card in hand if card[0] == rank]
            for first in group:
                if not _matches(state, first):
                    continue
                for last in group:
                    if last == first:
                        continue
                    middle = [card for card in group if card not in (first, last)]
                    for size in range(len(middle) + 1):
                        for chosen in combinations(middle, size):
                            moves.append(" ".join(("play", first, *chosen, last)))
    return moves


def _read_play(state: CrazyEightsState, seat: int, words: list[str]) -> tuple[list[str], str | None]:
    """The cards of a play in the order given, and the suit an eight calls."""
    if not words:
        raise IllegalMove("Name the card to play, like 'play 7H', or an eight and a suit: 'play 8S H'.")
    call = None
    if len(words) == 2 and words[0][:1] == EIGHT and words[1].upper() in SUITS:
        call = words[1].upper()
        words = words[:1]
    cards = [read_card(word.upper()) for word in words]
    hand = state.hands[seat]
    missing = [card for card in cards if card not in hand]
    if missing:
        raise IllegalMove(f"You do not hold the {card_name(missing[0])}.")
    if len(set(cards)) != len(cards):
        raise IllegalMove("Name each card once.")
    first = cards[0]
    if first[0] == EIGHT:
        if len(cards) > 1:
            raise IllegalMove("Eights are played one at a time, each calling a suit.")
        if call is None:
            raise IllegalMove("An eight calls the suit to follow: 'play 8S H' (C, D, H or S).")
        return cards, call
    if len(cards) > 1:
        if not state.play_several:
            raise IllegalMove("At this table cards are played one at a time.")
        if any(card[0] != first[0] for card in cards):
            raise IllegalMove("Several cards at once must all be of one rank.")
    if not _matches(state, first):
        to_follow = SUIT_WORDS[state.suit]
        raise IllegalMove(f"Play a {to_follow[:-1]}, a card of the top card's rank, or an eight.")
    return cards, None


def _may_draw(state: CrazyEightsState) -> bool:
    allowed = DRAWS_ALLOWED[state.draw_rule]
    if allowed is not None and state.draws >= allowed:
        return False
    return bool(state.stock) or len(state.discard) > 1


def _no_draw_reason(state: CrazyEightsState) -> str:
    if state.stock or len(state.discard) > 1:
        return f"You have drawn {state.draws} card{'s' if state.draws != 1 else ''}, all you may: pass."
    return "There is nothing left to draw: pass."


def _next_turn(state: CrazyEightsState, seat: int) -> None:
    state.turn = (seat + 1) % state.players
    state.draws = 0


def _drawn(state: CrazyEightsState, seat: int) -> CrazyEightsState:
    new = state.copy()
    if not state.stock:
        new.rebuilt = state.rebuilt + 1
        new.stock, new.discard = rebuilt_stock(
            state.discard, state.seed, label=f"crazy_eights:round:{state.round_number}:stock:{new.rebuilt}")
    hands = list(state.hands)
    hands[seat] = tuple(sort_cards(hands[seat] + new.stock[:1], aces_high=False))
    new.hands = tuple(hands)
    new.stock = new.stock[1:]
    new.draws = state.draws + 1
    new.passes = 0
    return new


def _passed(state: CrazyEightsState, seat: int) -> CrazyEightsState:
    new = state.copy()
    new.passes = state.passes + 1
    if new.passes >= state.players and not state.stock and len(state.discard) <= 1:
        _finish_round(new, blocked=True)
        return new
    _next_turn(new, seat)
    return new


def _played(state: CrazyEightsState, seat: int, cards: list[str], call: str | None) -> CrazyEightsState:
    new = state.copy()
    # The middle cards of a several play lie in hand order: any order typed is the same move.
    if len(cards) > 2:
        cards = [cards[0], *[card for card in state.hands[seat] if card in cards[1:-1]], cards[-1]]
    hands = list(state.hands)
    hands[seat] = tuple(card for card in state.hands[seat] if card not in cards)
    new.hands = tuple(hands)
    new.discard = state.discard + tuple(cards)
    new.suit = call or cards[-1][1]
    new.passes = 0
    if not hands[seat]:
        _finish_round(new, blocked=False)
        return new
    _next_turn(new, seat)
    return new


def _finish_round(state: CrazyEightsState, *, blocked: bool) -> None:
    values = [sum(card_points(card) for card in hand) for hand in state.hands]
    fewest = min(values)
    winners = [seat for seat, value in enumerate(values) if value == fewest]
    won = sum(value for seat, value in enumerate(values) if seat not in winners)
    points = tuple(won if seat in winners else 0 for seat in range(state.players))
    state.totals = tuple(total + score for total, score in zip(state.totals, points, strict=True))
    state.round_scores = state.round_scores + (points,)
    state.last_round = {"hands": [list(hand) for hand in state.hands], "winners": winners, "points": list(points),
                        "totals": list(state.totals), "blocked": blocked}
    if state.target_score == ONE_ROUND or max(state.totals) >= state.target_score:
        state.phase = OVER
        return
    _deal(state, state.round_number + 1, (state.dealer + 1) % state.players, None)


def _deal(state: CrazyEightsState, round_number: int, dealer: int, deck: list[str] | None) -> None:
    """Start round ``round_number`` dealt by ``dealer`` on ``state`` (a copy the caller owns)."""
    if deck is None:
        deck = shuffled(standard_deck(), state.seed, label=f"crazy_eights:round:{round_number}")
    players = state.players
    size = deal_size(players, state.hand_size)
    hands = [[] for _ in range(players)]
    for i, card in enumerate(deck[:size * players]):
        hands[i % players].append(card)
    starter = deck[size * players]
    state.round_number = round_number
    state.dealer = dealer
    state.phase = PLAY
    state.hands = tuple(tuple(sort_cards(hand, aces_high=False)) for hand in hands)
    state.discard = (starter,)
    state.stock = tuple(deck[size * players + 1:])
    state.suit = None if starter[0] == EIGHT else starter[1]
    state.turn = (dealer + 1) % players
    state.draws = 0
    state.passes = 0
    state.rebuilt = 0


ENGINE = CrazyEights()
