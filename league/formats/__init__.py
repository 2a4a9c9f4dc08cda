"""Date and number formats that differ from Django's for a language (FORMAT_MODULE_PATH).

English keeps the day-month order the site has always printed ("1 Dec 2026 19:30"), for clubs
on both sides of the Atlantic; the other languages use Django's own formats.
"""
