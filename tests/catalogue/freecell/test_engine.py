"""Every rule of FreeCell: Microsoft's deals, the moves, supermoves, safe automatic moves, undo."""

import json

import pytest

from games.catalogue.freecell.engine import ENGINE as freecell
from games.catalogue.freecell.engine import FreeCell, microsoft_deck
from games.kit import cards
from games.kit.engine import IllegalMove
from tests.catalogue.freecell.tables import position


def refused(state, move, reason):
    before = freecell.dump(state)
    with pytest.raises(IllegalMove, match=reason):
        freecell.apply(state, 0, move)
    assert freecell.dump(state) == before, "a refused move must change nothing"


def played(state, *moves):
    for move in moves:
        assert move in freecell.legal_moves(state, 0), move
        state = freecell.apply(state, 0, move)
    return state


# -- Microsoft's deals -------------------------------------------------------------------


def rosetta_deal(number):
    """Microsoft's deal as the well-known swap formulation writes it: cards numbered
    51 down to 0 (rank = n // 4, suit = n % 4 in clubs, diamonds, hearts, spades order),
    position i swapped with position 51 - rand % (52 - i)."""
    state = number
    deck = list(range(51, -1, -1))
    for i in range(52):
        state = (state * 214013 + 2531011) % 2**31
        j = 51 - (state >> 16) % (52 - i)
        deck[i], deck[j] = deck[j], deck[i]
    rows = [deck[r : r + 8] for r in range(0, 52, 8)]
    return [["A23456789TJQK"[n // 4] + "CDHS"[n % 4] for n in row] for row in rows]


def rows_of(state):
    tableau = freecell.view(state, 0)["tableau"]
    return [[column[r] for column in tableau if len(column) > r] for r in range(7)]


@pytest.mark.parametrize("number", [1, 617, 11982, 1000000])
def test_a_deal_number_lays_out_microsofts_deal(number):
    state = freecell.new_game(1, seed=str(number))
    assert rows_of(state) == rosetta_deal(number)
    assert [len(column) for column in freecell.view(state, 0)["tableau"]] == [7] * 4 + [6] * 4


def test_the_first_rows_of_famous_deals():
    assert rows_of(freecell.new_game(1, seed="1"))[0] == "JD 2D 9H JC 5D 7H 7C 5H".split()
    assert rows_of(freecell.new_game(1, seed="1"))[6] == "6S 9C 2H 6H".split()
    assert rows_of(freecell.new_game(1, seed="617"))[0] == "7D AD 5C 3S 5S 8C 2D AH".split()
    assert rows_of(freecell.new_game(1, seed="11982"))[0] == "AH AS 4H AC 2D 6S TS JS".split()


def test_nothing_goes_up_at_the_deal_even_with_aces_on_top():
    state = freecell.new_game(1, seed="11982")  # aces of hearts and spades start low down...
    view = freecell.view(state, 0)
    assert view["foundation_counts"] == {"C": 0, "D": 0, "H": 0, "S": 0}
    assert sum(len(column) for column in view["tableau"]) == 52


@pytest.mark.parametrize("seed", ["0", "-1", "abc", "", "2147483648", "1.5"])
def test_a_seed_that_is_not_a_deal_number_is_refused(seed):
    with pytest.raises(ValueError, match="Microsoft deal number"):
        freecell.new_game(1, seed=seed)


def test_a_given_deck_is_dealt_row_by_row_and_has_no_deal_number():
    deck = cards.standard_deck()
    state = freecell.new_game(1, seed="anything", deck=deck)
    view = freecell.view(state, 0)
    assert view["tableau"][0] == deck[0::8] and view["tableau"][7] == deck[7::8]
    assert view["deal"] is None
    assert microsoft_deck(1)[:8] == "JD 2D 9H JC 5D 7H 7C 5H".split()
    with pytest.raises(ValueError, match="each of the 52"):
        freecell.new_game(1, seed="1", deck=deck[:51])


def test_one_player_and_known_options_only():
    with pytest.raises(ValueError, match="exactly 1 players"):
        freecell.new_game(2, seed="1")
    with pytest.raises(ValueError, match="no option jokers"):
        freecell.new_game(1, seed="1", options={"jokers": True})
    state = freecell.new_game(1, seed="5", options={"winnable_only": True})
    assert freecell.view(state, 0)["options"] == {"auto_foundation": True, "winnable_only": True}
    assert isinstance(freecell, FreeCell) and freecell.slug == "freecell" and freecell.name == "FreeCell"


# -- single cards --------------------------------------------------------------------------


def test_a_top_card_goes_to_an_empty_free_cell_and_back_onto_a_column():
    state = position({0: ["KC", "7H"], 1: ["8S"]})
    state = played(state, "move t0 c2")
    view = freecell.view(state, 0)
    assert view["cells"] == [None, None, "7H", None] and view["tableau"][0] == ["KC"]
    state = played(state, "move c2 t1")
    assert freecell.view(state, 0)["tableau"][1] == ["8S", "7H"]


def test_free_cells_hold_one_card_each():
    state = position({0: ["KC", "7H"]}, cells=["2S", "3S", "4S"])
    refused(state, "move t0 c1", "Free cell 2 already holds the three of spades")
    refused(state, "move c0 c3", "already in a free cell")
    state = played(state, "move t0 c3")
    refused(state, "move t0 c", "Every free cell is full")


def test_columns_build_down_in_alternating_colours():
    state = position({0: ["KC", "7H"], 1: ["8H"], 2: ["9S"], 3: ["8C"]})
    refused(state, "move t0 t1", "seven of hearts does not go on the eight of hearts")
    refused(state, "move t0 t2", "seven of hearts does not go on the nine of spades")
    assert "move t0 t3" in freecell.legal_moves(state, 0)


def test_any_card_or_run_may_go_to_an_empty_column():
    state = position({0: ["KC", "9H"], 1: ["5S"]}, filler=(4, 5, 6))
    moves = freecell.legal_moves(state, 0)
    assert "move t0 t3" in moves and "move t1 t3" in moves and "move t0 t7" in moves
    assert freecell.view(played(state, "move t1 t3"), 0)["tableau"][3] == ["5S"]


def test_foundations_build_up_by_suit_from_the_ace():
    state = position({0: ["KC", "3H"], 1: ["AS"], 2: ["2S"]}, up={"H": 1})
    refused(state, "move t0 fH", "hearts foundation needs the two of hearts first")
    refused(state, "move t1 fH", "goes on the spades foundation, not the hearts")
    state = played(state, "move t1 fS", "move t2 fS")
    assert freecell.view(state, 0)["foundations"] == {"C": None, "D": None, "H": "AH", "S": "2S"}
    assert freecell.view(state, 0)["foundation_counts"]["S"] == 2
    refused(state, "move fS t2", "never come back from the foundations")


def test_a_free_cell_card_goes_up_too():
    state = position({}, cells=["2H"], up={"H": 1})
    assert "move c0 fH" in freecell.legal_moves(state, 0)
    state = freecell.apply(state, 0, "move c0 f")
    assert freecell.view(state, 0)["foundation_counts"]["H"] == 2


# -- runs (supermoves) -------------------------------------------------------------------

RUN = ["KC", "9S", "8H", "7C", "6D", "5S"]  # a run of five on a king


def supermove_table(cells_used, empty_columns):
    """The run in t0, a ten of hearts in t1, ``empty_columns`` of t2, t3, t4 left empty."""
    filler = tuple(range(2 + empty_columns, 8))
    held = ["2C", "3C", "4C", "2D"][:cells_used]
    return position({0: RUN, 1: ["TH"]}, cells=held, filler=filler)


@pytest.mark.parametrize(
    "cells_used, empty_columns, limit",
    [(0, 0, 5), (1, 0, 4), (3, 0, 2), (4, 0, 1), (2, 1, 6), (3, 1, 4), (3, 2, 8), (4, 2, 4), (4, 1, 2)],
)
def test_a_run_onto_a_card_moves_when_free_cells_and_empty_columns_allow(cells_used, empty_columns, limit):
    state = supermove_table(cells_used, empty_columns)
    assert freecell.view(state, 0)["max_run"]["to_column"] == limit
    if limit >= 5:
        after = played(state, "move t0 t1 5")
        assert freecell.view(after, 0)["tableau"][1] == ["TH", "9S", "8H", "7C", "6D", "5S"]
    else:
        assert "move t0 t1 5" not in freecell.legal_moves(state, 0)
        refused(state, "move t0 t1 5", f"Only {limit} cards? can move at once")


@pytest.mark.parametrize(
    "cells_used, empty_columns, limit",
    [(0, 1, 5), (2, 1, 3), (3, 2, 4), (4, 2, 2), (4, 3, 4), (2, 3, 12)],
)
def test_a_run_to_an_empty_column_does_not_count_that_column(cells_used, empty_columns, limit):
    state = supermove_table(cells_used, empty_columns)
    assert freecell.view(state, 0)["max_run"]["to_empty_column"] == limit
    runs = [m for m in freecell.legal_moves(state, 0) if m.startswith("move t0 t2")]
    assert runs == ["move t0 t2"] + [f"move t0 t2 {n}" for n in range(2, min(limit, 5) + 1)]
    if limit < 5:
        refused(state, f"move t0 t2 {limit + 1}", f"Only {limit} cards can move at once")


def test_a_run_must_be_a_run_and_the_right_length():
    state = position({0: ["KC", "9S", "8H", "8C", "7D"], 1: ["TH"], 2: ["9D"]}, filler=(3, 4, 5, 6, 7))
    refused(state, "move t0 t1 4", "top 4 cards of column 1 are not a run")
    refused(state, "move t0 t2 9", "holds only 5 cards")
    refused(state, "move t0 t2 3", "not a run")
    # Onto a card only one length fits; naming no count means that length.
    assert [m for m in freecell.legal_moves(state, 0) if m.startswith("move t0 t")] == ["move t0 t2 2"]
    after = freecell.apply(state, 0, "move t0 t2")
    assert freecell.dump(after) == freecell.dump(freecell.apply(state, 0, "move t0 t2 2"))


def test_a_free_cell_card_moves_alone():
    state = position({0: ["KC", "9S"]}, cells=["8H"])
    refused(state, "move c0 t0 2", "free cell holds one card")
    refused(state, "move t0 c1 2", "one card at a time")


# -- safe automatic moves ----------------------------------------------------------------


def test_low_cards_go_up_by_themselves_after_a_move():
    state = position({0: ["KC", "AH", "9S"], 1: ["TH"]}, auto_foundation=True)
    state = played(state, "move t0 t1")
    view = freecell.view(state, 0)
    assert view["foundations"]["H"] == "AH" and view["tableau"][0] == ["KC"]


def test_a_card_waits_while_a_card_of_the_other_colour_may_still_want_it():
    # Three of hearts could still take the two of spades: it stays down until the two goes up.
    state = position(
        {0: ["KC", "3H", "9S"], 1: ["TH"], 2: ["2S", "JH"]}, up={"C": 2, "H": 2, "S": 1}, auto_foundation=True
    )
    state = played(state, "move t0 t1")
    assert freecell.view(state, 0)["tableau"][0] == ["KC", "3H"]
    state = played(state, "move t2 c0")  # uncovers the two of spades, which goes up: then the three
    view = freecell.view(state, 0)
    assert view["tableau"][0] == ["KC"] and view["foundations"]["H"] == "3H"


def test_the_automatic_moves_chain_through_free_cells_and_columns():
    state = position({0: ["KC", "2H", "9S"], 1: ["TH"]}, cells=["AH"], auto_foundation=True)
    # The ace sitting in a cell goes up after the next move; then the two it uncovered.
    state = played(state, "move t0 t1")
    assert freecell.view(state, 0)["foundation_counts"]["H"] == 2
    assert freecell.view(state, 0)["cells"] == [None] * 4


def test_automatic_moves_can_be_turned_off():
    state = position({0: ["KC", "AH", "9S"], 1: ["TH"]}, auto_foundation=False)
    state = played(state, "move t0 t1")
    assert freecell.view(state, 0)["tableau"][0] == ["KC", "AH"]
    assert "move t0 fH" in freecell.legal_moves(state, 0)


# -- undo --------------------------------------------------------------------------------


def without_counters(state):
    data = freecell.dump(state)
    del data["moves"], data["undos"]
    return data


def test_undo_takes_back_a_move_and_its_automatic_moves_together():
    start = position({0: ["KC", "2H", "AH", "9S"], 1: ["TH"]}, auto_foundation=True)
    after = played(start, "move t0 t1")
    assert freecell.view(after, 0)["foundation_counts"]["H"] == 2
    back = freecell.apply(after, 0, "undo")
    assert without_counters(back) == without_counters(start)
    view = freecell.view(back, 0)
    assert view["moves"] == 0 and view["undos"] == 1 and not view["can_undo"]  # the move is taken back


def test_undo_is_unlimited_and_takes_back_one_move_each():
    start = freecell.new_game(1, seed="1")
    assert "undo" not in freecell.legal_moves(start, 0)
    refused(start, "undo", "no move to take back")
    state, seen = start, [start]
    for _ in range(4):
        state = freecell.apply(state, 0, next(m for m in freecell.legal_moves(state, 0) if m != "undo"))
        seen.append(state)
    assert freecell.legal_moves(state, 0)[-1] == "undo"
    for earlier in reversed(seen[:-1]):
        state = freecell.apply(state, 0, "UNDO")
        assert without_counters(state) == without_counters(earlier)
    assert freecell.view(state, 0)["moves"] == 0 and freecell.view(state, 0)["undos"] == 4


# -- refusals, spellings, words ------------------------------------------------------------


@pytest.mark.parametrize(
    "move, reason",
    [
        ("shuffle", "not a FreeCell move"),
        ("move t3", "not a FreeCell move"),
        ("move t9 c0", "t9 is not a place"),
        ("move t0 x1", "x1 is not a place"),
        ("move t0 t1 zero", "not a number of cards"),
        ("move t0 t0", "already there"),
        ("move c0 t1", "Free cell 1 is empty"),
        ("undo now", "not a FreeCell move"),
        ("move c t1", "Say which free cell"),
    ],
)
def test_a_move_that_breaks_the_grammar_is_refused_with_a_reason(move, reason):
    refused(freecell.new_game(1, seed="1"), move, reason)


def test_an_empty_column_has_no_card_to_move():
    state = position({0: ["KC"]}, filler=(4, 5, 6))
    refused(state, "move t3 c0", "Column 4 is empty")


def test_other_seats_and_non_text_are_refused():
    state = freecell.new_game(1, seed="1")
    with pytest.raises(IllegalMove, match="no seat 1"):
        freecell.apply(state, 1, "move t0 c0")
    with pytest.raises(IllegalMove, match="not a move"):
        freecell.apply(state, 0, None)
    assert freecell.legal_moves(state, 1) == []


def test_equivalent_spellings_make_the_same_move():
    state = freecell.new_game(1, seed="1")
    canonical = freecell.dump(freecell.apply(state, 0, "move t0 c0"))
    for spelling in ("MOVE T0 C0", "move t0 c", "  move  t0 c0 1 "):
        assert freecell.dump(freecell.apply(state, 0, spelling)) == canonical
    state = position({0: ["KC", "AH"]})
    assert freecell.dump(freecell.apply(state, 0, "move t0 fh")) == freecell.dump(
        freecell.apply(state, 0, "move t0 fH")
    )


def test_every_listed_move_is_accepted_and_listed_once():
    state = freecell.new_game(1, seed="617")
    for _ in range(20):
        moves = freecell.legal_moves(state, 0)
        assert len(moves) == len(set(moves))
        for move in moves:
            freecell.apply(state, 0, move)
        state = freecell.apply(state, 0, next(m for m in moves if m != "undo"))


def test_moves_are_told_in_words():
    state = freecell.new_game(1, seed="1")
    assert freecell.describe_move("move t0 c0", state=state) == "moves the six of spades to free cell 1"
    assert freecell.describe_move("move t0 c0") == "moves a card from column 1 to free cell 1"
    assert freecell.describe_move("move t1 t6 4") == "moves 4 cards from column 2 to column 7"
    assert freecell.describe_move("move c1 fS") == "moves a card from free cell 2 to the spades foundation"
    assert freecell.describe_move("undo") == "takes back a move"
    state = position({0: RUN, 1: ["TH"]})
    assert freecell.describe_move("move t0 t1 5", state=state) == (
        "moves 5 cards, the nine of spades down to the five of spades, to column 2"
    )


# -- the end, the view, storage ------------------------------------------------------------


def test_the_game_is_won_when_every_card_is_up():
    state = position({0: ["KS"]}, up={"C": 13, "D": 13, "H": 13, "S": 12}, filler=(1,))
    assert not freecell.is_over(state) and freecell.outcome(state) == {"scores": [0], "ranks": [1]}
    assert freecell.hands_played(state) == 0 and freecell.to_move(state) == (0,)
    state = played(state, "move t0 c0")
    state = played(state, "move c0 fS")
    assert freecell.is_over(state) and freecell.view(state, 0)["won"]
    assert freecell.outcome(state) == {"scores": [1], "ranks": [1]} and freecell.hands_played(state) == 1
    assert freecell.to_move(state) == () and freecell.legal_moves(state, 0) == []
    refused(state, "undo", "The game is won")


def test_the_view_shows_everything_to_everyone():
    state = played(freecell.new_game(1, seed="1"), "move t0 c0")
    view = freecell.view(state, 0)
    json.dumps(view)
    assert {k: v for k, v in view.items() if k != "seat"} == {
        k: v for k, v in freecell.view(state, None).items() if k != "seat"
    }
    assert view["cells"] == ["6S", None, None, None]
    assert view["tableau"][0] == ["JD", "KD", "2S", "4C", "3S", "6D"]
    assert view["moves"] == 1 and view["undos"] == 0 and view["deal"] == 1 and view["won"] is False
    assert view["hand"] == [] and view["can_undo"]
    assert "history" not in view


def test_dump_and_load_round_trip_exactly():
    state = freecell.new_game(1, seed="617", options={"auto_foundation": False})
    for _ in range(10):
        state = freecell.apply(state, 0, freecell.legal_moves(state, 0)[-1])
    state = freecell.apply(state, 0, freecell.legal_moves(state, 0)[0])
    data = json.loads(json.dumps(freecell.dump(state)))
    assert freecell.load(data) == state and freecell.dump(freecell.load(data)) == data
    broken = dict(data, cells=["AS"] + data["cells"][1:])
    with pytest.raises(ValueError, match="each of the 52"):
        freecell.load(broken)
