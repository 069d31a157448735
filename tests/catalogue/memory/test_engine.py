"""Memory's rules: pairs by rank and colour at every size, going again after a pair, a miss
shown and turned back before the turn passes, ranks alone and together, refusals that change
nothing, and no view that names a face-down card; the bots by how much they remember."""

import random

import pytest

from games.catalogue.memory import bots
from games.catalogue.memory.engine import ENGINE, OVER, SHOWING, all_pairs, pair_of
from games.kit.engine import IllegalMove, cards_named

memory = ENGINE


def test_the_26_pairs_are_by_rank_and_colour():
    pairs = all_pairs()
    assert len(pairs) == 26 and len({card for pair in pairs for card in pair}) == 52
    assert ("QD", "QH") in pairs and ("QC", "QS") in pairs
    assert pair_of("QD") == pair_of("QH") != pair_of("QS")


@pytest.mark.parametrize("count", [8, 18, 26])
def test_each_size_lays_out_whole_pairs(count):
    state = memory.new_game(2, seed="size", options={"pairs": count})
    assert len(state.layout) == 2 * count == len(set(state.layout))
    keys = [pair_of(card) for card in state.layout]
    assert all(keys.count(key) == 2 for key in keys)
    assert memory.view(state, 0)["columns"] * (2 * count // memory.view(state, 0)["columns"]) == 2 * count
    assert memory.view(state, 0)["grid"] == [None] * (2 * count)


LAYOUT = ["QD", "2C", "QH", "2S", "5C", "5S", "9D", "9H", "KC", "KS", "AD", "AH", "3C", "3S", "7D", "7H"]


def test_a_pair_scores_and_the_same_player_goes_again():
    state = memory.new_game(2, seed="x", deck=LAYOUT)
    state = memory.apply(state, 0, "flip 0")
    assert memory.view(state, 1)["grid"][0] == "QD" and memory.known_cards(state, 1) == {"QD"}
    state = memory.apply(state, 0, "flip 2")
    assert state.found == (1, 0) and state.turn == 0 and state.taken[0] == state.taken[2] == 0
    assert memory.view(state, None)["grid"][:3] == ["QD", None, "QH"]


def test_a_miss_shows_both_cards_until_they_turn_back_then_the_turn_passes():
    state = memory.new_game(2, seed="x", deck=LAYOUT)
    state = memory.apply(memory.apply(state, 0, "flip 1"), 0, "flip 4")
    assert state.phase == SHOWING and memory.legal_moves(state, 0) == ["hide"]
    assert memory.forced_move(state) == (0, "hide") and memory.view(state, 1)["grid"][4] == "5C"
    with pytest.raises(IllegalMove, match="turn back"):
        memory.apply(state, 0, "flip 5")
    state = memory.apply(state, 0, "hide")
    assert state.turn == 1 and state.turns == (1, 0) and memory.view(state, 1)["grid"] == [None] * 16
    assert memory.known_cards(state, 1) == set() and memory.forced_move(state) is None


@pytest.mark.parametrize(("moves", "move", "reason"), [
    ([], "flip 16", "0 to 15"), ([], "flip x", "0 to 15"), (["flip 0"], "flip 0", "face up"),
    (["flip 0", "flip 2"], "flip 2", "taken already"), ([], "hide", "no missed pair"), ([], "turn 3", "not a Memory"),
])
def test_bad_moves_are_refused_and_change_nothing(moves, move, reason):
    state = memory.new_game(1, seed="x", deck=LAYOUT)
    for earlier in moves:
        state = memory.apply(state, 0, earlier)
    before = memory.dump(state)
    with pytest.raises(IllegalMove, match=reason):
        memory.apply(state, 0, move)
    assert memory.dump(state) == before


def play_out(players, seed, levels, count=8):
    state = memory.new_game(players, seed=seed, options={"pairs": count})
    rng, memories = random.Random(seed), [{} for _ in range(players)]
    while not memory.is_over(state):
        for seat in [*range(players), None]:
            view = memory.view(state, seat)
            assert cards_named(view) <= memory.known_cards(state, seat)
            if seat is not None:
                memories[seat] = bots.remember(memories[seat], view)
        seat = memory.to_move(state)[0]
        legal = memory.legal_moves(state, seat)
        move = levels[seat].choose(memory.view(state, seat), legal, rng, seen=memories[seat])
        assert move in legal
        state = memory.apply(state, seat, move)
    return state


def test_alone_the_score_is_the_turns_taken_and_together_the_most_pairs_win():
    alone = play_out(1, "alone", [bots.LEVELS[2]])
    assert alone.phase == OVER and memory.outcome(alone) == {"scores": [alone.turns[0]], "ranks": [1]}
    assert memory.result_facts(alone) == {"moves": alone.turns[0]} and alone.turns[0] >= 8
    together = play_out(3, "together", list(bots.LEVELS), count=18)
    outcome = memory.outcome(together)
    assert outcome["scores"] == list(together.found) and sum(together.found) == 18
    best = max(outcome["scores"])
    assert [rank == 1 for rank in outcome["ranks"]] == [score == best for score in outcome["scores"]]


def test_the_more_a_bot_remembers_the_fewer_turns_it_takes():
    turns = {bot.level: sum(play_out(1, f"recall-{n}", [bot]).turns[0] for n in range(30)) / 30
             for bot in bots.LEVELS}
    assert turns["elephant"] < turns["basic"] < turns["goldfish"], turns
    assert turns["elephant"] < 14  # about 1.6 turns a pair with a perfect memory
