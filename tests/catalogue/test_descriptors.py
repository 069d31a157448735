"""Every game's descriptor declares traits that agree with its engine, checked for each game
the catalogue holds, so a new game's declaration is checked by registering it."""

from itertools import product
from pathlib import Path

import pytest

from games import catalogue
from games.catalogue.game import HIGHER, LOWER, RESULT_FACTS, Game
from games.kit.engine import Engine

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES, BOARDS = ROOT / "templates", ROOT / "boards"
GAMES = catalogue.all()


def every_option_combination(engine: Engine):
    names = list(engine.options)
    for values in product(*(engine.options[name][1] for name in names)):
        yield dict(zip(names, values, strict=True))


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.slug)
def test_the_descriptor_agrees_with_its_engine(game: Game):
    engine = game.engine
    assert game.slug == engine.slug and game.name == engine.name
    # Played alone exactly when one seat is all there is, and then with no bots to fill seats.
    assert game.solo == (engine.max_players == 1)
    assert bool(game.bots) != game.solo
    assert not game.bots or game.bots[0].title == "Beginner"  # the weakest first
    assert not game.timed or game.solo  # records against the clock are one person's
    assert set(game.stats_facts) <= set(RESULT_FACTS)
    if game.winnable_option:
        assert game.winnable_option in engine.options and game.solver is not None
    assert (BOARDS / game.board_template).exists() and (TEMPLATES / game.rules_template).exists()


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.slug)
def test_score_order_and_teams_are_declared_for_every_choice_of_options(game: Game):
    engine = game.engine
    for options in every_option_combination(engine):
        assert game.score_order(options) in (LOWER, HIGHER)
        for players in range(engine.min_players, engine.max_players + 1):
            teams = game.teams(options, players)
            if teams is not None:  # partnerships cover every seat once
                assert sorted(seat for team in teams for seat in team) == list(range(players))


def test_the_registry_finds_games_by_slug_in_the_site_s_order_and_refuses_others():
    assert [game.slug for game in GAMES] == ["hearts", "spades", "oh_hell", "rummy", "gin_rummy", "crazy_eights", "shithead",
                                               "cribbage", "yahtzee", "memory", "klondike", "freecell"]
    assert catalogue.get("gin_rummy") is GAMES[4]
    with pytest.raises(LookupError, match="no game is registered as 'poker'"):
        catalogue.get("poker")


def test_a_game_is_registered_once():
    with pytest.raises(ValueError, match="already registered as 'hearts'"):
        catalogue.game.register(catalogue.get("hearts"))


def test_rummy_s_score_order_follows_its_scoring():
    rummy = catalogue.get("rummy")
    assert rummy.score_order({"scoring": "penalty"}) == LOWER
    assert rummy.score_order({"scoring": "winner_takes"}) == HIGHER
    assert catalogue.get("hearts").lower_is_better({}) and not catalogue.get("gin_rummy").lower_is_better({})
