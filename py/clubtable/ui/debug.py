"""A read-only window into the tab for the end-to-end tests and benches
(``window.clubtableDebug(what)``).  It looks at the app's controller, the DOM layer's
counts and the warm-up, so it sits above them, not behind the browser's door."""
from __future__ import annotations

import json

from . import dom
from .browser import lasting, window


def expose_debug(app) -> None:
    """``window.clubtableDebug(what)``: the raw messages this tab received as a guest
    (``received``) or sent as a host (``sent``), as JSON text; a host's game state
    (``state``); its role; the DOM layer's call counts (``dom``; ``dom-reset`` starts
    counting afresh), a host's computer players' decision times (``decided``;
    ``decided-take``), the standard library's files imported so far (``stdlib``) and
    whether a screen a tap will show is made and waiting out of sight (``next-screen``:
    true or false)."""
    window.clubtableDebug = lasting(lambda what: json.dumps(app.next_screen is not None)
                                    if str(what) == "next-screen" else _read(app.ctl, str(what)))


def _hosted_table(ctl):
    """A host's table (this device holds it anyway); None for a guest."""
    return getattr(ctl, "table", None) if getattr(ctl, "is_host", False) else None


def _state(ctl) -> str:
    # the tests read the secrets they must not find on a shared pass-and-play screen from it
    state = getattr(_hosted_table(ctl), "state", None)
    if state is None:
        return "null"
    from ..engine import clone       # its logs as plain lists (a Log's JSON is empty)
    return json.dumps(clone(state))


def _decided(ctl, take: bool) -> str:
    """A host's computer players' latest decision times, [[seat, level, ms], ...] (``take``
    forgets them); a guest has none."""
    table = _hosted_table(ctl)
    times = getattr(table, "decided_ms", None)
    if times is None:
        return "[]"
    out = json.dumps([[seat, table.seats[seat].get("level"), ms] for seat, ms in times])
    if take:
        times.clear()
    return out


def _dom_counts(reset: bool) -> str:
    if reset:
        dom.reset_stats()
        return "{}"
    return json.dumps(dict(dom.STATS, ffi=dom.ffi_calls(), full_rebuild=dom.FULL_REBUILD))


def _read(ctl, what: str) -> str:
    if what == "received":
        return json.dumps(list(getattr(ctl, "received", [])))
    if what == "sent":
        return json.dumps(list(getattr(ctl, "message_log", [])))
    if what == "state":
        return _state(ctl)
    if what == "role":
        return "none" if ctl is None else ("host" if getattr(ctl, "is_host", False) else "guest")
    if what in ("dom", "dom-reset"):
        return _dom_counts(what == "dom-reset")
    if what in ("decided", "decided-take"):
        return _decided(ctl, what == "decided-take")
    if what == "stdlib":
        return _stdlib_loaded()
    if what.startswith("coach-step:"):
        return _coach_step(what[len("coach-step:"):])
    return "null"


def _stdlib_loaded() -> str:
    """The standard library's files this page's Python has imported so far (build.py splits
    what a restored page mounts at once from what it mounts when first asked for)."""
    import sys
    stdlib = next((p for p in sys.path if p.endswith(".zip")), None)
    files = sorted(f[len(stdlib) + 1:] for m in list(sys.modules.values())
                   if stdlib and isinstance(f := getattr(m, "__file__", None), str) and f.startswith(stdlib + "/"))
    return json.dumps(files)


_coaching: list = [None]      # the steps coach-step runs, one per call


def _coach_step(text: str) -> str:
    """bench/coach.py: one slice of the coach's work as the replay screen runs it (a step of
    ``Game.review_steps``: the table building before the verdicts counts too), and its time
    in ms; ``coach-step:<record>`` starts a record, ``coach-step:`` takes the next step,
    ``"done"`` at the end.  One call per slice, so the bench can read between slices how
    long the page's thread waited for a core.  Refused while the start-up warm-up runs, as
    the replay screen's coach waits for it."""
    import time
    from . import warmup
    if warmup.running():
        return json.dumps({"error": "warming"})
    if text:
        from ..session.record import read_record
        reading = read_record(text.encode("utf-8"))
        if reading.replay is None:
            return json.dumps({"error": reading.code})
        _coaching[0] = reading.replay.game.review_steps(reading.replay)
    steps = _coaching[0]
    if steps is None:
        return json.dumps("done")
    t0 = time.perf_counter()
    try:
        next(steps)
    except StopIteration:
        _coaching[0] = None
        return json.dumps("done")
    return json.dumps((time.perf_counter() - t0) * 1000.0)
