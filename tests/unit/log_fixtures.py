"""Recorded games of every game, replayed as a check that the rules behave exactly as they
did when the logs were recorded (the engine's refactors must not change one state).

A fixture (``tests/unit/fixtures/logs/<game>-<name>.json``) holds the game, players, options,
seed, t0 and log, and for every step (the new game, then each log entry) one line
``state:views:turn`` of short hashes:

- ``state``: the canonical serialisation of the whole state (``Game.dump``, keys sorted);
- ``views``: each seat's view and the spectator's (hidden information must stay hidden the
  same way);
- ``turn``: who may act and with what (``active``, ``awaited``, every seat's ``legal``) and
  the next deadline.

``probes`` are refused attempts made during the recording (another seat's move, a move out
of its phase, random actions): at the same step of the replay each must be refused again
with the same code, reason and message.

Record again (only when a change of behaviour is intended) with
``python3 tests/unit/log_fixtures.py [game ...]`` (``CLUBTABLE_PY`` names another
checkout's ``py`` to record with its rules, ``CLUBTABLE_LOG_FIXTURES`` another output folder).
``--rehash [game ...]`` keeps the recorded logs and probes and only hashes every step again:
for a change that plays the same moves but stores or shows them otherwise (a view's new
shape, a timer's start count); it refuses when a probe's refusal changed.
"""
from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
FIXTURES = Path(os.environ.get("CLUBTABLE_LOG_FIXTURES", HERE / "fixtures" / "logs"))
sys.path.insert(0, os.environ.get("CLUBTABLE_PY", str(HERE.parent.parent / "py")))
sys.path.insert(0, str(HERE))

from clubtable.engine import IllegalAction, Rng, clone  # noqa: E402
from clubtable.games import GAMES  # noqa: E402


def _h(value) -> str:
    text = json.dumps(clone(value), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def step_line(game, state) -> str:
    seats = range(len(state["players"]))
    views = [game.view(state, s) for s in [None, *seats]]
    turn = {
        "active": {str(k): v for k, v in sorted(game.active(state).items())},
        "awaited": game.awaited(state),
        "legal": [game.legal(state, s) for s in seats],
        "deadline": game.deadline(state),
    }
    return f"{_h(game.dump(state))}:{_h(views)}:{_h(turn)}"


def refusal(err: IllegalAction) -> list:
    return [err.code, err.reason, err.message]


# ---------------------------------------------------------------------------- recording
def _random_action(game, state, rng, t=None):
    from test_conformance import sample_value
    t = t or rng.choice(sorted(game.moves))
    out = {"type": t}
    for name, arg in game.moves[t].args.items():
        if arg.optional and rng.below(2):
            continue
        out[name] = sample_value(arg, state, rng)
    return out


def record(gid: str, name: str, n: int, seed: int, options: dict, bots: str = "", max_steps: int = 600,
           idle: int = 3) -> dict:
    """Play one game: seats act (their bot's choice when ``bots`` names a level, else a
    random legal action), time jumps to deadlines (timeouts), the clocks are held and
    released, and wrong moves are tried and kept as probes.  ``idle``: 1 in ``idle`` turns
    only lets time pass (more timeouts)."""
    from test_conformance import concrete
    game = GAMES[gid]
    rng = Rng(seed * 7919 + 1)
    t0 = 1_000
    state = game.new([f"P{i}" for i in range(n)], seed, options, t0)
    players = list(state["players"])
    robots = [game.bot(bots, s, seed) for s in range(n)] if bots else []
    now, probes, lines = t0, [], [step_line(game, state)]

    def go(new):
        nonlocal state
        if new is not state:
            state = new
            lines.append(step_line(game, state))

    def probe(seat, action):
        try:
            go(game.apply(state, seat, action, now))
        except IllegalAction as err:
            probes.append([len(state["log"]), seat, action, now, refusal(err)])

    def sweep(seat):
        """Every move of ``seat`` tried, not taken: refusals and acceptances both kept."""
        legal = game.legal(state, seat) if seat is not None else []
        for t in sorted(game.moves):
            mine = [e for e in legal if e["type"] == t]
            action = (concrete(game, state, rng.choice(mine), rng) if mine and rng.below(2)
                      else _random_action(game, state, rng, t))
            try:
                outcome = ["ok", _h(game.dump(game.apply(state, seat, action, now)))]
            except IllegalAction as err:
                outcome = refusal(err)
            probes.append([len(state["log"]), seat, action, now, outcome])

    for _ in range(max_steps):
        if game.result(state) is not None:
            break
        if rng.below(6) == 0:
            sweep(rng.choice([None, *range(n)]))
        roll = rng.below(20)
        active = sorted(game.active(state))
        if roll == 19:
            probe(rng.choice([None, *range(n)]), _random_action(game, state, rng))
        elif roll == 18:
            probe(None, {"type": "release_clocks" if game.clocks_held(state) else "hold_clocks"})
        elif roll == 17:
            idle_seats = [s for s in range(n) if s not in active] or list(range(n))
            probe(rng.choice(idle_seats), _random_action(game, state, rng))
        elif roll < 20 // idle or not active:
            due = game.deadline(state)
            # jump to a short deadline (a timeout); a long one (the molding time) rarely
            if due is not None and (due - now < 40_000 or rng.below(10) == 0) and rng.below(3):
                now = max(now, due)
            else:
                now += 1 + rng.below(2500)
            go(game.tick(state, now))
        else:
            seat = rng.choice(active)
            legal = game.legal(state, seat)
            action = None
            if robots and rng.below(4):
                d = robots[seat].decide(game.view(state, seat), legal, now)
                action = d[0] if d else None
            if action is None and legal:
                action = concrete(game, state, rng.choice(legal), rng)
            if action is not None:
                probe(seat, action)
        if rng.below(3) == 0:
            now += rng.below(700)
    if game.clocks_held(state):
        probe(None, {"type": "release_clocks"})
    return {"game": gid, "name": name, "players": players, "options": state["options"], "seed": seed,
            "t0": t0, "log": clone(state["log"]), "probes": probes, "steps": lines}


#: (game, name, players, seed, options, bot level, max steps[, idle])
PLAN = [
    ("dodgy", "bots-hard-4", 4, 11, {"round_limit": 6}, "hard", 900),
    ("dodgy", "jitter-keep", 3, 12, {"jitter_ms": 400, "reroll_each_round": False, "seer_mode": "none",
                                      "elimination_threshold": 2, "seer_on_elimination": "back_to_centre"},
     "normal", 900),
    ("dodgy", "random-2", 2, 13, {"statement_s": 0, "choose_s": 0, "challenge_min_window_s": 0,
                                  "first_player_rule": "host_choice", "first_player": 1}, "", 700),
    ("dodgy", "normal-3", 3, 15, {"elimination_threshold": 3, "seer_mode": "rolled_face"}, "normal", 900),
    ("dodgy", "easy-6", 6, 14, {"round_limit": 4, "challenge_min_window_s": 1}, "easy", 900),
    ("waldi", "bots-normal-4", 4, 21, {"countdown_s": 1, "scoring_pause_s": 1, "idle_stop_s": 10}, "normal", 900, 20),
    ("waldi", "quick-2", 2, 22, {"countdown_s": 1, "scoring_pause_s": 1, "idle_stop_s": 5, "rank_ties": "dense",
                                 "show_card_owner": True, "max_hold_s": 2, "edition": "FR"}, "quick", 900, 12),
    ("waldi", "random-3", 3, 24, {"countdown_s": 1, "scoring_pause_s": 0, "idle_stop_s": 5,
                                   "final_tie_break": "most_cards"}, "", 900, 12),
    ("dobbelduel", "bots-hard", 2, 31, {}, "hard", 900),
    ("dobbelduel", "manual", 2, 32, {"feedback": "manual", "wrong_feedback": "immediate", "tie": "extra_pair",
                                        "first_code_maker": 1}, "", 900),
    ("dobbelduel", "easy-4", 2, 33, {"matches": 4, "feedback": "manual"}, "easy", 900),
    ("dohdles", "bots-normal-4", 4, 41, {"riddle_medium": "table"}, "normal", 400),
    ("dohdles", "random-3", 3, 42, {"riddle_medium": "table"}, "", 700),
    ("dohdles", "easy-5", 5, 43, {}, "easy", 700),
    ("cave", "random-3", 3, 51, {}, "", 700),
    ("cave", "random-4", 4, 52, {"riddle_medium": "table", "first_round": "question"}, "", 900),
    ("cave", "random-5", 5, 54, {"guess_required": True, "letter_turn_s": 0, "tie_break": "most_solved"}, "", 600),
]


def fixture_path(gid: str, name: str) -> Path:
    return FIXTURES / f"{gid}-{name}.json"


def rehash(path: Path) -> int:
    """Hash every step of a recorded fixture again (same log, same probes); returns how many
    step lines changed.  A probe refused before must be refused the same way."""
    fx = json.loads(path.read_text(encoding="utf-8"))
    game = GAMES[fx["game"]]
    state = game.new(fx["players"], fx["seed"], fx["options"], fx["t0"])
    probes: dict = {}
    for probe in fx["probes"]:
        probes.setdefault(probe[0], []).append(probe)
    lines = [step_line(game, state)]
    for i, (seat, action, now) in enumerate(fx["log"]):
        for probe in probes.get(i, ()):
            try:
                got = ["ok", _h(game.dump(game.apply(state, probe[1], probe[2], probe[3])))]
            except IllegalAction as err:
                got = refusal(err)
            if (got[0] == "ok") != (probe[4][0] == "ok") or (got[0] != "ok" and got != probe[4]):
                raise SystemExit(f"{path.name} step {i}: {probe[1:4]} was {probe[4]}, now {got}")
            probe[4] = got
        state = game.tick(state, now) if action["type"] == "tick" else game.apply(state, seat, action, now)
        lines.append(step_line(game, state))
    changed = sum(a != b for a, b in zip(lines, fx["steps"]))
    fx["steps"] = lines
    with open(path, "w", encoding="utf-8") as f:
        json.dump(fx, f, separators=(",", ":"), ensure_ascii=False)
        f.write("\n")
    return changed


def main(only=None) -> None:
    FIXTURES.mkdir(parents=True, exist_ok=True)
    for gid, name, n, seed, options, bots, steps, *idle in PLAN:
        if only and gid not in only:
            continue
        game = GAMES[gid]
        opts = dict(options)
        for k in list(opts):
            if k not in game.options:
                del opts[k]
        fx = record(gid, name, n, seed, opts, bots, steps, *idle)
        with open(fixture_path(gid, name), "w", encoding="utf-8") as f:
            json.dump(fx, f, separators=(",", ":"), ensure_ascii=False)
            f.write("\n")
        print(gid, name, "steps", len(fx["steps"]), "probes", len(fx["probes"]),
              "over" if game.result(game.replay(fx["players"], seed, fx["options"], fx["t0"], fx["log"])) else "open",
              os.path.getsize(fixture_path(gid, name)), "bytes")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--rehash"]:
        for path in sorted(FIXTURES.glob("*.json")):
            if not sys.argv[2:] or path.name.split("-")[0] in sys.argv[2:]:
                print(path.name, rehash(path), "steps changed")
    else:
        main(sys.argv[1:])
