"""The web side of the printed documents: which page size a request asks for, and the
response that carries a PDF. (The renderers in ``league.pdf`` know nothing of HTTP.)"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse

from league.pdf.sheets import PAGE_SIZES


def page_size(request: HttpRequest) -> str:
    """``?size=`` A4 (the default) or Letter; anything else is a page that does not exist."""
    size = request.GET.get("size", "A4")
    if size not in PAGE_SIZES:
        raise Http404("Page size must be A4 or Letter.")
    return size


def pdf_response(data: bytes, filename: str) -> HttpResponse:
    """Shown in the browser (inline), saved under ``filename``."""
    response = HttpResponse(data, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response
