"""What the table services refuse, as exceptions whose ``message`` is written for the player."""

from __future__ import annotations


class TableError(Exception):
    """A request the table refuses; ``message`` is written for the player."""

    status = 400

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class MoveRejected(TableError):
    """Against the rules, or not a move at all: the engine's reason is shown on the table."""

    status = 400


class NotYourSeat(MoveRejected):
    """Acting for a seat this player does not hold, or out of turn."""

    status = 403


class StaleMove(TableError):
    """The client acted on an old view: it gets the fresh one and may try again."""

    status = 409


class WrongInviteCode(NotYourSeat):
    """A private table's seat asked for without its invite code, or with another."""
