"""What a club evening checks on every screen it passes, for any e2e test to call:

- ``overflow``: the page is no wider than the viewport (else the element that spills
  furthest out is named);
- ``broken heading``: no word of a table's heading (a column's, or a row's: a player's name)
  is split over two lines inside its letters (a heading breaks between words or at a hyphen,
  soft or not);
- ``docked``: a panel kept at the bottom of a phone's screen (Wie Waldi!'s hand, Dobbelduel's
  dice) covers at most 40 % of its height, the game above it the rest; upright (at most 560 px
  wide) or held sideways (at most 500 px high);
- ``touching``: no two buttons stand side by side without space between them (they read as
  one control, and a finger meant for one lands on the other);
- ``toast``: a toast never lies over such a docked panel (a refusal over the cards it is about),
  nor over the result's buttons (a new game, the replay, saving the game);
- ``console``: no page error and no console error came since the last look;
- ``secrets``: on a device passed round (pass-and-play), the screen shows no secret of
  another player; a screen that offers an action to other players at the device (a claim,
  an interrupt) shows no secret of anybody.  The secrets are read from the host's state
  (``clubtableDebug('state')``) through the game's own ``project``: what a seat may see and
  a spectator may not (riddle words, letter answers, dice, a code);
- ``end_in_view``: at the end the winner and the ranking are in the first screenful, the
  ranking by score, and focus is on the result.

``Watch(label)`` keeps the failures of one evening run (each said once, with the screen it
was seen on) so that a run plays to its end and reports everything it saw; ``Watch.done()``
fails with all of them."""
import json
import os
import re
from pathlib import Path

from clubtable.games import GAMES

from .conftest import page_errors

# One round trip per look: the screen, its width, its text and the secret-bearing elements.
LOOK = """(withText) => {
  const q = s => document.querySelector(s);
  const desc = el => {
    let d = el.tagName.toLowerCase() + (el.id ? '#' + el.id : '');
    if (el.classList.length) d += '.' + [...el.classList].slice(0, 3).join('.');
    const key = el.getAttribute('data-key');
    if (key) d += `[data-key=${key}]`;
    const text = (el.innerText || '').trim().replace(/\\s+/g, ' ');
    return text ? `${d} "${text.slice(0, 40)}"` : d;
  };
  const iw = window.innerWidth, sw = document.documentElement.scrollWidth;
  let spill = [];
  if (sw > iw) {
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.right <= iw + 0.5) continue;
      const p = el.parentElement.getBoundingClientRect();
      if (p.right <= iw + 0.5 || el.parentElement === document.body)
        spill.push({el: desc(el), right: Math.round(r.right), width: Math.round(r.width)});
    }
    spill.sort((a, b) => b.right - a.right);
    spill = spill.slice(0, 3);
  }
  // a heading's word split over two lines inside its letters ("Su/mm/e", "Comp/uter 1"): a
  // heading may break between words, at a hyphen or at a soft hyphen only
  const broken = [];
  for (const th of document.querySelectorAll('th')) {
    const walk = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
    for (let node; (node = walk.nextNode());) {
      for (const m of node.data.matchAll(/[^\\s\\u00ad\\-–]+/g)) {
        const lines = new Set();      // the line of each letter
        for (let i = m.index; i < m.index + m[0].length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          // the letter after a soft hyphen has two boxes, the dash shown at the line's end first
          const box = [...range.getClientRects()].filter(r => r.width > 0).pop();
          if (box) lines.add(Math.round(box.bottom));
        }
        if (lines.size > 1) broken.push(m[0]);
      }
    }
  }
  // the panels a phone keeps at the bottom of the screen, over the game (my hand, my dice)
  const panels = [...document.querySelectorAll('.waldi-hand, .dd-bar')];
  const docked = panels.map(el => [desc(el).slice(0, 40), Math.round(el.getBoundingClientRect().height)]);
  // buttons side by side with no space between them (two controls that read as one)
  const touching = [];
  for (const el of document.querySelectorAll('button, a.button, label.button')) {
    const next = el.nextElementSibling;
    if (!next || !next.matches('button, a.button, label.button')) continue;
    const a = el.getBoundingClientRect(), b = next.getBoundingClientRect();
    if (!a.width || !b.width || a.bottom <= b.top || b.bottom <= a.top) continue;   // hidden, or on other lines
    if (b.left - a.right < 2 && b.left >= a.left) touching.push(desc(el).slice(0, 40) + ' | ' + desc(next).slice(0, 40));
  }
  // a toast showing over such a panel, where it hides the player's own cards or dice, or
  // over the result's buttons, the next thing a player reaches for
  const toast = q('#toast');
  const tb = toast && toast.textContent.trim() ? toast.getBoundingClientRect() : null;
  const guarded = [...panels, ...document.querySelectorAll('#result button, #result .button')];
  const covered = tb ? guarded.filter(el => {
      const b = el.getBoundingClientRect();
      return b.bottom > 0 && b.top < window.innerHeight && tb.top < b.bottom && tb.bottom > b.top
        && tb.left < b.right && tb.right > b.left; }).map(el => desc(el).slice(0, 40)) : [];
  const screen = q('section.screen');
  const phase = q('[data-phase]');
  const me = q('.roster li.seat.me');
  return {
    iw, ih: window.innerHeight, sw, spill, broken, docked, covered, touching, lang: document.documentElement.lang,
    screen: screen ? (screen.id || screen.className) : '?',
    phase: phase ? phase.getAttribute('data-phase') : null,
    heading: ((q('h1') || {}).innerText || '').trim(),
    holder: me ? Number(me.getAttribute('data-key').split('-')[1]) : null,
    handover: !!q('#handover'), over: !!q('#result'), finish: !!q('#finish-now'),
    text: withText ? document.body.innerText : null,
    notes: [...document.querySelectorAll('.cave-note')].filter(n => n.querySelector('.cave-answer-letter'))
             .map(n => n.getAttribute('data-key')),
    // dice face up outside the reveal (which shows a past round's dice, public then)
    dice: [...document.querySelectorAll('li.die[data-key]:not(.hidden)')].filter(d => !d.closest('#reveal'))
            .map(d => { const pic = d.querySelector('.pic');
                        return [d.getAttribute('data-key'), pic ? pic.className : '', pic ? pic.textContent : '']; }),
    code: (q('tr.dd-code-row') || {getAttribute: () => null}).getAttribute('data-code'),
  };
}"""

def host_state(host):
    """The whole game state a host's tab holds (None before the game)."""
    return json.loads(host.evaluate("() => window.clubtableDebug('state')"))


# Controls on one player's screen that act for another player at the device.
FOR_OTHERS = {"dohdles": "[data-key^='claim-for-']", "dodgy": "[data-key^='shout-']",
              "cave": "[data-key^='cave-interrupt-']"}


def where(look):
    """The screen a look saw, as a failure message names it."""
    out = f"screen #{look['screen']}"
    if look["handover"]:
        return out + " (hand-over)"
    if look["phase"]:
        out += f" phase={look['phase']}"
    if look["holder"] is not None:
        out += f" of seat {look['holder']}"
    return out + (" (result)" if look["over"] else "")


# ------------------------------------------------------------------------- the checks
def overflow(look):
    """None, or what makes the page wider than the viewport."""
    if look["sw"] <= look["iw"]:
        return None
    widest = "; ".join(f"{s['el']} right edge {s['right']}px (width {s['width']}px)" for s in look["spill"])
    return f"page is {look['sw']}px wide in a {look['iw']}px viewport; spilling: {widest or '?'}"


def secret_items(game, view):
    """What a view shows that may be secret: (kind, value) pairs."""
    items = set()
    if game == "dohdles":
        for d in view.get("dohdles") or []:
            for w in [d.get("word")] + list(d.get("variants") or []):
                if w:
                    items.add(("word", w))
    elif game == "cave":
        for r in view.get("riddles") or []:
            if r.get("word"):
                items.add(("word", r["word"]))
        for i, q in enumerate(view.get("letters") or []):
            if "answer" in q:
                items.add(("letter", i))
    elif game == "dodgy":
        rev = view.get("reveal") or {}
        revealed = [d for hand in rev.get("hands") or [] for d in hand] if rev.get("round") == view.get("round") else []
        for d in list(view.get("hand") or []) + [d for known in view.get("known") or [] for d in known] + revealed:
            items.add(("die", (d["id"], d["face"])))
    elif game == "dobbelduel":
        for b in [view.get("board") or {}] + list(view.get("history") or []):
            if b.get("code") is not None:
                items.add(("code", ",".join(map(str, b["code"]))))
    return items


def secrets_by_seat(game, state):
    """{item: the seats that may see it} for every item some seat may see and a spectator
    may not."""
    g = GAMES[game]
    public = secret_items(game, g.project(state, None))
    seen = {}
    for seat in range(len(state["players"])):
        for item in secret_items(game, g.project(state, seat)) - public:
            seen.setdefault(item, set()).add(seat)
    return seen


def shown(look, item):
    """Whether the looked-at screen shows ``item``."""
    kind, value = item
    if kind == "word":
        return re.search(r"\b" + re.escape(value) + r"\b", look["text"], re.I) is not None
    if kind == "letter":
        return f"note-{value}" in look["notes"]
    if kind == "die":               # that die with that face (a die's art is a class; else its name)
        die, face = value
        return any(key == f"d{die}" and (f"face-{face}" in cls.split() or text == str(face)[:3])
                   for key, cls, text in look["dice"])
    if kind == "code":
        return look["code"] == value
    return False


def secrets_shown(look, secrets, shared):
    """Secrets on a pass-and-play screen that the people who may look at it must not see:
    one its player may not see, or (``shared``: it offers actions to other players; or the
    hand-over screen) any at all.  One line per kind and owner."""
    why = "it offers actions to other players" if shared else \
        "the hand-over screen" if look["handover"] else f"the screen of seat {look['holder']}"
    found = {}
    for item, seats in sorted(secrets.items(), key=str):
        if look["holder"] in seats and not (shared or look["handover"]):
            continue
        if shown(look, item):
            kind, value = item
            what = f"#{value}" if kind == "letter" else f"{value[0]} ({value[1]})" if kind == "die" else repr(value)
            found.setdefault((kind, tuple(sorted(seats))), []).append(what)
    names = {"letter": "letter answers", "die": "dice", "word": "words", "code": "code"}
    return [f"the secret {names[kind]} {', '.join(whats)} of seat(s) {list(seats)} shown ({why})"
            for (kind, seats), whats in found.items()]


END = """() => {
  const q = s => document.querySelector(s);
  const box = s => { const e = q(s); if (!e) return null;
                     const r = e.getBoundingClientRect();
                     return {top: r.top + scrollY, bottom: r.bottom + scrollY, text: e.innerText}; };
  const res = q('#result');
  return {h: innerHeight, winners: box('#winners'), first: box('#result .scores li'),
          scores: [...document.querySelectorAll('#result .scores li')].map(li => li.innerText),
          focus: document.activeElement ? (document.activeElement.id || document.activeElement.tagName) : null,
          focused: !!(res && res.contains(document.activeElement))};
}"""


def end_in_view(page):
    """What keeps the end from being seen at once (empty when it is)."""
    try:               # focus moves in the task after the result is drawn
        page.wait_for_function("() => { const r = document.querySelector('#result');"
                               " return !!r && r.contains(document.activeElement); }", timeout=3_000)
    except Exception:
        pass           # said below, with where the focus is instead
    e = page.evaluate(END)
    out = []
    for name, box in (("the winner line #winners", e["winners"]), ("the ranking's first line #result .scores li",
                                                                      e["first"])):
        if box is None:
            out.append(f"{name} is missing")
        elif box["bottom"] > e["h"]:
            out.append(f"{name} ({box['text']!r}) is at y={box['top']:.0f}-{box['bottom']:.0f}, "
                       f"below the first screenful ({e['h']}px)")
    points = [int(m.group(1)) for m in (re.search(r"(-?\d+)\D*$", s) for s in e["scores"]) if m]
    if len(points) == len(e["scores"]) and points != sorted(points, reverse=True):
        out.append(f"the ranking is not by score: {e['scores']}")
    if not e["focused"]:
        out.append(f"focus is on {e['focus']}, not on the result")
    return out


# ------------------------------------------------------------------------- one run
class Watch:
    """The checks of one run of the evening (``label``: game, mode, size, language), kept
    as they fail so that the game plays on to its end."""

    def __init__(self, label, game, lang=None):
        self.label, self.game, self.lang = label, game, lang
        self.failures = []
        self.looks = 0
        self.seen_errors = 0
        self.secret_checks = 0
        self.handovers = 0
        self._last = {}
        self._also = {}
        self._shot = {}                  # tab -> where its last screenshot was taken

    def fail(self, check, what, at=None):
        """Keep a failure once; one seen again on another screen (``at``) is counted there."""
        line = f"[{self.label}] {check}: {what}"
        if line not in self.failures:
            self.failures.append(line)
            self._also[line] = []
        elif at and at not in self._also[line]:
            self._also[line].append(at)

    def look(self, page, name="", host=None):
        """Check the screen ``page`` shows now (``name``: which tab).  ``host``: the page
        holding the state when ``page`` is a device passed round (pass-and-play)."""
        look = page.evaluate(LOOK, host is not None)
        self.looks += 1
        self.handovers += look["handover"]
        at = f"{name + ' ' if name else ''}{where(look)}"
        self.shoot(page, name, at)
        if self.lang and look["lang"] != self.lang:
            self.fail("language", f"{at}: the page is in {look['lang']!r}, not {self.lang!r}")
        problem = overflow(look)
        if problem:       # said once per cause, with the first screen it was seen on
            first = next((f for f in self.failures if f.endswith(problem)), None)
            if first:
                self.fail("overflow", first.split("overflow: ", 1)[1], at)
            else:
                self.fail("overflow", f"{at}: {problem}")
        for what, height in look["docked"] if look["iw"] <= 560 or look["ih"] <= 500 else ():
            if height > 0.4 * look["ih"]:
                self.fail("docked", f"{what} covers {height} of the phone's {look['ih']} px height", at)
        if look["touching"]:
            self.fail("touching", f"buttons side by side with no space between them: {look['touching'][0]}", at)
        if look["covered"]:
            self.fail("toast", f"a toast lies over {look['covered'][0]}", at)
        if look["broken"]:
            self.fail("broken heading", f"table headings break inside a word: {sorted(set(look['broken']))}", at)
        errors = page_errors()
        for e in errors[self.seen_errors:]:
            self.fail("console", f"{e} (seen by the look at {at})")
        self.seen_errors = len(errors)
        if host is not None and not look["over"]:
            sig = (look["holder"], look["handover"], look["text"], tuple(look["notes"]), tuple(look["dice"]))
            if self._last.get(name) != sig:          # the same screen again: already checked
                self._last[name] = sig
                self.check_secrets(page, look, host, at)
        return look

    def shoot(self, page, name, at):
        """With ``CLUBTABLE_SHOTS=DIR``: a screenshot of each screen a tab comes to, for a
        person to look at (``DIR/<label>-<n>-<tab>.png``)."""
        folder = os.environ.get("CLUBTABLE_SHOTS")
        if not folder or self._shot.get(name) == at:
            return
        self._shot[name] = at
        Path(folder).mkdir(parents=True, exist_ok=True)
        label = re.sub(r"[^\w.-]+", "-", self.label)
        page.screenshot(path=str(Path(folder) / f"{label}-{self.looks:03d}-{name or 'page'}.png"))

    def check_secrets(self, page, look, host, at):
        state = host_state(host)
        if state is None:                    # no game yet (the table is opening)
            return
        self.secret_checks += 1
        sel = FOR_OTHERS.get(self.game)
        shared = bool(sel) and page.locator(sel).count() > 0
        for line in secrets_shown(look, secrets_by_seat(self.game, state), shared):
            self.fail("secret", f"{at}: {line}")

    def end(self, page, name=""):
        self.look(page, name)
        for line in end_in_view(page):
            self.fail("end in view", f"{name + ' ' if name else ''}result screen: {line}")

    def done(self, secrets=False):
        """Fail with every check that failed (``secrets``: the run was to check secrets,
        and a run that never could fails too)."""
        if secrets and not self.secret_checks:
            self.fail("secret", "no screen's secrets were checked (the host's state was never read)")
        if secrets and not self.handovers:
            self.fail("secret", "no hand-over screen was seen on the device passed round")
        lines = [f + (f" (and on {len(self._also[f])} more screen(s): {'; '.join(self._also[f][:4])})"
                      if self._also.get(f) else "") for f in self.failures]
        assert not lines, f"{len(lines)} check(s) failed:\n" + "\n".join(lines)
