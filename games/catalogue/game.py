"""What a game declares: the descriptor shared code asks instead of naming games.

A game is one package under ``games/catalogue/`` whose ``GAME`` is a ``Game``: its engine,
its bots (weakest first), its solver (or none), its rules text and its traits. Services,
stats, presence, boards and pages ask these traits; they never test a game's slug.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from games.kit.bots import Bot
from games.kit.engine import Engine
from games.kit.rules_text import RulesText

LOWER = "lower is better"
HIGHER = "higher is better"

# The facts a personal stats table can show, in the order it shows them.
RESULT_FACTS = ("played", "won", "win_rate", "streaks", "average_score", "best_score",
                "best_time", "fewest_moves", "wins_without_undo", "marks")
PATIENCE_FACTS = ("played", "won", "win_rate", "streaks", "best_time", "fewest_moves", "wins_without_undo")
MATCH_FACTS = ("played", "won", "win_rate", "streaks", "average_score", "best_score")


def _no_teams(options: dict[str, Any], players: int) -> None:
    return None


@dataclass(frozen=True)
class Game:
    engine: Engine
    rules: RulesText
    bots: tuple[Bot, ...] = ()  # weakest first; empty for games played alone
    # solve(state, max_nodes=, max_seconds=), hint(state, budget, ...) and useful_move(state): the
    # legal move its own heuristic rates best, for a hint when no winning line is found.
    solver: ModuleType | None = None
    # At a table of one, a coach besides the solver: ``hint(state) -> (words, move)`` while it
    # runs, ``analyse(moves, seed=, options=)`` after, each choice beside the best (Choice rows:
    # moment, position, chosen, best, given_away), or None while it is not ready.
    coach: ModuleType | None = None
    # Only ever one player (patience): no bots, no ratings. Any game's table of one seat is
    # played alone as well (``played_alone``): never abandoned or paused for others, no rating;
    # won or not won, never a rank.
    solo: bool = False
    # Patience records: best time, fewest moves, wins without undo; the client loads its clock.
    timed: bool = False
    # "lower is better" or "higher is better" for the game's totals, given a table's options.
    score_order_of: Callable[[dict[str, Any]], str] = lambda options: HIGHER
    # Partnerships: a list of seat tuples playing as one, or None when everyone plays alone.
    teams_of: Callable[[dict[str, Any], int], list[tuple[int, ...]] | None] = _no_teams
    stats_facts: tuple[str, ...] = MATCH_FACTS
    # The option that asks for a deal from the pool a solver proved winnable, if the game has one.
    winnable_option: str | None = None
    # Glossary terms this game's pages link (games.glossary), so a term lists only offered games.
    terms: tuple[str, ...] = field(default=())
    # Other names players know the game by, and a plain sentence on the game and its name, for
    # its page (a name that needs explaining, or a game better known by another name).
    also_called: tuple[str, ...] = ()
    about: str = ""

    def __post_init__(self) -> None:
        unknown = [fact for fact in self.stats_facts if fact not in RESULT_FACTS]
        if unknown:
            raise ValueError(f"{self.slug}: unknown stats facts {unknown}")
        if self.winnable_option and self.solver is None:
            raise ValueError(f"{self.slug}: a winnable-deal option needs a solver")

    @property
    def slug(self) -> str:
        return self.engine.slug

    @property
    def name(self) -> str:
        return self.engine.name

    @property
    def rules_template(self) -> str:
        return f"rules/{self.slug}.html"

    @property
    def board_template(self) -> str:
        return f"games/{self.slug}/board.html"

    def played_alone(self, players: int) -> bool:
        """A table of one: a solo game, or a game for 1 or more played by one person (Yahtzee
        alone). Such a table waits for its player, is never rated, and is won by finishing."""
        return self.solo or players == 1

    def score_order(self, options: dict[str, Any]) -> str:
        return self.score_order_of(self.engine.resolve_options(options))

    def lower_is_better(self, options: dict[str, Any]) -> bool:
        return self.score_order(options) == LOWER

    def teams(self, options: dict[str, Any], players: int) -> list[tuple[int, ...]] | None:
        return self.teams_of(self.engine.resolve_options(options), players)

    @property
    def bot_levels(self) -> list[str]:
        """The level names of the game's bots, weakest first."""
        return [bot.level for bot in self.bots]

    @property
    def default_bot(self) -> Bot | None:
        """The bot that fills a seat nobody chose a bot for and stands in for a person who
        is away or out of time: the strongest that answers at once (None for a game played
        alone). A bot that searches (``searches = True``, up to a second a move) is only ever
        chosen."""
        answering = [bot for bot in self.bots if bot.level not in self.searching_levels]
        return answering[-1] if answering else None

    @property
    def searching_levels(self) -> frozenset[str]:
        """The levels whose bots search (take up to BOT_THINK_SECONDS a move): the board shows
        such a seat thinking."""
        return frozenset(bot.level for bot in self.bots if getattr(bot, "searches", False))

    def bot_title(self, level: str) -> str:
        """The name players read for a stored level; a level no longer offered reads as stored."""
        return next((bot.title for bot in self.bots if bot.level == level), level.capitalize())

    def bot(self, level: str) -> Bot:
        for bot in self.bots:
            if bot.level == level:
                return bot
        if not self.bots:
            raise LookupError(f"{self.name} has no bots")
        raise LookupError(f"{self.name} has no bot level {level!r}; its levels are {', '.join(self.bot_levels)}")

    def winning_line(self, state: Any, *, max_nodes: int, max_seconds: float) -> list[str] | None:
        """Moves that win from ``state``, if the game's solver finds them within the budget."""
        if self.solver is None:
            return None
        moves = self.solver.solve(state, max_nodes=max_nodes, max_seconds=max_seconds)
        return moves if isinstance(moves, list) else None


_REGISTRY: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Adds ``game`` to the catalogue (each game's package does, once, as it is imported)."""
    if game.slug in _REGISTRY:
        raise ValueError(f"a game is already registered as {game.slug!r}")
    _REGISTRY[game.slug] = game
    return game


def get(slug: str) -> Game:
    try:
        return _REGISTRY[slug]
    except KeyError:
        raise LookupError(f"no game is registered as {slug!r}") from None


def all_games() -> list[Game]:
    """Every game, in the order the catalogue imported them."""
    return list(_REGISTRY.values())
