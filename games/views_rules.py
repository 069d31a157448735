"""Rules pages and the glossary: pages to read, nothing here writes."""

from django.http import HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET

from games import catalogue, fairness, glossary
from games.kit import rules_text
from games.kit.moves import whole_number
from games.models import Table


def rules_body(request, engine, *, panel: bool = False) -> str:
    """The game's rules, options from the engine, first use of each of its terms linked to the glossary."""
    game = catalogue.get(engine.slug)
    rows = rules_text.option_rows(engine.options, game.rules)
    html = render_to_string(game.rules_template, {
        "engine": engine, "option_rows": rows, "defaults": {row.name: row.default for row in rows},
    }, request=request)
    # In the table's side panel a glossary link opens beside the game instead of replacing it.
    attrs = 'target="_blank" rel="noopener"' if panel else ""
    # Safe: the template's escaped output, with links wrapped around words it already held.
    return mark_safe(glossary.link_terms(html, href=reverse("glossary"), terms=glossary.terms_of(game), attrs=attrs))


@require_GET
def rules(request, game):
    engine = catalogue.get(game).engine
    if request.GET.get("panel"):
        return HttpResponse(rules_body(request, engine, panel=True))
    return render(request, "rules/page.html", {
        "engine": engine, "page": catalogue.get(game).rules, "body": rules_body(request, engine),
    })


@require_GET
def glossary_page(request):
    query = request.GET.get("q", "")
    return render(request, "rules/glossary.html", {
        "entries": glossary.entries(query), "query": query, "total": len(glossary.OFFERED),
    })


@require_GET
def fairness_page(request):
    """How to check a deal against its revealed seed; with ``?table=`` a finished table's own."""
    table = None
    raw = request.GET.get("table", "")
    table_id = whole_number(raw)  # ASCII digits only: int() raises on "²" and reads "１"
    if table_id is not None:
        # Only a finished game: a running one's seed is its secret.
        table = Table.objects.filter(pk=table_id, status=Table.Status.FINISHED).first()
    today = timezone.localdate()
    return render(request, "rules/fair.html", {
        "games": [game.engine for game in catalogue.all()], "table": table,
        "commitment": fairness.commitment(table.seed) if table else "",
        "engine": catalogue.get(table.game).engine if table else None,
        # A seed that other tables may still be dealt waits until none can (games.fairness).
        "seed": table.seed if table and fairness.revealed(table, today=today) else "",
        "kept_back": fairness.kept_back(table, today=today) if table else "",
    })
