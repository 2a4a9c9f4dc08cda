"""A crawl of the site as one visitor sees it: every same-site page reachable from the home page
by following links. The demo's tests use it to check every page answers; the browser tests use
it to find the pages to look at on a phone, so a page added later is covered without a list.

Words used here:

- a page's *kind* is its address with every number written ``#`` and its query's values left
  out (``/games/#/deals/#/``, ``/games/?page&sort``): the game sheets of 34 games are one kind,
  and so are a table's sortings;
- a page's *shape* is the set of element ids it holds (numbers written ``#`` again): a game being
  scored (it has ``deal-form``) and a finished game are one kind of two shapes. A page of each
  kind and shape shows every part a visitor can meet, which is what a look at the layout needs
  (the 190 correction pages of the demo's deals come in three shapes).
"""

from __future__ import annotations

import re
from collections import Counter, deque
from collections.abc import Iterator

from django.http import HttpResponse
from django.test import Client

from tests.league.html import Element, parse

# A guard against a crawl that never ends, well above the demo's pages: the secretary reaches
# about 2,400 (the games and their deals' correction pages, and the club, season, tournament,
# player and fixture pages, with the club evenings and their booms and parties).
MAX_PAGES = 4000
#: Pages of one kind fetched by :func:`crawl`: every kind is reached (the secretary's 227 kinds
#: in about 650 pages instead of 2,400), and every link found is still checked to be offered.
PER_KIND = 10
SKIP = ("/admin/", "/accounts/logout/")
# Links to files rather than pages: a PDF, a CSV or JSON export, a table's ?_export=csv.
FILE = re.compile(r"\.\w+$|[?&]_export=")


def kind(url: str) -> str:
    """The address with numbers as ``#`` and only the names of its query's keys, sorted."""
    path, _, query = url.partition("?")
    keys = sorted({part.split("=")[0] for part in query.split("&") if part})
    return re.sub(r"\d+", "#", path) + ("?" + "&".join(keys) if keys else "")


def shape(document: Element) -> frozenset[str]:
    """The ids of the page's elements, numbers as ``#``."""
    ids: set[str] = set()
    stack = [document]
    while stack:
        element = stack.pop()
        if "id" in element.attrs:
            ids.add(re.sub(r"\d+", "#", element.attrs["id"]))
        stack.extend(child for child in element.children if not isinstance(child, str))
    return frozenset(ids)


def walk(
    client: Client,
    per_kind: int | None = None,
    *,
    files: bool = True,
    offered: set[str] | None = None,
    files_per_kind: int | None = None,
) -> Iterator[tuple[str, HttpResponse, Element | None]]:
    """Every same-site page reachable from the home page, breadth first: its address, the
    response and, for a web page, the parsed document (None for a PDF or another file). Fails
    on the first page that does not answer 200. ``per_kind``: at most that many pages of one
    kind, to look at every kind of page quickly. ``files=False``: links to files (PDFs, CSV)
    are not fetched. ``offered``: filled with every same-site link found, fetched or not.
    ``files_per_kind``: at most that many files (PDFs, CSV) of one kind, when fewer than
    ``per_kind`` (a document's words come from its kind's one template)."""
    seen = offered if offered is not None else set()
    seen.add("/")
    queue = deque(["/"])
    kinds: Counter[str] = Counter()
    visited = 0
    while queue:
        url = queue.popleft()
        if per_kind is not None or files_per_kind is not None:
            key = kind(url)
            kinds[key] += 1
            most = files_per_kind if files_per_kind is not None and FILE.search(url) else per_kind
            if most is not None and kinds[key] > most:
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
            if not files and FILE.search(href):
                continue
            if href not in seen:
                seen.add(href)
                queue.append(href)


def crawl(client: Client, offered: set[str] | None = None) -> dict[str, str]:
    """Every kind of same-site page reachable from the home page, :data:`PER_KIND` pages of
    each, breadth first: path to content type. Fails on the first page that does not answer
    200. ``offered``: filled with every link found, fetched or not."""
    visited: dict[str, str] = {}
    for url, response, _document in walk(client, per_kind=PER_KIND, offered=offered):
        content_type = response["Content-Type"]
        visited[url] = content_type
        if url.split("?")[0].endswith(".pdf"):
            assert content_type == "application/pdf", url
            assert response.content.startswith(b"%PDF"), url
    return visited


#: Pages of one kind fetched to learn the shapes of that kind: the secretary's 2,400 pages come
#: down to about 600 and their 220 shapes to 206: the 14 left out are rarer states of game,
#: deal and player pages whose other states are looked at.
SHAPES_PER_KIND = 25


def pages_of_each_shape(client: Client) -> list[str]:
    """One web page of each kind and shape the visitor can reach, in the order the crawl found
    them: up to :data:`SHAPES_PER_KIND` pages of a kind are fetched (to learn their shapes),
    files are not."""
    chosen: dict[tuple[str, frozenset[str]], str] = {}
    for url, _response, document in walk(client, per_kind=SHAPES_PER_KIND, files=False):
        if document is not None:
            chosen.setdefault((kind(url), shape(document)), url)
    return list(chosen.values())
