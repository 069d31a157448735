"""Shared code asks the catalogue's traits and never names a game: no game's slug is written
as a string literal outside that game's own package, board folder and rules page."""

import ast
import re
from pathlib import Path

from games import catalogue

ROOT = Path(__file__).resolve().parents[2]
SLUGS = {game.slug for game in catalogue.all()}
PYTHON_DIRS = ("games", "stats", "accounts", "cardsite")
# The suit's name, not the game: cards.SUIT_WORDS spells "hearts" for the H of a card.
# Suit words that are also games' slugs (Hearts; Spades, once it is in the catalogue).
ALLOWED = {("games/kit/cards.py", "hearts"), ("games/kit/cards.py", "spades")}


def owner(path: str) -> str | None:
    """The game whose own place ``path`` is, if any."""
    for pattern in (r"games/catalogue/([a-z_]+)/", r"boards/games/([a-z_]+)/", r"templates/rules/([a-z_]+)\.html$"):
        match = re.match(pattern, path)
        if match and match.group(1) in SLUGS:
            return match.group(1)
    return None


def python_literals(path: Path) -> list[tuple[int, str]]:
    return [(node.lineno, node.value) for node in ast.walk(ast.parse(path.read_text()))
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in SLUGS]


def quoted_literals(path: Path) -> list[tuple[int, str]]:
    alternatives = "|".join(sorted(SLUGS))
    quoted = re.compile(rf"""["']({alternatives})["']""")
    return [(number, match.group(1)) for number, line in enumerate(path.read_text().splitlines(), 1)
            for match in quoted.finditer(line)]


def found() -> list[str]:
    places = [(path, python_literals) for folder in PYTHON_DIRS for path in (ROOT / folder).rglob("*.py")
              if "migrations" not in path.parts]
    places += [(path, quoted_literals) for path in (ROOT / "static" / "js").rglob("*.js")]
    places += [(path, quoted_literals) for folder in ("templates", "boards") for path in (ROOT / folder).rglob("*.html")]
    literals = []
    for path, reader in places:
        relative = path.relative_to(ROOT).as_posix()
        for line, slug in reader(path):
            if slug != owner(relative) and (relative, slug) not in ALLOWED:
                literals.append(f"{relative}:{line}: {slug!r}")
    return literals


def test_no_shared_code_names_a_game():
    assert found() == []


def test_the_check_finds_a_slug_written_in_shared_code():
    module = ROOT / "games" / "_slug_probe.py"
    template = ROOT / "templates" / "games" / "_slug_probe.html"
    try:
        module.write_text('PATIENCE = frozenset({"klondike"})\n')
        template.write_text('{% if engine.slug == "rummy" %}melds{% endif %}\n')
        assert found() == ["games/_slug_probe.py:1: 'klondike'", "templates/games/_slug_probe.html:1: 'rummy'"]
    finally:
        module.unlink(missing_ok=True)
        template.unlink(missing_ok=True)


def test_a_game_may_name_itself_in_its_own_places_only():
    assert owner("games/catalogue/hearts/engine.py") == "hearts"
    assert owner("boards/games/hearts/board.html") == "hearts"
    assert owner("templates/rules/hearts.html") == "hearts"
    assert owner("boards/games/_board.html") is None and owner("games/services/moves.py") is None
