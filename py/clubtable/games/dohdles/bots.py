"""Computer players for Dohdles! (modest, by design: a bot cannot see a picture).

A bot plays with the printed suggestion boards' vocabulary, which any player who owns the
game knows:

* **Making.** At a table in ``table`` mode it takes a term from its own suggestion board and
  confirms its Dohdle (the word only; a bot has no dough).  It cannot draw or photograph, so
  in ``drawing`` and ``photo`` mode it makes nothing and its Dohdles are left out when the
  making time runs out (docs/games/dohdles.md).
* **Asking.** It asks the sample questions of the table's language, in order, and asks for
  the first letter not yet known.
* **Answering.** It answers a sample question about its own word from a small table of
  answers per theme of the boards (``ANSWERS``); any other question it answers with the last
  answer label ("irrelevant": it does not know), and it refuses a question flagged as being
  about letters, length or the word.
* **Guessing.** It keeps every board term consistent with the revealed letters and with the
  answers to sample questions, and claims when few are left (one for "easy", two for
  "normal"); when it must propose, it says its best candidate not yet said.
"""
from __future__ import annotations

from typing import Optional

from ...engine import Bot
from ..riddles.boards import LANGUAGES, SAMPLE_QUESTIONS, THEMES
from ..riddles.words import letters_of, normalise

# Per theme, the answer to each sample question (index-aligned in every language):
# y = first label (yes), n = second (no), p = third (partly), i = last (irrelevant).
ANSWERS = {
    "animals": "ynypppynppppppnpnnnynp",
    "household": "nypppnnnnnpynnppnpnnnn",
    "food_and_plants": "ppyynynpnnnppnnnnnnpnn",
    "tools_and_toys": "nyppnnnnnnnppnpppnnnnp",
    "vehicles_and_places": "nppnynnnppnnypnpnpppnp",
    "clothes_and_odds": "ppypnnnnnnnppnnnnnnppn",
}
_THEME_OF = {lang: {normalise(t[i]): name for name, theme in THEMES.items() for t in theme}
             for i, lang in enumerate(LANGUAGES)}
_VOCABULARY = {lang: [t[i] for theme in THEMES.values() for t in theme] for i, lang in enumerate(LANGUAGES)}
_SAMPLE_INDEX = {q: i for qs in SAMPLE_QUESTIONS.values() for i, q in enumerate(qs)}


def answer_for(word: str, question: str, labels: list, lang: str) -> str:
    """The bot creator's answer about ``word``: the theme table for a sample question, else
    the last label."""
    theme = _THEME_OF.get(lang, {}).get(normalise(word))
    i = _SAMPLE_INDEX.get(question)
    if theme is None or i is None or len(labels) < 3:
        return labels[-1]
    code = ANSWERS[theme][i]
    return {"y": labels[0], "n": labels[1], "p": labels[2]}.get(code, labels[-1])


def candidates(dohdle: dict, labels: list, lang: str) -> list:
    """Board terms consistent with what is public about ``dohdle``: its letters and the
    answers to sample questions."""
    out = []
    letters = dohdle["letters"]
    for term in _VOCABULARY.get(lang, []):
        w = letters_of(term.lower())            # letter clues count letters only (DOH-30)
        ok = True
        for pos, ch in enumerate(letters, 1):
            if ch is None:
                continue
            if ch == "_":
                ok = len(w) < pos
            else:
                ok = len(w) >= pos and w[pos - 1].upper() == ch.upper()
            if not ok:
                break
        if not ok:
            continue
        for qa in dohdle["qa"]:
            if qa.get("refused") or qa.get("timeout") or qa.get("a") is None:
                continue
            if qa["q"] in _SAMPLE_INDEX and answer_for(term, qa["q"], labels, lang) != qa["a"]:
                ok = False
                break
        if ok:
            out.append(term)
    return out


class DohdlesBot(Bot):
    """See the module docstring.  ``level``: "easy" claims with one candidate left,
    "normal" with two."""

    def __init__(self, *args, **kw) -> None:
        super().__init__(*args, **kw)
        self._known: dict = {}           # what is public about a Dohdle -> its candidates

    def _candidates(self, d: dict, labels: list, lang: str) -> list:
        key = (d["id"], tuple(d["letters"]), len(d["qa"]), lang)
        if key not in self._known:
            if len(self._known) > 64:
                self._known.clear()
            self._known[key] = candidates(d, labels, lang)
        return self._known[key]

    def decide(self, view: dict, legal: list, now_ms: int) -> Optional[tuple]:
        if not legal:
            return None
        types = {a["type"] for a in legal}
        lang = view["language"]
        labels = view["answers"]
        fast = 900 if self.level == "normal" else 1800
        if "make" in types or "make_drawing" in types or "make_photo" in types:
            return self._make(view, legal)
        if "propose" in types:
            d = view["dohdles"][view["burst"]["current"]["dohdle"]]
            said = {normalise(p["word"]) for p in view["burst"]["proposals"]
                    if p["dohdle"] == d["id"] and p["word"]}
            said |= {normalise(e["word"]) for e in view["events"]
                     if e["kind"] == "proposal" and e.get("dohdle") == d["id"] and e.get("word")}
            options = [c for c in self._candidates(d, labels, lang) if normalise(c) not in said]
            word = self.rng.choice(options) if options else "?"
            return {"type": "propose", "word": word if word != "?" else "dohdle"}, fast
        if "refuse" in types:
            q = view["turn"]["question"]
            d = view["dohdles"][view["turn"]["target"]]
            if q["must_refuse"] or q["flags"] or "answer" not in types:
                return {"type": "refuse"}, 1200
            return {"type": "answer", "answer": answer_for(d["word"] or "", q["text"], labels, lang)}, 1500
        claim = self._claim(view, legal, lang, labels)
        if claim is not None:
            return claim, fast
        if "move_chip" in types:
            options = [a for a in legal if a["type"] == "move_chip"]
            # Prefer the Dohdle with the fewest candidates left: the cheapest to solve.
            best = min(options, key=lambda a: (len(self._candidates(view["dohdles"][a["dohdle"]], labels, lang)),
                                               self.rng.random()))
            return best, 1500
        if "choose_clue" in types:
            kinds = [a["kind"] for a in legal if a["type"] == "choose_clue"]
            return {"type": "choose_clue", "kind": "letter" if "letter" in kinds else "question"}, 800
        if "request_letter" in types:
            pos = min(a["position"] for a in legal if a["type"] == "request_letter")
            return {"type": "request_letter", "position": pos}, 1000
        if "ask" in types:
            d = view["dohdles"][view["turn"]["target"]]
            asked = {qa["q"] for qa in d["qa"]}
            for q in SAMPLE_QUESTIONS.get(lang, SAMPLE_QUESTIONS["en"]):
                if q not in asked:
                    return {"type": "ask", "question": q}, 2000
            return {"type": "end_questions"}, 800
        if "end_turn" in types and view["turn"]["phase"] == "grace":
            return {"type": "end_turn"}, 3000    # a moment for the others to react first
        return None                      # a redirect: let the clock end the turn

    def _make(self, view: dict, legal: list) -> Optional[tuple]:
        if view["medium"] != "table" or view["board"] is None:
            return None
        used = {normalise(d["word"]) for d in view["dohdles"] if d["word"]}
        terms = [t for t in view["board"]["terms"] if normalise(t) not in used]
        return {"type": "make", "word": self.rng.choice(terms)}, 3000

    def _claim(self, view: dict, legal: list, lang: str, labels: list) -> Optional[dict]:
        limit = 2 if self.level == "normal" else 1
        for a in legal:
            if a["type"] != "claim":
                continue
            cands = self._candidates(view["dohdles"][a["dohdle"]], labels, lang)
            if 0 < len(cands) <= limit:
                return a
        return None

    def act(self, view: dict, legal: list, now_ms: int) -> Optional[dict]:
        """The older interface (an action to send at once, without the think time)."""
        decision = self.decide(view, legal, now_ms)
        return None if decision is None else decision[0]
