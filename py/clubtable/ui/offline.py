"""Offline use: register the service worker that ``build.py`` generates (``sw.js``) and tell
the player when a new version has been installed.

The worker keeps the exact files of the build; a new build changes ``sw.js``, the browser
installs it on the next visit and it takes over: ``controllerchange`` fires in this page.  When
the page had no worker before, that is the first install (the games now work offline); when
it had one, the site was updated and a reload uses the new version.
"""
from __future__ import annotations

import asyncio
from typing import Callable

from .browser import lasting, window


def start(tell: Callable[[str, bool], None], script: str = "sw.js") -> None:
    """``tell(text_key, offer_reload)`` reports what happened; nothing when the browser has no
    service workers (an insecure origin, a frame without storage)."""
    try:
        container = window.navigator.serviceWorker
    except Exception:
        container = None
    if not container:
        return
    had_worker = bool(container.controller)

    def changed(*_):
        if had_worker:
            tell("offline.updated", True)
        else:
            tell("offline.ready", False)
    container.addEventListener("controllerchange", lasting(changed))

    async def register():
        try:
            await container.register(script)
        except Exception as e:   # refused (storage blocked, private mode): the page still plays
            print("service worker not registered:", str(e)[:200])
    asyncio.ensure_future(register())
