"""Offline and installable: after one visit the page reloads and opens in a new tab with the
server gone, and every landed game plays; a new build is picked up on the next visit and the
player is told; the manifest is valid and Chromium finds the page installable."""
import functools
import http.server
import json
import shutil
import struct
import threading

import pytest

import build

from .conftest import ARGS, BOOT_MS, CHROMIUM, DIST, QuietHandler, new_tab, open_page
from . import cave_driver, dobbelduel_driver, dodgy_driver, dohdles_driver, waldi_driver
from .test_embed_e2e import play_dodgy_fast, set_up_short_dodgy


class Site:
    """A copy of dist/ served on one fixed port, which can go away and come back (the same
    origin, so the same service worker)."""

    def __init__(self, root):
        self.root = root
        shutil.copytree(DIST, root)
        self.port = 0
        self.server = None
        self.start()
        self.url = f"http://127.0.0.1:{self.port}/"

    def start(self):
        self.server = http.server.ThreadingHTTPServer(
            ("127.0.0.1", self.port), functools.partial(QuietHandler, directory=str(self.root)))
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self):
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()
            self.server = None


@pytest.fixture
def site(tmp_path):
    s = Site(tmp_path / "site")
    yield s
    s.stop()


def _first_visit(context, url):
    page = open_page(context, url)
    # the worker is installed (every file of the build kept) and controls the page
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=BOOT_MS * 2)
    return page


def _own_failures(page, origin, failures):
    page.on("requestfailed", lambda r: failures.append(r.url) if r.url.startswith(origin) else None)


def _play_some(page, step, n=6, timeout_s=60):
    """A few actions of a solo game: the screen and its engine work."""
    import time
    done, end = [], time.time() + timeout_s
    while len(done) < n and time.time() < end:
        try:
            did = step(page)
        except Exception:   # re-rendered under the click
            did = None
        if did:
            done.append(did)
        time.sleep(0.1)
    return done


def _dodgy(page, url, whole):
    set_up_short_dodgy(page, url)
    page.wait_for_selector("#my-dice")
    return play_dodgy_fast(page, timeout_s=300) if whole else len(_play_some(page, dodgy_driver.step)) >= 3


def _dobbelduel(page, url, whole):
    dobbelduel_driver.set_up_dobbelduel(page, url, seats=("local", "bot"))
    page.wait_for_selector("#dd-board-0")
    if whole:
        return dobbelduel_driver.play_until_over([page], timeout_s=300)
    return len(_play_some(page, dobbelduel_driver.step)) >= 3


def _waldi(page, url, whole):
    # a round stops 4 s after the last card laid (WAL-8b), not 30 s: a stalled round ends soon
    waldi_driver.set_up_waldi(page, url, seats=("local", "bot"), level="quick", countdown_s=1, scoring_pause_s=0,
                              idle_stop_s=4)
    page.wait_for_selector("#waldi-wuff", timeout=20_000)
    if whole:
        return waldi_driver.play_until_over(page, timeout_s=400)
    return len(_play_some(page, waldi_driver.step)) >= 3


def _dohdles(page, url, whole):
    """Pass-and-play, three players on this device: each draws its Dohdles on the canvas and
    types the words (checked against the word lists in the page), then the game."""
    dohdles_driver.set_up(page, url, ("local", "pass", "pass"))
    if whole:
        return dohdles_driver.play_until_over([page], timeout_s=240)
    return len(_play_some(page, dohdles_driver.step, n=4)) >= 4


def _cave(page, url, whole):
    """Pass-and-play, three players: riddles drawn on the dough pad (pictures made in the
    page) with their typed words, then a letter turn whose answer only the owner sees."""
    opts = dict(cave_driver.FAST_OPTIONS, riddle_medium='"canvas2d"')
    cave_driver.set_up_cave(page, url, seats=("local", "pass", "pass"), **opts)
    for seat, mine in enumerate(CAVE_WORDS):
        if seat:
            cave_driver.take_over(page)
        cave_driver.status(page, phase="molding")
        for k, w in enumerate(mine):
            cave_driver.draw_and_hand_in(page, w, k)
    cave_driver.take_over(page)
    cave_driver.status(page, phase="play", round="letter", turn_side=0)
    page.wait_for_function("document.querySelectorAll('#cave-mat img.cave-pic').length === 12")
    cave_driver.ask_letter(page, 4, 1, "letter", "start")          # walrus: "w"
    cave_driver.take_over(page)
    cave_driver.status(page, turn_side=1)
    return cave_driver.held_letters(page) == ["w"]            # the owner, holding "show"


CAVE_WORDS = (["quokka", "zebra", "yak", "xerus"], ["walrus", "vole", "urchin", "tapir"],
              ["shrew", "raven", "python", "otter"])
GAMES = {"dodgy": _dodgy, "dobbelduel": _dobbelduel, "waldi": _waldi, "dohdles": _dohdles, "cave": _cave}


@pytest.mark.parametrize("game", list(GAMES))
def test_after_one_visit_a_reload_and_a_new_tab_play_the_game_offline(browser, site, game):
    """The server gone and the network off: a reload plays a whole game (Cave: the riddles
    drawn and typed, then a letter turn), and a new tab sets the game up again and plays.
    Not one request to the site fails: the service worker has every file each game needs."""
    play = GAMES[game]
    ctx = browser.new_context()
    try:
        page = _first_visit(ctx, site.url)
        site.stop()                      # the server is gone: nothing answers any more
        ctx.set_offline(True)
        failures = []
        _own_failures(page, site.url, failures)

        page.reload()
        page.wait_for_selector("body[data-ready='1']", timeout=BOOT_MS)
        assert play(page, site.url, whole=True)
        page.close()                     # its table is over or left: the new tab starts afresh

        tab = new_tab(ctx)               # a new tab, still offline
        tab.set_default_timeout(30_000)
        _own_failures(tab, site.url, failures)
        tab.goto(site.url + f"#/{game}")
        tab.wait_for_selector("body[data-ready='1']", timeout=BOOT_MS)
        assert play(tab, site.url, whole=False)
        assert failures == []
    finally:
        ctx.close()


def test_an_update_is_picked_up_on_the_next_visit_and_the_player_is_told(browser, site):
    ctx = browser.new_context()
    try:
        _first_visit(ctx, site.url).close()
        # a new build is deployed: one changed file, and the service worker that lists it
        index = site.root / "index.html"
        index.write_text(index.read_text(encoding="utf-8").replace(
            "<head>", '<head>\n  <meta name="clubtable-build" content="new">', 1))
        build.write_service_worker(site.root)

        page = open_page(ctx, site.url)          # the next visit: served by the old worker …
        assert page.locator("meta[name='clubtable-build']").count() == 0
        notice = page.wait_for_selector("#notice-slot [data-notice='offline.updated']", timeout=BOOT_MS * 2)
        assert "new version" in notice.inner_text()          # … which the player is told
        page.click("#notice-reload")
        page.wait_for_selector("body[data-ready='1']", timeout=BOOT_MS)
        assert page.locator("meta[name='clubtable-build']").count() == 1
        site.stop()                                          # and the new build is the one kept
        ctx.set_offline(True)
        tab = open_page(ctx, site.url)
        assert tab.locator("meta[name='clubtable-build']").count() == 1
        assert tab.locator("#notice-slot [data-notice='offline.updated']").count() == 0
    finally:
        ctx.close()


def _png_size(data: bytes):
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def test_the_manifest_is_valid_and_chromium_finds_the_page_installable(browser, base_url, tmp_path):
    manifest = json.loads((DIST / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["display"] == "standalone" and manifest["start_url"] == "./"
    sizes = {}
    for icon in manifest["icons"]:
        if icon["type"] == "image/png":
            w, h = _png_size((DIST / icon["src"]).read_bytes())
            assert icon["sizes"] == f"{w}x{h}"
            sizes[w] = icon
    assert {192, 512} <= set(sizes)
    # installability is not checked in an incognito-like context: a real profile
    ctx = browser.browser_type.launch_persistent_context(str(tmp_path / "profile"), executable_path=CHROMIUM, args=ARGS)
    try:
        page = open_page(ctx, base_url)
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=BOOT_MS * 2)
        cdp = ctx.new_cdp_session(page)
        got = cdp.send("Page.getAppManifest")
        assert got["url"].endswith("/manifest.webmanifest")
        assert got.get("errors") == []
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    finally:
        ctx.close()
