"""Where a form that came back with errors opens: ``{% load form_errors %}`` then
``{% error_summary form %}`` at the top of the form, rendered by
``includes/error_summary.html``.

The *error summary* is the box that says nothing was saved, with each error as a link to
its field (the GOV.UK Design System's pattern). The *first wrong field* is the first field of
the form, in the form's order, with an error: it gets the ``autofocus`` attribute (and no other
field of the form keeps one), so that without JavaScript too the page opens with the cursor in
it, scrolled into view. Every wrong field gets ``aria-invalid`` and is described by its message
(``<name>-error``, as ``includes/field.html`` writes it). ``static/js/form-errors.js`` then
brings the summary into view above the field (and does the focusing where a page's address
has a fragment, where browsers skip ``autofocus``).

The tag must come before the fields are rendered: it sets their widgets' attributes.
"""

from __future__ import annotations

from typing import Any

from django import forms, template

register = template.Library()


def field_target(bound: forms.BoundField) -> str:
    """The id of the element a link to ``bound`` goes to: its input, the first of a group of
    radio buttons, the first menu of a tie-break chain (league.forms_common)."""
    slots = getattr(bound, "slots", None)
    if slots:
        return str(slots[0].id)
    if bound.id_for_label:
        return str(bound.id_for_label)
    return f"{bound.auto_id}_0" if bound.auto_id else ""


def mark_wrong_fields(form: forms.BaseForm) -> str:
    """Mark ``form``'s wrong fields and give the first the cursor; its id ("" for none)."""
    first = ""
    for name, field in form.fields.items():
        attrs = field.widget.attrs
        if name in form.errors and not field.widget.is_hidden:
            attrs["aria-invalid"] = "true"
            attrs["aria-describedby"] = f"{form.add_prefix(name)}-error"
            if not first:
                first = field_target(form[name])
                attrs["autofocus"] = True
                continue
        attrs.pop("autofocus", None)
    return first


@register.inclusion_tag("includes/error_summary.html")
def error_summary(form: Any) -> dict[str, Any]:
    """The summary of ``form``'s errors, if it has any: ``errors`` as (field id or "",
    message) pairs, the form's own errors first; ``focus_summary`` when no field is wrong (the
    summary itself then takes the cursor)."""
    if not isinstance(form, forms.BaseForm) or not form.is_bound or not form.errors:
        return {"errors": []}
    first = mark_wrong_fields(form)
    errors: list[tuple[str, str]] = [("", str(e)) for e in form.non_field_errors()]
    for name in form.fields:
        bound = form[name]
        target = "" if bound.is_hidden else field_target(bound)
        errors.extend((target, str(e)) for e in bound.errors)
    return {"errors": errors, "focus_summary": not first}


@register.simple_tag
def focus_first_error(form: Any) -> str:
    """For a form with a summary of its own (the round clock's): only mark its wrong fields
    and give the first the cursor. Renders nothing."""
    if isinstance(form, forms.BaseForm) and form.is_bound and form.errors:
        mark_wrong_fields(form)
    return ""
