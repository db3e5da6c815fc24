"""Play-Doh's Cave at a hosted table: the messages a third seat (or a spectator) receives never
carry a letter answer, a guess or a secret word meant for another side (§3.9)."""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from test_session_fakegame import Net, Tokens  # noqa: E402

from clubtable.games.cave import GAME  # noqa: E402
from clubtable.session import Table  # noqa: E402

WORDS = {0: ["zebrafinch", "quokkabell", "lanternfish", "marmosette"],
         1: ["wombatcup", "ocelotmoon", "narwhalbell", "pangolinhat"],
         2: ["revolverxq", "axolotlshoe", "capybarakite", "tapirrope"]}


def messages(net, peer):
    return [json.loads(text) for text in net.raw[peer]]


def test_a_third_seat_never_receives_another_sides_letter_answer_guess_or_word():
    t = Table(GAME, [{"kind": "remote"}] * 3, seed=5, table_id="cave1", token_factory=Tokens(),
              options={"riddle_medium": "table", "first_player": 0})
    net = Net(t)
    for peer, name in zip("ABC", ("Ann", "Ben", "Cid")):
        net.join(peer, name)
    net.join("S", "Sue", spectate=True)
    net.deliver(t.start(0))
    for seat, peer in enumerate("ABC"):
        for rid in [r["id"] for r in t.state["riddles"] if r["maker"] == seat]:
            word = WORDS[seat].pop(0)
            net.send(peer, net.guests[peer].intent({"type": "mold", "riddle": rid, "word": word, "pictures": []}))
    assert t.state["phase"] == "play"
    target = next(r["id"] for r in t.state["riddles"] if r["word"] == "revolverxq")
    # A asks the 2nd consonant of C's riddle: A and C learn "v", B and the spectator do not.
    net.send("A", net.guests["A"].intent({"type": "ask_letter", "riddle": target, "n": 2, "unit": "consonant",
                                          "count_from": "start"}))
    assert t.state["letters"][-1]["answer"] == "v"
    assert net.guests["A"].view["letters"][-1]["answer"] == "v"
    assert net.guests["C"].view["letters"][-1]["answer"] == "v"
    for peer in "BS":
        for msg in messages(net, peer):
            for entry in (msg.get("view") or {}).get("letters", []):
                assert "answer" not in entry
    # B interrupts and guesses a wrong word for C's riddle: only B and C see it.
    net.send("B", net.guests["B"].intent({"type": "interrupt"}))
    net.send("B", net.guests["B"].intent({"type": "guess", "riddle": target, "word": "blunderbuss"}))
    assert net.guests["C"].view["guesses"][-1]["word"] == "blunderbuss"
    for peer in "AS":
        assert not any("blunderbuss" in text for text in net.raw[peer])
    # No side ever receives another side's secret word while the game runs.
    for seat, peer in enumerate("ABC"):
        others = [r["word"] for r in t.state["riddles"] if r["side"] != seat]
        assert not any(w in text for text in net.raw[peer] for w in others)
    assert not any(r["word"] in text for text in net.raw["S"] for r in t.state["riddles"])
