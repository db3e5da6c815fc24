"""Accessibility checks for the e2e suite: an axe-core scan (the pinned copy build.py fetches,
never served with the page), no sideways scrolling (``assert_fits``: the page and every
element within the viewport's width), touch targets of at least 44 × 44 px, focus after a
screen change, what lies within the first screenful (``first_screen``)."""
import json
import sys
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402

PHONE = {"width": 360, "height": 640}
DESKTOP = {"width": 1280, "height": 800}
MIN_TARGET = 44          # px, WCAG 2.5.5 (AAA); the exceptions below are WCAG 2.5.8's


@lru_cache(maxsize=1)
def _axe_source() -> str:
    return build.axe_core().read_text(encoding="utf-8")


def axe_violations(page, impacts=("serious", "critical")):
    """axe-core's violations of ``impacts`` on the page as it is now.  The page's CSP allows
    no injected <script>, so the checker is evaluated through the debugging protocol."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(_axe_source())
    found = page.evaluate("""async () => {
        const r = await axe.run(document, {resultTypes: ['violations']});
        return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map(n => ({target: n.target.join(' '), summary: n.failureSummary}))}));
    }""")
    return [v for v in found if v["impact"] in impacts]


def axe_check(page, where):
    """Fail on any serious or critical axe-core violation, naming the rule, the element and
    why."""
    bad = axe_violations(page)
    lines = [f"{where}: {v['impact']} {v['id']} ({v['help']}): {n['target']}\n    {n['summary']}"
             for v in bad for n in v["nodes"][:6]]
    assert not bad, "\n".join(lines)


# Every visible control and how big it is.  Allowed smaller (WCAG 2.5.8's exceptions): a link
# inside a sentence (inline); a control the browser draws (a checkbox or radio) inside a
# label that is itself big enough; a file input hidden behind its label button.
TARGETS = """(min) => {
  const out = [];
  const sel = 'button, a[href], input:not([type=hidden]), select, textarea, summary, [role=button], label.button';
  for (const el of document.querySelectorAll(sel)) {
    const r = el.getBoundingClientRect();
    const cs = getComputedStyle(el);
    if (r.width === 0 || r.height === 0 || cs.visibility === 'hidden' || el.closest('.sr-only, [hidden], [aria-hidden=true]')) continue;
    if (el.disabled) continue;
    if (el.tagName === 'A' && !el.classList.contains('button') && cs.display === 'inline') continue;
    if (el.matches('input[type=checkbox], input[type=radio]')) {
      const lab = el.closest('label');
      if (lab) { const lr = lab.getBoundingClientRect(); if (lr.width >= min && lr.height >= min) continue; }
    }
    if (r.width + 0.5 >= min && r.height + 0.5 >= min) continue;
    const name = (el.id ? '#' + el.id : el.tagName.toLowerCase() + '.' + [...el.classList].join('.'));
    out.push(`${name} ${Math.round(r.width)}×${Math.round(r.height)} "${(el.innerText || el.value || el.getAttribute('aria-label') || '').trim().slice(0, 30)}"`);
  }
  return out;
}"""


def small_targets(page):
    return page.evaluate(TARGETS, MIN_TARGET)


def overflow(page):
    """How wide the page is against its viewport, and the widest elements sticking out."""
    return page.evaluate("""() => {
      const w = document.documentElement.clientWidth;
      const wide = [];
      for (const el of document.querySelectorAll('body *')) {
        const r = el.getBoundingClientRect();
        if (r.right > w + 0.5 && r.width > 0) {
          let p = el.parentElement, clipped = false;
          while (p) { const o = getComputedStyle(p).overflowX; if (o !== 'visible') { clipped = true; break; } p = p.parentElement; }
          if (!clipped) wide.push((el.id ? '#' + el.id : el.tagName.toLowerCase() + '.' + [...el.classList].join('.')) + ' ' + Math.round(r.right));
        }
      }
      // a box that scrolls sideways hides part of the table from a phone, unless it is a
      // marked one (WCAG 1.4.10's exception for content that needs two dimensions, such as a
      // long score track): a named region the keyboard reaches and scrolls
      const boxes = [];
      for (const el of document.querySelectorAll('body *')) {
        const o = getComputedStyle(el).overflowX;
        const marked = el.tabIndex >= 0 && el.getAttribute('role') === 'region'
            && (el.getAttribute('aria-label') || el.getAttribute('aria-labelledby'));
        if ((o === 'auto' || o === 'scroll') && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0 && !marked)
          boxes.push((el.id ? '#' + el.id : el.tagName.toLowerCase() + '.' + [...el.classList].join('.')) + ' ' + el.scrollWidth + '>' + el.clientWidth);
      }
      return {scroll: document.documentElement.scrollWidth, width: w, wide: wide.slice(0, 8), boxes};
    }""")


# Every visible element whose box ends right of the viewport, clipped by a scrolling box or
# not (a cut-off table is as bad as a wide page); text kept for screen readers only (1 px)
# and elements with no box do not count.
OUTSIDE = """() => {
  const w = document.documentElement.clientWidth, out = [];
  for (const el of document.body.querySelectorAll('*')) {
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2 || r.right <= w + 0.5) continue;
    if (getComputedStyle(el).visibility === 'hidden') continue;
    const name = el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
      (el.classList.length ? '.' + [...el.classList].join('.') : '');
    out.push({el: name, left: Math.round(r.left), right: Math.round(r.right), text: (el.textContent || '').trim().slice(0, 40)});
  }
  out.sort((a, b) => b.right - a.right);
  return {scroll: document.documentElement.scrollWidth, width: w, outside: out};
}"""


def assert_fits(page, where="", show=6):
    """No wider than the viewport: the document does not scroll sideways and no element's
    right edge lies beyond the viewport's; on failure the widest offenders are named."""
    o = page.evaluate(OUTSIDE)
    if o["scroll"] > o["width"] or o["outside"]:
        lines = [f"  {x['el']} [{x['left']}..{x['right']}] {x['text']!r}" for x in o["outside"][:show]]
        raise AssertionError(f"{where or page.url}: {o['scroll']} px wide in a {o['width']} px viewport; "
                             f"{len(o['outside'])} element(s) stick out, the widest:\n" + "\n".join(lines))


def first_screen(page, selector):
    """Where ``selector``'s first match lies from the top of the document (not of the
    scroll), and whether all of it is within the first screenful; None when absent."""
    return page.evaluate("""(sel) => { const el = document.querySelector(sel);
        if (!el) return null;
        const r = el.getBoundingClientRect(), y = r.top + window.scrollY;
        return {top: Math.round(y), bottom: Math.round(y + r.height), fits: y + r.height <= window.innerHeight}; }""",
                         selector)


def phone_check(page, where):
    """At 360 × 640: nothing sideways, every control big enough to tap."""
    assert_fits(page, where)
    o = overflow(page)
    assert not o["boxes"], f"{where}: part of the screen is hidden in a sideways scroll box: {o['boxes']}"
    small = small_targets(page)
    assert not small, f"{where}: controls smaller than {MIN_TARGET} px: {small}"


def focused(page):
    """What has focus: its tag, id and text (``BODY`` when focus fell to the page)."""
    return page.evaluate("""() => { const e = document.activeElement;
        return e ? {tag: e.tagName, id: e.id, text: (e.innerText || '').slice(0, 40)} : null; }""")


def focus_not_lost(page, where):
    f = focused(page)
    assert f and f["tag"] not in ("BODY", "HTML"), f"{where}: focus fell to the page ({json.dumps(f)})"


def check_screen(page, where, phone=True):
    """The three checks on one screen: axe-core, and at phone size, width and targets."""
    axe_check(page, where)
    if phone:
        phone_check(page, where)
