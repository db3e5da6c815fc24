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
"""
from __future__ import annotations

import bisect
import json
import time
from typing import Any, Callable, Optional

import js as window                    # on the page's thread what pyscript.window is
from js import document
from pyodide.ffi import create_proxy, to_js

from ..net import trace

FULL_REBUILD = False          # measurement only: rebuild every mounted tree from scratch
SVG_NS = "http://www.w3.org/2000/svg"
_FORM_PROPS = ("value", "checked", "selected")
_COUNTDOWN = ("data-deadline", "data-offset")

STATS: dict = {}              # DOM operations by kind, calls into the page (batches), mounts/time

_handlers: dict = {}          # (event, key) -> callable
_next_key = [0]
_listeners: list = []
_mounted: dict = {}           # mount target id -> the root Node mounted last
_TEXT = object()              # Node.kids marker: the element's only child is its textContent


def reset_stats() -> None:
    STATS.clear()
    STATS.update({"createElement": 0, "createTextNode": 0, "setAttribute": 0, "removeAttribute": 0,
                  "insert": 0, "remove": 0, "text": 0, "prop": 0, "read": 0,
                  "mounts": 0, "mount_ms": 0.0, "renders": 0, "render_ms": 0.0, "batches": 0,
                  "json_ms": 0.0, "page_ms": 0.0})


reset_stats()


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
            if apply is not None:
                # ASCII with escapes: any Python string (even a lone surrogate) crosses as valid text
                text = json.dumps(_ops, separators=(",", ":"))
                t1 = time.perf_counter()
                apply(text)
            else:
                t1 = t0
                _apply_here(_ops)
            trace.mark("mount.page")
            STATS["json_ms"] += (t1 - t0) * 1000
            STATS["page_ms"] += (time.perf_counter() - t1) * 1000
    finally:
        _spare.extend(_gone)
        _gone.clear()
        _ops.clear()


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
                again = root.querySelector(f'[data-key="{key}"]')
    if again:
        again.focus()


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
        return [n, node.tag, 1 if svg else 0, attrs, _seconds_left(attrs) if _is_countdown(node) else kids[0]]
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
        _handlers[(event, node.hkey)] = fn
    return " ".join(f"{event}:{node.hkey}" for event in node.events)


def _release(node: Any) -> None:
    """A subtree leaves the page: forget its handlers, free its numbers (no DOM call)."""
    if not isinstance(node, Node):
        return
    if node.hkey:
        for event in node.events:
            _handlers.pop((event, node.hkey), None)
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
    if oa != na:
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
    _patch_events(old, new, el)
    _patch_children(el, old, new, svg)
    if oa != na and _is_countdown(new) and any(oa.get(a) != na.get(a) for a in _COUNTDOWN):
        STATS["text"] += 1
        _ops.append(["T", el, _seconds_left(na)])


def _is_countdown(node: Node) -> bool:
    """A live seconds-left element (``ScreenContext.countdown``): its text is the ticker's."""
    return "data-deadline" in node.attrs and node.children == [""]


def _seconds_left(attrs: dict, now: Optional[int] = None) -> str:
    """A countdown's seconds left on the host's clock (``data-offset``: how far it is ahead of
    this tab's), rounded up: shown as the element is made, then by the ticker."""
    try:
        deadline, offset = int(attrs["data-deadline"]), int(attrs.get("data-offset") or 0)
    except ValueError:
        return ""
    return str(max(0, (deadline - ((now_ms() if now is None else now) + offset) + 999) // 1000))


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
            _handlers.pop((event, new.hkey), None)
    acts = _bind(new)
    if old.hkey is None or list(old.events) != list(new.events):
        STATS["setAttribute"] += 1
        _ops.append(["A", el, "data-act", acts])


def _release_events(node: Node) -> None:
    for event in node.events:
        _handlers.pop((event, node.hkey), None)


def _patch_children(el: int, old: Node, new: Node, svg: bool) -> None:
    oc, nc = old.children, new.children
    ok = old.kids
    if len(nc) == 1 and not isinstance(nc[0], Node):            # text only
        if ok is _TEXT:
            if oc[0] != nc[0]:
                STATS["text"] += 1
                _ops.append(["T", el, nc[0]])
        else:
            for i, c in enumerate(oc):
                _drop(c, ok[i])
            STATS["text"] += 1
            _ops.append(["T", el, nc[0]])
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
                _patch(o, c, ok[i], svg)
            elif o != c:
                STATS["text"] += 1
                _ops.append(["S", ok[i], c])
        new.kids = list(ok)
        return
    # Match: by key first, then each remaining child by position among its own tag.
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
    source = []                 # for each new child: the old index it reuses, or -1
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
    for j, c in enumerate(oc):
        if not taken[j]:
            STATS["remove"] += 1
            _ops.append(["X", el, ok[j]])
            _drop(c, ok[j])
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
    new.kids = kids
    _order(el, kids, source)


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
    kind = str(event.type)
    target = event.target
    if not getattr(target, "closest", None):
        return
    # one call into the page finds the nearest element with a handler for this event (a
    # walk up the tree cost three calls per level: a key press deep in a form, tens of calls)
    sel = _handles(kind)
    el = target.closest(sel)
    while el:
        fn = _handler_of(el, kind)
        if fn is not None:
            if kind == "submit":
                event.preventDefault()
            fn(event)
            return
        parent = el.parentElement
        el = parent.closest(sel) if parent else None
    if kind == "click":
        _submit_at_once(event, target)


def _handler_of(el, kind: str) -> Optional[Callable]:
    """The element's live handler for events of ``kind`` (its ``data-act`` names it), or None."""
    for pair in str(el.getAttribute("data-act") or "").split():
        name, key = pair.split(":", 1)
        if name == kind:
            return _handlers.get((name, key))
    return None


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
    """Install the delegating listeners once, on ``root_id``."""
    root = document.getElementById(root_id) if root_id else document.body
    for ev in events:
        proxy = create_proxy(_dispatch)
        _listeners.append(proxy)  # keep a reference, or the proxy is destroyed
        root.addEventListener(ev, proxy)


def page_hidden() -> bool:
    """The page is in the background (another tab, a minimised window, a phone's other app)."""
    return str(window.document.visibilityState) == "hidden"


def on_window(event: str, fn: Callable) -> None:
    proxy = create_proxy(fn)
    _listeners.append(proxy)
    window.addEventListener(event, proxy)


# --------------------------------------------------------------------------- small helpers
def by_id(element_id: str):
    return document.getElementById(element_id)


def set_text(element_id: str, text: str) -> None:
    el = document.getElementById(element_id)
    if el:
        el.textContent = text


def input_value(element_id: str) -> str:
    """The current text of an input (what the player typed), or ``""``."""
    el = document.getElementById(element_id)
    return str(el.value) if el else ""


def value_of(event) -> str:
    return str(event.target.value)


def checked_of(event) -> bool:
    return bool(event.target.checked)


_soon: dict = {}              # number -> what ``later`` runs
_soon_key = [0]
_soon_proxy: list = []


def _run_soon(key) -> None:
    fn = _soon.pop(int(key), None)
    if fn is not None:
        fn()


def later(ms: int, fn: Callable) -> None:
    """Run ``fn`` once after ``ms``.  One lasting proxy serves every call (the timer passes it
    a number): making and dropping a proxy per call cost more than the rest (76 µs, measured)."""
    if not _soon_proxy:
        _soon_proxy.append(create_proxy(_run_soon))
    _soon_key[0] += 1
    _soon[_soon_key[0]] = fn
    window.setTimeout(_soon_proxy[0], ms, _soon_key[0])


_after_task: list = []        # what runs in the task after this one (one timer for all of it)


def soon(fn: Callable) -> None:
    """Run ``fn`` in the task after this one: work the screen does not wait for (saving,
    a word to screen readers, scrolling to news) leaves a move's task, so the page shows
    the move first.  Everything asked for in one task shares one timer."""
    if not _after_task:
        later(0, _run_after_task)
    _after_task.append(fn)


def _run_after_task() -> None:
    due = list(_after_task)
    _after_task.clear()
    for fn in due:
        try:
            fn()
        except Exception as e:  # one failing step must not stop the others
            print("deferred step failed:", repr(e))


_idle_proxy: list = []
_idle_due: list = []          # what waits for the page's idle time, oldest first


def when_idle(fn: Callable, timeout_ms: int = 2000) -> None:
    """Run ``fn(ms_left)`` when the page has nothing else to do (``requestIdleCallback``;
    ``ms_left`` is how long it may take), within ``timeout_ms``; where the browser has no
    idle callbacks, in a task after 50 ms with 10 ms to use."""
    ric = getattr(window, "requestIdleCallback", None)
    if ric is None:
        later(50, lambda: fn(10.0))
        return
    _idle_due.append(fn)
    if not _idle_proxy:
        _idle_proxy.append(create_proxy(_run_idle))
    ric(_idle_proxy[0], to_js({"timeout": timeout_ms}, dict_converter=window.Object.fromEntries))


def _run_idle(deadline, *_) -> None:
    # one callback per request: each runs the oldest request still waiting
    if _idle_due:
        _idle_due.pop(0)(float(deadline.timeRemaining()))


def now_ms() -> int:
    """Wall-clock ms: the host's game clock must survive a reload of the tab.  The C
    library's clock is the browser's ``Date.now()``, without a call into the page (1 µs
    against 27, measured)."""
    return int(time.time() * 1000)


def focus(selector: str, prevent_scroll: bool = False) -> bool:
    """Focus the first element matching ``selector``; False when there is none."""
    el = document.querySelector(selector)
    if not el:
        return False
    if prevent_scroll:
        el.focus(to_js({"preventScroll": True}, dict_converter=window.Object.fromEntries))
    else:
        el.focus()
    return True


def focus_heading(selector: str) -> bool:
    """Move focus (and the view) to a heading, the start of a new screen or of news: made
    focusable for this (tabindex -1) without joining the tab order."""
    el = document.querySelector(selector)
    if not el:
        return False
    if el.tabIndex < 0 and not el.hasAttribute("tabindex"):    # a control keeps its place in the tab order
        el.setAttribute("tabindex", "-1")
    el.focus()
    el.scrollIntoView(to_js({"block": "start", "behavior": "smooth"}, dict_converter=window.Object.fromEntries))
    return True


def page_visible() -> bool:
    """The page is on the screen (not a tab in the background, not a minimised window)."""
    return str(getattr(document, "visibilityState", "visible")) != "hidden"


def on_visible(fn: Callable) -> None:
    """``fn()`` whenever the page comes back on the screen."""
    proxy = create_proxy(lambda *_: fn() if page_visible() else None)
    _listeners.append(proxy)
    document.addEventListener("visibilitychange", proxy)


def is_typing() -> bool:
    """The player is typing in a field (news must not take the focus from it)."""
    el = document.activeElement
    if el is None or not el:
        return False
    tag = str(getattr(el, "tagName", "")).upper()
    kind = str(el.getAttribute("type") or "text").lower() if tag == "INPUT" else ""
    return tag == "TEXTAREA" or (tag == "INPUT" and kind not in ("button", "submit", "checkbox", "radio", "range",
                                                                 "color", "file", "reset", "image"))


def scroll_into_view(selector: str) -> bool:
    """Scroll the least needed to show the element (news beside the control in use)."""
    el = document.querySelector(selector)
    if not el:
        return False
    el.scrollIntoView(to_js({"block": "nearest", "behavior": "smooth"}, dict_converter=window.Object.fromEntries))
    return True


def scroll_within(box_selector: str, item_selector: str) -> bool:
    """Scroll the box (a list with its own scroll bar, positioned: the item's ``offsetTop`` is
    from it) so that the item shows in its middle, without moving the page (``scrollIntoView``
    would scroll every ancestor)."""
    box = document.querySelector(box_selector)
    item = document.querySelector(item_selector) if box else None
    if not item:
        return False
    top = item.offsetTop
    if top < box.scrollTop or top + item.offsetHeight > box.scrollTop + box.clientHeight:
        box.scrollTop = max(0, top - box.clientHeight // 2)
    return True


def focus_first(selectors) -> None:
    """Focus the first of ``selectors`` present on the page."""
    for sel in selectors:
        if focus(sel):
            return


def focus_is_lost() -> bool:
    """Nothing has focus (it fell back to the page body, e.g. its element was removed)."""
    el = document.activeElement
    return el is None or not el or str(getattr(el, "tagName", "BODY")).upper() == "BODY"


_said: dict = {}              # live region id -> the text put there last
_regions: dict = {}           # live region id -> (document, its element): the page's own, never replaced


def _region(region: str):
    found = _regions.get(region)
    if found is None or found[0] is not document or not found[1]:      # a test's new document
        found = _regions[region] = (document, document.getElementById(region))
    return found[1]


def announce(text: str, region: str = "announce") -> None:
    """Say ``text`` to screen readers through the page's small polite live region.  The
    same text twice is still announced (a no-break space makes it a change)."""
    el = _region(region)
    if not el:
        return
    if _said.get(region, "").rstrip("\u00a0") == text:
        text = text + ("\u00a0" if not _said[region].endswith("\u00a0") else "")
    _said[region] = text
    el.textContent = text


# --------------------------------------------------------------------------- the page
def location_hash() -> str:
    return str(window.location.hash or "")


def set_location_hash(route: str) -> None:
    window.location.hash = route


def page_url() -> str:
    """This page's address without its hash (for invitation links)."""
    return str(window.location.href).split("#")[0]


def page_query() -> str:
    return str(window.location.search or "")


def preferred_languages() -> list:
    return [str(x) for x in window.navigator.languages]


def page_host() -> str:
    return str(window.location.hostname or "")


async def fetch_json(path: str):
    """A JSON file of this very site (relative ``path``), or None when it is missing or the
    network is off.  Never another origin: the page's policy allows only its own."""
    import json
    try:
        resp = await window.fetch(path, to_js({"cache": "no-store"}, dict_converter=window.Object.fromEntries))
        if not resp.ok:
            return None
        return json.loads(str(await resp.text()))
    except Exception:
        return None


def select_text(element_id: str) -> bool:
    """Select the whole text of a field (for the player to copy by hand) and try the old
    ``copy`` command, which works without the clipboard API (plain http on a network
    address); True when that copied."""
    el = document.getElementById(element_id) if element_id else None
    if not el:
        return False
    try:
        el.focus()
        el.select()
        return bool(document.execCommand("copy"))
    except Exception:
        return False


def allowed(feature: str) -> bool:
    """The page's frame may use ``feature`` (``clipboard-write``, ``web-share``): a club's
    iframe grants them with its ``allow`` attribute.  True where the browser cannot say (no
    policy object, or a feature it does not know, like ``web-share`` on desktop Linux)."""
    policy = getattr(document, "permissionsPolicy", None) or getattr(document, "featurePolicy", None)
    if not policy:
        return True
    try:
        if feature not in [str(f) for f in policy.features()]:
            return True            # a feature this browser does not know: the API decides
        return bool(policy.allowsFeature(feature))
    except Exception:
        return True


def copy_text(text: str, done: Callable[[str], None], select_id: Optional[str] = None) -> None:
    """Put ``text`` on the clipboard; ``done("copied")``, or, when the browser refuses (no
    secure context, a frame without ``clipboard-write``), the text of ``select_id`` is
    selected for the player and ``done("copied")`` if the old copy command took it, else
    ``done("selected")``."""
    def fallback(*_):
        done("copied" if select_text(select_id) else "selected")
    clip = getattr(window.navigator, "clipboard", None)
    if not clip or not allowed("clipboard-write"):       # not asked where it is not allowed
        fallback()
        return
    try:
        clip.writeText(text).then(create_proxy(lambda *_: done("copied")), create_proxy(fallback))
    except Exception:
        fallback()


def can_share() -> bool:
    """The browser has the Web Share API (phones, some desktops) and this frame may use it."""
    return bool(getattr(window.navigator, "share", None)) and allowed("web-share")


def share(data: dict, done: Callable[[str], None]) -> None:
    """Open the system's share sheet with ``data`` (``title``, ``text``, ``url``);
    ``done("shared")``, ``done("cancelled")`` when the player closed it, or
    ``done("failed")`` when the browser refused (a frame without ``web-share``)."""
    def refused(err=None, *_):
        name = str(getattr(err, "name", "") or "")
        done("cancelled" if name == "AbortError" else "failed")
    try:
        window.navigator.share(to_js(data, dict_converter=window.Object.fromEntries)).then(
            create_proxy(lambda *_: done("shared")), create_proxy(refused))
    except Exception:
        done("failed")


_shown: dict = {}             # what this module last wrote to the page's lang and title


def set_document_lang(lang: str) -> None:
    if _shown.get("lang") != lang:           # every draw asks; the page is told once
        _shown["lang"] = lang
        document.documentElement.setAttribute("lang", lang)


def set_title(text: str) -> None:
    if _shown.get("title") != text:
        _shown["title"] = text
        document.title = text


def mark_ready() -> None:
    document.body.setAttribute("data-ready", "1")


def mark_warm() -> None:
    """The warm-up after start-up is done (``ui/warmup.py``; the frame bench waits for it)."""
    document.body.setAttribute("data-warm", "1")


def tick_countdowns(*_) -> None:
    """Refresh every ``[data-deadline]`` element: seconds left on the host's clock."""
    now = now_ms()
    for el in document.querySelectorAll("[data-deadline]"):
        text = _seconds_left({"data-deadline": el.getAttribute("data-deadline"),
                              "data-offset": el.getAttribute("data-offset")}, now)
        if el.textContent != text:
            el.textContent = text


def start_countdowns() -> None:
    proxy = create_proxy(tick_countdowns)
    _listeners.append(proxy)
    window.setInterval(proxy, 250)


def expose_debug(app) -> None:
    """A read-only window into the tab for the end-to-end tests and benches: the raw
    messages this tab received as a guest or sent as a host (JSON text), a host's game state
    (``state``), its role, the DOM layer's call counts (``dom``; ``dom-reset`` starts counting
    afresh) and a host's computer players' decision times (``decided``; ``decided-take``)."""
    import json

    def debug(what):
        ctl = app.ctl
        what = str(what)
        if what == "received":
            return json.dumps(list(getattr(ctl, "received", [])))
        if what == "sent":
            return json.dumps(list(getattr(ctl, "message_log", [])))
        if what == "state":
            # a host's whole state (this device holds it anyway; a guest has none): the tests
            # read the secrets they must not find on a shared pass-and-play screen from it
            table = getattr(ctl, "table", None) if getattr(ctl, "is_host", False) else None
            state = getattr(table, "state", None)
            if state is None:
                return "null"
            from ..engine import clone       # its logs as plain lists (a Log's JSON is empty)
            return json.dumps(clone(state))
        if what == "role":
            return "none" if ctl is None else ("host" if getattr(ctl, "is_host", False) else "guest")
        if what == "dom":
            return json.dumps(dict(STATS, ffi=ffi_calls(), full_rebuild=FULL_REBUILD))
        if what == "dom-reset":
            reset_stats()
            return "{}"
        if what in ("decided", "decided-take"):
            # a host's computer players' latest decision times, [[seat, level, ms], ...]
            # (``-take`` forgets them); a guest has none
            table = getattr(ctl, "table", None) if getattr(ctl, "is_host", False) else None
            times = getattr(table, "decided_ms", None)
            if times is None:
                return "[]"
            out = json.dumps([[seat, table.seats[seat].get("level"), ms] for seat, ms in times])
            if what == "decided-take":
                times.clear()
            return out
        if what.startswith("coach-time:"):
            # bench/coach.py: each verdict's time (ms) when this page coaches a record
            from ..session.record import read_record
            reading = read_record(what[len("coach-time:"):].encode("utf-8"))
            if reading.replay is None:
                return json.dumps({"error": reading.code})
            times: list = []
            reading.replay.coach(times=times)
            return json.dumps(times)
        return "null"
    proxy = create_proxy(debug)
    _listeners.append(proxy)
    window.clubtableDebug = proxy


def keep_focus(element_id: str, force: bool = False) -> None:
    """After this render: focus ``element_id`` (without scrolling) if ``force``, or if a
    re-render removed the focused control (focus fell back to the page body)."""
    def check():
        el = document.activeElement
        lost = el is None or not el or str(getattr(el, "tagName", "BODY")).upper() == "BODY"
        if force or lost:
            target = document.getElementById(element_id)
            if target:
                target.focus(to_js({"preventScroll": True}, dict_converter=window.Object.fromEntries))
    later(0, check)


def expose_global(name: str, fn: Callable) -> None:
    """``window.<name>``: a Python function page scripts and tests may call."""
    proxy = create_proxy(fn)
    _listeners.append(proxy)
    setattr(window, name, proxy)


# --------------------------------------------------------------------------- drawing and pictures
# Small, generic browser pieces for screens that draw or send pictures (the riddle kit).
_pads: dict = {}            # canvas id -> fn(kind, x, y): pointer strokes on that canvas


def on_pointer(canvas_id: str, fn: Callable) -> None:
    """Route pointer strokes on the element ``canvas_id`` to ``fn(kind, x, y)``: ``kind`` is
    ``"down"``, ``"move"``, ``"up"`` or ``"cancel"``; ``x, y`` in the canvas's own pixels.
    Delegated on the document once, so a canvas a render re-creates keeps working."""
    add = getattr(document, "addEventListener", None)    # None: a test's stand-in document
    if not _pads and add is not None:
        for ev in ("pointerdown", "pointermove", "pointerup", "pointercancel"):
            proxy = create_proxy(_pointer)
            _listeners.append(proxy)
            add(ev, proxy)
    _pads[canvas_id] = fn


def _pointer(event) -> None:
    el = event.target
    fn = _pads.get(str(getattr(el, "id", "") or ""))
    if fn is None:
        return
    kind = str(event.type)[7:]
    if kind == "down":
        event.preventDefault()
        try:
            el.setPointerCapture(event.pointerId)   # keep the stroke when the finger leaves
        except Exception:
            pass
    rect = el.getBoundingClientRect()
    x = (event.clientX - rect.left) * el.width / max(1, rect.width)
    y = (event.clientY - rect.top) * el.height / max(1, rect.height)
    fn(kind, round(x, 1), round(y, 1))


def paint(canvas_id: str, strokes: list, background: Optional[str] = None, relief: bool = True) -> None:
    """Draw ``strokes`` ({"colour", "width", "points": [[x, y], ...]}) on a canvas, after
    filling it with ``background`` (None: draw over what is there).  ``relief`` gives each
    stroke a soft shadow and a light ridge, so it looks like a roll of dough."""
    el = document.getElementById(canvas_id)
    if not el:
        return
    c = el.getContext("2d")
    if background is not None:
        c.save()
        c.shadowColor = "transparent"
        c.fillStyle = background
        c.fillRect(0, 0, el.width, el.height)
        c.restore()
    c.lineCap = "round"
    c.lineJoin = "round"
    for s in strokes:
        pts = s.get("points") or []
        if not pts:
            continue
        w = float(s.get("width", 16))
        passes = [(s["colour"], w, 0.0, "rgba(0,0,0,0.35)")]
        if relief:
            passes.append(("rgba(255,255,255,0.35)", w * 0.35, -w * 0.16, None))
        for colour, width, shift, shadow in passes:
            c.save()
            if shadow and relief:
                c.shadowColor = shadow
                c.shadowBlur = w * 0.45
                c.shadowOffsetY = w * 0.15
            c.strokeStyle = colour
            c.lineWidth = width
            c.beginPath()
            c.moveTo(pts[0][0] + shift, pts[0][1] + shift)
            for x, y in pts[1:] or [(pts[0][0] + 0.01, pts[0][1])]:
                c.lineTo(x + shift, y + shift)
            c.stroke()
            c.restore()


def canvas_bytes(canvas_id: str, mime: str = "image/png", quality: float = 0.85) -> Optional[bytes]:
    """The canvas's picture, encoded (``toDataURL``, synchronous), or None."""
    import base64
    el = document.getElementById(canvas_id)
    if not el:
        return None
    url = str(el.toDataURL(mime, quality))
    return base64.b64decode(url.split(",", 1)[1]) if "," in url else None


def file_bytes(files, max_bytes: int, fn: Callable) -> None:
    """The bytes of the first of ``files`` (a file input's or a drop's ``FileList``):
    ``fn(bytes)``, or ``fn(None)`` when it is over ``max_bytes`` (not read at all) or cannot
    be read."""
    import asyncio
    if not files or not files.length:
        return
    file = files.item(0)
    if int(file.size) > max_bytes:
        fn(None)
        return

    async def read():
        try:
            buf = await file.arrayBuffer()
            data = window.Uint8Array.new(buf).to_bytes()
        except Exception:
            fn(None)
            return
        fn(data)
    asyncio.ensure_future(read())


def save_file(name: str, data: bytes, mime: str) -> None:
    """Offer ``data`` as a download named ``name`` (a Blob behind a link clicked once)."""
    arr = window.Uint8Array.new(len(data))
    arr.assign(data)
    blob = window.Blob.new(to_js([arr]), to_js({"type": mime}, dict_converter=window.Object.fromEntries))
    url = window.URL.createObjectURL(blob)
    a = document.createElement("a")
    a.href = url
    a.download = name
    a.style.display = "none"
    document.body.appendChild(a)
    a.click()
    a.remove()
    later(60_000, lambda: window.URL.revokeObjectURL(url))    # the download has its copy by then


def image_file_bytes(event, max_side: int, fn: Callable, mime: str = "image/jpeg", quality: float = 0.82) -> None:
    """The picture a file input (camera or file) chose, scaled so its longer side is at
    most ``max_side`` pixels and re-encoded in the browser; ``fn(bytes)`` gets it, or
    ``fn(None)`` when the file is not a picture the browser can read."""
    import asyncio
    import base64
    files = event.target.files
    if not files or not files.length:
        return
    file = files.item(0)

    async def scale():
        try:
            bmp = await window.createImageBitmap(file)
        except Exception:
            fn(None)
            return
        k = min(1.0, max_side / max(1, bmp.width, bmp.height))
        cv = document.createElement("canvas")
        cv.width = max(1, int(bmp.width * k))
        cv.height = max(1, int(bmp.height * k))
        cx = cv.getContext("2d")
        cx.fillStyle = "#ffffff"            # a transparent PNG becomes a JPEG on white
        cx.fillRect(0, 0, cv.width, cv.height)
        cx.drawImage(bmp, 0, 0, cv.width, cv.height)
        bmp.close()
        url = str(cv.toDataURL(mime, quality))
        fn(base64.b64decode(url.split(",", 1)[1]))
    asyncio.ensure_future(scale())
