"""A crawl of the site as one visitor sees it: every same-site page reachable from the home page
by following links. The demo's tests use it to check every page answers; the browser tests use
it to find the pages to look at on a phone, so a page added later is covered without a list."""

from __future__ import annotations

from collections import deque

from django.test import Client

from tests.league.html import parse

# A guard against a crawl that never ends, well above the demo's pages: the secretary reaches
# about 450 (the games and their deals' correction pages, and the club, season, tournament,
# player and fixture pages).
MAX_PAGES = 1000
SKIP = ("/admin/", "/accounts/logout/")


def crawl(client: Client) -> dict[str, str]:
    """Every same-site page reachable from the home page, breadth first: path to content
    type. Fails on the first page that does not answer 200."""
    seen = {"/"}
    queue = deque(["/"])
    visited: dict[str, str] = {}
    while queue:
        url = queue.popleft()
        assert len(visited) < MAX_PAGES, f"the crawl passed {MAX_PAGES} pages"
        response = client.get(url)
        assert response.status_code == 200, f"{url} answered {response.status_code}"
        content_type = response["Content-Type"]
        visited[url] = content_type
        if url.split("?")[0].endswith(".pdf"):
            assert content_type == "application/pdf", url
            assert response.content.startswith(b"%PDF"), url
            continue
        if not content_type.startswith("text/html"):
            continue
        for link in parse(response.content).iter("a"):
            href = link.attrs.get("href", "").split("#")[0]
            if not href.startswith("/") or href.startswith("//") or href.startswith(SKIP):
                continue
            if href not in seen:
                seen.add(href)
                queue.append(href)
    return visited


def html_pages(client: Client) -> list[str]:
    """The crawl's web pages (not its PDFs or other files), in the order it found them."""
    return [url for url, kind in crawl(client).items() if kind.startswith("text/html")]
