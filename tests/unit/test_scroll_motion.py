"""A new screen's heading, and news beside the control in use, are scrolled to smoothly,
unless the player asked the system for less motion: then at once, as the page's CSS
animations stop then too (ui.browser.focus)."""
import sys
import types

import pytest

import fake_dom


@pytest.fixture(params=[False, True], ids=["motion", "reduced-motion"])
def page(request):
    """``clubtable.ui.browser.focus`` on a fake page whose system setting for reduced motion
    is the parameter; yields the module, the setting and the scrolls asked of a heading."""
    doc, _dom = fake_dom.install()
    js = sys.modules["js"]
    asked = []
    js.matchMedia = lambda query: types.SimpleNamespace(
        matches=request.param and query == "(prefers-reduced-motion: reduce)")
    heading = doc.createElement("h1")
    heading.setAttribute("id", "title")
    heading.tabIndex = -1
    heading.scrollIntoView = lambda options: asked.append(options)
    doc.body.appendChild(heading)
    fake_dom.forget("clubtable.ui.browser.focus")
    from clubtable.ui.browser import focus
    try:
        yield focus, request.param, asked
    finally:
        fake_dom.forget("clubtable.ui.browser.focus")
        fake_dom.uninstall()


def test_a_new_screens_heading_is_scrolled_to_smoothly_unless_less_motion_is_asked(page):
    focus, reduced, asked = page
    assert focus.focus_heading("#title")
    assert asked == [{"block": "start", "behavior": "auto" if reduced else "smooth"}]


def test_news_is_scrolled_into_view_smoothly_unless_less_motion_is_asked(page):
    focus, reduced, asked = page
    assert focus.scroll_into_view("#title")
    assert asked == [{"block": "nearest", "behavior": "auto" if reduced else "smooth"}]
