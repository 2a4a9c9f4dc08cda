"""A live page's copy shared by the web processes of one computer: :class:`SharedCopies`.

``make run`` serves the site from several processes (uvicorn's workers), each with its own
copies (:mod:`league.live.page_cache`): after an event each would render the same page again,
four renderings of a page the room's phones wait for where one does. So the process that
renders a page after an event leaves the copy in a file, and the others, waiting for it
meanwhile, take it from there.

Words:

- a *slot*: one of :data:`SLOTS` files a copy is kept in (the key's hash picks it; the file
  names its key, so two keys sharing a slot only miss each other), and its lock file: the
  process holding the lock is rendering the slot's page, the others wait for the lock.
- the *folder*: ``LIVE_PAGE_COPY_DIR``, else one in the temporary folder named after the
  site's folder and database, so that two sites on one computer never share. Only this user
  may read it (a copy holds the CSRF token it was rendered with); a folder that others may
  read or write, or that is another user's, is not used (each process renders on its own).

A copy taken from the folder is served only where :func:`~league.live.page_cache.served_once`
would serve its own: younger than ``LIVE_PAGE_COPY_SECONDS`` by the wall clock, and no live
event on the page's topics above its version.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import stat
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from django.conf import settings

#: How many files copies are kept in at most (a copy is a few hundred kilobytes at most).
SLOTS = 256
#: How often a process waiting for another's rendering looks whether it is done.
LOOK_EVERY = 0.005


class SharedCopies:
    def __init__(self, folder: Path) -> None:
        self.folder = folder

    @classmethod
    def here(cls) -> SharedCopies | None:
        """The site's folder of copies, made if need be; None when it cannot be used safely."""
        named = settings.LIVE_PAGE_COPY_DIR
        if named:
            folder = Path(named)
        else:
            database = settings.DATABASES["default"]
            where = [str(database.get(part)) for part in ("NAME", "HOST", "PORT")]
            site = repr([str(settings.BASE_DIR), *where])
            digest = hashlib.sha256(site.encode()).hexdigest()[:16]
            folder = Path(tempfile.gettempdir()) / f"hicksheet-copies-{os.getuid()}-{digest}"
        try:
            folder.mkdir(mode=0o700, exist_ok=True)
            found = folder.lstat()
        except OSError:
            return None
        mine = found.st_uid == os.getuid() and stat.S_ISDIR(found.st_mode)
        if not mine or found.st_mode & 0o077:
            return None
        return cls(folder)

    def _slot(self, key: tuple[str, ...]) -> Path:
        number = int(hashlib.sha256(repr(key).encode()).hexdigest()[:8], 16) % SLOTS
        return self.folder / f"copy-{number:03d}"

    @contextlib.contextmanager
    def rendering(
        self, key: tuple[str, ...], seconds: float, before_waiting: Callable[[], None]
    ) -> Iterator[bool]:
        """Hold the key's slot while rendering (True), having waited up to ``seconds`` for the
        process rendering it now (``before_waiting`` called first if it must wait); False
        when the wait ran out (render without it)."""
        path = self._slot(key).with_suffix(".lock")
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o600)
        except OSError:  # the folder gone (a cleaner of the temporary folder), a full disk
            yield False
            return
        try:
            deadline = time.monotonic() + seconds
            waited = False
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    held = True
                    break
                except BlockingIOError:
                    if not waited:
                        waited = True
                        before_waiting()
                    if time.monotonic() > deadline:
                        held = False
                        break
                    time.sleep(LOOK_EVERY)
            try:
                yield held
            finally:
                if held:
                    fcntl.flock(fd, fcntl.LOCK_UN)
        finally:
            os.close(fd)

    def read(self, key: tuple[str, ...]) -> tuple[dict[str, object], bytes] | None:
        """The key's copy: what describes it (its version, when it was made by the wall clock,
        its content type and CSRF token) and its content; None if the slot holds another's."""
        try:
            with open(self._slot(key), "rb") as file:
                head = json.loads(file.readline())
                content = file.read()
        except (OSError, ValueError):
            return None
        if not isinstance(head, dict) or head.get("key") != list(key):
            return None
        return head, content

    def write(self, key: tuple[str, ...], head: dict[str, object], content: bytes) -> None:
        """Leave the key's copy in its slot (whole or not at all: written aside, then renamed)."""
        path = self._slot(key)
        try:
            fd, aside = tempfile.mkstemp(dir=self.folder, prefix=".new-")
        except OSError:
            return
        try:
            with os.fdopen(fd, "wb") as file:
                file.write(json.dumps({**head, "key": list(key)}).encode() + b"\n")
                file.write(content)
            os.replace(aside, path)
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(aside)
