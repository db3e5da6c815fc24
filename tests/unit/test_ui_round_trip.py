"""The order of work on a move's way from one tab to the other: a host sends the peers
their updates before it draws its own screen, and saves and tells the lobby only in the
task after (once for a burst, and the lobby only when the table's summary changed); each
action is drawn once, a guest's with the host's answer.  Run against the stand-in DOM."""
import types

import pytest

import fake_dom

from clubtable.session import Guest, Table


class Proxy:
    """What ``create_proxy`` gives in the page: callable, and destroyed when done."""

    def __init__(self, fn):
        self.fn = fn

    def __call__(self, *args):
        return self.fn(*args)

    def destroy(self):
        pass


class Clock:
    def __init__(self):
        self.now = 1_000
        self.timers = []          # (ms, fn) the page would run later
        self.listeners = []       # (event, fn) on the window


@pytest.fixture
def page():
    _, dom = fake_dom.install()
    fake_dom.forget("clubtable.ui.storage", "clubtable.ui.controllers", "clubtable.ui.app",
                    "clubtable.ui.shell_home", "clubtable.ui.shell_table", "clubtable.ui.clubs")
    clock = Clock()
    from clubtable.ui import browser
    from clubtable.ui.browser import timers
    browser.create_proxy = Proxy
    dom.window.setTimeout = lambda fn, ms, *args: clock.timers.append((ms, lambda: fn(*args)))
    dom.window.addEventListener = lambda event, fn: clock.listeners.append((event, fn))
    timers.now_ms = lambda: clock.now
    from clubtable.ui import controllers
    yield types.SimpleNamespace(dom=dom, clock=clock, controllers=controllers)
    fake_dom.forget("clubtable.ui.storage", "clubtable.ui.controllers", "clubtable.ui.app",
                    "clubtable.ui.shell_home", "clubtable.ui.shell_table", "clubtable.ui.clubs")
    fake_dom.uninstall()


def run_timers(clock):
    due, clock.timers = clock.timers, []
    for _, fn in due:
        fn()


class FakeLobby:
    def __init__(self, log):
        self.log = log

    def announce(self):
        self.log.append("announce")

    def gone(self, table_id):
        pass


class FakeLink:
    """The host's end of a data channel: what it sends goes to the log (and to the guest)."""

    def __init__(self, peer_id, log, guest):
        self.peer_id, self.log, self.guest = peer_id, log, guest
        self.on_message = self.on_close = self.on_error = None
        self.max_in = 0

    def send(self, text):
        self.log.append("send")
        self.guest.receive(text)
        return True

    def close(self):
        pass


def host_with_guest(page, monkeypatch):
    """A DODGY table hosted here (seat 0) with a guest (seat 1) on a link, started."""
    monkeypatch.setattr(page.controllers.asyncio, "ensure_future", lambda coro: coro.close())
    log = []
    table = Table("dodgy", [{"kind": "local"}, {"kind": "remote"}], table_id="tbl1", seed=5,
                  options={"challenge_min_window_s": 0})
    host = page.controllers.HostTable(table, FakeLobby(log), on_change=lambda: log.append("draw"))
    saves = []
    real_save = host.save
    host.save = lambda: (saves.append(table.version), real_save())
    guest = Guest("tbl1", "Gus")
    link = FakeLink("p1", log, guest)
    host.attach(link)
    link.on_message(guest.hello())
    host.start()
    guest_turn(host, guest)
    run_timers(page.clock)
    log.clear()
    saves.clear()
    return host, guest, link, log, saves


def guest_turn(host, guest):
    """The host's seat moves until the guest has a move to make."""
    for _ in range(50):
        if guest.legal:
            return
        assert host.act(0, host.table.update_for(0)["legal"][0]) is None
    raise AssertionError("the guest never had a move")


def guest_move(guest):
    return guest.intent(guest.legal[0])


def test_a_guest_move_reaches_the_peers_before_the_host_draws_and_saves(page, monkeypatch):
    host, guest, link, log, saves = host_with_guest(page, monkeypatch)
    v = guest.v
    link.on_message(guest_move(guest))
    assert guest.v > v                         # the guest has its update ...
    assert log == ["send", "draw"]             # ... before the host's screen is drawn
    assert saves == []                         # saving waits for the next task
    assert len(page.clock.timers) == 1 and page.clock.timers[0][0] == 0
    run_timers(page.clock)
    assert saves == [host.table.version]
    # a move changes no seat of the lobby's summary: other tabs hear nothing of it
    assert "announce" not in log


def test_a_burst_of_changes_is_saved_once(page, monkeypatch):
    host, guest, link, log, saves = host_with_guest(page, monkeypatch)
    link.on_message(guest_move(guest))
    guest_turn(host, guest)
    link.on_message(guest_move(guest))
    assert log.count("draw") >= 2
    assert len(page.clock.timers) == 1
    run_timers(page.clock)
    assert saves == [host.table.version]
    run_timers(page.clock)
    assert saves == [host.table.version]       # nothing left to do


def test_the_lobby_hears_of_a_changed_summary(page, monkeypatch):
    host, guest, link, log, saves = host_with_guest(page, monkeypatch)
    link.on_close()                            # the guest's seat is now offline
    assert "announce" not in log
    run_timers(page.clock)
    assert log.count("announce") == 1


def test_a_waiting_save_is_made_when_the_tab_goes_away_or_the_table_closes(page, monkeypatch):
    host, guest, link, log, saves = host_with_guest(page, monkeypatch)
    link.on_message(guest_move(guest))
    assert saves == []
    [flush] = [fn for event, fn in page.clock.listeners if event == "pagehide"]
    flush(None)
    assert saves == [host.table.version]
    run_timers(page.clock)                     # the task it would have waited for: done already
    assert saves == [host.table.version]
    guest_turn(host, guest)
    link.on_message(guest_move(guest))
    host.close()
    assert saves[-1] == host.table.version and len(saves) == 2


class Shell:
    """The app's part in an action: ``App.act`` on a stand-in for the app."""

    def __init__(self, ctl):
        self.ctl = ctl
        self.renders = 0
        self.refused = []

    def render(self, *_):
        self.renders += 1

    def refuse(self, refusal):
        if refusal is not None:
            self.refused.append(refusal)


def shell_act(page, shell, seat, action):
    from clubtable.ui.app import App
    App.act(shell, seat, action)


def test_a_host_action_is_drawn_once(page, monkeypatch):
    host, guest, link, log, saves = host_with_guest(page, monkeypatch)
    shell = Shell(host)
    host.on_change = shell.render
    for _ in range(50):
        if host.table.update_for(0)["legal"]:
            break
        link.on_message(guest_move(guest))
    shell.renders = 0
    shell_act(page, shell, 0, host.table.update_for(0)["legal"][0])
    assert shell.renders == 1 and shell.refused == []
    shell_act(page, shell, 0, {"type": "no_such_move"})
    assert shell.refused and shell.renders == 2        # a refusal is drawn at once


def test_a_guest_action_is_drawn_with_the_hosts_answer(page, monkeypatch):
    ctl = page.controllers.GuestTable("tbl1", "Gus", lobby=None, on_change=lambda: None)
    assert ctl.answer_within_ms > 0
    sent = []
    ctl.link = types.SimpleNamespace(send=lambda text: sent.append(text) or True, last_error=None)
    ctl.guest.seat = 1
    shell = Shell(ctl)
    shell_act(page, shell, 1, {"type": "shout"})
    assert len(sent) == 1 and shell.renders == 0       # sent; the screen waits for the answer
    [(ms, later)] = page.clock.timers
    assert ms == ctl.answer_within_ms
    shell.render()                                     # the host's update arrives and is drawn
    later()
    assert shell.renders == 1                          # ... and only then
    page.clock.timers.clear()
    shell_act(page, shell, 1, {"type": "shout"})
    page.clock.timers.pop()[1]()                       # no answer in time: drawn anyway
    assert shell.renders == 2
    ctl.link = None
    shell_act(page, shell, 1, {"type": "shout"})       # not sent: the refusal is drawn at once
    assert shell.refused and shell.renders == 3 and page.clock.timers == []


def test_news_within_a_frame_of_a_draw_is_drawn_once_at_the_frames_end(page):
    import time
    from clubtable.ui.app import App, FRAME_MS
    told = []
    shell = types.SimpleNamespace(draw_due=False, drawn_at=0.0, renders=0, tell_news=lambda: told.append(1),
                                  warm_next=lambda: None)

    def render():
        shell.renders += 1
        shell.draw_due = False
        shell.drawn_at = time.perf_counter()
    shell.render = render
    App.changed(shell)                       # long after the last draw: drawn at once
    assert shell.renders == 1 and page.clock.timers == []
    for _ in range(3):                       # a burst within the frame: one draw, at its end
        App.changed(shell)
    assert shell.renders == 1
    [(ms, draw)] = page.clock.timers
    assert 0 < ms <= FRAME_MS + 1
    draw()
    assert shell.renders == 2
    page.clock.timers.clear()
    App.changed(shell)                       # waiting again; a draw comes first (an action's answer)
    shell.render()
    page.clock.timers.pop()[1]()             # the news is on the screen already: not drawn twice
    assert shell.renders == 3
    assert len(told) == 5                    # every change is looked at for news, drawn or not


def test_a_note_that_comes_meanwhile_is_shown_beside_the_answer_not_instead(page):
    """"Copied" (the answer to the player's click) and the offline worker's "Saved on this
    device" a moment later: both stay on screen, each for its own 5 s."""
    from clubtable.ui.app import App
    el = toast_element(page)
    shown = note_shell(App, "home")
    shown.toast("Copied.")
    shown.toast("Saved on this device.")
    assert el.textContent == "Copied. Saved on this device."
    first, second = page.clock.timers
    page.clock.timers = [second]
    first[1]()                                  # the first one's 5 s are over
    assert el.textContent == "Saved on this device."
    run_timers(page.clock)
    assert el.textContent == "" and shown.toasts == []


def test_a_note_nobody_asked_for_waits_for_the_end_of_the_game_being_played(page):
    """The offline worker's "Saved on this device" comes while a game is played: a toast then
    would hide the bottom of a phone's screen (the buttons of a real-time round) for 5 s, so it
    waits and shows on the next screen that is not a running table: the result, here."""
    from clubtable.ui.app import App
    el = toast_element(page)
    shell = note_shell(App, "table")
    shell.note("Saved on this device.")
    shell.screen_id = "handover"                 # a shared device passed on: the game goes on
    shell.note("Saved on this device.")          # said twice: held once
    assert el.textContent == "" and shell.held_notes == ["Saved on this device."]
    shell.show_held_notes()                      # the game drawn again: still waiting
    assert el.textContent == ""
    shell.toast("Reveal a card first.")         # an answer to the player is shown at once
    assert el.textContent == "Reveal a card first."
    shell.ctl.ended = True                       # the game has its result: a line of it
    shell.render()
    assert el.textContent == "" and shell.toasts == ["Reveal a card first."] and shell.held_notes == []
    assert shell.result_notes == ["Saved on this device."] and shell.said == ["Saved on this device."]
    run_timers(page.clock)
    for screen in ("lobby", "setup", "home"):    # elsewhere: shown at once
        shell.screen_id, shell.ctl, shell.route = screen, None, "#/"
        shell.note("Saved on this device.")
        assert el.textContent == "Saved on this device." and shell.held_notes == []
        run_timers(page.clock)


def test_a_note_that_comes_on_the_result_is_a_line_of_it_not_a_toast_over_its_buttons(page):
    """On a phone the toast lay over "Replay this game" and "Save this game" for 5 s."""
    from clubtable.ui.app import App
    el = toast_element(page)
    shell = note_shell(App, "table")
    shell.ctl.ended = True
    shell.note("Saved on this device.")
    assert shell.drawn == 1 and shell.result_notes == ["Saved on this device."]
    assert el.textContent == "" and shell.toasts == [] and shell.held_notes == []
    shell.note("Saved on this device.")          # said again: one line
    assert shell.result_notes == ["Saved on this device."] and shell.said == ["Saved on this device."]


def test_on_the_result_a_toast_is_a_line_of_it_for_its_five_seconds(page):
    """At the end of a real-time game a guest's last moves are refused as they arrive ("another
    card was laid there first", "the game is over"): floating, the toast grew to four lines over
    the winner and "New game".  On the result each is a line below its buttons, told to a
    screen reader, and gone after its 5 s; a screen after the result floats what is left."""
    from clubtable.ui.app import App
    el = toast_element(page)
    shell = note_shell(App, "table")
    shell.ctl.ended = True
    shell.toast("Another card was laid there first.")
    shell.toast("The game is over.")
    assert el.textContent == "" and shell.drawn == 2
    assert shell.toasts == ["Another card was laid there first.", "The game is over."]
    assert shell.said == shell.toasts
    first, second = page.clock.timers
    page.clock.timers = [second]
    first[1]()                                  # the first one's 5 s are over: drawn without it
    assert shell.toasts == ["The game is over."] and shell.drawn == 3 and el.textContent == ""
    shell.route = "#/replay"                     # on to the replay: the toast floats again
    shell.render()
    assert el.textContent == "The game is over."
    run_timers(page.clock)
    assert el.textContent == "" and shell.toasts == []


def test_leaving_the_table_forgets_its_refusals_and_keeps_other_toasts(page):
    """A refusal answers a move at the table; on the replay of the game just ended it is
    about nothing there.  "Saved." (the answer to the player's click) stays its 5 s."""
    from clubtable.ui.app import App
    from clubtable.ui.context import Refusal
    el = toast_element(page)
    shell = note_shell(App, "table")
    shell.t = lambda key, **kw: {"refusal.reveal_first": "Reveal a card first."}.get(key, key)
    for name in ("refuse", "forget_refusals"):
        setattr(shell, name, types.MethodType(getattr(App, name), shell))
    shell.refuse(Refusal("reveal_first", "Reveal a card first."))
    shell.toast("Saved.")
    assert el.textContent == "Reveal a card first. Saved."
    shell.route = "#/replay"
    shell.forget_refusals()                      # on_route: the table was left
    assert el.textContent == "Saved." and shell.toasts == ["Saved."] and shell.refused == set()


def toast_element(page):
    """The page's toast (index.html's ``#toast``), in the fake document."""
    el = page.dom.document.createElement("div")
    el.setAttribute("id", "toast")
    page.dom.document.body.appendChild(el)
    return el


def note_shell(App, screen):
    shell = types.SimpleNamespace(toasts=[], held_notes=[], notes_shown=set(), toast_shown={}, toast_text=None,
                                  refused=set(), screen_id=screen,
                                  ctl=types.SimpleNamespace(ended=False), route=f"#/{screen}", result_notes=[],
                                  said=[], drawn=0)
    for name in ("note", "playing", "show_held_notes", "toast", "show_toasts", "at_result", "take_result_notes"):
        setattr(shell, name, types.MethodType(getattr(App, name), shell))
    shell.announce = shell.said.append

    def render():
        shell.drawn += 1
        shell.take_result_notes()
        shell.show_held_notes()
        shell.show_toasts()
    shell.render = render
    return shell


def test_a_note_shown_on_the_set_up_steps_aside_when_the_game_begins(page):
    """The worker's note came on the set-up; a solo game starts a second later: the note would
    lie over the table for the rest of its 5 s, so it leaves with the set-up and comes back,
    for a whole 5 s of its own, on the next screen (home, when the player leaves the game).
    An answer to the player stays."""
    from clubtable.ui.app import App
    el = toast_element(page)
    shell = note_shell(App, "setup")
    shell.note("Saved on this device.")
    shell.toast("Copied.")
    assert el.textContent == "Saved on this device. Copied."
    shell.screen_id = "table"                    # the game begins
    shell.show_held_notes()                      # (the draw asks)
    assert el.textContent == "Copied." and shell.held_notes == ["Saved on this device."]
    shell.screen_id, shell.ctl, shell.route = "home", None, "#/"      # the player leaves the game
    shell.show_held_notes()
    assert el.textContent == "Copied. Saved on this device."
    first_showing, copied, second_showing = [f for _, f in page.clock.timers]
    first_showing()                              # the set-up's 5 s, run out: not this showing's
    copied()
    assert el.textContent == "Saved on this device."
    second_showing()
    assert el.textContent == "" and shell.toasts == []


def test_a_guests_link_sends_more_of_a_picture_on_got_and_gives_it_up_on_a_refusal(page):
    """The host's flow control (session/chunks.py) reaches the guest's link: a ``got`` lets it
    send more of the long message and draws nothing; a refusal of the pieces (the host let
    them go) makes it give the message up, so what waits behind it goes."""
    from clubtable.session.protocol import encode
    drawn = []
    ctl = page.controllers.GuestTable("tbl1", "Gus", lobby=None, on_change=lambda: drawn.append(1))
    calls = []
    ctl.link = types.SimpleNamespace(acked=lambda *a: calls.append(("acked", *a)),
                                     give_up=lambda: calls.append(("give_up",)))
    ctl._message(encode({"t": "got", "table": "tbl1", "seq": 1, "id": 3, "n": 4, "key": "k4"}))
    assert calls == [("acked", 3, 4, "k4")] and drawn == []
    ctl._message(encode({"t": "reject", "table": "tbl1", "seq": 2, "ref": None, "code": "rate_limited",
                         "reason": "You are sending too much too fast; some messages were ignored."}))
    assert calls[-1] == ("give_up",) and drawn == [1]


class KeyEvent:
    def __init__(self, key, tag="h2"):
        self.key, self.ctrlKey, self.metaKey, self.altKey = key, False, False, False
        self.target = types.SimpleNamespace(tagName=tag.upper())
        self.prevented = False

    def preventDefault(self):
        self.prevented = True


def test_a_space_meant_for_the_game_as_it_ends_does_not_scroll_the_result_away(page, monkeypatch):
    """Wie Waldi!'s Space turns a card up; hammered as the game ends it reached the result's
    focused heading and scrolled the page a screen down, away from the winner.  In the
    result's first 1.5 s a Space is caught; later it scrolls as usual, and a focused button
    keeps its own Space (it presses the button) all along."""
    from clubtable.ui import shell_table
    now = [100.0]
    monkeypatch.setattr(shell_table.time, "perf_counter", lambda: now[0])
    shell = types.SimpleNamespace(result_at=100.0)
    key = types.MethodType(shell_table.TableScreens.result_key, shell)
    for at, pressed, tag, caught in ((100.2, " ", "h2", True), (100.9, "Spacebar", "section", True),
                                     (100.3, " ", "button", False), (100.3, "Enter", "h2", False),
                                     (100.3, "ArrowDown", "h2", False),
                                     (100.0 + shell_table.RESULT_CATCHES_SPACE + 0.01, " ", "h2", False)):
        now[0] = at
        e = KeyEvent(pressed, tag)
        key(e)
        assert e.prevented is caught, (at, pressed, tag)
