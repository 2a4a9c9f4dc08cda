"""What every paginated table of the site shares."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.core.paginator import EmptyPage, Page, PageNotAnInteger, Paginator

# django-stubs makes Paginator generic; Django's own class is not subscriptable at run time.
if TYPE_CHECKING:
    _Paginator = Paginator[Any]
else:
    _Paginator = Paginator


class AnyPagePaginator(_Paginator):
    """A paginator that answers any ``page`` value with a page rather than an error.

    A page address is typed, bookmarked and shared: a word, a fraction or a negative number
    opens the first page, and a number past the end (a bookmark from before games were
    deleted) opens the last, where Django's ``Paginator.page`` would raise and make a 500.
    A page size (django-tables2 reads ``per_page`` from the address) is kept between 1 and
    ``MAX_PER_PAGE``.
    """

    MAX_PER_PAGE = 100

    def __init__(self, object_list: Any, per_page: int | str, *args: Any, **kwargs: Any) -> None:
        size = min(max(int(per_page), 1), self.MAX_PER_PAGE)
        super().__init__(object_list, size, *args, **kwargs)

    def page(self, number: Any) -> Page[Any]:
        try:
            number = self.validate_number(number)
        except PageNotAnInteger:
            number = 1
        except EmptyPage:
            number = 1 if _below_one(number) else self.num_pages
        return super().page(number)


def _below_one(number: Any) -> bool:
    try:
        return int(number) < 1
    except (TypeError, ValueError):
        return True


def page_within(raw: str, last: int) -> int:
    """The page number ``raw`` asks for, between 1 and ``last``: a word or a number below 1
    is the first page, a number past the end the last."""
    try:
        number = int(raw)
    except ValueError:  # a word, a fraction, or more digits than Python converts
        return 1
    return min(max(number, 1), last)
