"""``/sitemap.xml``: the pages worth indexing. Tables come and go, so they are left out."""

from django.contrib.sitemaps import Sitemap
from django.urls import reverse

from games import catalogue


class PagesSitemap(Sitemap):
    def items(self):
        return ["home", "glossary", "fairness"]

    def location(self, item):
        return reverse(item)


class GamesSitemap(Sitemap):
    def items(self):
        return [game.slug for game in catalogue.all()]

    def location(self, item):
        return reverse("game", args=[item])


class RulesSitemap(Sitemap):
    def items(self):
        return [game.slug for game in catalogue.all()]

    def location(self, item):
        return reverse("rules", args=[item])


SITEMAPS = {"pages": PagesSitemap, "games": GamesSitemap, "rules": RulesSitemap}
