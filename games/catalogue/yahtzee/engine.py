"""Yahtzee (the rules are issue 21's, CardGames.io's): five dice, thirteen boxes, 1 to 4 players.

Each player has thirteen turns. A turn: up to three rolls of the five dice; after the first, any
of them may be rolled again and the rest kept; then one empty box is filled (``scoring``), 0
allowed. The dice come from the table's seeded stream (``cards.seeded_below``, label
``yahtzee:roll:<n>`` for the table's n-th roll), never from a player, so a seed replays its rolls.
The highest total wins (the boxes, 35 for an upper total of 63 or more, and with
``extra_yahtzees`` 100 for each Yahtzee after one scored 50); ties share the rank.

Moves: ``roll`` (the first roll of a turn), ``roll 0 2 4`` (roll the dice at those positions
again, keeping the others where they lie), ``score full_house`` (a box name from ``BOXES``).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from games.catalogue.yahtzee.scoring import BOX_WORDS, BOXES, choices, upper_bonus, yahtzee_bonus
from games.kit import engine as base
from games.kit.cards import seeded_below
from games.kit.engine import IllegalMove
from games.kit.moves import check_seat, read_move, read_number
from games.kit.state import (
    PLAIN,
    TUPLE,
    GameState,
    dump_fields,
    each,
    load_fields,
    optional,
    options_of,
    set_options,
)

PLAY, OVER = "play", "over"
DICE, ROLLS, TURNS = 5, 3, len(BOXES)
VERBS = {"roll": None, "score": (1,)}
REROLLS = [" ".join(map(str, positions)) for size in range(1, DICE + 1)
           for positions in combinations(range(DICE), size)]


class YahtzeeState(GameState):
    """One moment of a game. Treat as immutable: the engine copies before changing.

    ``boxes`` per seat, a score or None per box in ``BOXES`` order; ``bonuses`` per seat, the
    extra Yahtzees scored; ``dice`` the five faces (None before the turn's first roll);
    ``rolls`` this turn's rolls; ``rolled`` the table's rolls so far (each its own label).
    """

    def __repr__(self) -> str:
        return f"<YahtzeeState seat {self.turn} roll {self.rolls} {self.phase}>"


FIELDS = {
    "seed": PLAIN,
    "players": PLAIN,
    "phase": PLAIN,
    "boxes": each(TUPLE),
    "bonuses": TUPLE,
    "turn": PLAIN,
    "dice": optional(TUPLE),
    "rolls": PLAIN,
    "rolled": PLAIN,
}
OPTION_NAMES = ("extra_yahtzees",)


def scores_of(boxes) -> dict[str, int | None]:
    return dict(zip(BOXES, boxes, strict=True))


class Yahtzee(base.Engine):
    slug = "yahtzee"
    name = "Yahtzee"
    min_players = 1
    max_players = 4
    default_players = 1
    holds_hands = False
    dealing = ("The n-th roll at the table draws one number below 6 for each die rolled, in the order of the dice, "
               "from the stream labelled yahtzee:roll:n (numbers from 0, so a die shows the number plus 1).")
    options = {"extra_yahtzees": (True, (True, False))}

    def new_game(self, players, *, seed, options=None, deck=None):
        self.check_players(players)
        if deck is not None:
            raise ValueError("Yahtzee has no deck to fix: its rolls come from the seed")
        state = YahtzeeState.blank()
        state.seed = str(seed)
        state.players = players
        set_options(state, self.resolve_options(options), OPTION_NAMES)
        state.phase = PLAY
        state.boxes = ((None,) * len(BOXES),) * players
        state.bonuses = (0,) * players
        state.turn = 0
        state.dice = None
        state.rolls = 0
        state.rolled = 0
        return state

    def to_move(self, state):
        return (state.turn,) if state.phase == PLAY else ()

    def legal_moves(self, state, seat):
        if state.phase != PLAY or seat != state.turn:
            return []
        if state.rolls == 0:
            return ["roll"]
        moves = [f"score {box}" for box in self.choices(state)]
        if state.rolls < ROLLS:
            moves += [f"roll {positions}" for positions in REROLLS]
        return moves

    def choices(self, state) -> dict[str, int]:
        """Each box the dice may go in now, and its score there (no bonus included)."""
        return choices(state.dice, scores_of(state.boxes[state.turn]), extra_yahtzees=state.extra_yahtzees)

    def apply(self, state, seat, move):
        verb, words = read_move(move, VERBS, example="roll",
                                unknown="{move!r} is not a Yahtzee move: use 'roll', 'roll' and the positions of "
                                        "the dice to roll again (0 to 4), or 'score' and a box, like "
                                        "'score full_house'.")
        if state.phase == OVER:
            raise IllegalMove("The game is over.")
        check_seat(seat, state.players)
        if seat != state.turn:
            raise IllegalMove("It is not your turn.")
        if verb == "roll":
            return _rolled(state, words)
        return _scored(self, state, words[0])

    def view(self, state, seat):
        view: dict[str, Any] = {
            "seat": seat,
            "phase": state.phase,
            "turn": state.turn if state.phase == PLAY else None,
            "to_move": list(self.to_move(state)),
            "dice": list(state.dice) if state.dice is not None else None,
            "rolls": state.rolls,
            "rolls_left": ROLLS - state.rolls,
            "boxes": [list(boxes) for boxes in state.boxes],
            "bonuses": list(state.bonuses),
            "upper_bonus": [upper_bonus(scores_of(boxes)) for boxes in state.boxes],
            "totals": [total(state, other) for other in range(state.players)],
            "preview": self.choices(state) if state.phase == PLAY and state.dice is not None else {},
            "round": min(TURNS, 1 + sum(box is not None for box in state.boxes[state.turn])),
            "options": options_of(state, OPTION_NAMES),
        }
        if state.phase == OVER:
            view["ranks"] = self.outcome(state)["ranks"]
        return view

    def describe_move(self, move, *, state=None):
        verb, _, rest = move.partition(" ")
        if verb == "score":
            box = rest.strip().lower()
            if state is not None and box in BOXES:
                points = self.choices(state).get(box)
                bonus = yahtzee_bonus(state.dice, scores_of(state.boxes[state.turn]),
                                      extra_yahtzees=state.extra_yahtzees)
                said = f"scores {points} in {BOX_WORDS[box].lower()}"
                return said + (f", and {bonus} for another Yahtzee" if bonus else "")
            return f"scores in {BOX_WORDS.get(box, box).lower()}"
        if state is not None:
            after = _rolled(state, rest.split())
            return f"{'rolls' if not rest else 'rolls again'}: {' '.join(map(str, after.dice))}"
        return "rolls" if not rest else f"rolls again ({len(rest.split())} dice)"

    def is_over(self, state):
        return state.phase == OVER

    def hands_played(self, state):
        return 1 if state.phase == OVER else 0

    def outcome(self, state):
        scores = [total(state, seat) for seat in range(state.players)]
        return {"scores": scores, "ranks": base.competition_ranks(scores, lower_is_better=False)}

    def dump(self, state):
        return {**dump_fields(state, FIELDS), "options": options_of(state, OPTION_NAMES)}

    def load(self, data):
        return set_options(load_fields(YahtzeeState, data, FIELDS), self.resolve_options(data["options"]),
                           OPTION_NAMES)


def total(state: YahtzeeState, seat: int) -> int:
    scores = scores_of(state.boxes[seat])
    return sum(score or 0 for score in scores.values()) + upper_bonus(scores) + 100 * state.bonuses[seat]


def _rolled(state: YahtzeeState, words: list[str]) -> YahtzeeState:
    if state.rolls >= ROLLS:
        raise IllegalMove("You have rolled three times: score the dice in a box.")
    if state.rolls == 0:
        if words:
            raise IllegalMove("The first roll of a turn rolls all five dice: just 'roll'.")
        positions = list(range(DICE))
    else:
        if not words:
            raise IllegalMove("Say which dice to roll again, by position from 0 to 4, like 'roll 0 2 4'.")
        numbered = [read_number(word, highest=DICE - 1, reason="Dice are numbered 0 to 4, from the left: 'roll 0 2 4'.")
                    for word in words]
        positions = sorted(set(numbered))
        if len(positions) != len(words):
            raise IllegalMove("Name each die once.")
    new = state.copy()
    new.rolled = state.rolled + 1
    faces = seeded_below(state.seed, label=f"yahtzee:roll:{new.rolled}", count=len(positions), below=6)
    dice = list(state.dice or (0,) * DICE)
    for position, face in zip(positions, faces, strict=True):
        dice[position] = face + 1
    new.dice = tuple(dice)
    new.rolls = state.rolls + 1
    return new


def _scored(engine: Yahtzee, state: YahtzeeState, box: str) -> YahtzeeState:
    if state.rolls == 0:
        raise IllegalMove("Roll the dice first.")
    if box not in BOXES:
        raise IllegalMove(f"There is no box {box!r}: the boxes are {', '.join(BOXES)}.")
    offered = engine.choices(state)
    if box not in offered:
        if state.boxes[state.turn][BOXES.index(box)] is not None:
            raise IllegalMove(f"Your {BOX_WORDS[box].lower()} box is filled already.")
        raise IllegalMove(f"A Yahtzee after the first is a joker: it goes in {', '.join(BOX_WORDS[b] for b in offered)}.")
    seat = state.turn
    new = state.copy()
    bonus = yahtzee_bonus(state.dice, scores_of(state.boxes[seat]), extra_yahtzees=state.extra_yahtzees)
    boxes = list(state.boxes)
    row = list(boxes[seat])
    row[BOXES.index(box)] = offered[box]
    boxes[seat] = tuple(row)
    new.boxes = tuple(boxes)
    if bonus:
        bonuses = list(state.bonuses)
        bonuses[seat] += 1
        new.bonuses = tuple(bonuses)
    new.dice = None
    new.rolls = 0
    new.turn = (seat + 1) % state.players
    if all(score is not None for score in new.boxes[-1]):
        new.phase = OVER
    return new


ENGINE = Yahtzee()
