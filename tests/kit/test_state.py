from games.kit import cards
from games.kit.state import (
    MASK,
    PLAIN,
    TUPLE,
    TUPLES,
    Field,
    GameState,
    dump_fields,
    each,
    load_fields,
    optional,
)


class Sample(GameState):
    pass


class Other(GameState):
    pass


FIELDS = {
    "seed": PLAIN,
    "totals": TUPLE,
    "scores": TUPLES,
    "hands": each(MASK),
    "last": optional(TUPLE),
    "doubled": Field(lambda value: value // 2, lambda value: value * 2),
}


def sample() -> Sample:
    state = Sample.blank()
    state.seed = "abc"
    state.totals = (3, 4)
    state.scores = ((1, 2), (2, 2))
    state.hands = (cards.mask_of(["QS", "2C"]), 0)
    state.last = None
    state.doubled = 10
    return state


def test_a_copy_is_equal_and_separate():
    state = sample()
    other = state.copy()
    assert other == state and other is not state and type(other) is Sample
    other.totals = (0, 0)
    assert state.totals == (3, 4) and other != state


def test_states_of_two_games_are_never_equal_and_never_hashed():
    first, second = Sample.blank(), Other.blank()
    assert first != second
    assert Sample.__hash__ is None


def test_fields_dump_to_json_types_and_load_back_exactly():
    state = sample()
    data = dump_fields(state, FIELDS)
    assert data == {
        "seed": "abc", "totals": [3, 4], "scores": [[1, 2], [2, 2]],
        "hands": [["2C", "QS"], []], "last": None, "doubled": 5,
    }
    assert load_fields(Sample, data, FIELDS) == state
    state.last = (1, 2)
    assert load_fields(Sample, dump_fields(state, FIELDS), FIELDS).last == (1, 2)
