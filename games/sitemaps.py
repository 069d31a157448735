"""``/sitemap.xml``: the pages worth indexing. Tables come and go, so they are left out."""

from django.contrib.sitemaps import Sitemap
from django.urls import reverse

from games import engines
from games import rules as rules_pages


class PagesSitemap(Sitemap):
    def items(self):
        return ["home", "glossary", "fairness"]

    def location(self, item):
        return reverse(item)


class GamesSitemap(Sitemap):
    def items(self):
        return [engine.slug for engine in engines.all()]

    def location(self, item):
        return reverse("game", args=[item])


class RulesSitemap(Sitemap):
    def items(self):
        return [engine.slug for engine in engines.all() if rules_pages.rules_for(engine)]

    def location(self, item):
        return reverse("rules", args=[item])


SITEMAPS = {"pages": PagesSitemap, "games": GamesSitemap, "rules": RulesSitemap}
