"""The hint and the analysis read the perfect strategy: the best move in words, its margin over
the next best, and each choice of a game beside the best with the expected points it gave away.
A flat table (nothing after this turn is worth anything) keeps the answers known."""

import numpy as np

from games.catalogue.yahtzee import analysis, strategy
from games.catalogue.yahtzee.engine import ENGINE as yahtzee

FLAT = np.zeros((strategy.FULL + 1, strategy.CAP + 1, 2))


def test_moves_in_words():
    assert analysis.move_words("roll 0 4", (6, 2, 3, 5, 4)) == "keep 2 3 5, roll two dice"
    assert analysis.move_words("roll 2", (6, 2, 3, 5, 4)) == "keep 2 4 5 6, roll one die"
    assert analysis.move_words("roll 0 1 2 3 4", (6, 2, 3, 5, 4)) == "roll all five again"
    assert analysis.move_words("score full_house", (2, 2, 3, 3, 3)) == "score Full house"


def test_the_hint_names_the_best_move_and_its_margin_over_the_next():
    state = yahtzee.new_game(1, seed="hint").copy()
    state.dice, state.rolls = (6, 6, 6, 6, 6), 1
    hint = analysis.hint(FLAT, state)
    rated = strategy.advice(FLAT, state.boxes[0], state.dice, 1)
    assert hint.move == "score yahtzee" and hint.margin == rated[0][1] - rated[1][1] > 0
    assert str(hint).startswith("Best: score Yahtzee. It is worth ")


def test_the_analysis_sets_each_choice_beside_the_best():
    state = yahtzee.new_game(1, seed="analysis")
    moves = []
    for _ in range(13):  # score each first roll in the first box offered, never rolling again
        state = yahtzee.apply(state, 0, "roll")
        first = next(move for move in yahtzee.legal_moves(state, 0) if move.startswith("score"))
        moves += ["roll", first]
        state = yahtzee.apply(state, 0, first)
    choices = analysis.analyse(FLAT, moves, seed="analysis")
    assert len(choices) == 13 and [choice.turn for choice in choices] == list(range(1, 14))
    assert all(choice.roll == 1 and choice.given_away >= 0 for choice in choices)
    assert any(choice.given_away > 0 for choice in choices)  # never rolling again gives points away
    best_only = [choice for choice in choices if choice.chosen == choice.best]
    assert all(choice.given_away == 0 for choice in best_only)


def test_the_same_dice_kept_from_other_positions_are_the_same_choice():
    state = yahtzee.apply(yahtzee.new_game(1, seed="kept"), 0, "roll")
    dice = state.dice
    twins = [(i, j) for i in range(5) for j in range(i + 1, 5) if dice[i] == dice[j]]
    seed = "kept"
    while not twins:  # a first roll with two dice alike
        seed += "+"
        state = yahtzee.apply(yahtzee.new_game(1, seed=seed), 0, "roll")
        dice = state.dice
        twins = [(i, j) for i in range(5) for j in range(i + 1, 5) if dice[i] == dice[j]]
    first, second = twins[0]
    one, other = analysis.analyse(FLAT, ["roll", f"roll {first}"], seed=seed), \
        analysis.analyse(FLAT, ["roll", f"roll {second}"], seed=seed)
    assert one[0].chosen == other[0].chosen and one[0].given_away == other[0].given_away
