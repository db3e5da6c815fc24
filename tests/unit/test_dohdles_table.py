"""Dohdles! at a host table (clubtable.session): computer players paced by the table play a
whole game, and no update a seat receives holds another side's secret word before it may be
seen."""
from __future__ import annotations

import json

from clubtable.games.dohdles import GAME
from clubtable.session import Table


def test_a_table_of_computer_players_finishes_and_updates_keep_the_words_hidden():
    seats = [{"kind": "bot", "level": "normal"} for _ in range(4)]
    t = Table("dohdles", seats, options={"riddle_medium": "table"}, seed=11, table_id="doh1")
    t.start(0)
    now, checked = 0, 0
    for _ in range(50_000):
        if t.result is not None:
            break
        due = t.next_wakeup()
        now = max(now + 1, due if due is not None else now + 100)
        t.tick(now)
        if t.state is not None and t.state["phase"] == "play" and now % 7 == 0:
            checked += 1
            for seat in (None, 0, 1, 2, 3):
                text = json.dumps(t.update_for(seat), ensure_ascii=False)
                for d in t.state["dohdles"]:
                    if not GAME.word_visible(t.state, d, seat):
                        assert f'"{d["word"]}"' not in text
    assert GAME.result(t.state) is not None
    assert checked > 0
