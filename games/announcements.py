"""What the table's live region says after a move, to each audience: the move in words (naming
the cards a patience move takes, through the engine's ``describe_move``), who took the trick it
finished, each seat's points when it ended a hand, and "Your turn." to a seat the turn has just
come to. A sighted player sees all of that on the board; a screen reader is told it.

Pure Python over the engine's contract (``describe_move``, ``trick_taken``, ``turn_continues``,
``hands_played``, ``outcome``, ``to_move``), so every game gets it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from games.catalogue.game import Game
from games.kit.engine import State


def announcements(*, game: Game, names: Mapping[int, str], mover: int, move: str, before: State,
                  after: State, audiences: Iterable[int | None]) -> dict[int | None, str]:
    """Audience (a seat index, or None for spectators) -> the words its live region says."""
    engine = game.engine
    said = [f"{names[mover]} {engine.describe_move(move, state=before)}."]
    taken = engine.trick_taken(before, mover, move)
    if taken is not None:
        said.append(f"{names[taken]} takes the trick.")
    alone = game.played_alone(len(names))
    hand_ended = engine.hands_played(after) > engine.hands_played(before)
    if hand_ended and not alone:
        said.append(_hand_scores(engine, names, before, after))
    shared = " ".join(said)
    was_to_move, now_to_move = set(engine.to_move(before)), set(engine.to_move(after))
    mover_again = not engine.turn_continues(before, after, seat=mover, move=move)
    told = {}
    for audience in audiences:
        # A turn that comes round, a lead after taking a trick, a new hand's first: not a second
        # move of the same turn (draw, then discard), not a seat still choosing while others
        # pass, nor every move of a game played alone.
        turn = (audience is not None and not alone and audience in now_to_move
                and (audience not in was_to_move or (audience == mover and mover_again)))
        told[audience] = f"{shared} Your turn." if turn else shared
    return told


def _hand_scores(engine, names: Mapping[int, str], before: State, after: State) -> str:
    """ "Hand 2 is over: Ann scores 3 (16 in all), …", the running totals after the first hand."""
    number = engine.hands_played(after)
    old, new = engine.outcome(before)["scores"], engine.outcome(after)["scores"]
    parts = []
    for seat, name in sorted(names.items()):
        total = f" ({new[seat]} in all)" if number > 1 else ""
        parts.append(f"{name} scores {new[seat] - old[seat]}{total}")
    return f"Hand {number} is over: {', '.join(parts)}."
