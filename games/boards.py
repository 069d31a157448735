"""Drawing a table's board: the frame each audience sees, from the state already in hand.

An audience is a seat index (what that seat may know), ``SPECTATOR`` (None: what everyone
may see) or, for a finished game's replay, ``replay_board``'s: the public view with every
seat's cards face up. Each frame is rendered from its own audience's ``engine.view`` only,
so a hidden card never reaches a frame meant for someone else. The page view, the socket
and the after-commit sends all draw here; the game's own ``boards/games/<slug>/board.html``
(extending ``games/_board.html``, Jinja2: games/board_templates.py) says how. The waiting
room is a Django template (drawn on joins, not on moves; it shares the bot levels with the
game's page).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.template import engines
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.html import format_html
from django.utils.safestring import SafeString
from markupsafe import Markup

from games import catalogue, selectors
from games.kit.engine import State
from games.kit.search import LONG_SECONDS
from games.models import Seat, Table

SPECTATOR = None


def board(table: Table, seats: list[Seat], audience: int | None, *, state: State | None = None,
          message: str = "", hint_move: str = "", csrf_token: str = "") -> str:
    """The table as ``audience`` may see it; ``state`` is the table's, when the caller has it.
    ``csrf_token``: the page's own (its move form then posts without scripts too); frames
    sent over sockets carry none, since one frame serves every socket of its audience."""
    return frames(table, seats, [audience], state=state, message=message, hint_move=hint_move,
                  csrf_token=csrf_token)[audience]


def frames(table: Table, seats: list[Seat], audiences: list[int | None], *, state: State | None = None,
           message: str = "", spoken: Mapping[int | None, str] | None = None,
           hint_move: str = "", csrf_token: str = "") -> dict[int | None, str]:
    """One frame per audience, the state loaded (when not given) and the shared parts worked
    out once for all of them; ``spoken``: what each audience's live region says."""
    game = catalogue.get(table.game)
    shared = {"table": table, "engine": game.engine, "message": message, "hint_move": hint_move,
              "trick_pause_ms": round(settings.TRICK_PAUSE_SECONDS * 1000), "csrf_token": csrf_token}
    spoken = spoken or {}
    if table.status == Table.Status.WAITING:
        return {audience: _waiting_room(table, seats, audience, shared) for audience in audiences}
    if state is None:
        state = game.engine.load(table.state)
    # Over when the rules say so, or when a game played alone was given up.
    shared |= _ending(game, table, state, over=game.engine.is_over(state) or table.status == Table.Status.FINISHED)
    shared["paused"] = table.status == Table.Status.PLAYING and selectors.everyone_away(seats)
    # Whether a daily table counts in the day's results: a deal played again is practice.
    shared["daily_note"] = selectors.daily_note(table, seats)
    # A finished game played alone, of a game with a coach, has an analysis page.
    shared["analysed"] = shared["over"] and game.coach is not None and game.played_alone(len(seats))
    # The hand just finished, told alike to every audience (it holds only what all may know).
    shared["hand_over"] = game.engine.hand_summary(state)
    # Partnerships, for boards that name partners and keep a score per team.
    shared["teams"] = game.teams(table.options, len(seats))
    shared["hand_over_seconds"] = settings.HAND_OVER_SECONDS
    if shared["hand_over"]:  # and so drawn once for all of them (it names seats, never "you")
        shared["hand_over_panel"] = _draw_part("games/_hand_over.html",
                                               shared | {"seats": selectors.seats_around(seats, SPECTATOR)})
    if game.timed:
        shared["clock"] = selectors.clock(table)
    shared["thinking"] = _thinking(game, table)
    # Hands finished so far, on the board (data-hands): a frame with more than the one before
    # is a new deal, which the page may sound (static/js/sound.js).
    shared["hands_played"] = game.engine.hands_played(state)
    drawn = {}
    for audience in audiences:
        legal = game.engine.legal_moves(state, audience) if audience is not None else []
        drawn[audience] = _draw(game, shared | {
            "viewer": audience, "seats": selectors.seats_around(seats, audience, teams=shared["teams"]),
            "view": game.engine.view(state, audience), "legal_moves": set(legal),
            # The moves the page may post: it composes none itself, it picks one of these.
            "legal_json": json.dumps(legal),
        }) + spoken_part(spoken.get(audience, ""))
    return drawn


def _thinking(game: catalogue.Game, table: Table) -> dict[str, Any]:
    """For a board to show a searching bot's seat thinking: its levels, and the seconds from
    the frame to when it has been thinking half a second (the bot waits its turn's pause
    first: ``Table.bot_due_at`` is that pause and its most thinking, see ``note_due_bot``)."""
    levels = game.searching_levels
    if not levels or table.bot_due_at is None:
        return {"levels": frozenset(), "after": 0.0}
    start = (table.bot_due_at - timezone.now()).total_seconds() - settings.BOT_THINK_SECONDS
    return {"levels": levels, "after": round(max(0.0, start) + LONG_SECONDS, 1)}


def spoken_part(words: str) -> str:
    """What a frame's audience hears (the table page's polite live region), after the board."""
    return format_html('<div id="announce" hx-swap-oob="innerHTML">{}</div>', words) if words else SafeString()


def frame_key(table: Table, seats: list[Seat], audience: int | None) -> tuple:
    """Everything a frame is drawn from besides the clock: two frames with the same key are
    the same frame (games.frame_reuse reuses one for the other)."""
    # The state as stored, not only its seq: a key that cannot go wrong if a write ever changes
    # it without a move (a few microseconds beside a drawing's few hundred).
    return (table.pk, table.seq, table.status, json.dumps(table.state), table.host_id, audience, tuple(
        (seat.player_id, seat.player.display_name if seat.player_id else "", seat.bot_level, seat.away_since,
         seat.deadline) for seat in seats))


def move_answer(*, status: int, seq: int) -> str:
    """A table socket's answer to a move it sent: ``status`` as HTTP would have answered it
    (204 played; 4xx refused, after the board that says why), ``seq`` the table's move
    number after the move (or where it stands, for a refusal). It lands in the page's
    #move-answer (table.html), where the page and its tests can see what became of a move."""
    return format_html('<div id="move-answer" hx-swap-oob="true" hidden data-status="{}" data-after="{}"></div>',
                       status, seq)


def replay_board(table: Table, seats: list[Seat], state: State, *, last: bool, seen_by: int | None = None) -> str:
    """One step of a finished game's replay: the public view, every seat's hand face up, no
    moves; ``last`` is the game's final step (over even if it was given up, not won).
    ``seen_by``: only that seat's hand, for a deal still kept back (games.fairness)."""
    game = catalogue.get(table.game)
    engine = game.engine
    shown = range(len(seats)) if seen_by is None else (seen_by,)
    context = {"table": table, "engine": engine, "replay": True, "viewer": SPECTATOR,
               "teams": game.teams(table.options, len(seats)),
               "seats": selectors.seats_around(seats, SPECTATOR), "view": engine.view(state, SPECTATOR),
               "hands": [engine.view(state, index).get("hand", []) if index in shown else []
                         for index in range(len(seats))],
               "legal_moves": set(), "legal_json": "[]", "thinking": _thinking(game, table)}
    context |= _ending(game, table, state, over=engine.is_over(state) or last)
    return _draw(game, context)


def _draw(game: catalogue.Game, context: dict[str, Any]) -> SafeString:
    # The Jinja template itself, not Django's wrapper around it: the environment keeps it
    # compiled (and, DEBUG off, never looks at the file again). Its render() answers a plain
    # str, escaped already (the environment autoescapes): marked safe here, or a Django page
    # that includes the board would escape it a second time.
    return SafeString(engines["boards"].env.get_template(game.board_template).render(context))


def _draw_part(template: str, context: dict[str, Any]) -> Markup:
    """A part of the board drawn alone, to be placed as it is in boards drawn after it."""
    return Markup(engines["boards"].env.get_template(template).render(context))


def _ending(game: catalogue.Game, table: Table, state: State, *, over: bool) -> dict[str, Any]:
    if not over:
        return {"over": False}
    # The seed itself is revealed on the fair-deal page and the replay, not on the table.
    return {"over": True, "outcome": game.engine.outcome(state)}


def _waiting_room(table: Table, seats: list[Seat], audience: int | None, shared: dict[str, Any]) -> str:
    teams = catalogue.get(table.game).teams(table.options, len(seats))
    return render_to_string("games/waiting_room.html", shared | {
        "viewer": audience, "seats": selectors.seats_around(seats, audience, teams=teams), "teams": teams,
        "is_host": audience is not None and any(
            seat.index == audience and seat.player_id == table.host_id for seat in seats),
        "bots": selectors.bots(table.game), "filler": selectors.empty_seat_bot(table),
    })
