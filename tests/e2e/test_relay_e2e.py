"""Play across networks through a relay: a real TURN server (coturn's ``turnserver``) on
loopback, two browser contexts (no shared BroadcastChannel: the invitation link and reply
code are the only signalling), and peer connections that may use relayed candidates only.
The host types the relay into the set-up's STUN/TURN field and ticks "Only through the
relay"; the invitation carries both to the guest, the lobby to a watching tab of the host's
own browser.  A DODGY game is played to the end, and
the test checks that the relay carried it: every candidate in both codes is a relay
candidate, both pages' selected candidate pairs are relay-to-relay, and the TURN server
logged the allocations and the channel bindings."""
import os
import re
import shutil
import socket
import subprocess
import time

import pytest

from clubtable.net import address, ice, sdp

from .conftest import open_page, open_setup, stop_process
from .dodgy_driver import play_until_over

TURN_USER, TURN_PASSWORD, REALM = "club", "dice-and-dogs", "clubtable"


def _free_udp_port():
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    return port


@pytest.fixture
def turn_server(tmp_path):
    """``turnserver`` on 127.0.0.1 with one static user, stopped at the end: ``(port, log path)``."""
    binary = shutil.which("turnserver")
    if binary is None:
        if os.environ.get("CI"):
            pytest.fail("turnserver (Debian's coturn) is missing: .ci/run installs it")
        pytest.skip("turnserver is not installed (apt-get install coturn); CI installs it")
    port, log = _free_udp_port(), tmp_path / "turn.log"
    proc = subprocess.Popen(
        [binary, "-n", "--listening-ip=127.0.0.1", "--relay-ip=127.0.0.1", f"--listening-port={port}",
         "--min-port=49152", "--max-port=65535", "--no-tls", "--no-dtls", "--lt-cred-mech",
         f"--user={TURN_USER}:{TURN_PASSWORD}", f"--realm={REALM}", "--allow-loopback-peers", "--no-cli",
         f"--log-file={log}", "--simple-log", "--no-stdout-log", "-v"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(50):               # listening once its log says so
            if log.exists() and "listener opened on" in log.read_text(errors="replace"):
                break
            if proc.poll() is not None:
                pytest.fail(f"turnserver stopped at once (exit {proc.returncode})")
            time.sleep(0.1)
        yield port, log
    finally:
        stop_process(proc, 5)


def _candidate_types(code):
    kind, text = sdp.expand(code)
    return kind, re.findall(r"typ (\w+)", text)


def _route(page):
    """The selected candidate pair of each of this page's links: ``[[local, remote], ...]``."""
    import json
    return json.loads(page.evaluate("() => window.clubtableWire('route')"))


def test_two_pages_that_reach_each_other_only_through_a_relay_play_dodgy_to_the_end(browser, base_url, turn_server):
    port, log = turn_server
    errors = []
    host_ctx, guest_ctx = browser.new_context(), browser.new_context()
    try:
        for ctx in (host_ctx, guest_ctx):     # lan.json is missing unless `build.py serve --lan` serves
            ctx.on("console", lambda m: errors.append(m.text) if m.type == "error" and not
                   str(m.location.get("url", "")).endswith("/lan.json") else None)
        host = open_page(host_ctx, base_url, errors)
        open_setup(host, base_url, "dodgy", ["local", "remote"],
                   options={"challenge_min_window_s": "0", "elimination_threshold": "4"})
        relay = f"turn:{TURN_USER}:{TURN_PASSWORD}@127.0.0.1:{port}?transport=udp"
        # the relay-only switch without a relay is refused with a sentence, and nothing opens
        host.check("#relay-only")
        host.click("#open-table")
        host.wait_for_selector("#setup-form .error")
        assert "needs a TURN server" in host.locator("#setup-form .error").inner_text()
        host.fill("#opt-ice", f"turn:{TURN_USER}@127.0.0.1:{port}")
        host.click("#open-table")
        host.wait_for_selector("#setup-form .error:has-text('needs a user name and a password')")
        host.fill("#opt-ice", relay)
        host.click("#open-table")
        host.wait_for_selector("#make-invite")
        host.click("#make-invite")
        host.wait_for_selector("#invite-link", timeout=30_000)
        link = host.input_value("#invite-link")
        parts = link.split("#/join/")[1].split("/")
        table, code, servers = parts[0], parts[1], address.join_servers(parts)
        assert address.join_details(parts, {"dodgy"})["game"] == "dodgy"   # the link names the game too
        assert ice.from_link(servers) == [relay, "relay"]
        assert _candidate_types(code) == ("offer", ["relay"])          # no host or reflexive address

        guest = open_page(guest_ctx, link, errors)
        shown = guest.locator("#join-ice").inner_text()
        assert f"127.0.0.1:{port}" in shown and "only through the relay" in shown
        assert TURN_PASSWORD not in shown                               # a password is never shown
        guest.fill("#invite-name", "Rita")
        guest.click("#answer-invite")
        guest.wait_for_selector("#reply-code", timeout=30_000)
        reply = guest.input_value("#reply-code")
        assert _candidate_types(reply) == ("answer", ["relay"])
        host.fill("#reply-input", reply)
        host.click("#reply-connect")
        host.wait_for_selector("text=Rita", timeout=30_000)
        host.click("#start-table")
        host.wait_for_selector("#my-dice")
        guest.wait_for_selector("#my-dice", timeout=30_000)
        assert _route(host) == [["relay", "relay"]]
        assert _route(guest) == [["relay", "relay"]]
        # a tab of the host's own browser watches: the lobby names the host's servers, so it
        # connects through the relay too (a host that allows only its relay offers no other way)
        watcher = open_page(host_ctx, base_url, errors)
        watcher.click(f"[data-key='watch-{table}']")
        watcher.wait_for_selector("#my-dice, #board", timeout=30_000)
        assert _route(watcher) == [["relay", "relay"]]
        assert _route(host) == [["relay", "relay"], ["relay", "relay"]]

        assert play_until_over([host, guest], timeout_s=240, shout=(False, True))
        guest.wait_for_selector("#verified.ok", timeout=30_000)     # the guest replayed the log: all arrived
        assert _route(guest) == [["relay", "relay"]]
    finally:
        host_ctx.close()
        guest_ctx.close()
    text = log.read_text(errors="replace")
    allocations = re.findall(rf"user <{TURN_USER}>: incoming packet ALLOCATE processed, success", text)
    assert len(allocations) >= 4, text[-3000:]                      # a relay address for each end of each link
    assert "CHANNEL_BIND processed, success" in text or "SEND processed" in text
    assert not errors, errors
