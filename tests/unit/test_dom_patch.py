"""The DOM layer patches: a new tree changes only what differs from the mounted one, keeps
the elements (and so focus, typed text and a screen's own canvas), and shows every string
as text.  Run against a small fake document (``fake_dom``)."""
import random

import pytest

import fake_dom


@pytest.fixture(params=[True, False], ids=["batched", "each"])
def page(request):
    doc, dom = fake_dom.install(batch=request.param)
    root = doc.createElement("div")
    root.setAttribute("id", "app")
    doc.body.appendChild(root)
    yield doc, dom, root
    fake_dom.uninstall()


def shape(el):
    """What the player sees, as data: tags, attributes (but not handler keys), texts."""
    if isinstance(el, fake_dom.FakeText):
        return el.data
    attrs = {k: v for k, v in el.attributes.items() if k != "data-act"}
    kids = []
    for c in el.childNodes:          # adjacent texts read as one, as on screen
        s = shape(c)
        if isinstance(s, str) and kids and isinstance(kids[-1], str):
            kids[-1] += s
        elif s != "":
            kids.append(s)
    return (el.tagName.lower(), attrs, kids)


def test_an_unchanged_tree_costs_no_dom_call(page):
    doc, dom, root = page
    tree = lambda: dom.h("ul", [dom.h("li", f"item {i}", cls="x") for i in range(5)], id="list")
    dom.mount("app", tree())
    dom.reset_stats()
    dom.mount("app", tree())
    assert dom.ffi_calls() - dom.STATS["read"] == 0


def test_a_changed_text_is_the_only_write_and_elements_stay(page):
    doc, dom, root = page
    dom.mount("app", dom.h("p", "Round 1", id="status"))
    before = root.childNodes[0]
    dom.reset_stats()
    dom.mount("app", dom.h("p", "Round 2", id="status"))
    assert root.childNodes[0] is before
    assert before.textContent == "Round 2"
    assert dom.STATS["text"] == 1 and dom.STATS["createElement"] == 0


def test_keyed_children_move_instead_of_being_rebuilt(page):
    doc, dom, root = page
    dom.mount("app", dom.h("ol", [dom.h("li", n, key=n) for n in "abcd"]))
    els = {e.getAttribute("data-key"): e for e in root.childNodes[0].childNodes}
    dom.reset_stats()
    dom.mount("app", dom.h("ol", [dom.h("li", n, key=n) for n in "dbca"]))
    now = root.childNodes[0].childNodes
    assert [e.getAttribute("data-key") for e in now] == list("dbca")
    assert all(e is els[e.getAttribute("data-key")] for e in now)
    assert dom.STATS["createElement"] == 0 and dom.STATS["insert"] <= 2


def test_an_inserted_optional_element_does_not_shift_its_siblings(page):
    doc, dom, root = page
    dom.mount("app", dom.h("section", dom.h("h2", "T"), dom.h("ul", dom.h("li", "x"))))
    ul = root.childNodes[0].childNodes[1]
    dom.reset_stats()
    dom.mount("app", dom.h("section", dom.h("h2", "T"), dom.h("p", "note"), dom.h("ul", dom.h("li", "x"))))
    assert root.childNodes[0].childNodes[2] is ul
    assert dom.STATS["createElement"] == 1


def test_markup_in_a_string_stays_text(page):
    doc, dom, root = page
    dom.mount("app", dom.h("p", "<img src=x onerror=alert(1)>", " and more"))
    dom.mount("app", dom.h("p", "<b>x</b>"))
    assert all(isinstance(c, fake_dom.FakeText) for c in root.childNodes[0].childNodes)
    assert root.textContent == "<b>x</b>"


def test_what_a_player_types_survives_updates_until_the_tree_changes_the_value(page):
    doc, dom, root = page
    form = lambda value, n: dom.h("div", dom.h("p", f"{n} seconds"), dom.h("input", id="name", value=value))
    dom.mount("app", form("", 5))
    field = doc.getElementById("name")
    field.focus()
    field.type_text("Ann")                  # typing, maybe mid-composition
    dom.mount("app", form("", 4))           # an update that does not touch the field
    assert doc.getElementById("name") is field and field.value == "Ann"
    assert doc.activeElement is field
    dom.mount("app", form("Ann", 3))        # the model caught up: same text, nothing written
    assert field.value == "Ann"
    dom.mount("app", form("", 2))           # the tree clears it explicitly
    assert field.value == ""


def test_a_checkbox_follows_the_tree_when_it_changes(page):
    doc, dom, root = page
    dom.mount("app", dom.h("input", type="checkbox", id="c", checked=True))
    box = doc.getElementById("c")
    box.checked = True
    dom.mount("app", dom.h("input", type="checkbox", id="c", checked=False))
    assert box.checked is False and "checked" not in box.attributes


def test_an_owned_element_is_left_to_its_screen(page):
    doc, dom, root = page
    dom.mount("app", dom.h("div", dom.h("canvas", owned=True, key="sketch", width="10"), dom.h("p", "1")))
    canvas = root.childNodes[0].childNodes[0]
    canvas.setAttribute("data-drawn", "yes")           # the screen draws into it
    canvas.appendChild(doc.createElement("span"))
    dom.mount("app", dom.h("div", dom.h("p", "0"), dom.h("canvas", owned=True, key="sketch", width="99"),
                           dom.h("p", "2")))
    assert root.childNodes[0].childNodes[1] is canvas
    assert canvas.getAttribute("width") == "10" and canvas.getAttribute("data-drawn") == "yes"
    assert len(canvas.childNodes) == 1


def test_handlers_follow_the_latest_tree_and_leave_with_their_element(page):
    doc, dom, root = page
    seen = []
    for n in range(50):
        dom.mount("app", dom.h("div", [dom.h("button", f"b{i}", key=f"b{i}", on_click=lambda e, n=n, i=i: seen.append((n, i)))
                                     for i in range(n % 4)]))
    assert len(dom._handlers) == 49 % 4
    button = root.childNodes[0].childNodes[0]
    ev = type("E", (), {"type": "click", "target": button, "preventDefault": lambda self: None})()
    dom._dispatch(ev)
    assert seen == [(49, 0)]
    dom.mount("app", dom.h("p", "gone"))
    assert dom._handlers == {}


class _Event:
    def __init__(self, kind, target):
        self.type, self.target, self.prevented = kind, target, False

    def preventDefault(self):
        self.prevented = True


def _claim_form(dom, sent, **form_attrs):
    return dom.h("form", dom.h("select", dom.h("option", "3", value="3")),
                 dom.h("div", dom.h("button", dom.h("span", "bow"), type="button", id="pick",
                                    on_click=lambda e: sent.append("pick"))),
                 dom.h("button", dom.h("strong", "Claim"), type="submit", id="send"), dom.h("button", "Later", id="later"),
                 on_submit=lambda e: sent.append("submit"), id="f", **form_attrs)


def test_a_click_on_a_submit_button_submits_its_form_in_that_event(page):
    """One event, not two: the form's handler runs in the click, and the browser's own
    submission (a second event, after a layout) is cancelled."""
    doc, dom, root = page
    sent = []
    dom.mount("app", _claim_form(dom, sent))
    send = doc.getElementById("send")
    ev = _Event("click", send.childNodes[0])           # the text inside the button
    dom._dispatch(ev)
    assert sent == ["submit"] and ev.prevented
    # a button's own click handler is its own; a plain button submits nothing
    for button_id, want in (("pick", ["pick"]), ("later", [])):
        sent.clear()
        ev = _Event("click", doc.getElementById(button_id))
        dom._dispatch(ev)
        assert sent == want and ev.prevented is False
    # the submit event itself (Enter in a field, a page without the shortcut) still works
    sent.clear()
    ev = _Event("submit", doc.getElementById("f"))
    dom._dispatch(ev)
    assert sent == ["submit"] and ev.prevented


def test_a_form_the_browser_finds_invalid_is_left_to_the_browser(page):
    doc, dom, root = page
    sent = []
    dom.mount("app", _claim_form(dom, sent, data_invalid="1"))
    ev = _Event("click", doc.getElementById("send"))
    dom._dispatch(ev)
    assert sent == [] and ev.prevented is False


def test_a_handler_for_another_event_with_a_similar_name_is_not_called(page):
    """``data-act`` tokens are matched whole: a drop handler is not a click handler."""
    doc, dom, root = page
    seen = []
    dom.mount("app", dom.h("div", dom.h("p", "x", id="p", on_dragover=lambda e: seen.append("over")),
                           on_drop=lambda e: seen.append("drop"), on_click=lambda e: seen.append("click")))
    dom._dispatch(_Event("click", doc.getElementById("p")))
    dom._dispatch(_Event("drop", doc.getElementById("p")))
    assert seen == ["click", "drop"]


def test_a_moved_focused_element_gets_focus_back(page):
    doc, dom, root = page
    dom.mount("app", dom.h("div", [dom.h("button", n, key=n) for n in "abc"]))
    doc.querySelector('[data-key="c"]').focus()
    dom.mount("app", dom.h("div", [dom.h("button", n, key=n) for n in "cab"]))
    assert doc.activeElement.getAttribute("data-key") == "c"


@pytest.mark.parametrize("key", ['say "hi"', "back\\slash", "two\nlines", "plain"])
def test_a_focused_element_whose_key_holds_any_text_gets_focus_back(page, key):
    """A key may be a player's text: the selector that finds it again is quoted, so a quote,
    a backslash or a line break neither breaks the lookup nor finds another element."""
    doc, dom, root = page
    dom.mount("app", dom.h("div", [dom.h("button", n, key=n) for n in ("other", key)]))
    [el] = [e for e in doc.body.walk() if e.getAttribute("data-key") == key]
    el.focus()
    dom.mount("app", dom.h("section", [dom.h("button", n, key=n) for n in (key, "other")]))
    assert doc.activeElement.getAttribute("data-key") == key


def test_a_replaced_focused_element_hands_focus_to_its_successor(page):
    doc, dom, root = page
    dom.mount("app", dom.h("div", dom.h("button", "Roll", id="go")))
    doc.getElementById("go").focus()
    dom.mount("app", dom.h("section", dom.h("a", "Roll", id="go", href="#")))
    assert doc.activeElement is doc.getElementById("go")


def _roll_screen(dom, state, fired):
    """A button whose click draws a screen without it (its box changes kind), inside a box
    that hides a secret on focusout ("hold to show")."""
    def click(e):
        state["n"] += 1
        draw()

    def draw():
        box = dom.h("div" if state["n"] % 2 else "p", dom.h("button", f"Roll {state['n']}", key="roll", on_click=click))
        dom.mount("app", dom.h("section", dom.h("button", "other", id="other"), box,
                               on_focusout=lambda e: fired.append("out")))
    return draw


def test_the_clicked_button_a_patch_removes_is_blurred_before_it_and_its_successor_focused(page):
    """Removing the focused element made Chromium lay the page out in the middle of the
    patch: the clicked button is blurred first (its focusout is not the player's: no
    handler runs, so nothing redraws inside the patch), and its successor focused after,
    without scrolling."""
    doc, dom, root = page
    state, fired = {"n": 0}, []
    _roll_screen(dom, state, fired)()
    old = doc.querySelector('[data-key="roll"]')
    old.focus()
    doc.on_blur = lambda el: dom._dispatch(_Event("focusout", el))   # the browser's listener, at once
    dom._dispatch(_Event("click", old))
    new = doc.querySelector('[data-key="roll"]')
    assert new is not old and not old.isConnected and new.textContent == "Roll 1"
    assert doc.blurred == [old] and fired == []
    assert doc.activeElement is new and doc.focus_options == ({"preventScroll": True},)
    dom._dispatch(_Event("focusout", new))             # the player's own focusout still counts
    assert fired == ["out"]


def test_a_patch_blurs_nothing_when_the_clicked_button_stays_or_has_no_focus(page):
    doc, dom, root = page
    state, fired = {"n": 0}, []
    _roll_screen(dom, state, fired)()
    other = doc.getElementById("other")
    other.focus()                                      # the focus is elsewhere: it stays there
    dom._dispatch(_Event("click", doc.querySelector('[data-key="roll"]')))
    assert doc.activeElement is other and doc.blurred == []
    stay = []
    dom.mount("app", dom.h("button", "Go", id="go", on_click=lambda e: (stay.append(1), dom.mount(
        "app", dom.h("button", "Went", id="go", on_click=lambda e: None)))))
    go = doc.getElementById("go")
    go.focus()
    dom._dispatch(_Event("click", go))
    assert stay and doc.getElementById("go") is go and doc.activeElement is go and doc.blurred == []


def test_full_rebuild_switch_replaces_everything(page):
    doc, dom, root = page
    dom.mount("app", dom.h("p", "x"))
    p = root.childNodes[0]
    dom.FULL_REBUILD = True
    try:
        dom.mount("app", dom.h("p", "x"))
    finally:
        dom.FULL_REBUILD = False
    assert root.childNodes[0] is not p and shape(root.childNodes[0]) == ("p", {}, ["x"])


def _random_tree(rng, depth=0):
    tag = rng.choice(["div", "p", "span", "ul", "li", "svg"] if depth < 3 else ["span", "b"])
    attrs = {}
    if rng.random() < 0.4:
        attrs["cls"] = rng.choice(["a", "b", "c"])
    if rng.random() < 0.3:
        attrs["key"] = rng.choice("kxyz")
    if rng.random() < 0.2:
        attrs["title"] = rng.choice(["t", "u"])
    if rng.random() < 0.2:
        attrs["on_click"] = lambda e: None
    kids = []
    for _ in range(rng.randrange(0, 5 if depth < 3 else 2)):
        kids.append(rng.choice(["x", "y", "<i>"]) if rng.random() < 0.35 else _random_tree(rng, depth + 1))
    from clubtable.ui import dom
    return dom.h(tag, kids, **attrs)


def test_patching_any_tree_into_any_other_shows_the_other(page):
    doc, dom, root = page
    rng = random.Random(7)
    fresh = doc.createElement("div")
    for _ in range(300):
        tree = [_random_tree(rng) for _ in range(rng.randrange(1, 4))]
        dom.mount("app", tree)
        mirror = [_random_tree(random.Random(0))]   # unrelated; keeps rng streams apart
        del mirror
        expect_root = doc.createElement("div")
        doc.body.appendChild(expect_root)
        dom._mounted.pop("probe", None)
        expect_root.setAttribute("id", "probe")
        dom.mount("probe", [_clone(n, dom) for n in tree])
        assert shape(root)[2] == shape(expect_root)[2]
        expect_root.parentNode.removeChild(expect_root)
        dom._release(dom._mounted.pop("probe"))
    del fresh
    live = sum(1 for (_, k) in dom._handlers)
    assert live == _count_events(dom._mounted["app"])
    # the page's table of nodes holds exactly those shown (and the mount targets): none leaks
    held = set(dom._targets.values()) | _numbers(dom._mounted["app"], dom)
    assert set(dom._here) - set(dom._gone) == held       # the last probe's are freed at the next patch
    assert len(dom._spare) == len(set(dom._spare)) and not held & set(dom._spare)


def _numbers(n, dom):
    """The numbers the page knows a mounted tree's nodes by."""
    out = set() if n.tag == "#root" else {n.ref}
    for i, c in enumerate(n.children):
        if isinstance(c, dom.Node):
            out |= _numbers(c, dom)
        elif n.kids is not dom._TEXT:
            out.add(n.kids[i])
    return out


def _clone(n, dom):
    if not isinstance(n, dom.Node):
        return n
    return dom.Node(n.tag, dict(n.attrs), [_clone(c, dom) for c in n.children], dict(n.events), n.owned)


def _count_events(n):
    from clubtable.ui import dom
    if not isinstance(n, dom.Node):
        return 0
    return len(n.events) + sum(_count_events(c) for c in n.children)


def test_a_button_submits_its_form_only_when_it_says_so(page):
    doc, dom, root = page
    assert dom.h("button", "Add").attrs["type"] == "button"
    assert dom.h("button", "Open", type="submit").attrs["type"] == "submit"


# --------------------------------------------------------------------------- memoised parts
from hypothesis import given, settings, strategies as st  # noqa: E402

_item = st.fixed_dictionaries({"id": st.integers(0, 4), "n": st.integers(0, 2), "cls": st.sampled_from("ab")})
_state = st.fixed_dictionaries({
    "lang": st.sampled_from(["en", "fr"]),
    "items": st.lists(_item, max_size=5, unique_by=lambda i: i["id"]),
    "twice": st.booleans(),           # the first item's part shown a second time, elsewhere
    "whole": st.booleans(),           # the whole list memoised too (parts inside a part)
    "note": st.sampled_from([None, "x", "y"]),
})


def _screen(dom, state, clicks, use_memo):
    """A screen drawing ``state``, with its parts memoised or not: both must look the same."""
    memo = dom.memo if use_memo else (lambda key, fn, *args: fn(*args))

    def part(item, lang):
        return dom.h("li", dom.h("span", f"{lang}:{item['n']}"),
                     dom.h("button", "+", on_click=lambda e: clicks.append((item["id"], item["n"], lang))),
                     cls=item["cls"], key=f"i{item['id']}")

    def parts(items, lang):
        return dom.h("ul", [memo(("item", i["id"]), part, i, lang) for i in items], id="items")

    items, lang = state["items"], state["lang"]
    first = [memo(("item", items[0]["id"]), part, items[0], lang)] if state["twice"] and items else []
    body = memo("list", parts, items, lang) if state["whole"] else parts(items, lang)
    return dom.h("section", dom.h("p", state["note"]) if state["note"] else None, dom.h("ul", first), body)


@settings(max_examples=150, deadline=None)
@given(st.lists(_state, min_size=1, max_size=12), st.booleans())
def test_a_memoised_part_never_shows_an_old_view(states, batch):
    import copy
    doc, dom = fake_dom.install(batch=batch)
    try:
        root = doc.createElement("div")
        root.setAttribute("id", "app")
        doc.body.appendChild(root)
        dom._memos.clear()
        clicks = []            # what handlers call lives as long as the screen (like ctx.act)
        for state in states:
            state = copy.deepcopy(state)         # each update is a new view, as the table sends
            clicks.clear()
            dom.mount("app", _screen(dom, state, clicks, True))
            probe = doc.createElement("div")
            probe.setAttribute("id", "probe")
            doc.body.appendChild(probe)
            dom._mounted.pop("probe", None)
            dom.mount("probe", _screen(dom, state, [], False))
            assert shape(root) == (shape(probe)[0], shape(root)[1], shape(probe)[2])
            doc.body.removeChild(probe)
            dom._release(dom._mounted.pop("probe"))
            # every button calls the handler of what it shows now
            for button in _all(root, "BUTTON"):
                ev = type("E", (), {"type": "click", "target": button, "preventDefault": lambda self: None})()
                dom._dispatch(ev)
            shown = [i for i in state["items"][:1] if state["twice"]] + state["items"]
            assert clicks == [(i["id"], i["n"], state["lang"]) for i in shown]
            assert sum(1 for _ in dom._handlers) == _count_events(dom._mounted["app"])
    finally:
        fake_dom.uninstall()


def _all(el, tag):
    """The elements named ``tag`` under ``el``, in document order."""
    out = []
    for c in getattr(el, "childNodes", []):
        if isinstance(c, fake_dom.FakeElement):
            if c.tagName.upper() == tag:
                out.append(c)
            out += _all(c, tag)
    return out


def test_an_unchanged_memoised_part_costs_no_dom_call_and_no_walk(page):
    doc, dom, root = page
    calls = []

    def board(cells):
        calls.append(1)
        return dom.h("table", [dom.h("tr", [dom.h("td", c) for c in row]) for row in cells])
    cells = [["x", "o"], ["", "x"]]
    dom.mount("app", dom.h("div", dom.memo("board", board, cells), dom.h("p", "1")))
    dom.reset_stats()
    dom.mount("app", dom.h("div", dom.memo("board", board, [list(r) for r in cells]), dom.h("p", "2")))
    assert len(calls) == 1 and dom.STATS["text"] == 1 and dom.ffi_calls() - dom.STATS["read"] == 1
    dom.mount("app", dom.h("div", dom.memo("board", board, [["o", "o"], ["", "x"]]), dom.h("p", "2")))
    assert len(calls) == 2 and _all(root, "TD")[0].textContent == "o"


def test_a_patch_is_one_call_to_the_page():
    doc, dom = fake_dom.install(batch=True)
    try:
        root = doc.createElement("div")
        root.setAttribute("id", "app")
        doc.body.appendChild(root)
        dom.mount("app", dom.h("p", "start"))
        build = dom.window.clubtableApply
        before = build.calls
        rows = lambda n: dom.h("ul", [dom.h("li", dom.h("b", str(i)), " <x>", key=str(i), title="t") for i in range(n)])
        dom.mount("app", rows(50))
        assert build.calls == before + 1
        assert shape(root) == ("div", {"id": "app"},
                               [("ul", {}, [("li", {"data-key": str(i), "title": "t"}, [("b", {}, [str(i)]), " <x>"])
                                            for i in range(50)])])
        dom.mount("app", rows(51))          # then patched as usual: one row made, in one call
        assert build.calls == before + 2 and len(root.childNodes[0].childNodes) == 51
        # texts, attributes, moves and removals of one update: still one call
        dom.mount("app", dom.h("ul", [dom.h("li", dom.h("b", str(i)), " <y>", key=str(i), title="u")
                                      for i in reversed(range(0, 51, 2))]))
        assert build.calls == before + 3
        assert [c.getAttribute("data-key") for c in root.childNodes[0].childNodes] == [str(i) for i in range(50, -1, -2)]
        dom.mount("app", dom.h("ul", [dom.h("li", dom.h("b", str(i)), " <y>", key=str(i), title="u")
                                      for i in reversed(range(0, 51, 2))]))
        assert build.calls == before + 3    # nothing changed: no call at all
    finally:
        fake_dom.uninstall()


def test_a_countdown_shows_its_seconds_as_it_is_made_or_changed(page):
    """Not at the ticker's next beat, nor by a second call into the page after the patch."""
    doc, dom, root = page
    from clubtable.ui.browser import timers
    timers.now_ms = lambda: 1_000
    clock = lambda deadline, offset=0: dom.h("p", dom.h("span", "", cls="countdown", data_deadline=deadline,
                                                        data_offset=offset))
    span = lambda: root.childNodes[0].childNodes[0].childNodes[0]
    dom.mount("app", dom.h("div", clock(5_000)))
    assert span().textContent == "4"
    span().textContent = "3"                               # the ticker's beat, a second later
    dom.mount("app", dom.h("div", clock(5_000)))           # the same deadline: the ticker keeps it
    assert span().textContent == "3"
    dom.mount("app", dom.h("div", clock(9_000)))
    assert span().textContent == "8"
    dom.mount("app", dom.h("div", clock(9_000, offset=2_000)))   # the host's clock is ahead
    assert span().textContent == "6"
    dom.mount("app", dom.h("div", clock(500)))
    assert span().textContent == "0"


def test_a_countdown_reads_as_a_clock_seconds_with_their_unit_and_minutes_as_m_ss(page):
    """Play-Doh's Cave's question round runs ten minutes: "600 s" read as a number."""
    doc, dom, root = page
    from clubtable.ui.browser import timers
    from clubtable.ui.clock import clock_text
    timers.now_ms = lambda: 0
    assert [clock_text(s) for s in (0, 5, 59, 60, 61, 599, 600, 3600)] == \
        ["0 s", "5 s", "59 s", "1:00", "1:01", "9:59", "10:00", "60:00"]
    assert clock_text(3, unit=False) == "3" and clock_text(-4) == "0 s"
    clock = lambda deadline, **unit: dom.h("p", dom.h("span", "", cls="countdown", data_deadline=deadline, **unit))
    span = lambda: root.childNodes[0].childNodes[0].childNodes[0]
    dom.mount("app", dom.h("div", clock(600_000, data_unit="s")))
    assert span().textContent == "10:00"
    dom.mount("app", dom.h("div", clock(42_000, data_unit="s")))
    assert span().textContent == "42 s"
    dom.mount("app", dom.h("div", clock(3_000)))            # no unit: Wie Waldi!'s count to "Wuff!"
    assert span().textContent == "3"
    # the ticker, at its beats, shows the same as a patch
    attrs = {"data-deadline": "600000", "data-offset": "0", "data-unit": "s"}
    assert [timers.seconds_left(attrs, now) for now in (0, 1, 540_000, 540_001, 599_500)] == \
        ["10:00", "10:00", "1:00", "1:00", "1 s"]


def test_the_root_listens_only_to_the_events_some_element_has_a_handler_for(page):
    # every event a listener hears enters Python (in the page, a third of a millisecond);
    # a tap's pointerdown, pointerup and focusout have no handler on most screens
    doc, dom, root = page
    heard = {}
    root.addEventListener = lambda kind, fn: heard.__setitem__(kind, fn)
    root.removeEventListener = lambda kind, fn: heard.pop(kind) if heard.get(kind) is fn else None
    dom.listen("app")
    assert set(heard) == {"click"}            # a form's submit button needs it, handler or not
    seen = []
    hold = lambda on: dom.h("button", "hold", key="h", on_click=lambda e: None,
                            on_pointerdown=seen.append if on else None, on_keyup=seen.append if on else None)
    dom.mount("app", dom.h("div", [hold(True), dom.h("p", "x")]))
    assert set(heard) == {"click", "pointerdown", "keyup"}
    dom.mount("app", dom.h("div", [hold(False), dom.h("p", "x")]))      # the same element, fewer handlers
    assert set(heard) == {"click"}
    dom.mount("app", dom.h("div", [hold(True)]))
    dom.mount("app", dom.h("p", "gone"))                                # its element left the page
    assert set(heard) == {"click"}
    dom.mount("app", dom.h("div", [hold(True)]))
    target = root.childNodes[0].childNodes[0]
    heard["pointerdown"](type("E", (), {"type": "pointerdown", "target": target})())
    assert len(seen) == 1                      # the shared listener finds the element's handler


def test_a_screen_prepared_out_of_sight_is_shown_by_moving_its_elements(page):
    """``adopt``: what was mounted in a detached root moves into the target, in place of what
    the target showed; nothing is made again, the handlers follow, the old screen's go, and the
    next mount patches only what changed since it was prepared."""
    doc, dom, root = page
    seen = []

    def screen(turn):
        return dom.h("section", dom.h("h1", f"Turn {turn}"),
                     dom.h("ul", [dom.h("li", f"card {i}", key=f"c{i}") for i in range(20)]),
                     dom.h("button", "Play", id="play", on_click=lambda e: seen.append(turn)), id="table")
    dom.mount("app", dom.h("section", dom.h("button", "Ready", id="ready", on_click=lambda e: seen.append("ready")),
                           id="handover"))
    box = dom.detached_root("next")
    dom.mount("next", screen(1))
    made = box.childNodes[0]
    assert doc.getElementById("table") is None           # out of sight: not in the document
    dom.reset_stats()
    assert dom.adopt("app", "next")
    assert dom.STATS["createElement"] == 0 and dom.STATS["createTextNode"] == 0
    assert root.childNodes == [made] and box.childNodes == []
    assert shape(root)[2] == [("section", {"id": "table"}, [
        ("h1", {}, ["Turn 1"]),
        ("ul", {}, [("li", {"data-key": f"c{i}"}, [f"card {i}"]) for i in range(20)]),
        ("button", {"id": "play", "type": "button"}, ["Play"])])]
    assert "next" not in dom._mounted and "next" not in dom._targets and not dom.adopt("app", "next")
    assert len(dom._handlers) == 1                       # Ready's handler left with its screen
    dom._dispatch(_Event("click", doc.getElementById("play")))
    assert seen == [1]
    dom.reset_stats()
    dom.mount("app", screen(2))                          # the state moved on since: one text changes
    assert dom.STATS["createElement"] == 0 and dom.STATS["text"] == 1 and root.childNodes == [made]
    dom._dispatch(_Event("click", doc.getElementById("play")))
    assert seen == [1, 2]
    held = set(dom._targets.values()) | _numbers(dom._mounted["app"], dom)
    assert set(dom._here) - set(dom._gone) - set(dom._spare) <= held
