"""A small DOM layer: build element trees in Python, patch them into the page, route events.

Why not ``innerHTML`` or template strings: text that players type must never be parsed as
HTML.  ``h()`` turns every string child into a *text node*, so a name such as
``<img onerror=…>`` is shown literally.  Attributes are set one by one with
``setAttribute`` (no markup parsing either).

``mount(target, tree)`` patches: it compares the new tree with the one mounted last time on
that target and touches only what changed (attributes, texts, inserted, moved or removed
children).  Children are matched by key — ``key=``/``data_key=``, else ``id`` — and
otherwise by position among siblings of the same tag.  So an unchanged board costs no DOM
call, a focused input keeps its value, caret and IME composition, and a screen reader hears
only what changed.  An element made with ``owned=True`` (a canvas a screen draws itself) is
created once and never touched again while it stays in the tree.

Form state: ``value``/``checked``/``selected`` are written to the element only when the tree
changes them (then the property too, since the attribute alone no longer shows); what the
player typed is otherwise left alone.

Events are delegated: one listener per event type on the root, and elements carry
``data-act="<event>:<key>"``; the key maps to a Python callable.  An element keeps its key
while it lives, so a patch only swaps the callable (no DOM call) and no JavaScript proxy is
ever made per element.  Focus is restored to the element with the same ``id`` or
``data-key`` when the focused one had to be replaced.

A patch is sent to the page as one list of operations, carried out there in one call
(``clubtableApply`` in static/boot.mjs; see "the page's side" below): calls from Python into
the page cost far more than the DOM work itself.

``STATS`` counts the DOM operations the layer asks for (the debug hook reports them to the bench);
``FULL_REBUILD = True`` brings back the old replace-everything mount, for comparison.

This module is the patcher and its event routing only; the rest of the browser (timers,
focus and live regions, the page's address and hooks, clipboard, canvas, the debug hook) is
in ``ui/browser/``, through which this module reaches the page too.
"""
from __future__ import annotations

import bisect
import json
import time
from typing import Any, Callable, Optional

from ..net import trace
from .browser import document, js_object, lasting, timers, window

FULL_REBUILD = False          # measurement only: rebuild every mounted tree from scratch
SVG_NS = "http://www.w3.org/2000/svg"
_FORM_PROPS = ("value", "checked", "selected")

STATS: dict = {}              # DOM operations by kind, calls into the page (batches), mounts/time

_handlers: dict = {}          # (event, key) -> callable
_kinds: dict = {}             # event -> how many handlers for it _handlers holds
_next_key = [0]
_mounted: dict = {}           # mount target id -> the root Node mounted last
_TEXT = object()              # Node.kids marker: the element's only child is its textContent


def reset_stats() -> None:
    STATS.clear()
    STATS.update({"createElement": 0, "createTextNode": 0, "setAttribute": 0, "removeAttribute": 0,
                  "insert": 0, "remove": 0, "text": 0, "prop": 0, "read": 0,
                  "mounts": 0, "mount_ms": 0.0, "renders": 0, "render_ms": 0.0, "batches": 0,
                  "json_ms": 0.0, "page_ms": 0.0, "adopted": 0})


reset_stats()


def set_full_rebuild(on: bool) -> None:
    """Measurement only (``?dom=rebuild``): every mount rebuilds its tree from scratch."""
    global FULL_REBUILD
    FULL_REBUILD = on


def count_render(ms: float) -> None:
    """The shell's whole update (tree building and mount), for the bench."""
    STATS["renders"] += 1
    STATS["render_ms"] += ms


def ffi_calls() -> int:
    """DOM operations asked of the page (all of a patch crosses in one call: ``batches``)."""
    return sum(STATS[k] for k in ("createElement", "createTextNode", "setAttribute", "removeAttribute",
                                  "insert", "remove", "text", "prop", "read"))


class Node:
    """A tree built in Python, turned into DOM at ``mount``.  After mounting, ``ref`` is the
    number the page knows its element by, ``kids`` the numbers of ``children`` (or
    ``_TEXT``) and ``hkey`` the element's handler key."""

    __slots__ = ("tag", "attrs", "children", "events", "owned", "kids", "hkey", "ref")

    def __init__(self, tag: str, attrs: dict, children: list, events: dict, owned: bool = False) -> None:
        self.tag, self.attrs, self.children, self.events = tag, attrs, children, events
        self.owned = owned
        self.kids = None
        self.hkey = None
        self.ref = None


def h(tag: str, *children: Any, **attrs: Any) -> Node:
    """``h("button", "Roll", cls="primary", on_click=fn, aria_label="Roll the dice")``.

    ``cls`` is ``class``; ``aria_x``/``data_x`` become ``aria-x``/``data-x``; ``key`` is
    ``data-key`` (how a patch recognises the element among its siblings); ``owned=True``
    leaves the element to its screen once created; ``on_<event>`` registers a handler;
    ``None``/``False`` attributes and children are skipped; lists of children are flattened.
    A ``button`` is ``type="button"`` unless it says ``type="submit"``.
    """
    events = {}
    clean = {}
    owned = False
    for name, value in attrs.items():
        if value is None or value is False:
            continue
        dom_name = _ATTR_NAMES.get(name)
        if dom_name is None:
            dom_name = _ATTR_NAMES[name] = _attr_name(name)
        if dom_name is _EVENT:
            events[name[3:]] = value
            continue
        clean[dom_name] = "" if value is True else str(value)
    if "data-owned" in clean:
        owned = True
    if tag == "button" and "type" not in clean:
        # A button submits its form only when it says so: a patched page keeps the clicked
        # button in the form, so a default "submit" would now really submit.
        clean["type"] = "button"
    flat: list = []
    _flatten(children, flat)
    return Node(tag, clean, flat, events, owned)


_EVENT = object()             # _ATTR_NAMES: an ``on_<event>`` keyword
_ATTR_NAMES: dict = {}        # h()'s keyword -> the attribute's name (worked out once per keyword)


def _attr_name(name: str) -> Any:
    if name.startswith("on_"):
        return _EVENT
    return {"owned": "data-owned", "cls": "class", "html_for": "for", "key": "data-key"}.get(name) \
        or name.replace("_", "-")


def _flatten(items, out: list) -> None:
    for c in items:
        kind = c.__class__
        if kind is Node or kind is str:
            out.append(c)
        elif c is None or c is False:
            continue
        elif isinstance(c, (list, tuple)):
            _flatten(c, out)
        elif isinstance(c, Node):
            out.append(c)
        else:
            out.append(str(c))


_memos: dict = {}             # memo key -> (args, Node): the last tree each memoised part made
MAX_MEMOS = 512               # parts remembered (the oldest are forgotten beyond this)


def memo(key: Any, fn: Callable[..., Any], *args: Any) -> Any:
    """``fn(*args)``, memoised on ``args``: while they are equal (``==``) to the last call's
    under the same ``key``, the very Node made then is returned, and a patch passes over it
    without looking inside (the page already shows it).  So a part of a screen that did not
    change costs one comparison per move.

    ``args`` must hold everything the part shows *and* everything its handlers read when
    called (the language too: pass ``ctx.lang``); ``fn`` must be pure on them (it only
    draws).  ``key`` names the place: two places showing the same part use two keys (a Node
    shown twice is copied, which is correct but gains nothing)."""
    hit = _memos.get(key)
    if hit is not None and hit[0] == args:
        return hit[1]
    node = fn(*args)
    if hit is None and len(_memos) >= MAX_MEMOS:
        del _memos[next(iter(_memos))]
    _memos[key] = (args, node)
    return node


# --------------------------------------------------------------------------- the page's side
# A patch is a list of operations the page carries out in ONE call (``clubtableApply`` in
# static/boot.mjs): a call from Python into the page costs far more than the DOM work it asks
# for (tens of microseconds each, on a phone more), so a screen update crosses once instead of
# once per element, attribute and text.  The page keeps the nodes it made in a table; Python
# names them by number (``Node.ref``; an element's children's numbers are its ``kids``):
#
#   ["R", n, id]           node n is the element with this id (the mount target; none: body)
#   ["N", spec]            make a subtree: a text is [n, text]; an element is
#                          [n, tag, svg, {attribute: value}, text] or [n, tag, svg, {…}, null, [specs]]
#   ["I", parent, n, ref]  insert node n before node ref (-1: at the end)
#   ["X", parent, n]       remove node n
#   ["A", n, name, value] / ["D", n, name]   set / remove an attribute
#   ["T", n, text]         an element's whole text;  ["S", n, text]  a text node's text
#   ["V", n, value]        the value property, written only when it differs (a caret stays)
#   ["P", n, name, bool]   a boolean property (checked, selected)
#   ["C", n, [children]]   replace all of n's children
#   ["F", [n, …]]          forget these numbers (their nodes left the page)
#
# Texts become text nodes and attributes are set one by one: nothing is parsed as markup.
# When the patch took the focus away (its element moved or was replaced), the page gives it
# back to the same element, or to its successor (same id, else same data-key).
_ops: list = []               # the patch being made
_gone: list = []              # numbers of the nodes that left the page in it (free after it)
_spare: list = []             # numbers free for new nodes
_last_ref = [0]
_targets: dict = {}           # mount target id -> its number
_applier: list = []           # window.clubtableApply, once looked up
_here: dict = {}              # number -> node, when this module carries out patches itself
# While a handler runs: [the element whose handler it is, its handler key], and, when the
# patch takes that element out of the page, its Node (``_release``).  Removing the focused
# element made Chromium clear the focus at once, a style and layout pass in the middle of the
# patch (the frame then laid the page out again): the button just clicked is blurred before
# the patch instead, while the page is still laid out, and its successor focused after it.
_acting: list = []
_quiet: list = []             # non-empty while this module blurs: the events that fires are not the player's
_no_scroll: list = []         # {preventScroll: true}, made once


def _ref() -> int:
    if _spare:
        return _spare.pop()
    _last_ref[0] += 1
    return _last_ref[0]


def _page_apply():
    """``window.clubtableApply``, or None (an older page, a test's document without it)."""
    if not _applier:
        _applier.append(getattr(window, "clubtableApply", None))
    return _applier[0]


def _send() -> None:
    """Have the page carry out the patch (one call), then reuse the numbers it freed."""
    try:
        if _gone:
            _ops.append(["F", list(_gone)])
        if _ops:
            STATS["batches"] += 1
            apply = _page_apply()
            trace.mark("mount.diffed")
            t0 = time.perf_counter()
            leaving = _blur_leaving()
            if apply is not None:
                # ASCII with escapes: any Python string (even a lone surrogate) crosses as valid text
                text = json.dumps(_ops, separators=(",", ":"))
                t1 = time.perf_counter()
                apply(text)
            else:
                t1 = t0
                _apply_here(_ops)
            if leaving is not None:
                _focus_successor(leaving)
            trace.mark("mount.page")
            STATS["json_ms"] += (t1 - t0) * 1000
            STATS["page_ms"] += (time.perf_counter() - t1) * 1000
    finally:
        _spare.extend(_gone)
        _gone.clear()
        _ops.clear()
        _sync_listeners()


def _apply_here(ops: list) -> None:
    """What ``clubtableApply`` does, one DOM call at a time (a page without it, and the
    tests' stand-in document)."""
    nodes = _here
    root = document.body
    had = _focused()
    for op in ops:
        kind = op[0]
        if kind == "R":
            root = nodes[op[1]] = _detached.get(op[2]) or document.getElementById(op[2]) or document.body
        elif kind == "N":
            _make_here(op[1])
        elif kind == "I":
            nodes[op[1]].insertBefore(nodes[op[2]], nodes[op[3]] if op[3] >= 0 else None)
        elif kind == "X":
            nodes[op[1]].removeChild(nodes[op[2]])
        elif kind == "A":
            nodes[op[1]].setAttribute(op[2], op[3])
        elif kind == "D":
            nodes[op[1]].removeAttribute(op[2])
        elif kind == "T":
            nodes[op[1]].textContent = op[2]
        elif kind == "S":
            nodes[op[1]].data = op[2]
        elif kind == "V":
            if str(nodes[op[1]].value) != op[2]:
                nodes[op[1]].value = op[2]
        elif kind == "P":
            setattr(nodes[op[1]], op[2], op[3])
        elif kind == "C":
            nodes[op[1]].replaceChildren(*[nodes[n] for n in op[2]])
        elif kind == "F":
            for n in op[1]:
                nodes.pop(n, None)
    _restore_focus(root, had)


def _make_here(spec):
    if len(spec) == 2:
        node = document.createTextNode(spec[1])
    else:
        node = document.createElementNS(SVG_NS, spec[1]) if spec[2] else document.createElement(spec[1])
        for name, value in spec[3].items():
            node.setAttribute(name, value)
        if len(spec) == 5:
            node.textContent = spec[4]
        else:
            for child in spec[5]:
                node.appendChild(_make_here(child))
    _here[spec[0]] = node
    return node


def _focused():
    """The focused element, or None when focus is on the page body."""
    el = document.activeElement
    if not el or str(el.tagName).upper() == "BODY":
        return None
    return el


def _restore_focus(root, active) -> None:
    """Focus was lost in the patch (its element moved, or was replaced): focus it again, or
    its successor (same id, else same data-key)."""
    if active is None or _focused() is not None:
        return
    again = None
    if active.isConnected:
        again = active
    else:
        focus_id = active.id
        if focus_id:
            again = document.getElementById(focus_id)
        if not again:
            key = active.getAttribute("data-key")
            if key:
                again = root.querySelector(_key_selector(key))
    if again:
        again.focus()


def _key_selector(key) -> str:
    """The selector of the element with this ``data-key``: quoted, since a key may hold
    any text (a player's name, a word)."""
    quoted = str(key).replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\a ")
    return f'[data-key="{quoted}"]'


def _blur_leaving() -> Optional[Node]:
    """The element whose handler runs leaves the page in this patch, and has the focus:
    blur it now (the page's own restore then has nothing to do), and return its Node (its id
    and data-key name its successor); else None.  The events the blur fires (focusout: "hold
    to show" redraws on it) are not dispatched: the element is leaving, not the player."""
    if len(_acting) < 3:
        return None
    el, node = _acting[0], _acting.pop()
    STATS["read"] += 1
    if document.activeElement != el:
        return None
    _quiet.append(True)
    try:
        STATS["prop"] += 1
        el.blur()
    finally:
        _quiet.pop()
    return node


def _focus_successor(node: Node) -> None:
    """After the patch: focus the blurred element's successor (the same id, else the same
    data-key in the screen the patch drew), without scrolling (a scroll lays the page out)."""
    STATS["read"] += 1
    if document.activeElement != document.body:
        return                      # a handler moved the focus on purpose
    again = None
    if node.attrs.get("id"):
        STATS["read"] += 1
        again = document.getElementById(node.attrs["id"])
    key = node.attrs.get("data-key")
    if not again and key is not None and _ops and _ops[0][0] == "R":
        STATS["read"] += 1
        again = document.querySelector(f'#{_ops[0][2]} {_key_selector(key)}')
    if again:                       # (the page's null is falsy, not None)
        if not _no_scroll:
            _no_scroll.append(js_object({"preventScroll": True}))
        STATS["prop"] += 1
        again.focus(_no_scroll[0])


# --------------------------------------------------------------------------- building
def _build(node: Any, svg: bool = False) -> int:
    """Have the page make ``node`` (an element with its subtree, or a text); its number."""
    spec = _spec(node, svg)
    _ops.append(["N", spec])
    return spec[0]


def _spec(node: Any, svg: bool) -> list:
    """``node`` as the page's ``N`` operation reads it; numbers every node made."""
    n = _ref()
    if not isinstance(node, Node):
        STATS["createTextNode"] += 1
        return [n, node]
    node.ref = n
    svg = svg or node.tag == "svg"
    STATS["createElement"] += 1
    attrs = node.attrs
    STATS["setAttribute"] += len(attrs)
    if node.events:
        node.hkey = _new_hkey()
        attrs = dict(attrs)
        attrs["data-act"] = _bind(node)
        STATS["setAttribute"] += 1
    kids = node.children
    if len(kids) == 1 and not isinstance(kids[0], Node):
        STATS["text"] += 1
        node.kids = _TEXT
        return [n, node.tag, 1 if svg else 0, attrs, timers.seconds_left(attrs) if _is_countdown(node) else kids[0]]
    node.kids = refs = []
    out = []
    for i, child in enumerate(kids):
        if isinstance(child, Node) and child.kids is not None:
            child = kids[i] = _fresh(child)
        spec = _spec(child, svg)
        refs.append(spec[0])
        STATS["insert"] += 1
        out.append(spec)
    return [n, node.tag, 1 if svg else 0, attrs, None, out]


def copy(node: Any) -> Any:
    """A new Node showing what ``node`` shows: a picture built once and shown in many places
    (a Node is shown in one place; copying it is cheaper than building it again)."""
    return _fresh(node) if isinstance(node, Node) else node


def _fresh(node: Node) -> Node:
    """An unmounted copy of a Node that is already shown somewhere else."""
    return Node(node.tag, node.attrs, [_fresh(c) if isinstance(c, Node) else c for c in node.children],
                node.events, node.owned)


def _new_hkey() -> str:
    _next_key[0] += 1
    return f"h{_next_key[0]}"


def _bind(node: Node) -> str:
    """Point the element's handler key at this render's callables; its ``data-act``."""
    for event, fn in node.events.items():
        key = (event, node.hkey)
        if key not in _handlers:
            _kinds[event] = _kinds.get(event, 0) + 1
        _handlers[key] = fn
    return " ".join(f"{event}:{node.hkey}" for event in node.events)


def _drop_handler(key) -> None:
    if _handlers.pop(key, None) is not None:
        _kinds[key[0]] -= 1


def _release(node: Any) -> None:
    """A subtree leaves the page: forget its handlers, free its numbers (no DOM call)."""
    if not isinstance(node, Node):
        return
    if node.hkey:
        for event in node.events:
            _drop_handler((event, node.hkey))
        if _acting and node.hkey == _acting[1] and len(_acting) == 2:
            _acting.append(node)         # the element being handled leaves: see _blur_leaving
    if node.ref is not None and node.tag != "#root":
        _gone.append(node.ref)
    kids = node.kids
    for i, child in enumerate(node.children):
        if isinstance(child, Node):
            _release(child)
        elif kids is not None and kids is not _TEXT:
            _gone.append(kids[i])


def _drop(child: Any, ref: int) -> None:
    """The child numbered ``ref`` leaves the page."""
    if isinstance(child, Node):
        _release(child)
    else:
        _gone.append(ref)


# --------------------------------------------------------------------------- patching
def _same_kind(a: Any, b: Any) -> bool:
    if isinstance(a, Node):
        return isinstance(b, Node) and a.tag == b.tag and a.owned == b.owned
    return not isinstance(b, Node)


def _key(node: Any) -> Optional[str]:
    if not isinstance(node, Node):
        return None
    k = node.attrs.get("data-key")
    if k is not None:
        return "k" + k
    i = node.attrs.get("id")
    return None if i is None else "#" + i


def _patch(old: Node, new: Node, el: int, svg: bool) -> None:
    """Make node ``el`` (showing ``old``) show ``new``: same tag, so only differences are written."""
    if old is new:         # a memoised subtree (see ``memo``): shown already, nothing to do
        return
    new.ref = el
    if old.owned:          # the screen's own element: created once, then left alone
        new.attrs, new.children, new.kids = old.attrs, old.children, old.kids
        _patch_events(old, new, el)
        return
    svg = svg or new.tag == "svg"
    oa, na = old.attrs, new.attrs
    changed = oa != na
    if changed:
        for name, value in na.items():
            if oa.get(name) != value:
                STATS["setAttribute"] += 1
                _ops.append(["A", el, name, value])
                if name in _FORM_PROPS:
                    # the tree changed a form value: show it (the attribute is only the default)
                    STATS["prop"] += 1
                    _ops.append(["V", el, value] if name == "value" else ["P", el, name, True])
        for name in oa:
            if name not in na:
                STATS["removeAttribute"] += 1
                _ops.append(["D", el, name])
                if name in ("checked", "selected"):
                    STATS["prop"] += 1
                    _ops.append(["P", el, name, False])
    # The checks below spare a call per element in the common cases (no handlers; a text
    # only, the same or changed): a patch passes every element of a screen, and in the page a
    # Python call costs more than the check.
    if new.events or old.hkey:
        _patch_events(old, new, el)
    nc = new.children
    if old.kids is _TEXT and len(nc) == 1 and nc[0].__class__ is str:
        new.kids = _TEXT
        if old.children[0] != nc[0]:
            STATS["text"] += 1
            _ops.append(["T", el, nc[0]])
    else:
        _patch_children(el, old, new, svg)
    if changed and _is_countdown(new) and any(oa.get(a) != na.get(a) for a in timers.COUNTDOWN_ATTRS):
        STATS["text"] += 1
        _ops.append(["T", el, timers.seconds_left(na)])


def _is_countdown(node: Node) -> bool:
    """A live seconds-left element (``ScreenContext.countdown``): its text is the ticker's."""
    return "data-deadline" in node.attrs and node.children == [""]


def _patch_events(old: Node, new: Node, el: int) -> None:
    if not new.events:
        if old.hkey:
            _release_events(old)
            STATS["removeAttribute"] += 1
            _ops.append(["D", el, "data-act"])
        return
    new.hkey = old.hkey or _new_hkey()
    for event in old.events:
        if event not in new.events:
            _drop_handler((event, new.hkey))
    acts = _bind(new)
    if old.hkey is None or list(old.events) != list(new.events):
        STATS["setAttribute"] += 1
        _ops.append(["A", el, "data-act", acts])


def _release_events(node: Node) -> None:
    for event in node.events:
        _drop_handler((event, node.hkey))


def _patch_children(el: int, old: Node, new: Node, svg: bool) -> None:
    oc, nc = old.children, new.children
    ok = old.kids
    if len(nc) == 1 and not isinstance(nc[0], Node):            # text only
        _patch_to_text(el, oc, ok, nc[0])
        new.kids = _TEXT
        return
    if ok is _TEXT:
        STATS["text"] += 1
        _ops.append(["T", el, ""])
        oc, ok = [], []
    if not oc and not nc:
        new.kids = []
        return
    if len(oc) == len(nc) and _pairwise(oc, nc):
        # The common case: the same children in the same places (texts and attributes may
        # differ); each is patched where it stands, with no matching and no moving.
        for i, c in enumerate(nc):
            o = oc[i]
            if c.__class__ is Node:
                if c is not o:       # else a memoised subtree, shown already
                    _patch(o, c, ok[i], svg)
            elif o != c:
                STATS["text"] += 1
                _ops.append(["S", ok[i], c])
        new.kids = list(ok)
        return
    source = _match(oc, nc)
    taken = set(source)
    for j, c in enumerate(oc):
        if j not in taken:
            STATS["remove"] += 1
            _ops.append(["X", el, ok[j]])
            _drop(c, ok[j])
    new.kids = _place(oc, ok, nc, source, svg)
    _order(el, new.kids, source)


def _patch_to_text(el: int, oc: list, ok: Any, text: str) -> None:
    """The element's only child is now the text ``text``."""
    if ok is _TEXT:
        if oc[0] != text:
            STATS["text"] += 1
            _ops.append(["T", el, text])
        return
    for i, c in enumerate(oc):
        _drop(c, ok[i])
    STATS["text"] += 1
    _ops.append(["T", el, text])


def _match(oc: list, nc: list) -> list:
    """For each new child, the index of the old child it reuses, or -1: by key first, then
    each remaining child by position among the old children of its own tag."""
    keyed: dict = {}
    loose: dict = {}
    for j, c in enumerate(oc):
        k = _key(c)
        if k is not None and k not in keyed:
            keyed[k] = j
        else:
            loose.setdefault(c.tag if isinstance(c, Node) else "#", []).append(j)
    taken = [False] * len(oc)
    cursor: dict = {}
    source = []
    for c in nc:
        k = _key(c)
        j = -1
        if k is not None:
            j = keyed.get(k, -1)
            if j >= 0 and (taken[j] or not _same_kind(oc[j], c)):
                j = -1
        else:
            kind = c.tag if isinstance(c, Node) else "#"
            queue = loose.get(kind)
            if queue:
                p = cursor.get(kind, 0)
                while p < len(queue) and (taken[queue[p]] or not _same_kind(oc[queue[p]], c)):
                    p += 1
                if p < len(queue):
                    j = queue[p]
                    cursor[kind] = p + 1
        if j >= 0:
            taken[j] = True
        source.append(j)
    return source


def _place(oc: list, ok: list, nc: list, source: list, svg: bool) -> list:
    """Build the new children that reuse no old one and patch the others in their old
    elements; the new children's numbers, in order."""
    kids = []
    for i, c in enumerate(nc):
        j = source[i]
        if isinstance(c, Node) and c.kids is not None and (j < 0 or oc[j] is not c):
            c = nc[i] = _fresh(c)          # one Node shown twice: each place gets its own
        if j < 0:
            kids.append(_build(c, svg))
        else:
            ref = ok[j]
            if isinstance(c, Node):
                _patch(oc[j], c, ref, svg)
            elif oc[j] != c:
                STATS["text"] += 1
                _ops.append(["S", ref, c])
            kids.append(ref)
    return kids


def _pairwise(oc: list, nc: list) -> bool:
    """Each new child can take the place of the old one at its position: same kind, same
    key, and not a Node already shown elsewhere (a memoised one may be shown once only)."""
    for o, n in zip(oc, nc):
        if n.__class__ is Node:
            if o.__class__ is not Node or o.tag != n.tag or o.owned != n.owned:
                return False
            if n.kids is not None and n is not o:
                return False
            oa, na = o.attrs, n.attrs
            if oa.get("data-key") != na.get("data-key") or oa.get("id") != na.get("id"):
                return False
        elif o.__class__ is Node:
            return False
    return True


def _order(el: int, kids: list, source: list) -> None:
    """Put ``kids`` in order with few DOM calls: the reused children along the longest run
    already in order stay; only new children and the others are inserted (from the end, so
    each one's next sibling is already in place)."""
    stay = _longest_run(source)
    ref = -1
    for i in range(len(kids) - 1, -1, -1):
        if i not in stay:
            STATS["insert"] += 1
            _ops.append(["I", el, kids[i], ref])
        ref = kids[i]


def _longest_run(source: list) -> set:
    """Positions of a longest increasing run of old indices (``-1``: new, never in it)."""
    tails: list = []          # tails[k]: position ending the best run of length k + 1
    back = [-1] * len(source)
    values: list = []
    for i, j in enumerate(source):
        if j < 0:
            continue
        k = bisect.bisect_left(values, j)
        back[i] = tails[k - 1] if k else -1
        if k == len(values):
            values.append(j)
            tails.append(i)
        else:
            values[k] = j
            tails[k] = i
    out = set()
    i = tails[-1] if tails else -1
    while i >= 0:
        out.add(i)
        i = back[i]
    return out


# --------------------------------------------------------------------------- mounting
def mount(target, tree: Any) -> None:
    """Show ``tree`` (a Node or a list) in ``target`` (an element's id, or the element),
    patching what was mounted there before, in one call to the page (none when nothing
    changed); focus stays where it was."""
    t0 = time.perf_counter()
    name = target if isinstance(target, str) else str(target.id or "body")
    root = Node("#root", {}, [], {})
    _flatten(tree if isinstance(tree, list) else [tree], root.children)
    n = _targets.get(name)
    if n is None:
        n = _targets[name] = _ref()
    root.ref = n
    old = _mounted.get(name)
    try:
        if old is None or FULL_REBUILD:
            if old is not None:
                _release(old)
            root.kids = [_build(child) for child in root.children]
            STATS["insert"] += 1
            _ops.append(["C", n, root.kids])
        else:
            _patch_children(n, old, root, False)
        _mounted[name] = root
        if _ops:
            # bound at every patch: cheap, and a page may have replaced the element
            _ops.insert(0, ["R", n, name])
        _send()
    finally:
        _ops.clear()
    STATS["mounts"] += 1
    STATS["mount_ms"] += (time.perf_counter() - t0) * 1000


_detached: dict = {}          # name -> an element outside the document that trees are mounted in


def _tell_detached(name: str, el) -> None:
    """The page's patch helper learns (``el``) or forgets (None) a detached root's name."""
    tell = getattr(window, "clubtableDetached", None)
    if tell is not None:
        tell(name, el)


def detached_root(name: str):
    """A new element outside the document to mount trees in, as ``name``: nothing drawn
    there is seen, found by id or focused."""
    el = _detached[name] = document.createElement("div")
    _tell_detached(name, el)
    return el


def adopt(target: str, source: str) -> bool:
    """Move what is mounted in the detached root ``source`` into ``target``, in place of
    what ``target`` showed: its elements move, none is made again (one call to the page);
    ``source`` is forgotten.  A screen prepared out of sight in idle time is shown this way;
    the next ``mount(target, …)`` then patches only what changed since.  False (and
    nothing done) when ``source`` holds nothing."""
    tree = _mounted.get(source)
    if tree is None or source not in _detached or not isinstance(tree.kids, list):
        return False
    del _mounted[source]
    _tell_detached(source, None)
    del _detached[source]
    _gone.append(_targets.pop(source))
    n = _targets.get(target)
    if n is None:
        n = _targets[target] = _ref()
    old = _mounted.get(target)
    if old is not None:
        _release(old)
    tree.ref = n
    _mounted[target] = tree
    try:
        _ops.append(["R", n, target])
        _ops.append(["C", n, list(tree.kids)])
        STATS["insert"] += 1
        STATS["adopted"] += 1
        _send()
    finally:
        _ops.clear()
    return True


def unmount(target: str) -> None:
    """Forget what was mounted in ``target`` (its handlers and numbers), and a detached
    root's name."""
    if _detached.pop(target, None) is not None:
        _tell_detached(target, None)
    old = _mounted.pop(target, None)
    if old is not None:
        _release(old)
    n = _targets.pop(target, None)
    if n is not None:
        _gone.append(n)
    if _gone:
        _send()             # the page forgets the numbers; they are free again


def forget_memos() -> None:
    """Drop every remembered part (``memo``): the next draw builds all of it again."""
    _memos.clear()


# --------------------------------------------------------------------------- events
_HANDLES: dict = {}           # event type -> the selector of elements with a handler for it


def _handles(kind: str) -> str:
    sel = _HANDLES.get(kind)
    if sel is None:        # a token of data-act: the first, or one after a space
        sel = _HANDLES[kind] = f'[data-act^="{kind}:"],[data-act*=" {kind}:"]'
    return sel


def _dispatch(event) -> None:
    if _quiet:
        return
    kind = str(event.type)
    target = event.target
    if not getattr(target, "closest", None):
        return
    # one call into the page finds the nearest element with a handler for this event (a
    # walk up the tree cost three calls per level: a key press deep in a form, tens of calls)
    sel = _handles(kind)
    el = target.closest(sel)
    while el:
        key = _handler_key(el, kind)
        fn = _handlers.get((kind, key)) if key else None
        if fn is not None:
            if kind == "submit":
                event.preventDefault()
            _acting[:] = [el, key]
            try:
                fn(event)
            finally:
                _acting.clear()
            return
        parent = el.parentElement
        el = parent.closest(sel) if parent else None
    if kind == "click":
        _submit_at_once(event, target)


def _handler_key(el, kind: str) -> Optional[str]:
    """The element's handler key for events of ``kind`` (its ``data-act`` names it), or None."""
    for pair in str(el.getAttribute("data-act") or "").split():
        name, key = pair.split(":", 1)
        if name == kind:
            return key
    return None


def _handler_of(el, kind: str) -> Optional[Callable]:
    """The element's live handler for events of ``kind``, or None."""
    key = _handler_key(el, kind)
    return _handlers.get((kind, key)) if key else None


def _submit_at_once(event, target) -> None:
    """A click on a form's submit button is the form's submission: its handler runs now,
    in this event.  Left to the browser, the click's default action fired a second event
    after laying the page out (a millisecond of a move's way, measured).  A form whose
    fields do not pass the browser's checks is left to the browser, which says why."""
    button = target.closest("button,input")
    if not button or str(button.type) != "submit":
        return
    form = button.form
    fn = _handler_of(form, "submit") if form else None
    if fn is not None and form.checkValidity():
        event.preventDefault()
        fn(event)


def listen(root_id, events=("click", "input", "change", "submit", "keydown", "keyup", "dragstart", "dragover", "drop",
                            "pointerdown", "pointerup", "pointercancel", "focusout")) -> None:
    """Install the delegating listeners on ``root_id``: for a click always (a form's submit
    button needs it, handler or not); for the other events while some element has a
    handler for them (``_sync_listeners``, after each patch).  Each event a listener hears
    enters Python, a third of a millisecond on this machine even when no handler answers:
    a tap is pointerdown, pointerup, focusout and click, and only the click has handlers on
    most screens."""
    _root[:] = [document.getElementById(root_id) if root_id else document.body]
    _listener[:] = [lasting(_dispatch)]
    for ev in events:
        _listening[ev] = None
    _root[0].addEventListener("click", _listener[0])
    _listening["click"] = _listener[0]
    _sync_listeners()


_root: list = []              # the element the delegating listeners are on
_listener: list = []          # the one proxy of _dispatch they all are
_listening: dict = {}         # event type -> the listener while it is on the root, else None


def _sync_listeners() -> None:
    """A listener for each event type some element has a handler for, none for the others
    (the click's stays).  Cheap when nothing changed: no call into the page."""
    if not _root:
        return
    for kind, fn in _listening.items():
        want = _kinds.get(kind, 0) > 0
        if kind == "click" or (fn is not None) == want:
            continue
        if want:
            _root[0].addEventListener(kind, _listener[0])
            _listening[kind] = _listener[0]
        else:
            _root[0].removeEventListener(kind, fn)
            _listening[kind] = None


def value_of(event) -> str:
    return str(event.target.value)


def target_tag(event) -> str:
    """The lower-case tag of the element an event came to ("" for the document or the window):
    a key handler leaves a focused control's own keys to it."""
    return str(getattr(getattr(event, "target", None), "tagName", "") or "").lower()


def checked_of(event) -> bool:
    return bool(event.target.checked)
