"""What the perfect strategy says about a turn (the hint at solo tables) and about a whole game
(the analysis after it): each choice beside the best one, and the expected points it gave away.

Both read a solved table (``table.ready``, or any array of ``strategy.solve``'s shape) and the
state as the engine keeps it; they change nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from games.catalogue.yahtzee import strategy
from games.catalogue.yahtzee.engine import ENGINE as yahtzee
from games.catalogue.yahtzee.scoring import BOX_WORDS

NUMBERS = ("no", "one", "two", "three", "four", "five")


def move_words(move: str, dice) -> str:
    """A move as a player reads it: "keep 2 3 4 5, roll one die", "score Full house"."""
    verb, _, rest = move.partition(" ")
    if verb == "score":
        return f"score {BOX_WORDS[rest]}"
    rolled = {int(position) for position in rest.split()}
    kept = sorted(str(die) for position, die in enumerate(dice) if position not in rolled)
    count = len(rolled)
    again = f"roll {NUMBERS[count]} {'die' if count == 1 else 'dice'}"
    return f"keep {' '.join(kept)}, {again}" if kept else "roll all five again"


def _kept(move: str, dice) -> str | tuple[int, ...]:
    """A score move as it is; a roll as the dice it keeps, sorted."""
    verb, _, rest = move.partition(" ")
    if verb == "score":
        return move
    rolled = {int(position) for position in rest.split()}
    return tuple(sorted(die for position, die in enumerate(dice) if position not in rolled))


@dataclass(frozen=True)
class Hint:
    move: str  # the best move, as the engine spells it
    words: str
    margin: float  # expected points it is worth more than the second best (0 when alone)
    second: str  # the second best, in words ("" when there is none)

    def __str__(self) -> str:
        if not self.second:
            return f"Best: {self.words}."
        return (f"Best: {self.words}. It is worth {self.margin:.1f} expected points more than the next best: "
                f"{self.second}.")


def hint(values: np.ndarray, state) -> Hint:
    """The perfect move for the seat to move now, after at least one roll."""
    seat = state.turn
    moves = strategy.advice(values, state.boxes[seat], state.dice, state.rolls,
                            extra_yahtzees=state.extra_yahtzees)
    (best, value), rest = moves[0], moves[1:]
    second = move_words(rest[0][0], state.dice) if rest else ""
    return Hint(move=best, words=move_words(best, state.dice), margin=value - rest[0][1] if rest else 0.0,
                second=second)


@dataclass(frozen=True)
class Choice:
    turn: int  # 1 to 13
    roll: int  # the roll the choice followed, 1 to 3
    dice: tuple[int, ...]
    chosen: str  # in words
    best: str  # in words
    given_away: float  # expected points: the best's value less the chosen's

    @property
    def moment(self) -> str:
        return f"Turn {self.turn}, roll {self.roll}"

    @property
    def position(self) -> str:
        return " ".join(map(str, self.dice))


def analyse(values: np.ndarray, moves: list[str], *, seed: str, options: dict | None = None) -> list[Choice]:
    """Each choice of a solitaire game (its moves in order, from ``seed``) beside the best."""
    state = yahtzee.new_game(1, seed=seed, options=options)
    choices = []
    for move in moves:
        if state.rolls:
            rated = strategy.advice(values, state.boxes[0], state.dice, state.rolls,
                                    extra_yahtzees=state.extra_yahtzees)
            # advice spells each keep once; the same dice kept from other positions are worth the same.
            worth = {_kept(rated_move, state.dice): value for rated_move, value in rated}
            best, best_value = rated[0]
            canonical = yahtzee.canonical_move(state, 0, move, yahtzee.apply(state, 0, move))
            choices.append(Choice(turn=1 + sum(box is not None for box in state.boxes[0]), roll=state.rolls,
                                  dice=state.dice, chosen=move_words(canonical, state.dice),
                                  best=move_words(best, state.dice),
                                  given_away=max(0.0, best_value - worth[_kept(canonical, state.dice)])))
        state = yahtzee.apply(state, 0, move)
    return choices
