"""A crawl from the home page over every internal link: no broken link, and every page says
what it is (title, description, canonical address without a query string)."""

import re
from collections import deque
from html import unescape
from urllib.parse import urldefrag, urljoin, urlsplit

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db(transaction=True)

MAX_PAGES = 300
# Not pages: logging out is a POST (a GET only asks to confirm); static files are served by
# whitenoise after collectstatic, which the test run does not do.
SKIPPED_PREFIXES = ("/accounts/logout", "/static/", "/admin/")


def links_in(html: str, base: str) -> list[str]:
    found = []
    for href in re.findall(r'\bhref="([^"]*)"', html):
        url, _ = urldefrag(urljoin(base, unescape(href)))
        parts = urlsplit(url)
        if parts.scheme in ("http", "https", "") and parts.netloc in ("", "testserver") and parts.path:
            found.append(parts.path + (f"?{parts.query}" if parts.query else ""))
    return found


def test_every_page_linked_from_home_answers_and_describes_itself(client):
    # A listed waiting table, so the crawl reaches a table page and its rules panel.
    client.post(reverse("new_table", args=["hearts"]), {"listed": "on"})
    seen, queue, broken, undescribed = {"/"}, deque(["/"]), [], []
    while queue and len(seen) <= MAX_PAGES:
        path = queue.popleft()
        response = client.get(path, follow=True)
        if response.status_code != 200 or any(status != 302 for _, status in response.redirect_chain):
            broken.append((path, response.status_code, response.redirect_chain))
            continue
        if not response["Content-Type"].startswith("text/html"):
            continue
        html = response.content.decode()
        if "<html" in html:
            canonical = re.search(r'<link rel="canonical" href="([^"]*)">', html)
            if not (re.search(r"<title>\s*\S[^<]*</title>", html) and re.search(r'<meta name="description" content="\S', html)
                    and canonical and "?" not in canonical.group(1) and canonical.group(1).startswith("http")):
                undescribed.append(path)
        for link in links_in(html, response.request["PATH_INFO"]):
            if link not in seen and not link.startswith(SKIPPED_PREFIXES):
                seen.add(link)
                queue.append(link)
    assert not broken, broken
    assert not undescribed, undescribed
    for page in ("/hearts/", "/hearts/rules/", "/glossary/"):
        assert page in seen
    assert any(re.fullmatch(r"/t/\d+/", page) for page in seen)
    assert len(seen) <= MAX_PAGES, "the crawl is bounded; raise MAX_PAGES if the site outgrew it"
