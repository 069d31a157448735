"""The Plackett-Luce update of openskill's ``PlackettLuce()`` for games of single players.

The nightly job rates a million games in minutes; openskill's ``rate`` spends most of its
40 µs a game deep-copying the teams and minting rating objects (each with a uuid4). This
is the same arithmetic, in the same order, for the only shape of match we rate (one
player per team, no weights, no scores, openskill's default parameters, which are read
from the model so the two cannot drift apart). tests/stats/test_plackett_luce.py checks
it against openskill on thousands of random games, ties included, to the last bits.

Algorithm 4 of Weng & Lin (2011), as openskill 6 computes it:
sigma is first widened by tau, then with c = sqrt(sum(sigma_i² + beta²)) and
s_q = sum of exp(mu_i / c) over the players ranked no better than q, each player i gains
omega_i = sigma_i² / c * sum over q ranked no worse than i of ([i = q] - exp(mu_i/c)/s_q) / a_q
and shrinks by delta_i = gamma_i * sigma_i² / c² * sum of p(1 - p) / a_q over the same q,
where a_q is the number of players sharing q's rank and gamma_i = sigma_i / c.
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
    count = len(players)
    # openskill works on the players sorted by rank (a stable sort) and unsorts at the end;
    # the sums below run in that order so that the floating point results are the same.
    order = sorted(range(count), key=ranks.__getitem__)
    rank = [ranks[i] for i in order]
    mu = [players[i][0] for i in order]
    sigma = [math.sqrt(players[i][1] * players[i][1] + _TAU_SQUARED) for i in order]
    variance = [s**2 for s in sigma]
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
    updated = [None] * count
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
        # A team of one holds all of its variance, so the whole update is the player's.
        updated[order[i]] = (mu[i] + omega, sigma[i] * math.sqrt(max(1 - delta, _KAPPA)))
    return updated
