"""What every registered game promises, checked the same way for each: a new game gets
these checks by registering in games.catalogue."""

import ast
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from games import catalogue
from games.kit.engine import IllegalMove, competition_ranks
from tests.catalogue import playouts

PURE_DIRS = [Path(catalogue.__file__).parent, Path(catalogue.__file__).parents[1] / "kit"]
GAMES = catalogue.all()
ALL = [game.engine for game in GAMES]
EXAMPLES = 5  # playouts per game, each to the end (see playouts.CHECKED_MOVES)


def test_the_registry_finds_each_game_by_slug():
    assert {"hearts", "rummy", "gin_rummy"} <= {engine.slug for engine in ALL}
    assert catalogue.get("hearts").engine.name == "Hearts"
    with pytest.raises(LookupError, match="no game is registered as 'poker'"):
        catalogue.get("poker")


def test_no_module_below_the_catalogue_or_the_kit_imports_django():
    for path in [path for folder in PURE_DIRS for path in folder.rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            assert not any(name.split(".")[0] == "django" for name in names), path


def test_the_catalogue_imports_without_loading_django():
    code = "import sys, games.catalogue; print('django' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"


def test_ties_share_the_best_rank_they_cover():
    assert competition_ranks([10, 5, 5, 20], lower_is_better=True) == [3, 1, 1, 4]
    assert competition_ranks([10, 5, 5, 20], lower_is_better=False) == [2, 3, 3, 1]


def options_of(engine):
    choices = {name: st.sampled_from(values) for name, (_, values) in engine.options.items()}
    return st.fixed_dictionaries(choices)


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.slug)
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_seeded_playout_keeps_the_contract_at_every_step_and_ends(game, data):
    """See tests/catalogue/playouts.py for what each step checks."""
    engine = game.engine
    options = data.draw(options_of(engine), label="options")
    players = data.draw(st.integers(engine.min_players, engine.max_players), label="players")
    seed_number = data.draw(st.integers(0, 2**31), label="seed")
    # Bots most of the time: random play alone may take thousands of moves to end a Rummy round.
    bot_share = data.draw(st.sampled_from([0.5, 0.9]), label="bot share") if game.bots else 0.0
    walk = data.draw(st.integers(0, 40), label="patience walk")
    try:
        state, moves = playouts.play(game, players=players, options=options, seed_number=seed_number,
                                     bot_share=bot_share, walk=walk, rng=random.Random(seed_number))
    except playouts.Unwinnable:
        assume(False)  # a patience deal its solver could not win: another deal, then
    assert engine.is_over(state) and engine.to_move(state) == ()
    assert not any(engine.legal_moves(state, seat) for seat in range(players))
    assert engine.hands_played(state) >= 1 and 1 in engine.outcome(state)["ranks"]


@pytest.mark.parametrize("game", [game for game in GAMES if not game.solo and game.engine.holds_hands],
                         ids=lambda game: game.slug)
def test_at_the_deal_no_seat_knows_another_s_hand(game):
    engine = game.engine
    for players in range(engine.min_players, engine.max_players + 1):
        state = engine.new_game(players, seed="known-cards")
        hands = {seat: set(engine.view(state, seat)["hand"]) for seat in range(players)}
        for seat in [*range(players), None]:
            known = engine.known_cards(state, seat)
            assert seat is None or hands[seat] <= known
            assert not known & set().union(*(hand for other, hand in hands.items() if other != seat))


@pytest.mark.parametrize("engine", ALL, ids=lambda engine: engine.slug)
def test_options_declare_a_default_among_their_choices(engine):
    for name, (default, choices) in engine.options.items():
        assert default in choices, name
    assert engine.resolve_options(None) == {name: d for name, (d, _) in engine.options.items()}


def mangled(move: str, rng: random.Random) -> str:
    """A legal move as a person might type it: any case, any spacing."""
    words = [rng.choice((str.lower, str.upper, str))(word) for word in move.split()]
    return rng.choice(("", " ", "\t")) + "".join(word + " " * rng.randint(1, 40) for word in words)


@pytest.mark.parametrize("engine", ALL, ids=lambda engine: engine.slug)
def test_a_move_typed_however_is_logged_as_the_legal_move_with_the_same_result(engine):
    rng = random.Random(11)
    state = engine.new_game(engine.min_players, seed="7" if engine.deal_numbers else "canonical")
    for _ in range(120):
        if engine.is_over(state):
            break
        seat = engine.to_move(state)[0]
        legal = engine.legal_moves(state, seat)
        move = rng.choice(legal)
        typed = mangled(move, rng)
        try:
            after = engine.apply(state, seat, typed)
        except IllegalMove:  # an engine may hold to its case: then the log never sees it
            after = engine.apply(state, seat, move)
            typed = move
        canonical = engine.canonical_move(state, seat, typed, after)
        assert canonical in legal, (typed, canonical)
        assert engine.dump(engine.apply(state, seat, canonical)) == engine.dump(after)
        state = after
