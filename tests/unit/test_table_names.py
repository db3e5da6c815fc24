"""Names are unique at a table: nobody can pass for another player."""
import json

from clubtable.session import Table


def hello(t, peer, seq, name):
    t.connect(peer, 0)
    return t.receive(peer, json.dumps({"t": "hello", "table": "tn", "seq": seq, "name": name, "seat": None,
                                       "token": None, "spectate": False}), 0)


def test_a_guest_cannot_take_the_hosts_name():
    t = Table("dodgy", [{"kind": "local", "name": "Ann"}, {"kind": "remote"}, {"kind": "remote"}],
              table_id="tn", seed=1)
    hello(t, "p1", 1, "ann")
    hello(t, "p2", 1, "Ann 2")
    names = [s["name"] for s in t.seats]
    assert names[0] == "Ann" and names[1] == "ann 2" and names[2] == "Ann 2 2"
    assert len({n.casefold() for n in names}) == 3


def test_set_up_names_are_made_unique_too():
    t = Table("dodgy", [{"kind": "local", "name": "Bo"}, {"kind": "pass", "name": "Bo"}], seed=1)
    assert [s["name"] for s in t.seats] == ["Bo", "Bo 2"]
