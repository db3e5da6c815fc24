"""Layout checks shared by the e2e tests: a screen fits a phone's width.

``assert_fits(page)`` fails when the document is wider than the viewport or any visible
element's right edge lies beyond it, and names the widest offenders (tag, id, classes,
edges, the start of their text), so the message says what to fix."""

PHONE = {"width": 360, "height": 640}
DESK = {"width": 1280, "height": 800}

# Visible elements whose box ends right of the viewport; elements with no box, and text
# kept for screen readers only (1 px, clipped), are not seen and not counted.
_OFFENDERS = """(slack) => {
  const w = window.innerWidth, out = [];
  for (const el of document.body.querySelectorAll('*')) {
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2 || r.right <= w + slack) continue;
    const s = getComputedStyle(el);
    if (s.visibility === 'hidden' || s.display === 'none') continue;
    const name = el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
      (el.classList.length ? '.' + [...el.classList].join('.') : '');
    out.push({el: name, left: Math.round(r.left), right: Math.round(r.right),
              text: (el.textContent || '').trim().slice(0, 40)});
  }
  return {scroll: document.documentElement.scrollWidth, inner: w, offenders: out};
}"""


def overflow(page, slack=0.5):
    """``{scroll, inner, offenders}``: the document's width, the viewport's, and every
    visible element sticking out of it on the right (widest first)."""
    got = page.evaluate(_OFFENDERS, slack)
    got["offenders"].sort(key=lambda o: -o["right"])
    return got


def assert_fits(page, where="", show=6):
    """The screen is no wider than the viewport; on failure the widest offenders are named
    (innermost last: an element sticking out often carries its ancestors with it)."""
    got = overflow(page)
    bad = got["scroll"] > got["inner"] or got["offenders"]
    if bad:
        lines = [f"  {o['el']} [{o['left']}..{o['right']}] {o['text']!r}" for o in got["offenders"][:show]]
        raise AssertionError(f"{where or page.url}: {got['scroll']} px wide in a {got['inner']} px viewport; "
                             f"{len(got['offenders'])} element(s) stick out:\n" + "\n".join(lines))


def in_first_screen(page, selector):
    """The top and bottom of ``selector``'s first match, and whether it lies within the first
    screenful of the page (measured from the top of the document, not the scroll)."""
    return page.evaluate("""(sel) => { const el = document.querySelector(sel);
        if (!el) return null;
        const r = el.getBoundingClientRect(), y = r.top + window.scrollY;
        return {top: Math.round(y), bottom: Math.round(y + r.height), fits: y + r.height <= window.innerHeight}; }""",
                         selector)
