"""A number in a move is spelt in ASCII digits, and nothing else is read as one.

Python's ``str.isdigit()`` is True for digits of other scripts, and ``int()`` takes some of
them: ``'²'.isdigit()`` is True and ``int('²')`` raises ValueError (a 500 at the table);
``int('１')`` and ``int('١')`` are 1 (a move the board never offered). Each engine that reads a
number refuses every such spelling with a reason, and the state it was given is unchanged.
"""

import random

import pytest

from games import catalogue
from games.kit.engine import IllegalMove
from tests.catalogue.playouts import OTHER_DIGITS, in_other_digits

# Every game whose moves carry a number, with the options under which they do.
NUMBER_GAMES = {
    "spades": {}, "oh_hell": {}, "rummy": {}, "gin_rummy": {}, "shithead": {}, "yahtzee": {}, "memory": {},
    "klondike": {}, "freecell": {}, "cribbage": {"muggins": True},
}
WANTED = 3  # number moves tried per game, each in every script
MAX_MOVES = 3000


def number_moves(game, options, *, seed: int):
    """(state, seat, move) for the first legal moves that carry a number in a seeded game."""
    engine = game.engine
    rng = random.Random(seed)
    state = engine.new_game(engine.min_players if game.solo else max(engine.min_players, 2),
                            seed=str(engine.deal_numbers[seed]) if engine.deal_numbers else f"numbers-{seed}",
                            options=options)
    found = []
    for _ in range(MAX_MOVES):
        if engine.is_over(state) or len(found) >= WANTED:
            break
        seat = engine.to_move(state)[0]
        legal = engine.legal_moves(state, seat)
        numbered = [move for move in legal if any(word.isdigit() for word in move.split())]
        if numbered:
            found.append((state, seat, rng.choice(numbered)))
        # Bots make progress where random play would wander (Rummy's lay-offs need melds).
        if game.bots and rng.random() < 0.8:
            move = game.default_bot.choose(engine.view(state, seat), legal, rng)
        else:
            move = rng.choice(legal)
        state = engine.apply(state, seat, move)
    return found


@pytest.mark.parametrize("slug", NUMBER_GAMES)
def test_a_number_in_another_script_is_refused_with_a_reason_and_changes_nothing(slug):
    game = catalogue.get(slug)
    found = number_moves(game, NUMBER_GAMES[slug], seed=5)
    assert found, f"{slug}: no move with a number came up; the test would check nothing"
    for state, seat, move in found:
        before = game.engine.dump(state)
        for script, digits in OTHER_DIGITS.items():
            spelt = in_other_digits(move, digits)
            with pytest.raises(IllegalMove) as refused:
                game.engine.apply(state, seat, spelt)
            assert isinstance(refused.value.reason, str) and refused.value.reason, (slug, script, spelt)
            assert game.engine.dump(state) == before, (slug, script, spelt)
        game.engine.apply(state, seat, move)  # the ASCII spelling is the legal move it was
