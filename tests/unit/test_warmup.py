"""The warm-up after start: computer players' games drawn out of sight in idle time, then
nothing of them left behind (no element in the page, no handler, no remembered part)."""
import fake_dom


def test_the_warm_up_plays_every_game_with_computer_players_and_leaves_nothing(monkeypatch):
    doc, dom = fake_dom.install()
    try:
        fake_dom.forget("clubtable.ui.warmup", "clubtable.ui.app", "clubtable.ui.controllers",
                        "clubtable.ui.shell_home", "clubtable.ui.shell_table", "clubtable.ui.clubs",
                        "clubtable.ui.storage")
        from clubtable.games import GAMES
        from clubtable.ui import warmup
        idle = []
        dom.window.setTimeout = lambda *a: None      # a screen's own "after this draw" (focus)
        heard = {}
        dom.window.addEventListener = lambda kind, fn, opts=None: heard.__setitem__(kind, fn)
        dom.window.removeEventListener = lambda kind, fn, opts=None: heard.pop(kind) if heard.get(kind) is fn else None
        from clubtable.ui.browser import timers
        monkeypatch.setattr(timers, "when_idle", lambda fn, timeout_ms=2000: idle.append(fn))
        later = []
        monkeypatch.setattr(timers, "later", lambda ms, fn: later.append((ms, fn)))
        drawn = []
        real_mount = dom.mount
        monkeypatch.setattr(dom, "mount", lambda target, tree: (drawn.append(target), real_mount(target, tree)))
        page_before = len(doc.body.childNodes)
        fake_dom.forget("clubtable.ui.games.cave")
        warmup.start()
        warmup.start()                        # once per page
        assert len(idle) == 1
        assert set(heard) == {"pointerdown", "keydown"}
        idle.pop(0)(8.0)
        assert idle and not later
        # a player's tap: no step starts until the page has been left alone for QUIET_MS
        heard["pointerdown"](None)
        mounted = len(drawn)
        idle.pop(0)(8.0)
        assert len(drawn) == mounted and idle == [] and [ms for ms, _ in later] == [warmup.QUIET_MS]
        monkeypatch.setattr(warmup._Run, "input_waits", lambda self: False)     # the quiet time is over
        later.pop(0)[1]()
        assert len(idle) == 1
        slices = 0
        while idle:
            slices += 1
            assert slices < 10_000
            idle.pop(0)(8.0)
        assert heard == {}                    # done: no listener left
        import sys                            # every set-up screen's module, computers or not
        assert "clubtable.ui.games.cave" in sys.modules
        with_bots = [g for g in GAMES.values() if g.bot_levels]
        assert drawn.count(warmup.BOX) >= warmup.MOVES_PER_GAME * len(with_bots) - 2 * len(with_bots)
        assert slices > 1                     # in slices, not all at once
        assert doc.body.getAttribute("data-warm") == "1"
        assert len(doc.body.childNodes) == page_before
        assert warmup.BOX not in dom._mounted and warmup.BOX not in dom._detached
        assert dom._handlers == {} and dom._memos == {}
    finally:
        fake_dom.forget("clubtable.ui.warmup", "clubtable.ui.app", "clubtable.ui.controllers",
                        "clubtable.ui.shell_home", "clubtable.ui.shell_table", "clubtable.ui.clubs",
                        "clubtable.ui.storage")
        fake_dom.uninstall()


def test_a_table_with_computer_players_prepares_their_tables_in_idle_time_once(monkeypatch):
    """DODGY's hard reader finds its tables of hand shapes (up to 12 dice of six images)
    built already, in slices of idle time, asked for once per page."""
    doc, dom = fake_dom.install()
    try:
        fake_dom.forget("clubtable.ui.warmup")
        from clubtable.games import GAMES
        from clubtable.games.dodgy import reading
        from clubtable.ui import warmup
        reading._COMPOSITIONS.clear()
        idle = []
        from clubtable.ui.browser import timers
        monkeypatch.setattr(timers, "when_idle", lambda fn, timeout_ms=2000: idle.append(fn))
        warmup.prepare(GAMES["dodgy"])
        warmup.prepare(GAMES["dodgy"])        # once per page
        assert len(idle) == 1 and reading._COMPOSITIONS == {}     # nothing before the page is idle
        slices = 0
        while idle:
            slices += 1
            assert slices < 10_000
            idle.pop(0)(0.5)                  # little idle time: many slices
        assert slices > 1
        assert ("groups", 12, 6) in reading._COMPOSITIONS and ("groups", 13, 6) not in reading._COMPOSITIONS
        warmup.prepare(GAMES["dobbelduel"])   # a game with nothing to prepare ends at once
        idle.pop(0)(8.0)
        assert idle == []
    finally:
        fake_dom.forget("clubtable.ui.warmup")
        fake_dom.uninstall()


def test_the_cycle_collector_runs_in_idle_time_after_a_draw_not_by_itself(monkeypatch):
    """After start-up the collector never starts inside a click: each draw asks for one
    young pass in idle time (at most one waiting), and the warm-up's end sets aside what it
    left."""
    import gc
    fake_dom.install()
    try:
        fake_dom.forget("clubtable.ui.collector")
        from clubtable.ui import collector
        from clubtable.ui.browser import timers
        idle = []
        monkeypatch.setattr(timers, "when_idle", lambda fn, timeout_ms=2000: idle.append((fn, timeout_ms)))
        collector.after_draw()
        assert idle == []                     # before start: CPython's own collector, nothing asked
        passes = []
        monkeypatch.setattr(gc, "collect", lambda generation=2: passes.append(generation) or 0)
        collector.start()
        assert not gc.isenabled()
        collector.after_draw()
        collector.after_draw()                # one pass waits at a time
        assert len(idle) == 1 and idle[0][1] == collector.IDLE_TIMEOUT_MS
        for _ in range(collector.OLD_EVERY):
            idle.pop(0)[0](10.0)
            collector.after_draw()
        assert passes == [0] * (collector.OLD_EVERY - 1) + [1]     # young passes; now and then the old too
        collector.settle()
        assert passes[-1] == 2
    finally:
        gc.enable()
        gc.unfreeze()
        fake_dom.forget("clubtable.ui.collector")
        fake_dom.uninstall()
