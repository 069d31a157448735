"""Shithead, also called Palace (the rules are the issue's "Crazy Eights and Shithead").

Two to five players, one 52-card deck, aces high. The ``deck`` (top first, else the match seed
shuffles the 52 cards with the label ``shithead:deal``) gives three face-down cards to each
seat (seat 0 first), then three face-up cards to each, then three to each hand; the rest is
the stock, top first.

Rules
- Before play everyone may ``swap`` a hand card for one of their face-up cards, any number of
  times, and then says ``ready``. The player holding the lowest card in hand (threes first,
  then fours, ...; clubs before diamonds, hearts and spades) starts, and must play that card.
- A turn: play a card, or several of one rank, of equal or higher rank than the top of the
  pile (anything on an empty pile). A two goes on anything and resets the pile: anything may
  follow it. A ten goes on anything and burns the pile (out of the game), and so do four of a
  rank in a row on the pile; whoever burnt it plays again. After playing from the hand you
  draw back up to three cards while the stock lasts.
- ``pickup``: the whole pile goes into your hand and the turn passes. You must when you cannot
  play; with ``may_pick_up`` (on by default) you may at any turn the pile is not empty.
- With your hand and the stock empty, you play your face-up cards; once they are gone, your
  face-down cards, blind: ``blind 2`` turns face-down card 2 over and plays it if it may be
  played, else you pick up the pile with it.
- Whoever has no card left goes out; the order of going out is the ranking, and the last
  player holding cards is the Shithead.

Moves: ``swap 7H QS``, ``ready``, ``play 9H``, ``play 9H 9S``, ``pickup``, ``blind 2``.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from games.kit import engine as base
from games.kit.cards import card_name, checked_deck, shuffled, sort_cards, standard_deck
from games.kit.engine import IllegalMove
from games.kit.moves import check_seat, read_card, read_move, whole_number
from games.kit.state import PLAIN, TUPLE, GameState, dump_fields, each, load_fields, options_of, set_options

ORDER = "3456789TJQKA"  # the ranks a card must match or beat; twos and tens go on anything
RESET, BURN = "2", "T"
HAND_SIZE = 3
SWAP, PLAY, OVER = "swap", "play", "over"
VERBS = {"swap": (2,), "ready": (0,), "play": None, "pickup": (0,), "blind": (1,)}


def low_first(card: str) -> tuple[int, str]:
    """Which card starts: the lowest rank from three up (twos and tens last), clubs first."""
    ranks = ORDER.replace(BURN, "") + RESET + BURN
    return ranks.index(card[0]), "CDHS".index(card[1])


class ShitheadState(GameState):
    """One moment of a game. Treat as immutable: the engine copies before changing.

    ``hands`` sorted card tuples; ``up`` each seat's face-up cards; ``down`` each seat's three
    face-down slots (a card, or None once turned); ``pile`` bottom first; ``stock`` top first;
    ``ready`` the seats done swapping; ``out`` the seats in the order they went out; ``must``
    the card the first player must play (None after the first play).
    """

    def __repr__(self) -> str:
        return f"<ShitheadState {self.phase} pile {len(self.pile)}>"


FIELDS = {
    "seed": PLAIN,
    "players": PLAIN,
    "phase": PLAIN,
    "hands": each(TUPLE),
    "up": each(TUPLE),
    "down": each(TUPLE),
    "stock": TUPLE,
    "pile": TUPLE,
    "burned": PLAIN,
    "ready": TUPLE,
    "turn": PLAIN,
    "must": PLAIN,
    "out": TUPLE,
}
OPTION_NAMES = ("may_pick_up",)


class Shithead(base.Engine):
    slug = "shithead"
    name = "Shithead"
    min_players = 2
    max_players = 5
    default_players = 4  # you and three bots
    dealing = ("The 52 cards in canonical order are shuffled with the label shithead:deal; three face-down cards "
               "go to each seat in turn (seat 0 first), then three face-up cards to each, then three to each hand; "
               "the rest is the stock, top first.")
    options = {"may_pick_up": (True, (True, False))}

    # -- setting up ---------------------------------------------------------------------

    def new_game(self, players, *, seed, options=None, deck=None):
        self.check_players(players)
        options = self.resolve_options(options)
        deck = checked_deck(deck) if deck is not None else shuffled(standard_deck(), str(seed), label="shithead:deal")
        state = ShitheadState.blank()
        state.seed = str(seed)
        state.players = players
        state.may_pick_up = options["may_pick_up"]
        per = HAND_SIZE * players
        state.down = tuple(tuple(deck[seat * 3:seat * 3 + 3]) for seat in range(players))
        state.up = tuple(tuple(sort_cards(deck[per + seat * 3:per + seat * 3 + 3])) for seat in range(players))
        state.hands = tuple(tuple(sort_cards(deck[2 * per + seat * 3:2 * per + seat * 3 + 3])) for seat in range(players))
        state.stock = tuple(deck[3 * per:])
        state.pile = ()
        state.burned = 0
        state.phase = SWAP
        state.ready = ()
        state.turn = None
        state.must = None
        state.out = ()
        return state

    # -- whose turn and what they may do ------------------------------------------------

    def to_move(self, state):
        if state.phase == SWAP:
            return tuple(seat for seat in range(state.players) if seat not in state.ready)
        if state.phase == PLAY:
            return (state.turn,)
        return ()

    def legal_moves(self, state, seat):
        if state.phase == SWAP:
            if seat not in self.to_move(state):
                return []
            return [f"swap {card} {up}" for card in state.hands[seat] for up in state.up[seat]] + ["ready"]
        if state.phase != PLAY or seat != state.turn:
            return []
        source = _source(state, seat)
        if source == "down":
            return [f"blind {slot + 1}" for slot, card in enumerate(state.down[seat]) if card is not None]
        moves = _plays(state, getattr(state, source)[seat])
        if state.pile and (not moves or state.may_pick_up):
            moves.append("pickup")
        return moves

    def apply(self, state, seat, move):
        verb, words = read_move(move, VERBS, example="play 9H",
                                unknown="{move!r} is not a Shithead move: use 'play' and cards, 'pickup', 'blind' "
                                        "and a face-down card's number, or before play 'swap' and 'ready'.")
        if state.phase == OVER:
            raise IllegalMove("The game is over.")
        check_seat(seat, state.players)
        if state.phase == SWAP:
            if verb not in ("swap", "ready"):
                raise IllegalMove("First swap cards with your face-up ones if you like, then say ready.")
            if seat in state.ready:
                raise IllegalMove("You are ready: wait for the others.")
            return _swapped(state, seat, words) if verb == "swap" else _readied(state, seat)
        if verb in ("swap", "ready"):
            raise IllegalMove("Swapping is over: the play has begun.")
        if seat != state.turn:
            raise IllegalMove("It is not your turn.")
        source = _source(state, seat)
        if verb == "pickup":
            if not state.pile:
                raise IllegalMove("There is no pile to pick up.")
            if source == "down":
                raise IllegalMove("Turn over a face-down card first: 'blind 1'.")
            if _plays(state, getattr(state, source)[seat]) and not state.may_pick_up:
                raise IllegalMove("You can play, so you may not pick up at this table.")
            return _picked_up(state, seat)
        if verb == "blind":
            if source != "down":
                raise IllegalMove("Face-down cards come last: play your hand and face-up cards first.")
            return _blind(state, seat, words[0])
        return _played(state, seat, _read_play(state, seat, source, words), source)

    # -- what a seat may know -----------------------------------------------------------

    def view(self, state, seat):
        view: dict[str, Any] = {
            "seat": seat,
            "phase": state.phase,
            "hand": list(state.hands[seat]) if seat is not None else [],
            "hand_counts": [len(hand) for hand in state.hands],
            "up": [list(cards) for cards in state.up],
            "down": [[card is not None for card in slots] for slots in state.down],  # which slots still hold a card
            "pile_top": state.pile[-1] if state.pile else None,
            "pile_count": len(state.pile),
            "to_beat": _to_beat(state),
            "stock_count": len(state.stock),
            "burned": state.burned,
            "ready": list(state.ready),
            "must": state.must if seat is not None and state.must in state.hands[seat] else None,
            "source": _source(state, seat) if seat is not None and state.phase == PLAY else None,
            "out": list(state.out),
            "to_move": list(self.to_move(state)),
            "options": options_of(state, OPTION_NAMES),
        }
        if state.phase == OVER:
            view["ranks"] = self.outcome(state)["ranks"]
        return view

    def known_cards(self, state, seat):
        own = set(state.hands[seat]) if seat is not None else set()
        return own | {card for cards in state.up for card in cards} | set(state.pile)

    def describe_move(self, move, *, state=None):
        verb, _, rest = move.partition(" ")
        if verb == "swap":
            return "swaps a card with a face-up one"
        if verb == "ready":
            return "is ready"
        if verb == "pickup":
            return "picks up the pile"
        if verb == "blind":
            return f"turns over face-down card {rest}"
        names = [card_name(card) for card in rest.split()]
        return f"plays the {names[0]}" if len(names) == 1 else f"plays the {', '.join(names[:-1])} and {names[-1]}"

    def is_over(self, state):
        return state.phase == OVER

    def hands_played(self, state):
        return 1 if state.phase == OVER else 0

    def outcome(self, state):
        order = list(state.out) + [seat for seat in range(state.players) if seat not in state.out]
        ranks = [order.index(seat) + 1 for seat in range(state.players)]
        return {"scores": [state.players - rank for rank in ranks], "ranks": ranks}

    # -- storage --------------------------------------------------------------------------

    def dump(self, state):
        return {**dump_fields(state, FIELDS), "options": options_of(state, OPTION_NAMES)}

    def load(self, data):
        return set_options(load_fields(ShitheadState, data, FIELDS), self.resolve_options(data["options"]), OPTION_NAMES)


# -- the rules ----------------------------------------------------------------------------


def _source(state: ShitheadState, seat: int) -> str:
    """Where the seat plays from now: its hand, then (hand and stock empty) its face-up cards,
    then its face-down ones."""
    if state.hands[seat] or state.stock:
        return "hands"
    if state.up[seat]:
        return "up"
    return "down"


def _to_beat(state: ShitheadState) -> str | None:
    """The rank a card must match or beat, or None when anything goes."""
    top = state.pile[-1] if state.pile else None
    return None if top is None or top[0] == RESET else top[0]


def _may_play(state: ShitheadState, card: str) -> bool:
    beat = _to_beat(state)
    return card[0] in (RESET, BURN) or beat is None or ORDER.index(card[0]) >= ORDER.index(beat)


def _plays(state: ShitheadState, cards: tuple[str, ...]) -> list[str]:
    """Every play from ``cards``: each card that may be played, alone or with others of its
    rank (in the order held, the first one listed first); the first play must include ``must``."""
    moves = []
    for rank in dict.fromkeys(card[0] for card in cards):
        group = [card for card in cards if card[0] == rank]
        if not _may_play(state, group[0]):
            continue
        for size in range(1, len(group) + 1):
            for chosen in combinations(group, size):
                if state.must is None or state.must in chosen:
                    moves.append(" ".join(("play", *chosen)))
    return moves


def _read_play(state: ShitheadState, seat: int, source: str, words: list[str]) -> list[str]:
    if not words:
        raise IllegalMove("Name the card to play, like 'play 9H', or several of a rank: 'play 9H 9S'.")
    cards = [read_card(word.upper()) for word in words]
    held = getattr(state, source)[seat]
    missing = [card for card in cards if card not in held]
    if missing:
        where = "in your hand" if source == "hands" else "face up in front of you"
        raise IllegalMove(f"The {card_name(missing[0])} is not {where}.")
    if len(set(cards)) != len(cards):
        raise IllegalMove("Name each card once.")
    if any(card[0] != cards[0][0] for card in cards):
        raise IllegalMove("Several cards at once must all be of one rank.")
    if state.must is not None and state.must not in cards:
        raise IllegalMove(f"The lowest card starts: play the {card_name(state.must)}.")
    if not _may_play(state, cards[0]):
        raise IllegalMove(f"Play a {card_name(state.pile[-1]).split(' of ')[0]} or higher, a two or a ten; or pick up the pile.")
    return [card for card in held if card in cards]


def _swapped(state: ShitheadState, seat: int, words: list[str]) -> ShitheadState:
    card, up = (read_card(word.upper()) for word in words)
    if card not in state.hands[seat] or up not in state.up[seat]:
        raise IllegalMove("Swap a card in your hand for one of your face-up cards: 'swap 7H QS'.")
    new = state.copy()
    hands, ups = list(state.hands), list(state.up)
    hands[seat] = tuple(sort_cards([other for other in state.hands[seat] if other != card] + [up]))
    ups[seat] = tuple(sort_cards([other for other in state.up[seat] if other != up] + [card]))
    new.hands, new.up = tuple(hands), tuple(ups)
    return new


def _readied(state: ShitheadState, seat: int) -> ShitheadState:
    new = state.copy()
    new.ready = tuple(sorted(state.ready + (seat,)))
    if len(new.ready) == state.players:
        lowest = min((card for hand in state.hands for card in hand), key=low_first)
        new.phase = PLAY
        new.must = lowest
        new.turn = next(seat for seat, hand in enumerate(state.hands) if lowest in hand)
    return new


def _next_seat(state: ShitheadState, seat: int) -> int:
    for step in range(1, state.players + 1):
        other = (seat + step) % state.players
        if other not in state.out:
            return other
    return seat


def _has_cards(state: ShitheadState, seat: int) -> bool:
    return bool(state.hands[seat] or state.up[seat] or any(card is not None for card in state.down[seat]))


def _after_play(new: ShitheadState, seat: int, *, burned: bool) -> ShitheadState:
    """Out, game over, or whose turn next (the burner plays again)."""
    if not _has_cards(new, seat):
        new.out = new.out + (seat,)
        if len(new.out) == new.players - 1:
            new.out = new.out + tuple(other for other in range(new.players) if other not in new.out)
            new.phase = OVER
            new.turn = None
            return new
        new.turn = _next_seat(new, seat)
        return new
    new.turn = seat if burned else _next_seat(new, seat)
    return new


def _played(state: ShitheadState, seat: int, cards: list[str], source: str) -> ShitheadState:
    new = state.copy()
    holder = list(getattr(state, source))
    holder[seat] = tuple(card for card in holder[seat] if card not in cards)
    setattr(new, source, tuple(holder))
    new.must = None
    if source == "hands" and state.stock:
        missing = max(0, HAND_SIZE - len(holder[seat]))
        hands = list(new.hands)
        hands[seat] = tuple(sort_cards(hands[seat] + state.stock[:missing]))
        new.hands = tuple(hands)
        new.stock = state.stock[missing:]
    return _onto_pile(new, seat, cards)


def _onto_pile(new: ShitheadState, seat: int, cards: list[str]) -> ShitheadState:
    pile = new.pile + tuple(cards)
    top = pile[-1][0]
    run = 0
    while run < len(pile) and pile[-1 - run][0] == top:
        run += 1
    burned = top == BURN or run >= 4
    if burned:
        new.burned = new.burned + len(pile)
        pile = ()
    new.pile = pile
    return _after_play(new, seat, burned=burned)


def _picked_up(state: ShitheadState, seat: int) -> ShitheadState:
    new = state.copy()
    hands = list(state.hands)
    hands[seat] = tuple(sort_cards(hands[seat] + state.pile))
    new.hands = tuple(hands)
    new.pile = ()
    new.must = None
    new.turn = _next_seat(new, seat)
    return new


def _blind(state: ShitheadState, seat: int, word: str) -> ShitheadState:
    slots = state.down[seat]
    number = whole_number(word)
    if number is None or not 1 <= number <= len(slots) or slots[number - 1] is None:
        left = [str(slot + 1) for slot, card in enumerate(slots) if card is not None]
        raise IllegalMove(f"Turn over one of your face-down cards: {', '.join(left)}.")
    slot = number - 1
    card = slots[slot]
    new = state.copy()
    downs = list(state.down)
    downs[seat] = slots[:slot] + (None,) + slots[slot + 1:]
    new.down = tuple(downs)
    if _may_play(state, card):
        return _onto_pile(new, seat, [card])
    hands = list(state.hands)
    hands[seat] = tuple(sort_cards(state.pile + (card,)))
    new.hands = tuple(hands)
    new.pile = ()
    new.turn = _next_seat(new, seat)
    return new


ENGINE = Shithead()
