"""Every searching bot (an ``expert`` level) in every seat plays a whole first hand, only
legal moves, from each seat's view; and none is ever a table's default bot."""

import random

import pytest

from games import catalogue

SEARCHING = [(game, bot) for game in catalogue.all() for bot in game.bots if getattr(bot, "searches", False)]


@pytest.mark.parametrize("game,bot", SEARCHING, ids=lambda value: getattr(value, "slug", getattr(value, "level", "")))
@pytest.mark.parametrize("players", ["fewest", "default"])
def test_searching_seats_play_a_first_hand_of_legal_moves(game, bot, players):
    engine = game.engine
    count = engine.min_players if players == "fewest" else engine.players_by_default
    rng = random.Random(count)
    state = engine.new_game(count, seed=f"searching:{game.slug}:{count}")
    while engine.hands_played(state) == 0 and not engine.is_over(state):
        seat = engine.to_move(state)[0]
        legal = engine.legal_moves(state, seat)
        move = bot.choose(engine.view(state, seat), legal, rng, deals=10)
        assert move in legal
        state = engine.apply(state, seat, move)
    assert engine.hands_played(state) == 1


@pytest.mark.parametrize("game,bot", SEARCHING, ids=lambda value: getattr(value, "slug", getattr(value, "level", "")))
def test_a_searching_bot_is_offered_after_the_others_and_never_fills_a_seat(game, bot):
    assert game.bots[-1] is bot and game.default_bot is not bot and game.default_bot.level == "basic"
    assert bot.level in game.searching_levels
