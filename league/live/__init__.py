"""Pages that update themselves.

A write names the *topics* it changed (:mod:`league.live.topics`) through
:func:`league.live.publish.changed`; when its transaction commits, one :class:`LiveEvent` row
records them (and on PostgreSQL a ``NOTIFY`` wakes every web process at once, on any machine).
Each web process keeps one *hub* (:mod:`league.live.hub`) that reads new rows and hands them to
the open pages subscribed to their topics, over Server-Sent Events (:mod:`league.live.views`).
In the browser, ``static/js/live.js`` refetches the page and swaps its live parts (elements with
``data-live`` and an id), leaving alone a part somebody is typing in.
"""
