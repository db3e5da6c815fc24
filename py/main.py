"""Browser entry point: put the unpacked engine on the path and start the app."""
import sys

sys.path.insert(0, "app")

from clubtable.ui.app import start  # noqa: E402

start()
