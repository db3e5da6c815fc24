"""A game record end to end: a solo DODGY played to its end, saved from the result ("Save this
game", a download), opened again on #/open from the file input, replayed in words and found
to match; a changed file replays but does not match; a damaged one is refused.  The finished
table is also in #/open's list of this device's finished games, replays from there and is
deleted from it."""
import json

from clubtable.session import record as R

from .conftest import open_page
from .dodgy_driver import play_until_over, set_up_dodgy


def test_a_solo_dodgy_is_saved_and_opened_again(context, base_url, tmp_path):
    page = open_page(context, base_url)
    set_up_dodgy(page, base_url, seats=("local", "bot"), threshold="2", pace="quick")
    assert play_until_over([page], timeout_s=180, claim="high")
    with page.expect_download() as info:
        page.click("#save-record")
    download = info.value
    assert download.suggested_filename.startswith("clubtable-dodgy-") and download.suggested_filename.endswith(".json")
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    data = path.read_bytes()
    rec = json.loads(data)
    assert rec["game"] == "dodgy" and [p["computer"] for p in rec["players"]] == [False, True]
    assert rec["result"] is not None and rec["pictures"] == {}
    assert R.read_record(data).code == "ok"           # the page's file replays here too

    page.goto(base_url + "#/open")
    # the finished table is in this device's list, kept once, as the very record the file holds
    page.wait_for_selector("#finished-list li.finished")
    assert page.locator("#finished-list li").count() == 1
    stored = page.evaluate("""() => Object.keys(localStorage).filter(k => k.startsWith('clubtable.finished.'))
        .map(k => localStorage.getItem(k))""")
    assert len(stored) == 1 and json.loads(json.loads(stored[0])["record"]) == rec
    entry = page.inner_text("#finished-list li")
    assert "DODGY" in entry and all(p["name"] in entry for p in rec["players"]), entry
    for w, hgt in ((360, 640), (1280, 800)):
        page.set_viewport_size({"width": w, "height": hgt})
        page.screenshot(path=f"/tmp/coach/finished-{w}.png")
    page.click("#finished-list .finished-replay")
    page.wait_for_selector("#replay")
    assert int(page.get_attribute("#replay", "data-steps")) == len(rec["log"])
    page.goto(base_url + "#/open")
    page.set_input_files("#open-record", str(path))
    page.wait_for_selector("#record-status[data-code='ok']")
    lines = page.locator("#record-timeline li")
    assert lines.count() == len(rec["log"])
    names = [p["name"] for p in rec["players"]]
    texts = lines.all_inner_texts()
    states = [(seat, a) for seat, a, _n in rec["log"] if a["type"] == "state"]
    assert sum(1 for t in texts if " states " in t) == len(states) > 0, texts
    seat, first = states[0]
    assert any(t.startswith(f"{names[seat]} states {first['quantity']} × ") for t in texts), texts
    page.screenshot(path="/tmp/coach/open-360.png", full_page=False)

    # one entry less: it replays, to another end
    rec["log"] = rec["log"][:-1]
    page.set_input_files("#open-record", files=[{"name": "changed.json", "mimeType": "application/json",
                                                 "buffer": json.dumps(rec).encode()}])
    page.wait_for_selector("#record-status[data-code='mismatch']")
    # a damaged file: refused, nothing replayed, and markup in it stays text
    page.set_input_files("#open-record", files=[{"name": "bad.json", "mimeType": "application/json",
                                                 "buffer": b'{"format": "clubtable-record", "<b>x</b>": 1'}])
    page.wait_for_selector("#record-status[data-code='damaged']")
    assert page.locator("#record-timeline").count() == 0
    assert page.locator("#open b").count() == 0
    # deleted from the list, and from the device
    page.click("#finished-list .finished-delete")
    page.wait_for_selector("#finished-none")
    assert page.evaluate("Object.keys(localStorage).some(k => k.startsWith('clubtable.finished.'))") is False
