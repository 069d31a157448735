"""The Klondike solver: its solutions win through the engine; its refusals are honest."""

import random

import pytest

from games.catalogue.klondike import solver
from games.catalogue.klondike.engine import ENGINE as klondike
from games.kit import cards


def replay(state, moves):
    for move in moves:
        state = klondike.apply(state, 0, move)
    return state


SOLVABLE = [
    ("solver-0", {"draw": 1}),
    ("solver-0", {"draw": 1, "auto_flip": False}),
    ("solver-0", {"draw": 1, "auto_finish": False}),
    ("solver-2", {"draw": 3}),
    ("solver-2", {"draw": 3, "passes": 3}),
    ("solver-6", {"draw": 3, "scoring": "standard"}),
]


@pytest.mark.parametrize("seed, options", SOLVABLE)
def test_solutions_replay_through_apply_to_a_win(seed, options):
    state = klondike.new_game(1, seed=seed, options=options)
    moves = solver.solve(state, max_nodes=20_000, max_seconds=10)
    assert isinstance(moves, list)
    assert klondike.is_over(replay(state, moves))
    if not options.get("auto_flip", True):
        assert any(move.startswith("flip") for move in moves)


def test_a_game_under_way_is_solved_from_where_it_stands():
    state = klondike.new_game(1, seed="solver-0", options={"draw": 1})
    moves = solver.solve(state, max_nodes=20_000)
    assert isinstance(moves, list)
    halfway = replay(state, moves[: len(moves) // 2])
    rest = solver.solve(halfway, max_nodes=20_000)
    assert isinstance(rest, list) and klondike.is_over(replay(halfway, rest))


def unwinnable_deck():
    """The four kings on top of three piles' face-down cards, every ace buried under them,
    and the stock all clubs-free middle cards: no king ever finds an empty pile."""
    deck = cards.standard_deck()
    # Pile 6's cards are deck positions 6, 12, 17, 21, 24, 26, 27 (bottom up); aces at the
    # bottom of the three longest piles under kings of the same colour sequence blocks.
    aces = ["AC", "AD", "AH", "AS"]
    twos = ["2C", "2D", "2H", "2S"]
    rest = [card for card in deck if card not in aces + twos]
    layout = [None] * 52
    for position, card in zip((6, 5, 4, 3), aces, strict=True):  # bottoms of t6, t5, t4, t3
        layout[position] = card
    for position, card in zip((12, 11, 10, 9), twos, strict=True):  # on them
        layout[position] = card
    free = iter(rest)
    return [card if card is not None else next(free) for card in layout]


def test_an_unwinnable_deal_is_proven_unwinnable_never_solved():
    # Every card but the tableau's tops is in the stock, in draw 3 with one pass, and the
    # aces lie under face-down cards that no move can reach.
    state = klondike.new_game(1, seed="stuck", deck=unwinnable_deck(), options={"draw": 3, "passes": 1})
    verdict = solver.search(state, max_nodes=5_000, max_seconds=5)
    # Proven, within the budget: a solver that gave up ("unknown") would not pass.
    assert verdict.status == "unwinnable" and verdict.moves is None
    assert solver.solve(state, max_nodes=5_000, max_seconds=5) is None


def test_a_hint_is_a_legal_move_and_none_once_won():
    state = klondike.new_game(1, seed="solver-0", options={"draw": 1})
    move = solver.hint(state, 20_000)
    assert move in klondike.legal_moves(state, 0)
    moves = solver.solve(state, max_nodes=20_000)
    assert solver.hint(replay(state, moves), 100) is None


def test_every_order_searches_the_same_positions_of_an_unwinnable_deal():
    # The restarts jitter the move order; a search that runs out of moves must still have
    # seen every position, whatever the order, for its None to stay a proof.
    state = klondike.new_game(1, seed="stuck", deck=unwinnable_deck(), options={"draw": 3, "passes": 1})
    assert solver.solve(state, max_nodes=5_000) is None
    sizes = set()
    for shuffle in (None, 1, 2, 3):
        finder = solver._Search(3, 0, 5_000, None, shuffle)
        assert finder.run(solver._root(state)) is None
        sizes.add(len(finder.marks))
    assert len(sizes) == 1


@pytest.mark.parametrize("seed, draw", [("11", 1), ("14", 3)])
def test_a_restart_wins_where_the_first_order_runs_out(seed, draw):
    state = klondike.new_game(1, seed=seed, options={"draw": draw})
    budget = 4_000
    first = solver._Search(draw, None, budget // solver.FIRST_SHARE, None)
    with pytest.raises(solver._OutOfBudget):
        first.run(solver._root(state))
    verdict = solver.search(state, max_nodes=budget)
    assert verdict.status == "solved" and verdict.nodes <= budget
    assert klondike.is_over(replay(state, verdict.moves))
    assert solver.search(state, max_nodes=budget).moves == verdict.moves  # seeded: repeatable


def queen_over_her_kings_deck():
    """The queen of diamonds face up on the seventh pile, over both black kings and the ace
    of diamonds: she can go onto neither king nor up to her foundation, so she never moves
    and the six cards under her stay face down."""
    deck = cards.standard_deck()
    placed = {27: "QD", 6: "KS", 12: "KC", 17: "AD"}  # t6 is deck positions 6 12 17 21 24 26 27
    rest = iter(card for card in deck if card not in placed.values())
    return [placed.get(position) or next(rest) for position in range(52)]


def test_a_deadlocked_deal_is_proven_unwinnable_at_once():
    state = klondike.new_game(1, seed="stuck", deck=queen_over_her_kings_deck(), options={"draw": 1})
    verdict = solver.search(state, max_nodes=1_000)
    assert verdict.status == "unwinnable" and verdict.nodes == 1


def _piles(*piles):
    """Internal piles from (face-down names, face-up names) pairs, padded to seven."""
    piles = [(tuple(solver._CARD[c] for c in down), tuple(solver._CARD[c] for c in up)) for down, up in piles]
    return tuple(piles + [((), ())] * (7 - len(piles)))


def test_two_queens_that_wait_for_each_other_are_a_deadlock():
    # The queen of diamonds lies over the king of spades and the ace of hearts; the queen
    # of hearts lies on the king of clubs. Each queen needs the other's king (or the ace of
    # hearts, under the queen of diamonds): neither can ever move first.
    piles = _piles((("JD", "AH", "KS"), ("QD",)), ((), ("KC", "QH", "JC")))
    assert solver._deadlocked(piles, (0, 3, 0, 0), ())
    # With the hearts up to the jack, the queen of hearts may go up, free her king and
    # let the queen of diamonds move: no proof.
    piles = _piles((("JD", "KS"), ("QD",)), ((), ("KC", "QH", "JC")))
    assert not solver._deadlocked(piles, (0, 3, 11, 0), ())


def test_a_face_down_card_can_be_part_of_a_deadlock():
    # The ten of hearts may still go onto the jack of spades (in the stock), but the queen
    # of diamonds under it, face down, then meets the queen of hearts as above.
    piles = _piles((("JD", "AH", "AC", "KS", "QD"), ("TH", "9S")), ((), ("KC", "QH", "JC")))
    assert solver._deadlocked(piles, (0, 3, 0, 5), ())
    # With the hearts up to the jack, the queen of hearts can go up and uncover her king:
    # no proof.
    piles = _piles((("JD", "AC", "KS", "QD"), ("TH", "9S")), ((), ("KC", "QH", "JC")))
    assert not solver._deadlocked(piles, (0, 3, 11, 5), ())


def _talon_of(piles, found):
    """Every card neither on the tableau nor up."""
    on_tableau = {card for down, up in piles for card in down + up}
    return tuple(card for card in range(52) if card not in on_tableau and card % 13 >= found[card // 13])


def test_a_card_in_the_talon_can_be_part_of_a_deadlock():
    # The eight of spades seals the ace of diamonds (and the two of spades, the tens, the
    # nine of hearts). It may only go onto the nine of diamonds, in the talon; and the
    # nine of diamonds onto a black ten, both under the eight: neither can move first.
    piles = _piles((("2S", "TS", "TC", "9H", "AD"), ("8S",)))
    found = (0, 0, 0, 1)
    assert solver._deadlocked(piles, found, _talon_of(piles, found))
    assert not solver._deadlocked(piles, found, ())  # without the talon rule: no proof
    # With the ten of clubs in the talon it may go onto a red jack, that onto a black
    # queen, that onto a red king in an empty pile: the nine of diamonds can move.
    piles = _piles((("2S", "TS", "9H", "AD"), ("8S",)))
    assert not solver._deadlocked(piles, found, _talon_of(piles, found))


@pytest.mark.parametrize("seed, draw", [("1", 1), ("2", 3), ("5", 3)])
def test_no_position_on_a_winning_line_is_called_deadlocked(seed, draw):
    state = klondike.new_game(1, seed=seed, options={"draw": draw})
    moves = solver.solve(state, max_nodes=50_000)
    assert isinstance(moves, list)
    for move in moves:
        piles, found, talon, *_ = solver._root(state)
        assert not solver._deadlocked(piles, found, talon)
        state = klondike.apply(state, 0, move)
    assert klondike.is_over(state)


def restarts(state, draw, turns, budget, shuffles):
    """The marks left by searches of ``budget`` nodes each, one after another as ``search`` runs them."""
    marks, first_order = {}, 0
    for shuffle in shuffles:
        finder = solver._Search(draw, turns, budget, None, shuffle, True, marks, first_order)
        try:
            finder.run(solver._root(state))  # a restart that wins leaves its marks as well
        except solver._OutOfBudget:
            pass
        first_order += finder.nodes + 1
    assert solver.DEAD in marks.values()
    return marks


@pytest.mark.parametrize("seed, draw", [("1", 1), ("2", 3), ("14", 3)])
def test_no_position_on_a_winning_line_is_proven_dead_by_a_restart(seed, draw):
    # Restarts cut short by their budget share the positions they proved dead: a
    # component of positions all searched, every move out of it leading to one already
    # dead. None of them may lie on a line that wins.
    state = klondike.new_game(1, seed=seed, options={"draw": draw})
    marks = restarts(state, draw, None, 100, (None, 1, 2, 3, 4, 5))
    dead = {key for key, mark in marks.items() if mark == solver.DEAD}
    moves = solver.solve(state, max_nodes=50_000)
    assert isinstance(moves, list)
    checker = solver._Search(draw, None, 1, None)
    for move in moves:
        node = checker.autoplay(solver._root(state), [])
        assert checker.key(node) not in dead
        state = klondike.apply(state, 0, move)
    assert klondike.is_over(state)


def test_a_proof_of_unwinnability_survives_the_dead_sets():
    # Small restarts leave a set of dead positions that the last search skips; its None
    # is still a proof, and the same one a single search without them gives.
    state = klondike.new_game(1, seed="stuck", deck=unwinnable_deck(), options={"draw": 3, "passes": 1})
    whole = solver._Search(3, 0, 100_000, None)
    assert whole.run(solver._root(state)) is None
    marks = restarts(state, 3, 0, 50, (1, 2, 3))
    last = solver._Search(3, 0, 100_000, None, 4, True, marks, max(marks.values()) + 1)
    assert last.run(solver._root(state)) is None
    assert last.nodes < whole.nodes
    assert all(marks[key] == solver.DEAD for key in whole.marks)


@pytest.mark.parametrize("draw", [1, 3])
def test_the_short_deadlock_test_after_a_move_agrees_with_the_whole_one(draw):
    # Random walks over the solver's own moves: from a position that is not deadlocked,
    # the test told the card just laid (or that none was) answers as the whole test does.
    rnd = random.Random(draw)
    walker = solver._Search(draw, None, 1, None)
    deadlocks = 0
    for deal in range(250):
        node = walker.autoplay(solver._root(klondike.new_game(1, seed=str(deal), options={"draw": draw})), [])
        for _ in range(150):
            moves = walker.moves(node)
            if solver._deadlocked(node[0], node[1], node[2]) or not moves:
                break
            move = rnd.choice(moves)
            child = walker.autoplay(walker.play(node, move), [])
            whole = solver._deadlocked(child[0], child[1], child[2])
            laid = solver._laid_card(node, move)
            if laid is None:
                assert not whole, move
            else:
                assert solver._deadlocked(child[0], child[1], child[2], laid) == whole, move
            deadlocks += whole
            node = child
    assert deadlocks >= 20, deadlocks  # the walks do meet deadlocks, so the agreement is tested both ways
