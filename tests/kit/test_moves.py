import pytest

from games.kit.engine import IllegalMove
from games.kit.moves import read_card, read_cards, read_move, read_number, whole_number

VERBS = {"draw": (0, 1), "play": (1,), "meld": None}


def read(move, **options):
    return read_move(move, VERBS, example="play QS", unknown="not a move of this game", **options)


def test_a_move_is_its_verb_and_arguments_at_any_spacing_and_case():
    assert read("  PLAY   qs ") == ("play", ["qs"])
    assert read("Play qS", case="keep") == ("play", ["qS"])
    assert read("PLAY qs", case="upper") == ("play", ["QS"])
    assert read("meld a b c d e")[1] == ["a", "b", "c", "d", "e"]


@pytest.mark.parametrize("move", ["fly QS", "play", "play QS KS", "draw a b", ""])
def test_an_unknown_verb_or_a_count_it_does_not_take_gets_the_engines_reason(move):
    with pytest.raises(IllegalMove, match="not a move of this game"):
        read(move)


def test_an_empty_move_may_have_its_own_reason():
    with pytest.raises(IllegalMove, match="Send a move"):
        read(" ", empty="Send a move.")


def test_a_move_that_is_not_text_is_refused_with_an_example():
    with pytest.raises(IllegalMove, match="send text like 'play QS'"):
        read(None)


def test_cards_are_parsed_with_the_reason_cards_gives():
    assert read_card("QS") == "QS"
    assert read_card("10h", spelling=lambda word: word.upper().replace("10", "T")) == "TH"
    with pytest.raises(IllegalMove, match="the suit must be one of"):
        read_card("QX")
    with pytest.raises(IllegalMove, match="rank"):
        read_card("X1")
    assert read_card("X1", jokers=True) == "X1"


def test_a_card_count_is_checked_before_the_cards():
    assert read_cards(["2C", "3C", "4C"], count=3, reason="Three.") == ["2C", "3C", "4C"]
    with pytest.raises(IllegalMove, match="Three."):
        read_cards(["2C", "bad"], count=3, reason="Three.")
    with pytest.raises(IllegalMove, match="not a card"):
        read_cards(["2C", "bad"])


def test_the_reason_names_the_move_refused():
    with pytest.raises(IllegalMove, match="^'fly QS' is not a move here$"):
        read_move("fly QS", VERBS, example="play QS", unknown="{move!r} is not a move here")


def test_a_seat_the_table_has_not_is_refused():
    from games.kit.engine import IllegalMove
    from games.kit.moves import check_seat

    check_seat(3, 4)
    for seat in (4, -1, "0", None):
        with pytest.raises(IllegalMove, match="There is no seat"):
            check_seat(seat, 4)


@pytest.mark.parametrize("text", ["0", "7", "12", "007"])
def test_a_whole_number_is_ascii_digits(text):
    assert whole_number(text) == int(text)


# isdigit() is True for each of these; int() raises on some ("²", "⑤") and reads others ("１", "١").
@pytest.mark.parametrize("text", ["²", "¹⁰", "١", "１", "⑤", "४", "1²", "", " 1", "1 ", "+1", "-1", "1_0", "1.0",
                                  "0x1", "9" * 19, None, 3])
def test_nothing_else_is_a_whole_number(text):
    assert whole_number(text) is None


def test_a_number_in_a_move_is_refused_outside_its_range_or_script_with_the_engines_reason():
    assert read_number("3", reason="Bid 0 to 13.", highest=13) == 3
    assert read_number("1", reason="At least one.", lowest=1) == 1
    for word in ("14", "²", "１", "-1", "x", "9" * 5000):
        with pytest.raises(IllegalMove, match="^Bid 0 to 13.$"):
            read_number(word, reason="Bid 0 to 13.", highest=13)
    with pytest.raises(IllegalMove, match="At least one."):
        read_number("0", reason="At least one.", lowest=1)
