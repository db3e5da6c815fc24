"""clubtable.session.Table: the host.  Hostile peers, hidden information, seats, rejoin,
timers, bots, save/restore."""
from __future__ import annotations

import json
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from test_session_fakegame import GAME, Net, SecretCards, Tokens, make_table, started_pair  # noqa: E402

from clubtable.engine import IllegalAction  # noqa: E402
from clubtable.session import MAX_GUEST_BYTES, Guest, Table, encode, parse_host  # noqa: E402
from clubtable.session.table import BOT_POLL_MS  # noqa: E402


def raw(t, seq, **fields):
    return encode({"t": t, "table": "tbl1", "seq": seq, **fields})


def snapshot(t):
    return json.dumps(t.state, sort_keys=True), t.version


def play_first(t, seat):
    return {"type": "play", "card": t.state["hands"][seat][0]}


def only(outs, peer):
    return [m for p, m in outs if p == peer]


# ---------------------------------------------------------------------------- construction
def test_construction_checks():
    with pytest.raises(IllegalAction) as e:
        make_table(kinds=("remote",))
    assert e.value.code == "player_count"
    with pytest.raises(IllegalAction) as e:
        Table(GAME, [{"kind": "remote"}, {"kind": "alien"}])
    assert e.value.code == "bad_seats"
    with pytest.raises(IllegalAction) as e:
        Table(GAME, [{"kind": "remote"}, {"kind": "remote"}], options={"hand": 99})
    assert e.value.code == "bad_options"
    with pytest.raises(IllegalAction) as e:
        Table(GAME, [{"kind": "remote"}, {"kind": "remote"}], options={"colour": 1})
    assert e.value.code == "bad_options"
    with pytest.raises(IllegalAction) as e:
        Table(GAME, [{"kind": "local"}, {"kind": "bot", "level": "godlike"}])
    assert e.value.code == "bad_level"
    with pytest.raises(IllegalAction) as e:
        Table(GAME, [{"kind": "local"}, {"kind": "local"}], table_id="bad id!")
    assert e.value.code == "bad_table_id"
    with pytest.raises(IllegalAction) as e:
        Table("no-such-game", [{"kind": "local"}, {"kind": "local"}])
    assert e.value.code == "unknown_game"


def test_defaults():
    t = Table(GAME, [{"kind": "local", "name": "Me\u0000"}, {"kind": "bot"}])
    assert 0 <= t.seed < 2 ** 53
    assert len(t.table_id) >= 8
    assert t.seats[0]["name"] == "Me"
    assert t.seats[1]["name"] == "Bot 2" and t.seats[1]["level"] == "normal"
    assert t.options == {"hand": 3, "turn_ms": 10_000}
    assert not t.started and t.state is None and t.version == 0
    assert t.host_name == "Me"
    other = Table(GAME, [{"kind": "local"}, {"kind": "local"}])
    assert other.seed != t.seed and other.table_id != t.table_id


def test_lobby_info():
    t = make_table(kinds=("local", "remote", "bot"))
    info = t.lobby_info()
    assert info["t"] == "lobby" and info["game"] == "secretcards" and info["host"] == "P0"
    assert info["open_seats"] == 1 and info["started"] is False
    assert [s["kind"] for s in info["seats"]] == ["local", "remote", "bot"]
    assert parse_host(encode(info))["open_seats"] == 1


# ---------------------------------------------------------------------------- joining and starting
def test_join_start_and_updates():
    t = make_table()
    net = Net(t)
    a = net.join("A", "Ann")
    assert a.seat == 0 and a.token == "tok0001" + "Q" * 20
    assert a.seed_hash == t.seed_hash and a.game_id == "secretcards"
    assert t.seats[0]["name"] == "Ann"
    with pytest.raises(IllegalAction) as e:
        t.start(0)
    assert e.value.code == "seats_open" and "1 more player" in e.value.message
    b = net.join("B", "Ben")
    assert b.seat == 1
    assert a.seats[1]["name"] == "Ben"           # A heard that B joined
    v = t.version
    net.deliver(t.start(0))
    assert t.started and t.version == v + 1
    assert a.started and a.view["hand"] == t.state["hands"][0]
    assert a.legal == GAME.legal(t.state, 0) and b.legal == []
    with pytest.raises(IllegalAction) as e:
        t.start(0)
    assert e.value.code == "already_started"


def test_requested_seat_and_full_table():
    t = make_table(kinds=("remote", "remote", "remote"))
    net = Net(t)
    b = net.join("B", "Ben", seat=1)
    assert b.seat == 1
    c = net.join("C", "Cid", seat=1)
    assert net.last_event("C")[:2] == ("reject", "seat_taken") and c.seat == 1 and not c.welcomed
    net.join("X", "Xi", seat=7)
    assert net.last_event("X")[:2] == ("reject", "bad_seat")
    a = net.join("A", "Ann")
    assert a.seat == 0
    net.send("C", c.hello())          # c.seat is still 1 (requested): taken
    c.seat = None
    net.send("C", c.hello())
    assert c.seat == 2
    d = net.join("D", "Dee")
    assert d.welcomed and d.seat is None and d.full     # no free seat: a spectator
    assert d.view is None and not d.started


def test_hello_twice_changes_nothing():
    t = make_table()
    net = Net(t)
    a = net.join("A", "Ann")
    v = t.version
    net.send("A", a.hello())
    assert a.seat == 0 and t.version == v and len(t.open_seats()) == 1


def test_start_allow_empty_fills_with_bots():
    t = make_table(kinds=("local", "remote", "remote"))
    net = Net(t)
    net.join("A", "Ann")
    net.deliver(t.start(5, allow_empty=True))
    assert [s["kind"] for s in t.seats] == ["local", "remote", "bot"]
    assert t.seats[2]["level"] == "normal" and 2 in t.bots
    assert t.state["t0"] == 5 and t.t0 == 5


def test_a_seat_no_guest_took_is_named_as_the_computer_that_plays_it():
    """The host's screen names the computer ("Computer 3"); a name no computer may take twice
    stays unique, and a seat a guest claimed keeps the guest's name."""
    t = make_table(kinds=("local", "remote", "remote"))
    net = Net(t)
    net.join("A", "Ann")
    net.deliver(t.start(5, allow_empty=True, bot_names={1: "Computer 3", 2: "Computer 3"}))
    names = [s["name"] for s in t.seats]
    assert names[2] == "Computer 3" and names[1] == "Ann"
    assert t.seat_summary()[2] == {"name": "Computer 3", "kind": "bot",
                                     "connected": True, "open": False, "level": "normal"}
    t2 = make_table(kinds=("local", "remote", "remote"))
    t2.start(0, allow_empty=True, bot_names={1: "Bob", 2: "bob "})
    assert [s["name"] for s in t2.seats][1:] == ["Bob", "bob 2"]


def test_local_and_pass_seats():
    t = make_table(kinds=("local", "pass", "remote"))
    net = Net(t)
    net.join("C", "Cid")
    net.deliver(t.start(0))
    with pytest.raises(IllegalAction) as e:
        t.local(2, play_first(t, 2), 1)        # a remote seat is not played on this device
    assert e.value.code == "not_your_seat"
    before = snapshot(t)
    with pytest.raises(IllegalAction) as e:
        t.local(1, play_first(t, 1), 1)        # out of turn
    assert e.value.code == "not_your_turn" and snapshot(t) == before
    outs = t.local(0, play_first(t, 0), 2)
    assert t.version == before[1] + 1 and t.state["turn"] == 1
    assert [p for p, _ in outs] == ["C"]
    t.local(1, play_first(t, 1), 3)
    u = t.update_for(0)
    assert u["t"] == "update" and u["seat"] == 0 and u["view"]["hand"] == t.state["hands"][0]
    assert "seq" not in u


def test_local_before_start():
    t = make_table(kinds=("local", "local"))
    with pytest.raises(IllegalAction) as e:
        t.local(0, {"type": "play", "card": "c01x"}, 0)
    assert e.value.code == "not_started"


# ---------------------------------------------------------------------------- hostile peers
def hostile_cases(t, net):
    """(description, peer, raw text, expected reject code)."""
    a, b = net.guests["A"], net.guests["B"]
    turn_card = t.state["hands"][0][0]
    b_card = t.state["hands"][1][0]
    long_name = "x" * 25
    deep = {"type": "say"}
    v = deep
    for _ in range(10):
        v["a"] = {}
        v = v["a"]
    n = iter(range(100, 10_000))
    return [
        ("malformed JSON", "A", '{"t":"intent",', "bad_json"),
        ("non-object JSON", "A", "[1,2]", "not_object"),
        ("JSON string", "A", '"intent"', "not_object"),
        ("binary junk", "A", b"\x00\xff\xfe", "bad_utf8"),
        ("unknown type", "A", raw("cheat", next(n), seat=0), "unknown_type"),
        ("host type", "A", raw("update", next(n), v=99), "unknown_type"),
        ("wrong table", "A", encode({"t": "intent", "table": "other", "seq": next(n), "seat": 0,
                                     "action": {"type": "play", "card": turn_card}}), "wrong_table"),
        ("acting for another seat", "B", raw("intent", next(n), seat=0,
                                               action={"type": "play", "card": turn_card}), "not_your_seat"),
        ("out of turn", "B", raw("intent", next(n), seat=1, action={"type": "play", "card": b_card}),
         "not_your_turn"),
        ("card not held", "A", raw("intent", next(n), seat=0, action={"type": "play", "card": b_card}),
         "no_such_card"),
        ("unknown action", "A", raw("intent", next(n), seat=0, action={"type": "win"}), "unknown_action"),
        ("replayed seq", "A", raw("intent", a.seq, seat=0, action={"type": "play", "card": turn_card}),
         "stale_seq"),
        ("seq zero", "A", raw("intent", 0, seat=0, action={"type": "play", "card": turn_card}), "stale_seq"),
        ("oversized", "A", raw("intent", next(n), seat=0, action={"type": "say", "text": "x"}) + " " * MAX_GUEST_BYTES,
         "too_big"),
        ("deep nesting", "A", raw("intent", next(n), seat=0, action=deep), "too_deep"),
        ("very deep nesting", "A", "[" * 3000, "too_deep"),
        ("wrong field type: seat", "A", raw("intent", next(n), seat="0", action={"type": "say", "text": "x"}),
         "bad_field"),
        ("wrong field type: action", "A", raw("intent", next(n), seat=0, action=["play"]), "bad_action"),
        ("wrong field type: seq", "A", encode({"t": "intent", "table": "tbl1", "seq": str(next(n)), "seat": 0,
                                               "action": {"type": "say", "text": "x"}}), "bad_field"),
        ("long text", "A", raw("intent", next(n), seat=0, action={"type": "say", "text": "x" * 2001}), "bad_action"),
        ("long nested text", "A", raw("intent", next(n), seat=0, action={"type": "say", "t": ["x" * 201]}),
         "bad_action"),
        ("extra field", "A", raw("intent", next(n), seat=0, action={"type": "say", "text": "x"}, admin=True),
         "unknown_field"),
        ("timer forgery", "A", raw("intent", next(n), seat=0, action={"type": "tick"}), "bad_action"),
        ("spectator acting", "S", raw("intent", next(n), seat=None, action={"type": "say", "text": "x"}),
         "not_your_seat"),
        ("spectator acting for a seat", "S", raw("intent", next(n), seat=0,
                                                  action={"type": "play", "card": turn_card}), "not_your_seat"),
        ("stranger acting", "Z", raw("intent", next(n), seat=0, action={"type": "play", "card": turn_card}),
         "not_your_seat"),
        ("long name", "Z", raw("hello", next(n), name=long_name), "bad_name"),
        ("wrong token", "Z", raw("hello", next(n), name="Eve", token="guess" * 4), "bad_token"),
        ("rules bug", "A", raw("intent", next(n), seat=0, action={"type": "boom"}), "internal_error"),
    ]


def test_hostile_peer_each_rejected_and_table_goes_on():
    t, net = started_pair()
    cases = hostile_cases(t, net)
    for desc, peer, text, code in cases:
        before = snapshot(t)
        outs = t.receive(peer, text, 0)
        assert len(outs) == 1, desc
        to, msg = outs[0]
        assert to == peer and msg["t"] == "reject", desc
        assert msg["code"] == code, desc
        assert isinstance(msg["reason"], str) and msg["reason"].endswith("."), desc
        assert snapshot(t) == before, desc
        parse_host(encode(msg))                      # a well-formed reply
    # a later legal intent still works (the raw cases above used A's sequence numbers)
    a = net.guests["A"]
    a.seq = 10_000
    net.send("A", a.intent(play_first(t, 0)))
    assert t.state["turn"] == 1 and net.guests["B"].legal


def test_reject_refs_the_guest_seq():
    t, net = started_pair()
    b = net.guests["B"]
    net.send("B", b.intent({"type": "play", "card": t.state["hands"][1][0]}))
    assert b.last_reject == {"ref": b.seq, "code": "not_your_turn", "reason": "It is not your turn."}
    assert net.last_event("B") == ("reject", "not_your_turn", "It is not your turn.")


def test_protocol_error_before_table_check_consumes_no_seq():
    t, net = started_pair()
    a = net.guests["A"]
    t.receive("A", raw("intent", 50, seat=0, action="x"), 0)   # rejected by protocol
    t.receive("A", encode({"t": "ping", "table": "zzz", "seq": 51, "ts": 1}), 0)  # wrong table
    a.seq = 49
    net.send("A", a.intent(play_first(t, 0)))              # 50 is still fresh
    assert t.state["turn"] == 1


def test_illegal_intent_consumes_its_seq():
    t, net = started_pair()
    b = net.guests["B"]
    text = b.intent({"type": "play", "card": t.state["hands"][1][0]})
    net.send("B", text)
    assert b.last_reject["code"] == "not_your_turn"
    net.send("A", net.guests["A"].intent(play_first(t, 0)))
    net.send("B", text)                                    # the same message again
    assert b.last_reject["code"] == "stale_seq"


def test_markup_name_kept_literally():
    t = make_table()
    net = Net(t)
    g = net.join("A", "<b>x</b><script>")
    assert t.seats[0]["name"] == "<b>x</b><script>"
    assert g.seats[0]["name"] == "<b>x</b><script>"
    net.join("B", "B")
    net.deliver(t.start(0))
    assert t.state["players"][0] == "<b>x</b><script>"
    assert '"<b>x</b><script>"' in net.raw["B"][-1]


def test_control_characters_stripped_from_names():
    t = make_table()
    net = Net(t)
    net.send("A", raw("hello", 1, name="\u202eAnn\u0000\u200b\n"))
    assert t.seats[0]["name"] == "Ann"


def test_ping_pong():
    t, net = started_pair()
    v = t.version
    net.send("S", net.guests["S"].ping(123.5))
    assert net.last_event("S") == ("pong", 123.5, False) and t.version == v
    t.hidden = True                      # the host's page went to the background: its pongs say so
    net.send("S", net.guests["S"].ping(124))
    assert net.last_event("S") == ("pong", 124, True) and t.version == v


def test_hostile_peer_flood_is_bounded():
    t, net = started_pair()
    before = snapshot(t)
    for i in range(2000):
        t.receive("Z", "x" * (i % 50), 0)
    assert snapshot(t) == before
    assert len(t.events) <= 500


# ---------------------------------------------------------------------------- hidden information
def test_updates_never_leak_other_seats_hidden_info():
    t, net = started_pair(seed=99)
    secrets = t.state["secrets"]
    step = 0
    while t.result is None:
        seat = t.state["turn"]
        hands_before = [list(h) for h in t.state["hands"]]
        marks = {p: len(net.raw[p]) for p in net.raw}
        peer = "AB"[seat]
        net.now += 7
        net.send(peer, net.guests[peer].intent(play_first(t, seat)))
        for p, own in (("A", 0), ("B", 1), ("S", None)):
            for text in net.raw[p][marks[p]:]:
                if '"t":"end"' in text:
                    continue            # the end message reveals the log, by design
                for other in (0, 1):
                    if other == own:
                        continue
                    assert secrets[other] not in text
                    for card in t.state["hands"][other]:
                        assert card not in text, (p, card)
        step += 1
        assert hands_before != t.state["hands"]
    # every peer got the end message once, with the seed
    for p in "ABS":
        ends = [x for x in net.raw[p] if '"t":"end"' in x]
        assert len(ends) == 1 and f'"seed":{t.seed}' in ends[0]
    # and the seed appears nowhere before it
    for p in "ABS":
        for text in net.raw[p]:
            if '"t":"end"' not in text:
                assert f'"seed":{t.seed}' not in text


def test_spectator_sees_no_hand():
    t, net = started_pair()
    s = net.guests["S"]
    assert s.seat is None and "hand" not in s.view and s.legal == []
    for text in net.raw["S"]:
        for h in t.state["hands"]:
            for card in h:
                assert card not in text
        for word in t.state["secrets"]:
            assert word not in text


def test_each_peer_gets_its_own_view():
    t, net = started_pair()
    assert net.guests["A"].view == GAME.view(t.state, 0)
    assert net.guests["B"].view == GAME.view(t.state, 1)
    assert net.guests["S"].view == GAME.view(t.state, None)


# ---------------------------------------------------------------------------- rejoin, disconnect
def test_disconnect_and_rejoin_from_new_peer_id():
    t, net = started_pair()
    a = net.guests["A"]
    token = a.token
    v = t.version
    net.deliver(t.disconnect("A", 10))
    assert t.version == v + 1
    assert net.guests["B"].seats[0]["connected"] is False
    # the game goes on without A's link: B is not blocked by it, and the timer still runs
    net.deliver(t.tick(10_000))
    assert t.state["turn"] == 1
    # a reload: new Guest object, new peer id, the stored token
    net.now = 10_001
    a2 = net.join("A2", "Ann again", token=token)
    assert a2.seat == 0 and a2.token == token
    assert a2.view == GAME.view(t.state, 0)
    assert t.seats[0]["name"] == "Ann"                 # names are fixed once the game runs
    assert net.guests["B"].seats[0]["connected"] is True
    net.send("B", net.guests["B"].intent(play_first(t, 1)))
    net.send("A2", a2.intent(play_first(t, 0)))
    assert t.state["turn"] == 1


def test_wrong_token_rejected():
    t, net = started_pair()
    before = snapshot(t)
    e = net.join("E", "Eve", token="not-a-token")
    assert net.last_event("E")[:2] == ("reject", "bad_token")
    assert e.seat is None and not e.welcomed and snapshot(t) == before
    # and still cannot act
    net.send("E", raw("intent", 5, seat=0, action=play_first(t, 0)))
    assert net.guests["E"].last_reject["code"] == "not_your_seat"


def test_token_of_another_table_seat_does_not_leak_seat():
    t, net = started_pair()
    b_token = net.guests["B"].token
    net.join("E", "Eve", token=b_token[:-1] + "R")
    assert net.last_event("E")[:2] == ("reject", "bad_token")


def test_reclaim_while_old_link_alive_demotes_old_peer():
    t, net = started_pair()
    token = net.guests["A"].token
    a2 = net.join("A2", "Ann", token=token)
    assert a2.seat == 0
    old = net.guests["A"]
    assert ("reject", "seat_reclaimed") == net.events["A"][-2][:2] or \
        any(e[:2] == ("reject", "seat_reclaimed") for e in net.events["A"])
    assert old.seat is None
    # the old link can no longer act for the seat
    net.send("A", raw("intent", 99, seat=0, action=play_first(t, 0)))
    assert old.last_reject["code"] == "not_your_seat"
    # and its view is now a spectator's
    assert "hand" not in old.view


def test_reconnect_same_peer_id_needs_hello():
    t, net = started_pair()
    a = net.guests["A"]
    net.deliver(t.connect("A", 5))           # the net layer reuses the id for a new link
    a.new_link()
    assert t.seats[0]["peer"] is None
    net.send("A", raw("intent", 1, seat=0, action=play_first(t, 0)))
    assert a.last_reject["code"] == "not_your_seat"
    net.send("A", a.hello())
    net.send("A", a.intent(play_first(t, 0)))
    assert t.state["turn"] == 1


def test_bye_releases_link_but_keeps_seat():
    t, net = started_pair()
    a = net.guests["A"]
    net.send("A", a.bye())
    assert "A" not in t.peers and t.seats[0]["claimed"] and t.seats[0]["peer"] is None
    a2 = net.join("A2", "Ann", token=a.token)
    assert a2.seat == 0


def test_spectator_hello_then_seat_before_start():
    t = make_table()
    net = Net(t)
    s = net.join("S", "Sue", spectate=True)
    assert s.seat is None and s.welcomed and len(t.open_seats()) == 2
    net.send("S", s.hello())
    assert s.seat == 0


def test_seated_guest_can_switch_to_spectating():
    t = make_table()
    net = Net(t)
    a = net.join("A", "Ann")
    net.send("A", a.hello(spectate=True))
    assert a.seat is None and t.seats[0]["peer"] is None and t.seats[0]["claimed"]
    # it can come back with its token
    net.send("A", a.hello())
    assert a.seat == 0


def test_replace_with_bot():
    t, net = started_pair()
    a = net.guests["A"]
    token = a.token
    net.deliver(t.replace_with_bot(0, "easy", 1))
    assert t.seats[0]["kind"] == "bot" and t.seats[0]["token"] is None
    assert any(e[:2] == ("reject", "replaced_by_bot") for e in net.events["A"])
    assert a.seat is None and "hand" not in a.view
    net.join("A2", "Ann", token=token)
    assert net.last_event("A2")[:2] == ("reject", "bad_token")
    net.deliver(t.tick(2))                       # the bot plays seat 0
    assert t.state["turn"] == 1
    with pytest.raises(IllegalAction):
        t.replace_with_bot(0, "godlike", 3)
    with pytest.raises(IllegalAction):
        t.replace_with_bot(9, "easy", 3)


def test_replace_open_seat_with_bot_in_lobby():
    t = make_table()
    net = Net(t)
    net.join("A", "Ann")
    net.deliver(t.replace_with_bot(1, None, 0, name="Robo"))
    assert t.seats[1]["name"] == "Robo" and t.open_seats() == []
    net.deliver(t.start(0))
    assert t.started


# ---------------------------------------------------------------------------- timers and bots
def test_timer_fires_in_tick_and_before_apply():
    t, net = started_pair()
    due = t.state["due"]
    assert t.next_wakeup() == due
    net.deliver(t.tick(due - 1))
    assert t.state["turn"] == 0
    v = t.version
    net.deliver(t.tick(due))
    assert t.state["turn"] == 1 and t.version == v + 1
    assert t.state["log"][-1][:2] == [None, {"type": "tick"}]
    # a due timer is applied before a late intent, which is then judged on the new state
    due = t.state["due"]
    a_card = t.state["hands"][0][0]
    net.now = due + 5
    net.send("B", net.guests["B"].intent(play_first(t, 1)))
    assert net.guests["B"].last_reject["code"] == "not_your_turn"
    assert t.state["turn"] == 0                 # B's timer ran out first
    assert net.guests["A"].legal == [{"type": "play", "card": c} for c in t.state["hands"][0]]
    assert a_card in t.state["hands"][0]


def test_due_timer_before_illegal_local_action_is_announced():
    t = make_table(kinds=("local", "remote"))
    net = Net(t)
    net.join("B", "Ben")
    net.deliver(t.start(0))
    due = t.state["due"]
    with pytest.raises(IllegalAction):
        t.local(0, play_first(t, 0), due)          # the timer played for seat 0 first
    assert t.state["turn"] == 1
    assert t.next_wakeup() == t.now                 # pending updates to deliver
    outs = net.deliver(t.tick(due))
    assert only(outs, "B") and net.guests["B"].legal


def test_time_never_runs_backwards():
    t, net = started_pair()
    net.now = 500
    net.send("A", net.guests["A"].intent(play_first(t, 0)))
    net.now = 100
    net.send("B", net.guests["B"].intent(play_first(t, 1)))
    times = [entry[2] for entry in t.state["log"]]
    assert times == sorted(times) == [500, 500]


def test_bots_play_a_full_game_via_tick():
    seats = [{"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "normal"}]
    t = Table(GAME, seats, options={"hand": 5}, seed=7, table_id="tbl1")
    net = Net(t)
    net.join("S", "Sue", spectate=True)
    net.deliver(t.start(0))
    now = 0
    for _ in range(200):
        wake = t.next_wakeup()
        if wake is None:
            break
        assert wake <= now + BOT_POLL_MS
        now = max(now + 1, wake)
        net.deliver(t.tick(now))
    assert t.result is not None and t.next_wakeup() is None
    assert not [e for e in t.events if e["kind"] in ("bot_error", "bot_illegal")]
    assert len([x for x in t.state["log"] if x[0] is not None]) == 15
    assert net.guests["S"].verified == (True, net.guests["S"].verified[1])
    assert net.guests["S"].verified[0]


def test_bot_with_human_pacing_waits():
    game = SecretCards()
    game.bot_delay = 1000
    t = Table(game, [{"kind": "local"}, {"kind": "bot", "level": "easy"}], seed=3, table_id="tbl1")
    t.start(0)
    t.local(0, play_first(t, 0), 10)
    t.tick(20)
    assert t.state["turn"] == 1
    t.tick(500)
    assert t.state["turn"] == 1
    t.tick(1020)
    assert t.state["turn"] == 0


def test_bad_bots_do_not_crash_the_table():
    seats = [{"kind": "bot", "level": "chaos"}, {"kind": "bot", "level": "crash"}]
    t = Table(GAME, seats, seed=7, table_id="tbl1")
    t.start(0)
    before = snapshot(t)
    for now in range(1, 50):
        t.tick(now)
    assert snapshot(t) == before
    kinds = {e["kind"] for e in t.events}
    assert {"bot_illegal", "bot_error"} <= kinds
    # the turn timer still moves the game on
    t.tick(t.state["due"])
    assert t.state["turn"] == 1


def test_next_wakeup():
    t = make_table(kinds=("local", "local"))
    assert t.next_wakeup() is None
    t.start(0)
    assert t.next_wakeup() == t.state["due"]
    t2 = Table(GAME, [{"kind": "local"}, {"kind": "bot"}], options={"turn_ms": 60_000}, table_id="tbl1")
    t2.start(1000)
    assert t2.next_wakeup() == 1000 + BOT_POLL_MS


def test_intent_after_game_over_rejected():
    t = make_table(kinds=("remote", "remote"), options={"hand": 1})
    net = Net(t)
    net.join("A", "Ann")
    b = net.join("B", "Ben")
    net.deliver(t.start(0))
    net.send("A", net.guests["A"].intent(play_first(t, 0)))
    net.send("B", b.intent(play_first(t, 1)))
    assert t.result is not None
    before = snapshot(t)
    net.send("B", b.intent({"type": "say", "text": "gg"}))
    assert b.last_reject["code"] == "game_over" and snapshot(t) == before
    # a late visitor gets the end message too
    s = net.join("S", "Sue", spectate=True)
    assert s.end is not None and s.verified[0]
    # and so does a reclaiming player
    net.join("A2", "Ann", token=net.guests["A"].token)
    assert net.guests["A2"].verified[0]


# ---------------------------------------------------------------------------- save / restore
def test_save_restore_mid_game():
    t, net = started_pair(seed=4242)
    net.send("A", net.guests["A"].intent(play_first(t, 0)))
    net.send("B", net.guests["B"].intent({"type": "say", "text": "hi <i>there</i>"}))
    net.deliver(t.tick(t.state["due"]))
    data = t.save()
    text = json.dumps(data)                       # JSON-safe
    assert "rng" not in data and "hands" not in text
    t2 = Table.restore(json.loads(text), now_ms=t.now + 5, game=GAME)
    assert t2.state == t.state
    assert t2.table_id == t.table_id and t2.seed == t.seed and t2.options == t.options
    assert t2.version > t.version and t2.now >= t.now
    assert [s["token"] for s in t2.seats] == [s["token"] for s in t.seats]
    assert all(s["peer"] is None for s in t2.seats) and not t2.peers
    # guests come back over new links with their tokens, and the game continues
    net2 = Net(t2)
    net2.now = t2.now
    ga = net2.join("A9", "Ann", token=net.guests["A"].token)
    gb = net2.join("B9", "Ben", token=net.guests["B"].token)
    assert (ga.seat, gb.seat) == (0, 1)
    while t2.result is None:
        seat = t2.state["turn"]
        g = (ga, gb)[seat]
        net2.send(("A9", "B9")[seat], g.intent(play_first(t2, seat)))
    assert ga.verified[0] and gb.verified[0]


def test_save_restore_in_lobby():
    t = make_table(kinds=("local", "remote", "remote"))
    net = Net(t)
    a = net.join("A", "Ann")
    data = json.loads(json.dumps(t.save()))
    t2 = Table.restore(data, now_ms=0, game=GAME)
    assert not t2.started and t2.open_seats() == [2]
    net2 = Net(t2)
    a2 = net2.join("A", "Ann", token=a.token)
    assert a2.seat == 1
    net2.join("C", "Cid")
    net2.deliver(t2.start(0))
    assert t2.started


def test_restore_rejects_garbage():
    t, _ = started_pair()
    data = t.save()
    for bad in (None, {}, {**data, "format": 99}, {**data, "seats": "x"},
                {**data, "log": [[0, {"type": "play", "card": "zzz"}, 1]]},
                {**data, "game": "other"}):
        with pytest.raises(IllegalAction) as e:
            Table.restore(bad, now_ms=0, game=GAME)
        assert e.value.code == "bad_save"


def test_restore_after_end_keeps_result():
    t = make_table(kinds=("local", "local"), options={"hand": 1})
    t.start(0)
    t.local(0, play_first(t, 0), 1)
    t.local(1, play_first(t, 1), 2)
    assert t.result is not None
    t2 = Table.restore(t.save(), now_ms=10, game=GAME)
    assert t2.result == t.result and t2.next_wakeup() is None


def test_game_looked_up_by_id_lazily(monkeypatch):
    import types
    fake_registry = types.ModuleType("clubtable.games")
    fake_registry.GAMES = {"secretcards": GAME}
    monkeypatch.setitem(sys.modules, "clubtable.games", fake_registry)
    t = Table("secretcards", [{"kind": "local"}, {"kind": "local"}], seed=1, table_id="tbl1")
    assert t.game is GAME
    t.start(0)
    t2 = Table.restore(t.save(), now_ms=0)
    assert t2.game is GAME and t2.state == t.state
    g = Guest("tbl1", "x")
    g.game_id = "secretcards"
    assert g.game() is GAME


def test_tokens_default_are_random():
    t = Table(GAME, [{"kind": "remote"}, {"kind": "remote"}], table_id="tbl1")
    net = Net(t)
    a, b = net.join("A", "Ann"), net.join("B", "Ben")
    assert a.token != b.token and len(a.token) >= 20
    _ = Tokens
