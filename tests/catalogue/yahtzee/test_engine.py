"""Yahtzee's turns: the roll grammar, rolls replayed from the seed, boxes filled once, the
joker rule through the engine, thirteen turns each, and refusals that change nothing."""

import random

import pytest

from games.catalogue.yahtzee.engine import ENGINE, OVER, REROLLS, total
from games.catalogue.yahtzee.scoring import BOXES
from games.kit.engine import IllegalMove

yahtzee = ENGINE


def test_a_turn_rolls_then_rerolls_chosen_dice_then_scores():
    state = yahtzee.new_game(1, seed="turn")
    assert yahtzee.legal_moves(state, 0) == ["roll"] and yahtzee.view(state, 0)["dice"] is None
    state = yahtzee.apply(state, 0, "roll")
    first = state.dice
    assert len(first) == 5 and all(1 <= die <= 6 for die in first) and state.rolls == 1
    legal = yahtzee.legal_moves(state, 0)
    assert len([move for move in legal if move.startswith("roll ")]) == 31 == len(REROLLS)
    assert len([move for move in legal if move.startswith("score ")]) == 13
    state = yahtzee.apply(state, 0, "roll 4 0")
    assert state.dice[1:4] == first[1:4] and state.rolls == 2
    state = yahtzee.apply(state, 0, "roll 1")
    assert not any(move.startswith("roll") for move in yahtzee.legal_moves(state, 0))
    dice = state.dice
    state = yahtzee.apply(state, 0, "score CHANCE")
    assert state.boxes[0][BOXES.index("chance")] == sum(dice) and state.dice is None and state.rolls == 0
    assert "score chance" not in yahtzee.legal_moves(yahtzee.apply(state, 0, "roll"), 0)


def test_the_same_seed_replays_the_same_rolls_and_another_seed_does_not():
    def rolls(seed):
        state, seen = yahtzee.new_game(2, seed=seed), []
        for move in ("roll", "roll 0 1 2", "roll 3 4", "score chance", "roll"):
            state = yahtzee.apply(state, state.turn, move)
            seen.append(state.dice)
        return seen
    assert rolls("s1") == rolls("s1") != rolls("s2")


@pytest.mark.parametrize(("moves", "move", "reason"), [
    ([], "score chance", "Roll the dice first"),
    ([], "roll 0", "just 'roll'"),
    (["roll"], "roll", "Say which dice"),
    (["roll"], "roll 5", "numbered 0 to 4"),
    (["roll"], "roll 1 1", "each die once"),
    (["roll"], "score sevens", "no box 'sevens'"),
    (["roll", "roll 0", "roll 0"], "roll 1", "three times"),
    (["roll", "score chance", "roll"], "score chance", "filled already"),
    (["roll"], "bet 5", "not a Yahtzee move"),
])
def test_bad_moves_are_refused_and_change_nothing(moves, move, reason):
    state = yahtzee.new_game(1, seed="bad")
    for earlier in moves:
        state = yahtzee.apply(state, 0, earlier)
    before = yahtzee.dump(state)
    with pytest.raises(IllegalMove, match=reason):
        yahtzee.apply(state, 0, move)
    assert yahtzee.dump(state) == before


def test_an_extra_yahtzee_is_forced_into_its_upper_box_and_earns_100():
    state = yahtzee.new_game(1, seed="joker").copy()
    boxes = [None] * 13
    boxes[BOXES.index("yahtzee")] = 50
    state.boxes, state.dice, state.rolls = (tuple(boxes),), (6, 6, 6, 6, 6), 1
    assert [move for move in yahtzee.legal_moves(state, 0) if move.startswith("score")] == ["score sixes"]
    with pytest.raises(IllegalMove, match="joker"):
        yahtzee.apply(state, 0, "score full_house")
    assert yahtzee.describe_move("score sixes", state=state) == "scores 30 in sixes, and 100 for another Yahtzee"
    after = yahtzee.apply(state, 0, "score sixes")
    assert after.bonuses == (1,) and total(after, 0) == 50 + 30 + 100


def test_thirteen_turns_each_end_the_game_and_the_highest_total_wins():
    rng = random.Random(3)
    state = yahtzee.new_game(3, seed="whole")
    turns = 0
    while not yahtzee.is_over(state):
        seat = yahtzee.to_move(state)[0]
        move = rng.choice(yahtzee.legal_moves(state, seat))
        turns += move.startswith("score")
        state = yahtzee.apply(state, seat, move)
    assert turns == 39 and state.phase == OVER and yahtzee.hands_played(state) == 1
    outcome = yahtzee.outcome(state)
    assert outcome["scores"] == [total(state, seat) for seat in range(3)]
    best = max(outcome["scores"])
    assert [rank == 1 for rank in outcome["ranks"]] == [score == best for score in outcome["scores"]]
