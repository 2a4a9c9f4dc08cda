"""Printed documents: hick sheets (filled and blank), the standings, a round's table pack,
the bracket and the ranking. ``pdf/`` renders plain dataclasses to bytes; the views build
those dataclasses from the selectors and presenters of the other areas."""
