"""stats.plackett_luce against openskill's PlackettLuce on random games, ties included."""

import random

import pytest
from openskill.models import PlackettLuce

from stats import plackett_luce

MODEL = PlackettLuce()


def openskill_rate(players, ranks):
    result = MODEL.rate([[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in players], ranks=ranks)
    return [(team[0].mu, team[0].sigma) for team in result]


@pytest.mark.parametrize("seed", range(4))
def test_random_games_of_two_to_six_players_match_openskill_to_the_last_bits(seed):
    rng = random.Random(seed)
    for _ in range(500):
        count = rng.randint(2, 6)
        players = [(rng.uniform(-10, 60), rng.choice([rng.uniform(0.5, 8.4), plackett_luce.SIGMA]))
                   for _ in range(count)]
        ranks = [rng.randint(1, count) for _ in range(count)]  # ties and gaps both happen
        assert plackett_luce.rate(players, ranks) == openskill_rate(players, ranks)


def test_the_winner_gains_what_the_loser_loses_and_both_grow_surer():
    (winner_mu, winner_sigma), (loser_mu, loser_sigma) = plackett_luce.rate(
        [(plackett_luce.MU, plackett_luce.SIGMA)] * 2, [1, 2])
    assert winner_mu - 25 == pytest.approx(25 - loser_mu) and winner_mu > 25
    assert winner_sigma == loser_sigma < plackett_luce.SIGMA


def test_the_input_order_does_not_matter():
    players, ranks = [(20.0, 3.0), (30.0, 5.0), (25.0, 8.0)], [2, 3, 1]
    shuffled = plackett_luce.rate([players[2], players[0], players[1]], [ranks[2], ranks[0], ranks[1]])
    straight = plackett_luce.rate(players, ranks)
    assert shuffled == [straight[2], straight[0], straight[1]]


def openskill_rate_teams(teams, ranks):
    result = MODEL.rate([[MODEL.rating(mu=mu, sigma=sigma) for mu, sigma in team] for team in teams], ranks=ranks)
    return [[(player.mu, player.sigma) for player in team] for team in result]


@pytest.mark.parametrize("seed", range(4))
def test_random_team_games_match_openskill_to_the_last_bits(seed):
    rng = random.Random(100 + seed)
    for _ in range(400):
        count = rng.randint(2, 4)
        teams = [[(rng.uniform(-10, 60), rng.choice([rng.uniform(0.5, 8.4), plackett_luce.SIGMA]))
                  for _ in range(rng.choice([1, 2, 2, 3]))] for _ in range(count)]
        ranks = [rng.randint(1, count) for _ in range(count)]
        assert plackett_luce.rate_teams(teams, ranks) == openskill_rate_teams(teams, ranks)


def test_partners_share_the_update_by_their_share_of_the_team_s_uncertainty():
    sure, unsure = (25.0, 2.0), (25.0, 8.0)
    (won_sure, won_unsure), losers = plackett_luce.rate_teams([[sure, unsure], [sure, unsure]], [1, 2])
    assert won_unsure[0] - 25 > won_sure[0] - 25 > 0, "the less known partner moves further"
    assert [round(mu, 9) for mu, _ in losers] == [round(50 - mu, 9) for mu, _ in (won_sure, won_unsure)]
