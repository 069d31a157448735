"""The Plackett-Luce update of openskill's ``PlackettLuce()``, for players alone or in teams.

The nightly job rates a million games in minutes; openskill's ``rate`` spends most of its
40 µs a game deep-copying the teams and minting rating objects (each with a uuid4). This
is the same arithmetic, in the same order, for the shapes of match we rate (players alone,
or partnerships: each team a list of players; no weights, no scores, openskill's default
parameters, which are read from the model so the two cannot drift apart).
tests/stats/test_plackett_luce.py checks it against openskill on thousands of random
games, ties and teams included, to the last bits.

Algorithm 4 of Weng & Lin (2011), as openskill 6 computes it, on teams: each player's
sigma is first widened by tau; a team's mu and sigma² are its players' sums (added in the
order of their ordinals, mu - 3 sigma, highest first). Then with c = sqrt(sum(sigma_t² +
beta²)) and s_q = sum of exp(mu_t / c) over the teams ranked no better than q, each team t
gains omega_t = sigma_t² / c * sum over q ranked no worse than t of ([t = q] -
exp(mu_t/c)/s_q) / a_q and shrinks by delta_t = gamma_t * sigma_t² / c² * sum of p(1 - p)
/ a_q over the same q, where a_q is the number of teams sharing q's rank and gamma_t =
sigma_t / c. Each player of team t takes the share sigma² / sigma_t² of both.
(openskill also averages the mu changes of tied teams, but on ratings it has already
updated: a no-op, which this leaves out.)
"""

from __future__ import annotations

import math

from openskill.models import PlackettLuce

_MODEL = PlackettLuce()
MU = _MODEL.mu
SIGMA = _MODEL.sigma
_BETA_SQUARED = _MODEL.beta**2
_TAU_SQUARED = _MODEL.tau * _MODEL.tau
_KAPPA = _MODEL.kappa


def rate(players: list[tuple[float, float]], ranks: list[int]) -> list[tuple[float, float]]:
    """New (mu, sigma) of each of ``players`` (mu, sigma) given their ``ranks`` (1 = best, ties equal)."""
    return [team[0] for team in rate_teams([[player] for player in players], ranks)]


def rate_teams(teams: list[list[tuple[float, float]]], ranks: list[int]) -> list[list[tuple[float, float]]]:
    """New (mu, sigma) of each player of ``teams`` (lists of (mu, sigma)) given the teams'
    ``ranks`` (1 = best, ties equal); partners share their team's rank."""
    count = len(teams)
    # openskill works on the teams sorted by rank (a stable sort) and unsorts at the end;
    # the sums below run in that order so that the floating point results are the same.
    order = sorted(range(count), key=ranks.__getitem__)
    rank = [ranks[i] for i in order]
    members = [[(mu, math.sqrt(sigma * sigma + _TAU_SQUARED)) for mu, sigma in teams[i]] for i in order]
    mu, variance = [], []
    for team in members:
        if len(team) == 1:  # a player alone (the nightly job's every game): the sums are the player's
            mu.append(team[0][0])
            variance.append(team[0][1] ** 2)
            continue
        summed_mu = summed_variance = 0.0
        for player_mu, player_sigma in sorted(team, key=lambda player: player[0] - 3.0 * player[1], reverse=True):
            summed_mu += player_mu
            summed_variance += (player_sigma * 1.0) ** 2
        mu.append(summed_mu)
        variance.append(summed_variance)
    collective = 0.0
    for v in variance:
        collective += v + _BETA_SQUARED
    c = math.sqrt(collective)
    strength = [math.exp(m / c) for m in mu]
    below = [0.0] * count  # s_q
    for i in range(count):
        for q in range(count):
            if rank[i] >= rank[q]:
                below[q] += strength[i]
    sharing = [rank.count(r) for r in rank]  # a_q
    updated: list = [None] * count
    for i in range(count):
        omega = delta = 0.0
        for q in range(count):
            if rank[q] <= rank[i]:
                p = strength[i] / below[q]
                delta += p * (1 - p) / sharing[q]
                omega += ((1 - p) if q == i else -p) / sharing[q]
        omega *= variance[i] / c
        delta *= variance[i] / c**2
        delta *= math.sqrt(variance[i]) / c
        updated[order[i]] = [
            (player_mu + (sigma**2 / variance[i]) * omega,
             sigma * math.sqrt(max(1 - (sigma**2 / variance[i]) * delta, _KAPPA)))
            for player_mu, sigma in members[i]
        ]
    return updated
