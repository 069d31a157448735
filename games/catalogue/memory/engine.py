"""Memory, or Concentration (the rules are issue 21's): pairs laid face down, two flips a turn.

``pairs`` 8 (a 4 x 4 grid), 18 (6 x 6) or 26 (all 52 cards). Cards pair by rank and colour: the
two red queens are a pair, the two black queens another. The pairs in play (all 26, or a seeded
choice of them) are laid out shuffled from the seed (label ``memory:layout``); position ``i`` of
the layout is grid cell ``i``, row by row.

A turn is two flips, ``flip 12`` (a face-down position). Two of a pair stay face up, score the
pair, and the same player goes again. A miss leaves both cards showing, and the player's next
move is ``hide`` (the table plays it by itself after a pause, ``forced_move``): they turn face
down and the turn passes. When every pair is taken the most pairs win; alone, the game is won in
as few turns (the turns of two flips) as possible, then the fastest.

No view names a face-down card: only the pairs taken and the cards flipped this turn.
"""

from __future__ import annotations

from typing import Any

from games.kit import engine as base
from games.kit.cards import RANKS, card_name, shuffled, standard_deck
from games.kit.engine import IllegalMove
from games.kit.moves import check_seat, read_move, read_number, whole_number
from games.kit.state import PLAIN, TUPLE, GameState, dump_fields, load_fields, options_of, set_options

PLAY, SHOWING, OVER = "play", "showing", "over"
VERBS = {"flip": (1,), "hide": (0,)}
COLUMNS = {8: 4, 18: 6, 26: 13}
RED = "DH"


def pair_of(card: str) -> tuple[str, bool]:
    """What a card pairs by: its rank and whether it is red."""
    return card[0], card[1] in RED


def all_pairs() -> list[tuple[str, str]]:
    """The 26 pairs of a deck, in rank order, the black pair before the red."""
    return [pair for rank in RANKS for pair in ((rank + "C", rank + "S"), (rank + "D", rank + "H"))]


class MemoryState(GameState):
    """One moment of a game. Treat as immutable: the engine copies before changing.

    ``layout`` the card at each position (never shown as such); ``taken`` per position the seat
    that took its pair, or None; ``flipped`` the positions face up this turn (one, or a missed
    two while ``phase`` is showing); ``found`` (the pairs each seat took) and ``turns`` per seat.
    """

    def __repr__(self) -> str:
        return f"<MemoryState seat {self.turn} {self.phase}>"


FIELDS = {
    "seed": PLAIN,
    "players": PLAIN,
    "phase": PLAIN,
    "layout": TUPLE,
    "taken": TUPLE,
    "flipped": TUPLE,
    "turn": PLAIN,
    "found": TUPLE,
    "turns": TUPLE,
}
OPTION_NAMES = ("pairs",)


class Memory(base.Engine):
    slug = "memory"
    name = "Memory"
    min_players = 1
    max_players = 4
    default_players = 1
    holds_hands = False
    dealing = ("The 26 pairs of a deck (by rank and colour, in rank order) are shuffled with the label memory:pairs "
               "and the first ones kept, as many as the table plays; their cards, in that order, are shuffled with "
               "the label memory:layout, and card i lies at grid position i.")
    options = {"pairs": (8, (8, 18, 26))}

    def new_game(self, players, *, seed, options=None, deck=None):
        self.check_players(players)
        state = MemoryState.blank()
        state.seed = str(seed)
        state.players = players
        set_options(state, self.resolve_options(options), OPTION_NAMES)
        count = state.pairs
        if deck is not None:
            layout = list(deck)
            if len(layout) != 2 * count:
                raise ValueError(f"a Memory layout of {count} pairs is {2 * count} cards")
        else:
            names = [" ".join(pair) for pair in all_pairs()]
            chosen = [name.split() for name in shuffled(names, state.seed, label="memory:pairs")[:count]] \
                if count < len(names) else [name.split() for name in names]
            layout = shuffled([card for pair in chosen for card in pair], state.seed, label="memory:layout")
        _check_layout(layout)
        state.layout = tuple(layout)
        state.taken = (None,) * len(layout)
        state.flipped = ()
        state.phase = PLAY
        state.turn = 0
        state.found = (0,) * players
        state.turns = (0,) * players
        return state

    def to_move(self, state):
        return (state.turn,) if state.phase in (PLAY, SHOWING) else ()

    def legal_moves(self, state, seat):
        if seat not in self.to_move(state):
            return []
        if state.phase == SHOWING:
            return ["hide"]
        return [f"flip {position}" for position in range(len(state.layout))
                if state.taken[position] is None and position not in state.flipped]

    def forced_move(self, state) -> tuple[int, str] | None:
        """The move the table makes by itself after a pause: a missed pair turned back."""
        return (state.turn, "hide") if state.phase == SHOWING else None

    def apply(self, state, seat, move):
        verb, words = read_move(move, VERBS, example="flip 12",
                                unknown="{move!r} is not a Memory move: use 'flip' and a position, like 'flip 12'.")
        if state.phase == OVER:
            raise IllegalMove("The game is over.")
        check_seat(seat, state.players)
        if seat != state.turn:
            raise IllegalMove("It is not your turn.")
        if verb == "hide":
            if state.phase != SHOWING:
                raise IllegalMove("There is no missed pair to turn back.")
            return _hidden(state)
        if state.phase == SHOWING:
            raise IllegalMove("Wait for the two cards to turn back.")
        position = read_number(words[0], highest=len(state.layout) - 1,
                               reason=f"Positions go from 0 to {len(state.layout) - 1}: 'flip 12'.")
        if state.taken[position] is not None:
            raise IllegalMove("That pair is taken already: flip a face-down card.")
        if position in state.flipped:
            raise IllegalMove("That card is face up: flip another.")
        return _flipped(state, position)

    def view(self, state, seat):
        shown = {position: state.layout[position] for position in _face_up(state)}
        view: dict[str, Any] = {
            "seat": seat,
            "phase": state.phase,
            "size": len(state.layout),
            "columns": COLUMNS[state.pairs],
            # One entry per position: the card when face up, else None (never the card).
            "grid": [shown.get(position) for position in range(len(state.layout))],
            "taken": list(state.taken),
            "flipped": list(state.flipped),
            "turn": state.turn if state.phase != OVER else None,
            "to_move": list(self.to_move(state)),
            "pairs": list(state.found),
            "turns": list(state.turns),
            "left": sum(1 for owner in state.taken if owner is None) // 2,
            "options": options_of(state, OPTION_NAMES),
        }
        if state.phase == OVER:
            view["ranks"] = self.outcome(state)["ranks"]
        return view

    def known_cards(self, state, seat):
        return {state.layout[position] for position in _face_up(state)}

    def describe_move(self, move, *, state=None):
        verb, _, rest = move.partition(" ")
        if verb == "hide":
            return "turns the two cards back"
        position = whole_number(rest.strip())
        if state is not None and position is not None and position < len(state.layout):
            return f"turns up the {card_name(state.layout[position])}"
        return "turns up a card"

    def is_over(self, state):
        return state.phase == OVER

    def hands_played(self, state):
        return 1 if state.phase == OVER else 0

    def outcome(self, state):
        if state.players == 1:
            # Alone: fewer turns is better; the score is the turns it took.
            scores = list(state.turns)
            return {"scores": scores, "ranks": [1]}
        scores = list(state.found)
        return {"scores": scores, "ranks": base.competition_ranks(scores, lower_is_better=False)}

    def result_facts(self, state):
        return {"moves": state.turns[0]} if state.players == 1 else {}

    def dump(self, state):
        return {**dump_fields(state, FIELDS), "options": options_of(state, OPTION_NAMES)}

    def load(self, data):
        return set_options(load_fields(MemoryState, data, FIELDS), self.resolve_options(data["options"]),
                           OPTION_NAMES)


def _face_up(state: MemoryState) -> list[int]:
    """The positions whose card every seat sees: the pairs taken and this turn's flips."""
    return [position for position in range(len(state.layout))
            if state.taken[position] is not None or position in state.flipped]


def _check_layout(layout: list[str]) -> None:
    deck = set(standard_deck())
    if len(set(layout)) != len(layout) or not set(layout) <= deck:
        raise ValueError("a Memory layout holds each card at most once")
    keys = [pair_of(card) for card in layout]
    if any(keys.count(key) != 2 for key in keys):
        raise ValueError("a Memory layout holds both cards of every pair in it")


def _flipped(state: MemoryState, position: int) -> MemoryState:
    new = state.copy()
    if not state.flipped:
        new.flipped = (position,)
        return new
    first = state.flipped[0]
    seat = state.turn
    turns = list(state.turns)
    turns[seat] += 1
    new.turns = tuple(turns)
    if pair_of(state.layout[first]) == pair_of(state.layout[position]):
        taken = list(state.taken)
        taken[first] = taken[position] = seat
        new.taken = tuple(taken)
        pairs = list(state.found)
        pairs[seat] += 1
        new.found = tuple(pairs)
        new.flipped = ()
        if all(owner is not None for owner in new.taken):
            new.phase = OVER
        return new  # a pair: the same player goes again
    new.flipped = (first, position)
    new.phase = SHOWING
    return new


def _hidden(state: MemoryState) -> MemoryState:
    new = state.copy()
    new.flipped = ()
    new.phase = PLAY
    new.turn = (state.turn + 1) % state.players
    return new


ENGINE = Memory()
