"""Boards drawn over seeded random games: the reference every board renderer is held to.

A scene is one frame of one game at one point of a seeded random game, for one audience
(each seat, the spectators, the replay's face-up view, and the waiting room). Tables, seats
and players are unsaved model instances with fixed keys and names, so a scene draws the
same markup on every run and every machine. ``tests/web/references/boards.json.gz`` holds
each scene's markup as drawn when it was written: a renderer that changes what players see
fails tests/web/test_board_references.py, which names the scene. A board changed on purpose
is written again with ``BOARD_REFERENCES=write .venv/bin/python -m pytest
tests/web/test_board_references.py``, and the change to the file is reviewed like code.
"""

from __future__ import annotations

import gzip
import json
import random
import re
from collections.abc import Callable, Iterator
from copy import copy
from functools import partial
from pathlib import Path

from accounts.models import Player
from games import boards, catalogue
from games.models import Seat, Table

REFERENCES = Path(__file__).parent / "references" / "boards.json.gz"
SEEDS = ("11", "23")  # FreeCell takes only deal numbers as seeds
# Frames are taken every EVERY moves of a seeded game's first MOVES, at the first move after
# each of its first HANDS hands ended (the hand-over panel), and at its end.
MOVES = 1500
EVERY = 150
HANDS = 2
NAMES = ("Ada", "Bo", "Cy", "Di", "Ed", "Flo")


def scenes() -> Iterator[tuple[str, str]]:
    """(scene name, markup) for every scene, in a fixed order."""
    for name, draw in drawings():
        yield name, draw()


def drawings() -> Iterator[tuple[str, Callable[[], str]]]:
    """(scene name, what draws it) for every scene: the games are played out here, so
    that what draws a scene does nothing else (bench/board_render.py times it)."""
    for game in catalogue.all_games():
        engine = game.engine
        for players in sorted({engine.min_players, engine.max_players}):
            for seed in SEEDS:
                yield from _game_scenes(game, players, seed)


def _game_scenes(game: catalogue.Game, players: int, seed: str) -> Iterator[tuple[str, Callable[[], str]]]:
    engine = game.engine
    name = f"{game.engine.slug}/{players}p/{seed}"
    table, seats = _table(game, players, status=Table.Status.WAITING)
    for audience in (0, None):
        yield f"{name}/waiting/{audience}", partial(boards.board, copy(table), seats, audience)
    rng = random.Random(seed)
    state = engine.new_game(players, seed=seed)
    table.status = Table.Status.PLAYING
    hands = 0
    for step in range(MOVES + 1):
        over = engine.is_over(state)
        hand_ended = engine.hands_played(state) > hands
        hands = engine.hands_played(state)
        if step % EVERY == 0 or over or (hand_ended and hands <= HANDS):
            table.seq, table.state = step, engine.dump(state)
            if over:
                table.status = Table.Status.FINISHED
            for audience in [*range(players), None]:
                yield f"{name}/{step}/{audience}", partial(boards.board, copy(table), seats, audience, state=state,
                                                           message="A message <for> this seat" if step else "")
            yield f"{name}/{step}/replay", partial(boards.replay_board, copy(table), seats, state, last=over)
        if over:
            return
        if step == MOVES:
            # Not over by then (random play seldom wins a patience): the table given up.
            table.status = Table.Status.FINISHED
            for audience in (0, None):
                yield f"{name}/given-up/{audience}", partial(boards.board, copy(table), seats, audience, state=state)
            return
        seat = rng.choice(engine.to_move(state))
        state = engine.apply(state, seat, rng.choice(engine.legal_moves(state, seat)))


def _table(game: catalogue.Game, players: int, *, status: str) -> tuple[Table, list[Seat]]:
    """A table with fixed keys: people in the first seats (the host first), bots after."""
    people = [Player(pk=100 + index, display_name=NAMES[index]) for index in range(max(1, players // 2))]
    table = Table(pk=7, game=game.engine.slug, status=status, seq=0, seed="scene", host_id=people[0].pk)
    seats = []
    for index in range(players):
        seat = Seat(pk=200 + index, table=table, index=index)
        if index < len(people):
            seat.player = people[index]
        else:
            seat.bot_level = game.default_bot.level if game.bots else "basic"
        seats.append(seat)
    return table, seats


# Two spellings of one character (Jinja's escape against Django's): browsers read them alike.
ENTITIES = {"&#34;": "&quot;", "&#39;": "&#x27;"}


def normal(markup: str) -> str:
    """Markup with every run of whitespace made one space and none between tags, and quotes
    escaped one way: what two renderers must agree on (browsers read both alike)."""
    for spelling, entity in ENTITIES.items():
        markup = markup.replace(spelling, entity)
    return re.sub(r">\s+<", "><", re.sub(r"\s+", " ", markup)).strip()


def stored() -> dict[str, str]:
    with gzip.open(REFERENCES, "rt", encoding="utf-8") as file:
        return json.load(file)


def write() -> int:
    drawn = {scene: normal(markup) for scene, markup in scenes()}
    REFERENCES.parent.mkdir(exist_ok=True)
    # mtime=0: the same scenes write the same bytes.
    with gzip.GzipFile(REFERENCES, "wb", mtime=0) as file:
        file.write(json.dumps(drawn, indent=0, sort_keys=True, ensure_ascii=False).encode())
    return len(drawn)

