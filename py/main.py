"""Browser entry point: put the unpacked engine on the path and start the app."""
import sys

from js import performance

performance.mark("py:main")     # the start's phases: see static/boot.mjs
sys.path.insert(0, "app")

from clubtable.ui import browser  # noqa: E402

browser.arrive()                # the snapshot's screens took stand-ins for the page's objects
from clubtable.ui.app import start  # noqa: E402

performance.mark("py:imported")
start()
