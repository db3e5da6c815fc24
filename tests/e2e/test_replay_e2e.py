"""The replay screen and the coach in the page: a solo DODGY played to its end, replayed from
its result ("Replay this game") and stepped by the buttons, the keys and the timeline, the
board inert, playing on by itself; the coach's verdicts by the events and its summary.  A saved
Dobbelduel record opened from a file, replayed and coached with the very verdicts CPython's
coach gives.  A solo Dobbelduel played to its end in the page, saved (a download), replayed and
coached as CPython coaches its file, and opened again from that file.  Looked at on a phone (360×640) and a desktop (1280×800)."""
from clubtable.games import GAMES
from clubtable.games.dobbelduel import coach as dd_coach
from clubtable.games.dodgy import coach as dg_coach
from clubtable.session import Table
from clubtable.session import record as R

from .conftest import open_page
from .dobbelduel_driver import play_until_over as play_dobbelduel, set_up_dobbelduel
from .dodgy_driver import play_until_over, set_up_dodgy


def step_of(page) -> int:
    return int(page.get_attribute("#replay", "data-step"))


def wait_step(page, n: int) -> None:
    page.wait_for_selector(f"#replay[data-step='{n}']", timeout=5000)


def test_a_solo_dodgy_is_replayed_step_by_step_and_coached(context, base_url, tmp_path):
    page = open_page(context, base_url)
    set_up_dodgy(page, base_url, seats=("local", "bot"), threshold="2", pace="quick")
    assert play_until_over([page], timeout_s=180, claim="high")
    with page.expect_download() as info:               # the record, for CPython's coach
        page.click("#save-record")
    path = tmp_path / "dodgy.json"
    info.value.save_as(path)
    reading = R.read_record(path.read_bytes())
    assert reading.ok
    page.click("#replay-game")
    page.wait_for_selector("#replay")
    last = int(page.get_attribute("#replay", "data-steps"))
    assert last > 3
    events = page.locator("#replay-timeline li")
    assert events.count() == last + 1                 # the start, then one per log entry

    wait_step(page, 0)                                 # from the beginning
    assert page.is_disabled("#replay-back") and page.is_disabled("#replay-first")
    page.click("#replay-last")
    wait_step(page, last)
    page.click("#replay-first")
    wait_step(page, 0)
    page.click("#replay-forward")
    wait_step(page, 1)
    page.keyboard.press("ArrowRight")
    wait_step(page, 2)
    page.keyboard.press("ArrowLeft")
    wait_step(page, 1)
    page.keyboard.press("End")
    wait_step(page, last)
    assert page.is_disabled("#replay-forward")
    # the current event scrolled into the timeline's own view
    page.wait_for_function("""() => { const box = document.querySelector('#replay-timeline');
        const li = box.querySelector('li.current'); return li.offsetTop >= box.scrollTop &&
        li.offsetTop + li.offsetHeight <= box.scrollTop + box.clientHeight; }""", timeout=3000)
    page.keyboard.press("Home")
    wait_step(page, 0)
    page.keyboard.press("End")
    wait_step(page, last)
    page.click("#replay-back")
    wait_step(page, last - 1)
    events.nth(3).locator("button.event").click()
    wait_step(page, 3)
    assert events.nth(3).get_attribute("class") == "current"
    assert page.locator("#replay-timeline [aria-current='step']").count() == 1

    # inert: the board's own buttons cannot be pressed or focused
    assert page.evaluate("document.querySelector('#board').inert") is True
    # the all-seeing end: every cup lifted
    page.select_option("#replay-seat", "all")
    page.keyboard.press("End")
    wait_step(page, last)
    assert page.get_attribute("#replay", "data-seat") == "all"

    # playing goes on by itself, at the chosen speed, and Space pauses
    page.select_option("#replay-speed", "4")
    page.click("#replay-first")
    page.click("#replay-play")
    page.wait_for_function("Number(document.querySelector('#replay').dataset.step) >= 2", timeout=5000)
    page.locator("#replay-players").click()            # off the buttons: Space is the replay's
    page.keyboard.press(" ")
    stopped = step_of(page)
    page.wait_for_timeout(800)
    assert step_of(page) == stopped and page.get_attribute("#replay-play", "aria-pressed") == "false"

    page.wait_for_selector("#coach[data-done='1']", timeout=60_000)
    assert page.locator("[data-verdict]").count() > 0
    summary = page.locator("#coach-summary li").all_inner_texts()
    assert len(summary) == 2 and all("accuracy" in line for line in summary), summary
    # the current decision's figures: the chance the statement was true and the computer's
    # choice, as CPython's coach says them from the same record
    names = [p["name"] for p in reading.record["players"]]
    rated = reading.replay.coach()["decisions"]
    d = next((d for d in rated if d["kind"] == "challenge"), rated[0])
    events.nth(d["step"] + 1).locator("button.event").click()
    wait_step(page, d["step"] + 1)
    assert page.locator(".coach-figure").all_inner_texts() == [
        R.sentence("en", key, params) for key, params in dg_coach.note(d, names)]

    for w, hgt in ((360, 640), (1280, 800)):
        page.set_viewport_size({"width": w, "height": hgt})
        page.keyboard.press("End")
        page.screenshot(path=f"/tmp/replay/dodgy-{w}.png")


def dobbelduel_record() -> bytes:
    game = GAMES["dobbelduel"]
    seats = [{"kind": "bot", "level": "hard", "name": "Ann"}, {"kind": "bot", "level": "easy", "name": "Ben"}]
    table = Table(game, seats, options={}, seed=7, table_id="rec", bot_pace=1.0)
    now = 0
    table.start(now)
    while game.result(table.state) is None:
        now = max(now + 1, table.next_wakeup())
        table.tick(now)
    return R.write_record(R.record_from_table(table))


def test_a_saved_dobbelduel_is_opened_replayed_and_coached(context, base_url):
    data = dobbelduel_record()
    report = R.read_record(data).replay.coach()
    efforts = sum(len(m["efforts"]) for m in report["matches"])
    page = open_page(context, base_url)
    page.goto(base_url + "#/open")
    page.set_input_files("#open-record", files=[{"name": "dd.json", "mimeType": "application/json", "buffer": data}])
    page.wait_for_selector("#record-status[data-code='ok']")
    page.click("#replay-record")
    page.wait_for_selector("#replay")
    page.click("#replay-forward")
    wait_step(page, 1)
    page.wait_for_selector("#coach-progress, #coach[data-done='1']")
    page.wait_for_selector("#coach[data-done='1']", timeout=60_000)
    verdicts = page.locator("[data-verdict]").all()
    assert len(verdicts) == efforts
    assert [v.get_attribute("data-verdict") for v in verdicts] == [
        e["verdict"] for m in report["matches"] for e in m["efforts"]]
    assert page.locator("#coach-summary li").count() >= len(report["matches"])
    # the current effort's figures: codes left and expected efforts left, as CPython's coach says
    rated = [e for m in report["matches"] for e in m["efforts"]]
    e = next((e for e in rated if e["best"] and e["kind"] == "place"), rated[0])
    page.locator("#replay-timeline li").nth(e["step"] + 1).locator("button.event").click()
    wait_step(page, e["step"] + 1)
    assert page.locator(".coach-figure").all_inner_texts() == [
        R.sentence("en", key, params) for key, params in dd_coach.note(e)]
    for w, hgt in ((360, 640), (1280, 800)):
        page.set_viewport_size({"width": w, "height": hgt})
        # the board's side panel stacks by the board's width: the pegs are not cut off
        assert page.evaluate("(() => { const m = document.querySelector('#board .dd-main');"
                             " return m.scrollWidth <= m.clientWidth + 1; })()")
        page.screenshot(path=f"/tmp/replay/dobbelduel-{w}.png")


def test_a_solo_dobbelduel_is_played_saved_replayed_coached_and_opened(context, base_url, tmp_path):
    page = open_page(context, base_url)
    set_up_dobbelduel(page, base_url, seats=("local", "bot"), level="hard")
    page.wait_for_selector("#dd-board-0")
    assert play_dobbelduel([page], timeout_s=150)
    page.wait_for_selector("#winners")
    with page.expect_download() as info:
        page.click("#save-record")
    download = info.value
    assert download.suggested_filename.startswith("clubtable-dobbelduel-")
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    data = path.read_bytes()
    reading = R.read_record(data)
    assert reading.code == "ok" and [p["computer"] for p in reading.record["players"]] == [False, True]
    report = reading.replay.coach()
    verdicts = [e["verdict"] for m in report["matches"] for e in m["efforts"]]
    assert verdicts                                    # the human broke one match: rated efforts

    page.click("#replay-game")
    page.wait_for_selector("#replay")
    last = int(page.get_attribute("#replay", "data-steps"))
    assert last == len(reading.record["log"])
    wait_step(page, 0)
    page.click("#replay-forward")
    wait_step(page, 1)
    page.click("#replay-forward")
    wait_step(page, 2)
    page.click("#replay-back")
    wait_step(page, 1)
    page.click("#replay-last")
    wait_step(page, last)
    page.wait_for_selector("#coach[data-done='1']", timeout=60_000)
    assert [v.get_attribute("data-verdict") for v in page.locator("[data-verdict]").all()] == verdicts
    assert page.locator("#coach-summary li").count() >= len(report["matches"])
    page.screenshot(path="/tmp/replay/dobbelduel-played.png")

    page.goto(base_url + "#/open")
    page.set_input_files("#open-record", str(path))
    page.wait_for_selector("#record-status[data-code='ok']")
    assert "replays exactly" in page.inner_text("#record-status")
    assert page.locator("#record-timeline li").count() == last
