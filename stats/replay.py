"""Replaying a finished table from its seed, its options and its Move log.

Pure logic: no Django queries here (the view loads the rows). Every state is rebuilt the
way the services built it: ``engine.new_game(seats, seed=, options=)`` and then each
logged move applied in ``seq`` order.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from games.kit.engine import Engine, State


class BadStep(ValueError):
    """A ``step`` that is not a whole number; ``reason`` is written for the reader."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class LoggedMove:
    seq: int
    seat: int
    move: str


def states(engine: Engine, players: int, *, seed: str, options: dict[str, Any] | None,
           moves: Iterable[LoggedMove]) -> Iterator[State]:
    """The dealt state, then the state after each move in turn (len(moves) + 1 states)."""
    state = engine.new_game(players, seed=seed, options=options)
    yield state
    for logged in moves:
        state = engine.apply(state, logged.seat, logged.move)
        yield state


def state_at(engine: Engine, players: int, *, seed: str, options: dict[str, Any] | None,
             moves: Sequence[LoggedMove], step: int) -> State:
    """The state after the first ``step`` moves (0: as dealt)."""
    if not 0 <= step <= len(moves):
        raise ValueError(f"step {step} is outside 0..{len(moves)}")
    state = engine.new_game(players, seed=seed, options=options)
    for logged in moves[:step]:
        state = engine.apply(state, logged.seat, logged.move)
    return state


def parse_step(raw: str | None, total: int) -> int:
    """``?step=`` as a step number, clamped to 0..total; missing or empty: 0.
    Raises BadStep for anything that is not a whole number."""
    if raw is None or raw.strip() == "":
        return 0
    try:
        step = int(raw.strip())
    except ValueError:
        raise BadStep(f"The step must be a whole number from 0 to {total}, not {raw[:20]!r}.") from None
    return max(0, min(step, total))


@dataclass(frozen=True)
class Frame:
    """What the replay page shows at one step."""

    step: int
    total: int
    move: LoggedMove | None  # the move just made; None at step 0 (the deal)
    words: str  # that move in words, with the mover's name
    public: dict[str, Any]  # engine.view(state, None)
    over: bool


def frame(engine: Engine, state: State, *, step: int, moves: Sequence[LoggedMove],
          names: dict[int, str]) -> Frame:
    """The page's content for ``state``, reached after ``step`` of ``moves``."""
    move = moves[step - 1] if step else None
    if move is None:
        words = "The deal."
    else:
        words = f"{names.get(move.seat, f'Seat {move.seat + 1}')} {engine.describe_move(move.move)}."
    return Frame(step=step, total=len(moves), move=move, words=words, public=engine.view(state, None),
                 over=engine.is_over(state))
