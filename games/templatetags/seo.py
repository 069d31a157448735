"""What search engines read in a page's head."""

from django import template

register = template.Library()


@register.simple_tag(takes_context=True)
def canonical_url(context) -> str:
    """The page's absolute address without its query string: ``/glossary/?q=gin`` and
    ``/hearts/rules/?panel=1`` are the same page to an index as ``/glossary/``."""
    request = context.get("request")
    return request.build_absolute_uri(request.path) if request else ""
