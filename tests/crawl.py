"""A crawl of the site as one visitor sees it: every same-site page reachable from the home page
by following links. The demo's tests use it to check every page answers; the browser tests use
it to find the pages to look at on a phone, so a page added later is covered without a list."""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterator

from django.http import HttpResponse
from django.test import Client

from tests.league.html import Element, parse

# A guard against a crawl that never ends, well above the demo's pages: the secretary reaches
# about 450 (the games and their deals' correction pages, and the club, season, tournament,
# player and fixture pages).
MAX_PAGES = 2000
SKIP = ("/admin/", "/accounts/logout/")


def walk(
    client: Client, per_kind: int | None = None
) -> Iterator[tuple[str, HttpResponse, Element | None]]:
    """Every same-site page reachable from the home page, breadth first: its address, the
    response and, for a web page, the parsed document (None for a PDF or another file). Fails
    on the first page that does not answer 200. ``per_kind``: at most that many pages of one
    kind (the address with every number as #), to look at every kind of page quickly."""
    seen = {"/"}
    queue = deque(["/"])
    kinds: dict[str, int] = {}
    visited = 0
    while queue:
        url = queue.popleft()
        if per_kind is not None:
            kind = re.sub(r"\d+", "#", url)
            kinds[kind] = kinds.get(kind, 0) + 1
            if kinds[kind] > per_kind:
                continue
        assert visited < MAX_PAGES, f"the crawl passed {MAX_PAGES} pages"
        visited += 1
        response = client.get(url)
        assert response.status_code == 200, f"{url} answered {response.status_code}"
        if not response["Content-Type"].startswith("text/html"):
            yield url, response, None
            continue
        document = parse(response.content)
        yield url, response, document
        for link in document.iter("a"):
            href = link.attrs.get("href", "").split("#")[0]
            if href.startswith("?"):  # a page of a list: the same address, another query
                href = url.split("?")[0] + href
            if not href.startswith("/") or href.startswith("//") or href.startswith(SKIP):
                continue
            if href not in seen:
                seen.add(href)
                queue.append(href)


def crawl(client: Client) -> dict[str, str]:
    """Every same-site page reachable from the home page, breadth first: path to content
    type. Fails on the first page that does not answer 200."""
    visited: dict[str, str] = {}
    for url, response, _document in walk(client):
        content_type = response["Content-Type"]
        visited[url] = content_type
        if url.split("?")[0].endswith(".pdf"):
            assert content_type == "application/pdf", url
            assert response.content.startswith(b"%PDF"), url
    return visited


def html_pages(client: Client) -> list[str]:
    """The crawl's web pages (not its PDFs or other files), in the order it found them."""
    return [url for url, kind in crawl(client).items() if kind.startswith("text/html")]
