"""The page inside a club's website: the embed line comes from the app's own "For clubs"
screen, the club page is on another site (``localhost`` framing ``127.0.0.1``), and a DODGY
game against computer players is played inside the frame, with third-party storage blocked
and with it partitioned.  The frame posts its height and nothing else."""
import functools
import http.server
import shutil
import threading
import time
import urllib.request

import pytest

from .conftest import ARGS, BOOT_MS, CHROMIUM, DIST, QuietHandler, open_page, open_setup
from .dodgy_driver import step

# Playwright starts Chromium with storage partitioning switched off, so a cross-site frame
# gets no storage at all (Safari/Brave-like).  Passing the same --disable-features list
# without ThirdPartyStoragePartitioning (the last such switch wins) gives stock Chrome's
# partitioned storage.
PLAYWRIGHT_DISABLED = ("AvoidUnnecessaryBeforeUnloadCheckSync,DestroyProfileOnBrowserClose,HttpsUpgrades,"
                       "HttpsFirstBalancedModeAutoEnable,LensOverlay,MediaRouter,PaintHolding,"
                       "AvoidCorsURLLoaderRestartOnRedirect,OptimizationHints,NetworkTimeServiceQuerying,"
                       "AimEnabled,PreconnectToSearch")
POLICIES = {"blocked": [], "partitioned": ["--disable-features=" + PLAYWRIGHT_DISABLED]}


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def club_site(tmp_path_factory):
    """A club's website on another site than the app: http://localhost:PORT/."""
    root = tmp_path_factory.mktemp("club")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield root, f"http://localhost:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def embed_code(browser, base_url):
    """The embed line and the height script, as the For-clubs screen builds them."""
    ctx = browser.new_context()
    page = open_page(ctx, base_url)
    page.click("#clubs-link")
    page.wait_for_selector("#clubs")
    page.select_option("#embed-game", "dodgy")
    page.fill("#embed-name", "Dice & <Co>")
    page.select_option("#embed-lang", "en")
    code = page.input_value("#embed-code")
    script = page.input_value("#embed-script")
    # the live preview frame runs the same line, with its tables kept in memory
    page.click("#show-preview")
    preview = page.frame_locator("#embed-preview")
    preview.locator("body[data-ready='1']").wait_for(timeout=BOOT_MS)
    preview.locator("#setup-form").wait_for()
    ctx.close()
    return code, script


def test_the_embed_line_is_one_iframe_with_the_game_and_the_club_name_as_text(embed_code, base_url):
    code, script = embed_code
    assert code.startswith("<iframe ") and code.endswith("</iframe>") and "\n" not in code
    assert f'src="{base_url}?lang=en&amp;club=Dice+%26+%3CCo%3E#/dodgy"' in code
    assert 'title="Games of Dice &amp; &lt;Co&gt;"' in code
    assert 'allow="clipboard-write; camera"' in code          # features every browser knows
    assert f'e.origin === "{base_url.rstrip("/")}"' in script


def set_up_short_dodgy(page, base_url):
    """DODGY, the player against one computer player, ended by the house rule's round limit
    (two rounds) so that a whole game is short even on a busy machine."""
    open_setup(page, base_url, "dodgy", ["local", "bot"], {"challenge_min_window_s": 0, "round_limit": 2})
    page.click("#open-table")


def play_dodgy_fast(frame, timeout_s):
    """The whole game, the player claiming as many dice as possible (so shouts end rounds fast)."""
    end = time.time() + timeout_s
    while time.time() < end:
        try:
            if step(frame, claim="high") == "over":
                return True
        except Exception:  # the screen re-rendered under the click
            pass
        time.sleep(0.15)
    return False


def _play_in_frame(browser_type, policy, club_site, embed_code, base_url):
    root, club_url = club_site
    code, script = embed_code
    (root / f"{policy}.html").write_text(
        "<!doctype html><meta charset=utf-8><title>Club</title><link rel=icon href=\"data:,\"><h1>Our club</h1>\n"
        f"{code}\n{script}\n<p id=after>Club news below the games.</p>", encoding="utf-8")
    browser = browser_type.launch(executable_path=CHROMIUM, args=ARGS + POLICIES[policy])
    try:
        page = browser.new_context().new_page()
        page.set_default_timeout(30_000)
        # the frame's errors and warnings are the page's (an unknown feature in the embed
        # line is a warning; a page error or console error anywhere fails the test)
        problems: list = []
        page.on("pageerror", lambda e: problems.append(f"pageerror: {e}"))
        page.on("console", lambda m: problems.append(f"{m.type}: {m.text} @ {m.location}")
                if m.type == "error" or "Unrecognized feature" in m.text else None)
        page.add_init_script("window.__frameMessages = [];"
                             "addEventListener('message', e => window.__frameMessages.push(e.data));")
        page.goto(club_url + f"{policy}.html")
        frame_el = page.wait_for_selector("#clubtable")
        frame = frame_el.content_frame()
        frame.wait_for_selector("body[data-ready='1']", timeout=BOOT_MS)
        stored = frame.evaluate("() => { try { localStorage.setItem('k', 'v'); return 'ok' }"
                                " catch (e) { return e.name } }")
        assert stored == ("SecurityError" if policy == "blocked" else "ok")
        if policy == "blocked":   # said once, in the frame, in words
            assert frame.locator("#notice-slot [data-notice='storage.memory_only']").count() == 1
            assert "reload will not resume" in frame.locator("#notice-slot").inner_text()
        else:
            assert frame.locator("#notice-slot [data-notice='storage.memory_only']").count() == 0
        assert frame.locator(".topbar .brand").inner_text() == "Dice & <Co>"
        frame.wait_for_selector("#setup-form")          # the deep link opened DODGY's set-up
        set_up_short_dodgy(frame, base_url + "?lang=en&club=Dice+%26+%3CCo%3E")
        frame.wait_for_selector("#my-dice")
        if not play_dodgy_fast(frame, timeout_s=300):
            page.screenshot(path=f"/tmp/embed-{policy}.png", full_page=True)
            raise AssertionError(frame.locator("#table").inner_text()[:2000])
        frame.wait_for_selector("#winners")
        # the club page follows the app's height: no scrolling inside the frame
        page.wait_for_function("() => parseInt(document.getElementById('clubtable').style.height) > 900")
        doc_height = frame.evaluate("() => Math.ceil(document.documentElement.getBoundingClientRect().height)")
        page.wait_for_function(f"() => parseInt(document.getElementById('clubtable').style.height) === {doc_height}")
        messages = page.evaluate("() => window.__frameMessages")
        assert messages and all(set(m) == {"clubtableHeight"} for m in messages), messages[:5]
        assert problems == [], problems
    finally:
        browser.close()


def test_dodgy_in_a_cross_site_frame_with_third_party_storage_blocked(browser, club_site, embed_code, base_url):
    _play_in_frame(browser.browser_type, "blocked", club_site, embed_code, base_url)


def test_dodgy_in_a_cross_site_frame_with_partitioned_storage(browser, club_site, embed_code, base_url):
    _play_in_frame(browser.browser_type, "partitioned", club_site, embed_code, base_url)


@pytest.mark.allow_console_errors(r"Executing inline script violates the following Content Security Policy",
                                  reason="the test injects an inline script to see the policy refuse it")
def test_the_served_csp_is_the_documented_one_and_in_force(context, base_url):
    import build
    with urllib.request.urlopen(base_url) as r:
        assert r.headers["Content-Security-Policy"] == build.CSP
        assert "'wasm-unsafe-eval'" in build.CSP
    with urllib.request.urlopen(base_url + "static/vendor/pyodide/pyodide.asm.wasm") as r:
        assert r.headers["Content-Type"] == "application/wasm"
    page = open_page(context, base_url)
    # an inline script (what an injected <script> would be) is refused by the policy
    page.evaluate("() => { window.__violations = [];"
                  " document.addEventListener('securitypolicyviolation', e => __violations.push(e.violatedDirective));"
                  " const s = document.createElement('script'); s.textContent = 'window.__inline = 1';"
                  " document.body.append(s); }")
    page.wait_for_function("() => window.__violations.length > 0")
    assert page.evaluate("() => window.__inline") is None
    assert page.evaluate("() => window.__violations")[0].startswith("script-src")


@pytest.mark.allow_console_errors(r"status of 404 .*\[\S*/static/app\.zip\]$|: app\.zip: HTTP 404$",
                                  reason="the test answers the engine archive's request with a 404")
def test_a_boot_that_fails_shows_what_to_try(context, base_url):
    """The archive of the engine is missing: no endless spinner, the help appears (the
    stylesheet shows it after 30 s; the test runs the page's animations 50 times faster)."""
    page = context.new_page()
    page.route("**/static/app.zip", lambda route: route.fulfill(status=404, body="missing"))
    page.goto(base_url)
    assert not page.locator("#boot-help").is_visible()
    # Only now faster: the page's load event waits for its low-priority preloads, which on a
    # loaded machine came later than 30 s / 50 after the first paint.
    cdp = context.new_cdp_session(page)
    cdp.send("Animation.enable")
    cdp.send("Animation.setPlaybackRate", {"playbackRate": 50})
    page.wait_for_selector("#boot-help", state="visible", timeout=20_000)
    text = page.locator("#boot-help").inner_text()
    assert "reload the page" in text and "own tab" in text
    assert page.locator("body[data-ready='1']").count() == 0


def test_a_branded_build_boots_with_the_clubs_name_language_games_colours_and_links(context, tmp_path):
    import build
    site = tmp_path / "site"
    shutil.copytree(DIST, site)
    (tmp_path / "club.toml").write_text(
        'name = "Spielkreis Nord"\naccent = "#8a1c2b"\nlanguage = "de"\ngames = ["dodgy", "waldi"]\n'
        'public_url = "https://games.spielkreis.example/"\n', encoding="utf-8")
    build.brand(site, build.load_club(tmp_path / "club.toml"))
    build.write_service_worker(site)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/"
        page = open_page(context, url)
        assert page.title() == "Wähle ein Spiel · Spielkreis Nord"   # the screen, then the club
        assert page.locator(".topbar .brand").inner_text() == "Spielkreis Nord"
        assert page.locator("html").get_attribute("lang") == "de"
        page.wait_for_selector("text=Wähle ein Spiel")
        cards = page.locator("#home .game-card").evaluate_all("els => els.map(e => e.dataset.game)")
        assert cards == ["waldi", "dodgy"]
        colour = page.locator("[data-key='play-dodgy']").evaluate("e => getComputedStyle(e).backgroundColor")
        assert colour == "rgb(138, 28, 43)"
        page.click("[data-key='play-dodgy']")
        page.wait_for_selector("#setup-form")
        page.select_option("#seat-kind-1", "remote")
        page.click("#open-table")
        page.click("#make-invite")
        link = page.wait_for_selector("#invite-link").input_value()
        assert link.startswith("https://games.spielkreis.example/#/join/")
    finally:
        server.shutdown()
        server.server_close()


# Every frame records what the page asks of the clipboard and the share sheet.
RECORD = """
window.__calls = [];
navigator.share = (data) => { window.__calls.push(["share", data.url || data.text]); return Promise.resolve(); };
if (navigator.clipboard) Object.defineProperty(navigator.clipboard, "writeText", {configurable: true,
    value: (text) => { window.__calls.push(["clipboard", text]); return Promise.resolve(); }});
"""


@pytest.mark.parametrize("allow", ["clipboard-write; web-share", ""])
def test_clipboard_and_share_are_used_only_where_the_frame_allows_them(browser, club_site, base_url, allow):
    """A club's frame that grants clipboard and share gets both buttons, and they use the
    browser's; a frame that grants neither is never asked for them: no share button, and
    copying selects the whole link with a readable message (or copies with the old command)."""
    root, club_url = club_site
    name = "allowed.html" if allow else "denied.html"
    (root / name).write_text(
        "<!doctype html><meta charset=utf-8><link rel=icon href=\"data:,\"><title>Club</title>\n"
        f'<iframe id="clubtable" src="{base_url}#/dodgy" allow="{allow}" style="width:100%;height:900px"></iframe>',
        encoding="utf-8")
    ctx = browser.new_context()
    ctx.add_init_script(RECORD)
    try:
        page = ctx.new_page()
        page.set_default_timeout(30_000)
        page.goto(club_url + name)
        frame = page.wait_for_selector("#clubtable").content_frame()
        frame.wait_for_selector("body[data-ready='1']", timeout=BOOT_MS)
        frame.wait_for_selector("#setup-form")
        open_setup(frame, base_url, "dodgy", ["local", "remote"])
        frame.click("#open-table")
        frame.click("#make-invite")
        link = frame.wait_for_selector("#invite-link").input_value()
        frame.click("[data-key='copy-invite']")
        frame.wait_for_selector("#toast:not(:empty)")
        toast = frame.locator("#toast").inner_text()
        if allow:
            frame.click("[data-key='share-invite']")
            frame.wait_for_function("window.__calls.length === 2")
            assert frame.evaluate("window.__calls") == [["clipboard", link], ["share", link]]
            assert toast == "Copied."
        else:
            if frame.evaluate("document.featurePolicy.features().includes('web-share')"):
                assert frame.locator("[data-key='share-invite']").count() == 0
            # (a Chromium without Web Share on this system knows no such policy: the API
            # itself refuses there, and a refused share falls back to copying)
            assert frame.evaluate("window.__calls") == []
            assert frame.evaluate("() => { const el = document.activeElement;"
                                  " return el.id + ':' + el.value.slice(el.selectionStart, el.selectionEnd) }") \
                == "invite-link:" + link
            assert toast == "Copied." or "Ctrl+C" in toast
    finally:
        ctx.close()
