"""Where a seat's turn ends (``Engine.turn_continues``): a bot playing a timed-out turn plays
all of it and no more. Played out with each game's strongest bot from seeded deals."""

import random

import pytest

from games import catalogue

# The verbs that leave the seat more of the same turn, per game; every other move ends it.
CONTINUING = {
    "hearts": set(),
    "rummy": {"draw", "meld", "layoff", "swap"},
    "gin_rummy": {"draw", "take", "layoff"},
}


@pytest.mark.parametrize("slug", sorted(CONTINUING))
def test_a_turn_goes_on_exactly_while_its_seat_has_more_of_it_to_play(slug):
    game = catalogue.get(slug)
    engine, bot = game.engine, game.default_bot
    seen = {True: set(), False: set()}
    for number in range(3):
        rng = random.Random(number)
        state = engine.new_game(engine.min_players, seed=f"turns-{number}")
        for _ in range(400):
            if engine.is_over(state):
                break
            seat = engine.to_move(state)[0]
            move = bot.choose(engine.view(state, seat), engine.legal_moves(state, seat), rng)
            after = engine.apply(state, seat, move)
            verb = move.split()[0]
            continues = engine.turn_continues(state, after, seat=seat, move=move)
            seen[continues].add(verb)
            # A Gin lay-off that finishes the lay-offs ends the hand, and so the turn.
            hand_went_on = engine.hands_played(after) == engine.hands_played(state)
            assert continues == (verb in CONTINUING[slug] and hand_went_on and seat in engine.to_move(after)), move
            state = after
    assert ("draw" in seen[True]) == bool(CONTINUING[slug])  # the playouts reached a turn of several moves
