from games import catalogue


class GameSlugConverter:
    """Matches only registered games, so /<game>/ never shadows another page."""

    regex = "|".join(game.slug for game in catalogue.all()) or "(?!)"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value
