"""Our basic bot against OpenSpiel's simple gin rummy bot through ``bench/gin_openspiel.py``.

OpenSpiel referees: every action our moves are translated into must be among its legal
actions (``Table.play`` raises ``Mistranslation`` otherwise), and every hand must reach its
end (a knock, or a void hand at the wall).
"""

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")
from bench import gin_openspiel  # noqa: E402
from games import catalogue  # noqa: E402

DEALS = 10  # each from both seats: 20 hands


def test_basic_plays_seeded_hands_against_the_simple_bot_from_both_seats(monkeypatch):
    tables, actions = [], []
    make, play = gin_openspiel.Table.__init__, gin_openspiel.Table.play

    def made(table, deck):
        make(table, deck)
        tables.append(table)

    def counted(table, action, why=""):
        actions.append(action)
        play(table, action, why)

    monkeypatch.setattr(gin_openspiel.Table, "__init__", made)
    monkeypatch.setattr(gin_openspiel.Table, "play", counted)
    bot = catalogue.get("gin_rummy").bot("basic")
    endings = []
    for deal in range(DEALS):
        deck = gin_openspiel.deal_deck("openspiel-match-test", deal)
        for seat in (0, 1):
            points, ending, _, _ = gin_openspiel.play_hand(deck, seat, bot, random.Random(deal))
            endings.append(ending)
            state = tables[-1].state
            assert state.is_terminal()
            assert points == state.returns()[seat] == -state.returns()[1 - seat]
    assert len(tables) == 2 * DEALS
    assert len(actions) > 20 * DEALS  # every one of them legal where it was played
    assert any(ending.startswith("ours") for ending in endings)
    assert any(ending.startswith("theirs") for ending in endings)
