"""What every registered engine promises, checked the same way for each."""

import ast
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from games import catalogue
from games.kit.cards import sort_cards
from games.kit.engine import IllegalMove, competition_ranks

PURE_DIRS = [Path(catalogue.__file__).parent, Path(catalogue.__file__).parents[1] / "kit"]
ALL = [game.engine for game in catalogue.all()]
STEP_LIMIT = 1500


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


@pytest.mark.parametrize("engine", ALL, ids=lambda engine: engine.slug)
def test_a_random_match_keeps_the_contract_at_every_step(engine):
    rng = random.Random(3)
    for players in range(engine.min_players, engine.max_players + 1):
        # Numbered deals take their number as the seed.
        state = engine.new_game(players, seed="7" if engine.deal_numbers else "contract")
        steps = 0
        # Patience games keep their undo history in the state, so a long random walk grows it.
        limit = STEP_LIMIT if engine.max_players > 1 else 300
        while not engine.is_over(state) and steps < limit:
            movers = engine.to_move(state)
            assert movers and all(engine.legal_moves(state, seat) for seat in movers)
            for seat in range(players):
                view = engine.view(state, seat)
                hand = view["hand"]
                assert hand in (sort_cards(hand), sort_cards(hand, aces_high=False)) and json.dumps(view)
            assert "hand" in engine.view(state, None)
            outcome = engine.outcome(state)
            assert len(outcome["scores"]) == len(outcome["ranks"]) == players
            data = json.loads(json.dumps(engine.dump(state)))
            assert engine.load(data) == state
            seat = rng.choice(movers)
            state = engine.apply(state, seat, rng.choice(engine.legal_moves(state, seat)))
            steps += 1
        if not engine.is_over(state):
            # Bounded: a patience game only ends in a win, which random play rarely finds,
            # and a long match (Gin Rummy to 100) has its own end-to-end tests.
            continue
        assert engine.to_move(state) == () and engine.hands_played(state) >= 1
        assert 1 in engine.outcome(state)["ranks"]


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
