"""clubtable.session.protocol: encoding and validation of messages in both directions."""
from __future__ import annotations

import json
import os
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from clubtable.session import protocol as P  # noqa: E402
from clubtable.session.protocol import ProtocolError, encode, parse_guest, parse_host  # noqa: E402


def msg(t, **fields):
    return encode({"t": t, "table": "tbl1", "seq": 1, **fields})


def code_of(raw, parse=parse_guest):
    with pytest.raises(ProtocolError) as e:
        parse(raw)
    assert e.value.reason and e.value.reason[0].isupper() and e.value.reason.endswith(".")
    return e.value.code


# ---------------------------------------------------------------------------- encode
def test_encode_is_compact_and_keeps_unicode():
    text = encode({"t": "x", "name": "Zoë", "n": [1, 2]})
    assert text == '{"t":"x","name":"Zoë","n":[1,2]}'


def test_encode_refuses_nan():
    with pytest.raises(ValueError):
        encode({"x": float("nan")})


def test_seed_hash_is_sha256_of_table_and_seed():
    import hashlib
    assert P.seed_hash("abc", 42) == hashlib.sha256(b"abc:42").hexdigest()


# ---------------------------------------------------------------------------- guest messages: good
def test_hello_defaults_and_clean_name():
    m = parse_guest(msg("hello", name="  Ann\u0007\u202e  "))
    assert m == {"t": "hello", "table": "tbl1", "seq": 1, "name": "Ann", "token": None,
                 "seat": None, "spectate": False}


def test_hello_full():
    m = parse_guest(msg("hello", name="Ben", token="abc", seat=2, spectate=True))
    assert (m["token"], m["seat"], m["spectate"]) == ("abc", 2, True)


def test_markup_in_name_is_kept_literally():
    m = parse_guest(msg("hello", name="<b>x</b>&amp;"))
    assert m["name"] == "<b>x</b>&amp;"


def test_name_length_counts_after_stripping_controls():
    assert parse_guest(msg("hello", name="a" * 24 + "\u0000" * 10))["name"] == "a" * 24
    assert code_of(msg("hello", name="a" * 25)) == "bad_name"
    assert code_of(msg("hello", name="\u0001\u0002 ")) == "bad_name"
    assert code_of(msg("hello", name=5)) == "bad_name"


def test_intent_ping_bye():
    m = parse_guest(msg("intent", seat=1, action={"type": "play", "card": "c01x", "n": [1, 2.5, None, True]}))
    assert m["action"]["card"] == "c01x"
    assert parse_guest(msg("intent", seat=None, action={"type": "x"}))["seat"] is None
    assert parse_guest(msg("ping", ts=12.5))["ts"] == 12.5
    assert parse_guest(msg("bye")) == {"t": "bye", "table": "tbl1", "seq": 1}


def test_bytes_are_accepted_as_utf8():
    assert parse_guest(msg("hello", name="Zoë").encode("utf-8"))["name"] == "Zoë"


# ---------------------------------------------------------------------------- guest messages: bad
@pytest.mark.parametrize("raw, code", [
    ("{not json", "bad_json"),
    ("", "bad_json"),
    ('{"t":"ping","table":"tbl1","seq":1,"ts":NaN}', "bad_json"),
    ('{"t":"ping","table":"tbl1","seq":1,"ts":Infinity}', "bad_json"),
    ('{"t":"ping","table":"tbl1","seq":1,"ts":1e999}', "bad_field"),
    ("[1,2,3]", "not_object"),
    ('"hello"', "not_object"),
    ("null", "not_object"),
    ("42", "not_object"),
    (b"\xff\xfe{}", "bad_utf8"),
    ('{"t":"ping","table":"tbl1","seq":1,"ts":1}\ud800', "bad_utf8"),
    (None, "bad_json"),
    (12, "bad_json"),
])
def test_malformed(raw, code):
    assert code_of(raw) == code


def test_unknown_type():
    assert code_of(msg("launch_missiles")) == "unknown_type"
    assert code_of(encode({"table": "tbl1", "seq": 1})) == "unknown_type"
    assert code_of(encode({"t": ["hello"], "table": "tbl1", "seq": 1})) == "unknown_type"
    assert code_of(msg("welcome", seat=1)) == "unknown_type"     # host types from a guest


def test_host_types_from_guest_are_unknown():
    for t in P.HOST_TYPES:
        if t not in P.GUEST_TYPES:           # `asset` goes both ways
            assert code_of(msg(t)) == "unknown_type"
    assert set(P.GUEST_TYPES) & set(P.HOST_TYPES) == {"asset"}


@pytest.mark.parametrize("fields, code", [
    ({"seq": -1}, "bad_field"),
    ({"seq": "1"}, "bad_field"),
    ({"seq": True}, "bad_field"),
    ({"seq": 1.0}, "bad_field"),
    ({"seq": 2 ** 60}, "bad_field"),
    ({"table": 7}, "bad_field"),
    ({"table": ""}, "bad_field"),
    ({"table": "x" * 65}, "bad_field"),
])
def test_bad_common_fields(fields, code):
    base = {"t": "ping", "table": "tbl1", "seq": 1, "ts": 0}
    base.update(fields)
    assert code_of(encode(base)) == code


def test_missing_common_fields():
    assert code_of(encode({"t": "ping", "seq": 1, "ts": 0})) == "missing_field"
    assert code_of(encode({"t": "ping", "table": "tbl1", "ts": 0})) == "missing_field"


@pytest.mark.parametrize("fields, code", [
    ({"name": "A", "token": 5}, "bad_field"),
    ({"name": "A", "token": "x" * 65}, "bad_field"),
    ({"name": "A", "token": ""}, "bad_field"),
    ({"name": "A", "seat": "0"}, "bad_field"),
    ({"name": "A", "seat": -1}, "bad_field"),
    ({"name": "A", "seat": 1000}, "bad_field"),
    ({"name": "A", "seat": False}, "bad_field"),
    ({"name": "A", "spectate": "yes"}, "bad_field"),
    ({"name": "A", "spectate": 1}, "bad_field"),
    ({"name": "A", "extra": 1}, "unknown_field"),
    ({}, "missing_field"),
])
def test_bad_hello(fields, code):
    assert code_of(msg("hello", **fields)) == code


@pytest.mark.parametrize("fields, code", [
    ({"seat": 0}, "missing_field"),
    ({"action": {"type": "x"}}, "missing_field"),
    ({"seat": "0", "action": {"type": "x"}}, "bad_field"),
    ({"seat": 0, "action": "play"}, "bad_action"),
    ({"seat": 0, "action": []}, "bad_action"),
    ({"seat": 0, "action": {}}, "bad_action"),
    ({"seat": 0, "action": {"type": 3}}, "bad_action"),
    ({"seat": 0, "action": {"type": ""}}, "bad_action"),
    ({"seat": 0, "action": {"type": "x" * 33}}, "bad_action"),
    ({"seat": 0, "action": {"type": "tick"}}, "bad_action"),
    ({"seat": 0, "action": {"type": "say", "text": "x" * 2001}}, "bad_action"),
    ({"seat": 0, "action": {"type": "say", "text": ["x" * 201]}}, "bad_action"),
    ({"seat": 0, "action": {"type": "say", "n": {"text": "x" * 201}}}, "bad_action"),
    ({"seat": 0, "action": {"type": "say", "a": "x" * 201, "b": "x" * 201, "c": "x" * 201}}, "bad_action"),
    ({"seat": 0, "action": {"type": "say", "n": 2 ** 53}}, "bad_action"),
    ({"seat": 0, "action": {"type": "say", "k" * 33: 1}}, "bad_action"),
    ({"seat": 0, "action": {"type": "say", "list": ["x" * 150] * 14}}, "bad_action"),
    ({"seat": 0, "action": {"type": "x"}, "extra": 1}, "unknown_field"),
])
def test_bad_intent(fields, code):
    assert code_of(msg("intent", **fields)) == code


def test_action_string_limit_is_inclusive():
    assert parse_guest(msg("intent", seat=0, action={"type": "say", "text": "x" * 200}))
    assert parse_guest(msg("intent", seat=0, action={"type": "say", "list": ["x" * 200]}))
    assert parse_guest(msg("intent", seat=0, action={"type": "x" * 32}))


def test_a_free_text_argument_may_be_up_to_max_text():
    """A move's Text argument (a top-level string of the action) has its own bound,
    ``engine.schema.MAX_TEXT``, even in four-byte characters; the rest stays bounded."""
    assert P.MAX_TEXT == 2000
    assert parse_guest(msg("intent", seat=0, action={"type": "say", "text": "x" * 2000}))
    assert parse_guest(msg("intent", seat=0, action={"type": "say", "text": "\U0001F600" * 2000,
                                                     "note": "é" * 2000}))
    assert code_of(msg("intent", seat=0, action={"type": "say", "text": "x" * 2000,
                                                 "list": ["x" * 150] * 14})) == "bad_action"


def test_lone_surrogate_escape_in_string_is_refused():
    raw = '{"t":"intent","table":"tbl1","seq":1,"seat":0,"action":{"type":"say","text":"\\ud800"}}'
    assert code_of(raw) == "bad_action"
    raw = '{"t":"hello","table":"tbl1","seq":1,"name":"a\\udc00"}'
    assert code_of(raw) == "bad_name"


def test_ping_needs_a_number():
    assert code_of(msg("ping", ts="now")) == "bad_field"
    assert code_of(msg("ping", ts=True)) == "bad_field"
    assert code_of(msg("ping")) == "missing_field"


def test_oversized():
    big = msg("hello", name="A", token="t" * 10) + " " * P.MAX_GUEST_BYTES
    assert code_of(big) == "too_big"
    assert code_of(big.encode()) == "too_big"
    # multi-byte characters count as bytes, not characters
    base = msg("intent", seat=0, action={"type": "say", "text": "é" * 150})
    raw = base + " " * (P.MAX_GUEST_BYTES - len(base) - 100)
    assert len(raw) < P.MAX_GUEST_BYTES < len(raw.encode())
    assert code_of(raw) == "too_big"


def test_deep_nesting_is_refused_before_parsing():
    deep = {"type": "x"}
    v = deep
    for _ in range(10):
        v["a"] = {}
        v = v["a"]
    assert code_of(msg("intent", seat=0, action=deep)) == "too_deep"
    # thousands of levels: refused without recursion
    assert code_of("[" * 4000) == "too_deep"
    assert code_of('{"a":' * 600 + "1" + "}" * 600) == "too_deep"
    assert code_of(b"[" * 4096) == "too_deep"


def test_depth_ignores_brackets_inside_strings():
    action = {"type": "say", "text": "[[[[[[[[[[[[{{{{{{{{{{{{{\\\"[[[["}
    assert parse_guest(msg("intent", seat=0, action=action))["action"] == action


def test_depth_skips_exactly_the_strings_json_reads():
    # every short text made of quotes, backslashes, brackets and letters: the strings the
    # depth check skips are those of the plain one-alternative-per-character pattern
    import itertools
    import re
    from clubtable.session.protocol import _STRING_RE
    plain = re.compile(r'"(?:[^"\\]|\\.)*(?:"|\\?\Z)', re.S)
    for n in range(7):
        for chars in itertools.product('"\\[]{a\n', repeat=n):
            text = "".join(chars)
            assert _STRING_RE.sub("", text) == plain.sub("", text), text


def test_depth_limit_is_exact():
    # the message is level 1, action level 2: six more levels are allowed
    v = action = {"type": "x"}
    for _ in range(6):
        v["a"] = {}
        v = v["a"]
    assert parse_guest(msg("intent", seat=0, action=action))
    v["a"] = []
    assert code_of(msg("intent", seat=0, action=action)) == "too_deep"


def test_unterminated_string_with_escapes_is_fast():
    import time
    raw = '{"t":"' + '\\"' * 2000
    t = time.perf_counter()
    assert code_of(raw) in ("bad_json", "too_deep")
    big = '["' + '\\"' * 400_000
    assert code_of(big, parse_host) == "bad_json"
    assert time.perf_counter() - t < 2.0


def test_ref_is_reported_when_readable():
    with pytest.raises(ProtocolError) as e:
        parse_guest(encode({"t": "intent", "table": "tbl1", "seq": 7, "seat": "x", "action": {"type": "a"}}))
    assert e.value.ref == 7
    with pytest.raises(ProtocolError) as e:
        parse_guest("{}")
    assert e.value.ref is None


def test_check_action():
    assert P.check_action({"type": "play", "card": "c01x"})
    with pytest.raises(ProtocolError):
        P.check_action({"type": "play", "card": object()})
    with pytest.raises(ProtocolError):
        P.check_action({"type": "play", "card": float("inf")})


# ---------------------------------------------------------------------------- host messages
def hmsg(t, **fields):
    return encode({"t": t, "table": "tbl1", "seq": 1, **fields})


SEATS = [{"name": "Ann", "kind": "remote", "connected": True}, {"name": "Bot 2", "kind": "bot",
                                                                  "connected": True, "level": "easy"}]
GOOD_HOST = {
    "welcome": dict(seat=0, token="tok", game="g", options={}, seed_hash="a" * 64, players=["Ann", "B"],
                    seats=SEATS),
    "update": dict(v=3, seat=None, view={"x": [1]}, legal=[], seats=SEATS, result=None, now=5, started=True),
    "reject": dict(ref=None, code="bad_json", reason="No."),
    "pong": dict(ts=1),
    "end": dict(seed=5, options={}, players=["a", "b"], t0=0, log=[[0, {"type": "x"}, 3], [None, {"type": "tick"}, 4]],
                result={"winners": [0]}),
    "lobby": dict(game="g", host="Ann", seats=SEATS, open_seats=1, started=False),
}


@pytest.mark.parametrize("t", sorted(GOOD_HOST))
def test_good_host_messages(t):
    m = parse_host(hmsg(t, **GOOD_HOST[t]))
    assert m["t"] == t


def test_host_extra_fields_are_kept():
    assert parse_host(hmsg("pong", ts=1, later=2))["later"] == 2


@pytest.mark.parametrize("t, field, value", [
    ("welcome", "seat", "0"),
    ("welcome", "seed_hash", "zz"),
    ("welcome", "seed_hash", "A" * 64),
    ("welcome", "players", ["x" * 25]),
    ("welcome", "players", "Ann"),
    ("welcome", "seats", [{"name": "a", "kind": "alien", "connected": True}]),
    ("welcome", "seats", [{"name": "a", "kind": "bot"}]),
    ("welcome", "seats", [5]),
    ("update", "v", -1),
    ("update", "view", [1]),
    ("update", "legal", [1]),
    ("update", "legal", {"type": "x"}),
    ("update", "result", "won"),
    ("update", "now", 1.5),
    ("update", "started", "yes"),
    ("reject", "code", ""),
    ("reject", "reason", "x" * 501),
    ("reject", "ref", "3"),
    ("end", "seed", -1),
    ("end", "seed", "5"),
    ("end", "log", [[0, {"type": "x"}]]),
    ("end", "log", [[0, {"notype": 1}, 3]]),
    ("end", "log", [["0", {"type": "x"}, 3]]),
    ("end", "log", "[]"),
    ("lobby", "open_seats", -2),
])
def test_bad_host_fields(t, field, value):
    fields = dict(GOOD_HOST[t])
    fields[field] = value
    assert code_of(hmsg(t, **fields), parse_host) == "bad_field"


def test_bad_host_messages():
    assert code_of(hmsg("hello", name="x"), parse_host) == "unknown_type"
    assert code_of("[" * 100, parse_host) == "too_deep"
    assert code_of(" " * (P.MAX_HOST_BYTES + 1), parse_host) == "too_big"
    assert code_of("{", parse_host) == "bad_json"
    fields = dict(GOOD_HOST["update"])
    del fields["view"]
    assert code_of(hmsg("update", **fields), parse_host) == "missing_field"


def test_host_view_may_be_deep_but_bounded():
    view = v = {}
    for _ in range(25):
        v["a"] = {}
        v = v["a"]
    fields = dict(GOOD_HOST["update"], view=view)
    assert parse_host(hmsg("update", **fields))["view"] == view
    for _ in range(10):
        v["a"] = {}
        v = v["a"]
    fields = dict(GOOD_HOST["update"], view=view)
    assert code_of(hmsg("update", **fields), parse_host) == "too_deep"


# ---------------------------------------------------------------------------- fuzz
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda kids: st.lists(kids, max_size=5) | st.dictionaries(st.text(max_size=10), kids, max_size=5),
    max_leaves=30,
)


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.binary(max_size=300), st.text(max_size=300)))
def test_fuzz_raw_never_raises_anything_else(raw):
    for parse in (parse_guest, parse_host):
        try:
            out = parse(raw)
        except ProtocolError as e:
            assert isinstance(e.code, str) and isinstance(e.reason, str)
        else:
            assert isinstance(out, dict)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(P.GUEST_TYPES + P.HOST_TYPES), st.dictionaries(
    st.sampled_from(["name", "token", "seat", "spectate", "action", "ts", "v", "view", "legal", "seats",
                     "result", "now", "started", "ref", "code", "reason", "seed", "options", "players",
                     "t0", "log", "game", "host", "open_seats", "seed_hash", "x"]),
    json_values, max_size=8))
def test_fuzz_structured_never_raises_anything_else(t, fields):
    raw = json.dumps({"t": t, "table": "tbl1", "seq": 1, **fields})
    for parse in (parse_guest, parse_host):
        try:
            out = parse(raw)
        except ProtocolError:
            continue
        # whatever passes is JSON-safe and re-encodes within the bounds
        encode(out)
