"""Which deal a numbered game (Engine.deal_numbers) plays: the player's choice, a random
one, one a solver proved winnable (from a pool a Celery task keeps filled, so nobody
waits), or today's daily deal, the same for everyone; and the seed a number stands for.

Only a number the player typed names a deal other tables can be dealt. A random deal, a
pooled one and the daily deal have seeds of their own, named by no number (where numbers
hide cards), so showing one table's seed at its end gives away no other table's cards
(games.fairness says when each is shown).
"""

import hmac
import secrets
import time
from dataclasses import dataclass
from datetime import date
from itertools import product

from django.conf import settings
from django.db import IntegrityError, transaction

from games import catalogue, scheduling
from games.kit import cards
from games.kit.moves import whole_number
from games.models import DailyDeal, WinnableDeal

POOL_SIZE = 20  # proven-winnable deals kept ready per game and variant
POOL_LOW = 5  # below this, taking a deal asks for a refill
SOLVE_NODES, SOLVE_SECONDS = 200_000, 5.0  # a deal not decided within this is skipped
REQUEST_SECONDS = 3.0  # all the solving a page request may do before it answers


class DealRefused(ValueError):
    pass


@dataclass(frozen=True)
class Deal:
    """A new table's deal: the number it shows (None for a deal no number names), its seed,
    and the day when it is the daily deal."""

    number: int | None
    seed: str
    daily: date | None = None


def numbered(engine, number: int, *, daily: date | None = None) -> Deal:
    return Deal(number, seed_for(engine, number), daily)


def fresh(engine) -> Deal:
    """A random deal. Where numbers hide cards it is a seed of its own, which no number names
    and no other table is dealt; open numbers (FreeCell's) hide nothing, so it keeps one."""
    if engine.deal_numbers_open:
        return numbered(engine, random_number(engine))
    return Deal(None, cards.new_seed())


def seed_for(engine, number: int) -> str:
    """The seed deal ``number`` stands for on this site.

    The shuffle is public (games.kit.cards), so a number that were the seed would give
    away every face-down card to anyone who ran it. Keyed with the site's DEAL_SECRET, the
    number names the deal for everyone here and reveals nothing without the secret. Open
    numbers (FreeCell's are Microsoft's, and nothing there is hidden) are their own seed.
    """
    if engine.deal_numbers_open:
        return str(number)
    return hmac.new(settings.DEAL_SECRET.encode(), f"{engine.slug}:deal:{number}".encode(), "sha256").hexdigest()


def variant_of(engine, options: dict) -> str:
    """The options that decide winnability, spelled as one key: "draw=3,passes=unlimited"."""
    return ",".join(f"{name}={options[name]}" for name in engine.winnability_options)


def chosen_number(engine, text: str) -> int:
    """A deal number a player typed ("1234" or "#1234"), checked against the game's range."""
    number = whole_number(text.strip().lstrip("#"))
    if number is None:
        raise DealRefused("A deal number is a whole number, like 1234.")
    if number not in engine.deal_numbers:
        raise DealRefused(f"{engine.name} deals are numbered {engine.deal_numbers.start} to "
                          f"{engine.deal_numbers.stop - 1:,}.")
    return number


def random_number(engine) -> int:
    numbers = engine.deal_numbers
    return numbers.start + secrets.randbelow(len(numbers))


def winnable_deal(engine, options: dict) -> Deal:
    """A proven-winnable deal from the pool; if the pool is dry, one solved now. A pooled
    deal goes to one table only: its row is taken under a lock and deleted."""
    variant = variant_of(engine, options)
    with transaction.atomic():
        deal = (WinnableDeal.objects.select_for_update(skip_locked=True)
                .filter(game=engine.slug, variant=variant).order_by("created_at").first())
        if deal is not None:
            deal.delete()
    if WinnableDeal.objects.filter(game=engine.slug, variant=variant).count() < POOL_LOW:
        # A moment later: in the embedded default that makes it a background thread.
        transaction.on_commit(lambda: scheduling.schedule(
            "games.tasks.refill_winnable_deals", countdown=1, game=engine.slug, options=options))
    if deal is not None:
        return Deal(deal.number, deal.seed)
    found = _first_winnable(engine, options, (fresh(engine) for _ in range(20)))
    if found is None:
        raise DealRefused("No winnable deal could be found just now; try again in a moment.")
    return found


def refill(*, game: str, options: dict, size: int = POOL_SIZE, attempts: int = 200,
           seconds: float | None = None) -> int:
    """Solve random deals until the pool holds ``size``, for at most ``seconds`` if given;
    returns how many were added."""
    engine = catalogue.get(game).engine
    options = engine.resolve_options(options)
    variant = variant_of(engine, options)
    # A chore must end in time: up to 200 tries of 5 s each is over a quarter of an hour.
    deadline = None if seconds is None else time.monotonic() + seconds
    added = 0
    for _ in range(attempts):
        left = SOLVE_SECONDS if deadline is None else min(deadline - time.monotonic(), SOLVE_SECONDS)
        if left <= 0 or WinnableDeal.objects.filter(game=game, variant=variant).count() >= size:
            break
        deal = fresh(engine)
        length = _solution_length(engine, options, deal.seed, seconds=left)
        if length is None:
            continue
        try:
            with transaction.atomic():
                WinnableDeal.objects.create(game=game, variant=variant, number=deal.number, seed=deal.seed,
                                            solution_length=length)
        except IntegrityError:
            continue  # already in the pool
        added += 1
    return added


def refill_all(*, seconds: float | None = None) -> int:
    """Top up the pool of every variant of every numbered game (the periodic task), all of
    them within ``seconds`` if given: pools left dry wait for the next run."""
    deadline = None if seconds is None else time.monotonic() + seconds
    added = 0
    for game in catalogue.all():
        engine = game.engine
        if engine.deal_numbers is None or game.winnable_option is None:
            continue
        names = engine.winnability_options
        for values in product(*(engine.options[name][1] for name in names)):
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                return added
            added += refill(game=engine.slug, options=dict(zip(names, values, strict=True)), seconds=left)
    return added


def daily_deal(engine, options: dict, *, day: date) -> Deal:
    """The day's deal: a random one, the first of a few a solver proves winnable if it can
    tell. Chosen once per day and variant, then read back, so it is the same for everyone.
    Not a number anyone could type: only the day's tables are dealt it."""
    variant = variant_of(engine, options)
    existing = DailyDeal.objects.filter(game=engine.slug, variant=variant, day=day).first()
    if existing is None:
        candidates = [fresh(engine) for _ in range(20)]
        # Unproven if none is proven within the request's budget: still the same for all.
        chosen = _first_winnable(engine, options, candidates) or candidates[0]
        try:
            with transaction.atomic():
                existing = DailyDeal.objects.create(game=engine.slug, variant=variant, day=day,
                                                    number=chosen.number, seed=chosen.seed)
        except IntegrityError:  # another request chose it first: everyone gets the same deal
            existing = DailyDeal.objects.get(game=engine.slug, variant=variant, day=day)
    if not existing.seed:  # a day chosen before seeds were kept: its number, as it was dealt
        return numbered(engine, existing.number, daily=day)
    return Deal(existing.number, existing.seed, day)


def _first_winnable(engine, options: dict, candidates) -> Deal | None:
    """The first of ``candidates`` proven winnable within REQUEST_SECONDS in all: a person is
    waiting for the page, so the search gives up rather than keep them."""
    deadline = time.monotonic() + REQUEST_SECONDS
    for deal in candidates:
        left = deadline - time.monotonic()
        if left <= 0:
            return None
        if _solution_length(engine, options, deal.seed, seconds=min(left, SOLVE_SECONDS)) is not None:
            return deal
    return None


def _solution_length(engine, options: dict, seed: str, *, seconds: float = SOLVE_SECONDS) -> int | None:
    state = engine.new_game(1, seed=seed, options=options)
    moves = catalogue.get(engine.slug).winning_line(state, max_nodes=SOLVE_NODES, max_seconds=seconds)
    return None if moves is None else len(moves)


def pick(engine, options: dict, *, typed: str = "", daily: bool = False, today: date) -> Deal:
    """The deal for a new numbered game."""
    if daily:
        return daily_deal(engine, options, day=today)
    if typed.strip():
        return numbered(engine, chosen_number(engine, typed))
    pool_option = catalogue.get(engine.slug).winnable_option
    if pool_option and options.get(pool_option):
        return winnable_deal(engine, options)
    return fresh(engine)
