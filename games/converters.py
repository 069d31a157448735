from games import engines


class GameSlugConverter:
    """Matches only registered games, so /<game>/ never shadows another page."""

    regex = "|".join(engine.slug for engine in engines.all()) or "(?!)"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value
