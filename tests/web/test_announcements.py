"""The live region's words after a move (games/announcements.py): the move naming its cards,
who took a trick, each seat's points when a hand ends, and "Your turn." to the seat the turn
has come to, and to no one else."""

from __future__ import annotations

from games import catalogue
from games.announcements import announcements
from games.boards import SPECTATOR

hearts, gin, klondike = (catalogue.get(slug) for slug in ("hearts", "gin_rummy", "klondike"))
HEARTS_NAMES = {0: "Ann", 1: "West bot", 2: "North bot", 3: "East bot"}


def told(game, names, state, seat, move):
    after = game.engine.apply(state, seat, move)
    words = announcements(game=game, names=names, mover=seat, move=move, before=state, after=after,
                          audiences=[*names, SPECTATOR])
    return words, after


def hearts_after_the_pass(seed="7"):
    engine = hearts.engine
    state = engine.new_game(4, seed=seed)
    for seat in range(4):
        state = engine.apply(state, seat, engine.legal_moves(state, seat)[0])
    return state


def test_the_trick_a_move_finishes_is_told_with_its_winner_whose_turn_it_now_is():
    engine = hearts.engine
    state = hearts_after_the_pass()
    for _ in range(3):
        seat = engine.to_move(state)[0]
        words, state = told(hearts, HEARTS_NAMES, state, seat, engine.legal_moves(state, seat)[0])
        assert "takes the trick" not in words[SPECTATOR]
    last = engine.to_move(state)[0]
    move = engine.legal_moves(state, last)[0]
    words, after = told(hearts, HEARTS_NAMES, state, last, move)
    winner = engine.view(after, None)["last_trick"]["winner"]
    card = engine.describe_move(move)
    assert words[SPECTATOR] == f"{HEARTS_NAMES[last]} {card}. {HEARTS_NAMES[winner]} takes the trick."
    assert words[winner] == f"{words[SPECTATOR]} Your turn."
    assert all(words[seat] == words[SPECTATOR] for seat in range(4) if seat != winner)


def test_a_play_passes_the_turn_to_the_next_seat_only():
    engine = hearts.engine
    state = hearts_after_the_pass()
    leader = engine.to_move(state)[0]
    words, after = told(hearts, HEARTS_NAMES, state, leader, "play 2C")
    following = engine.to_move(after)[0]
    assert words[SPECTATOR] == f"{HEARTS_NAMES[leader]} plays the two of clubs."
    assert [seat for seat in range(4) if words[seat].endswith("Your turn.")] == [following]


def test_the_end_of_a_hand_tells_each_seats_points_and_the_next_hands_turns():
    engine = hearts.engine
    state = hearts_after_the_pass()
    while engine.hands_played(state) == 0:
        seat = engine.to_move(state)[0]
        move = engine.legal_moves(state, seat)[0]
        words, state = told(hearts, HEARTS_NAMES, state, seat, move)
    points = engine.outcome(state)["scores"]
    assert sum(points) in (26, 78)
    scores = ", ".join(f"{HEARTS_NAMES[index]} scores {points[index]}" for index in range(4))
    assert words[SPECTATOR].endswith(f"takes the trick. Hand 1 is over: {scores}.")
    # Hand 2 begins with everyone choosing cards to pass: each seat is told it is their turn.
    assert all(words[index] == f"{words[SPECTATOR]} Your turn." for index in range(4))


def test_the_second_hand_also_gives_the_totals():
    engine = hearts.engine
    state = hearts_after_the_pass()
    words = {}
    while engine.hands_played(state) < 2:
        seat = engine.to_move(state)[0]
        words, state = told(hearts, HEARTS_NAMES, state, seat, engine.legal_moves(state, seat)[0])
    assert "Hand 2 is over: Ann scores " in words[SPECTATOR]
    total = engine.outcome(state)["scores"][0]
    assert f" ({total} in all)" in words[SPECTATOR]


def test_a_turn_of_two_moves_is_one_turn_and_then_the_others():
    engine = gin.engine
    names = {0: "Ann", 1: "Bot 2"}
    state = engine.new_game(2, seed="3")
    # The up-card is offered first; whoever is offered passes until someone must draw.
    while "draw stock" not in engine.legal_moves(state, engine.to_move(state)[0]):
        seat = engine.to_move(state)[0]
        state = engine.apply(state, seat, "pass")
    seat = engine.to_move(state)[0]
    words, state = told(gin, names, state, seat, "draw stock")
    assert words[seat] == f"{names[seat]} draws from the stock."  # still the same turn: no "Your turn."
    discard = next(move for move in engine.legal_moves(state, seat) if move.startswith("discard"))
    words, state = told(gin, names, state, seat, discard)
    other = 1 - seat
    assert words[other].endswith("Your turn.") and not words[seat].endswith("Your turn.")
    assert words[SPECTATOR] == f"{names[seat]} {engine.describe_move(discard)}."


def test_patience_moves_name_their_cards_and_never_say_your_turn():
    engine = klondike.engine
    names = {0: "Ann"}
    state = engine.new_game(1, seed="5")
    words, state = told(klondike, names, state, 0, "draw")
    assert words == {0: "Ann draws: the queen of spades comes up.", SPECTATOR: "Ann draws: the queen of spades comes up."}
    words, state = told(klondike, names, state, 0, "move t2 fC")
    assert words[0] == "Ann moves the ace of clubs to the clubs foundation, turning up the ace of diamonds."


def test_klondike_names_the_cards_of_every_kind_of_move_given_the_state_before_it():
    engine = klondike.engine
    state = engine.new_game(1, seed="5")
    assert engine.describe_move("draw", state=state) == "draws: the queen of spades comes up"
    assert engine.describe_move("draw") == "draws from the stock"
    assert engine.describe_move("move t1 t3 1", state=state) == (
        "moves the five of diamonds to the fourth pile, turning up the four of hearts")
    assert engine.describe_move("move t2 f", state=state) == (
        "moves the ace of clubs to the clubs foundation, turning up the ace of diamonds")
    # A move that cannot be made from there is told from its words alone.
    assert engine.describe_move("move t0 t1", state=state) == "moves the top card of the first pile to the second pile"
    dealt_three = engine.new_game(1, seed="5", options={"draw": 3})
    assert engine.describe_move("draw", state=dealt_three).startswith("draws: the ")


def test_the_last_to_pass_who_holds_the_two_of_clubs_is_told_to_lead_it():
    engine = hearts.engine
    state = engine.new_game(4, seed="7")
    holder = next(seat for seat in range(4) if "2C" in engine.view(state, seat)["hand"])
    for seat in [seat for seat in range(4) if seat != holder]:
        state = engine.apply(state, seat, engine.legal_moves(state, seat)[0])
    # The holder passes last; keeping the two (passing others), they lead it.
    move = next(move for move in engine.legal_moves(state, holder) if "2C" not in move)
    words, after = told(hearts, HEARTS_NAMES, state, holder, move)
    assert list(engine.to_move(after)) == [holder]
    assert words[holder] == f"{HEARTS_NAMES[holder]} passes three cards. Your turn."
    assert not any(words[seat].endswith("Your turn.") for seat in range(4) if seat != holder)


def test_while_seats_pass_at_once_a_pass_tells_no_one_still_choosing_that_it_is_their_turn():
    engine = hearts.engine
    state = engine.new_game(4, seed="7")
    words, after = told(hearts, HEARTS_NAMES, state, 0, engine.legal_moves(state, 0)[0])
    assert set(engine.to_move(after)) == {1, 2, 3}  # they were choosing already: nothing new
    assert not any(said.endswith("Your turn.") for said in words.values())
