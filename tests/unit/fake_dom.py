"""A tiny stand-in for the browser's DOM, enough to run ``clubtable.ui.dom`` under CPython:
elements, text nodes, attributes, children, focus.  Installed as the ``pyscript`` and
``pyodide.ffi`` modules before ``clubtable.ui.dom`` is imported."""
import sys
import types


class FakeNode:
    def __init__(self, doc):
        self.ownerDocument = doc
        self.parentNode = None
        self.childNodes = []

    @property
    def parentElement(self):
        return self.parentNode if isinstance(self.parentNode, FakeElement) else None

    @property
    def isConnected(self):
        n = self
        while n.parentNode is not None:
            n = n.parentNode
        return n is self.ownerDocument.body or n is self.ownerDocument.documentElement

    def _detach(self):
        if self.parentNode is not None:
            self.parentNode.childNodes.remove(self)
            self.parentNode = None

    def appendChild(self, child):
        return self.insertBefore(child, None)

    def insertBefore(self, child, ref):
        if isinstance(child, FakeFragment):
            for c in list(child.childNodes):
                self.insertBefore(c, ref)
            return child
        if self.ownerDocument._active is child:   # as in browsers: a moved element loses focus
            self.ownerDocument._active = None
        child._detach()
        i = len(self.childNodes) if ref is None else self.childNodes.index(ref)
        self.childNodes.insert(i, child)
        child.parentNode = self
        return child

    def removeChild(self, child):
        assert child.parentNode is self
        child._detach()
        self.ownerDocument._check_focus()
        return child

    def replaceChildren(self, *nodes):
        for c in list(self.childNodes):
            c._detach()
        for n in nodes:
            self.appendChild(n)
        self.ownerDocument._check_focus()

    @property
    def textContent(self):
        return "".join(c.textContent for c in self.childNodes)

    @textContent.setter
    def textContent(self, value):
        for c in list(self.childNodes):
            c._detach()
        if value != "":
            t = FakeText(self.ownerDocument, value)
            self.appendChild(t)
        self.ownerDocument._check_focus()


class FakeText(FakeNode):
    def __init__(self, doc, data):
        super().__init__(doc)
        self.data = data

    @property
    def textContent(self):
        return self.data

    @textContent.setter
    def textContent(self, value):
        self.data = value


class FakeFragment(FakeNode):
    pass


class FakeElement(FakeNode):
    def __init__(self, doc, tag, ns=None):
        super().__init__(doc)
        self.tagName = tag.upper()
        self.ns = ns
        self.attributes = {}
        self.value = ""
        self.checked = False
        self.selected = False

    @property
    def id(self):
        return self.attributes.get("id", "")

    def setAttribute(self, name, value):
        self.attributes[name] = value
        if name == "value" and self.tagName in ("INPUT", "TEXTAREA") and not self.ownerDocument._typed.get(self):
            self.value = value

    def getAttribute(self, name):
        return self.attributes.get(name)

    def removeAttribute(self, name):
        self.attributes.pop(name, None)

    def hasAttribute(self, name):
        return name in self.attributes

    def focus(self, *options):
        self.ownerDocument._active = self
        self.ownerDocument.focus_options = options

    def blur(self):
        """As a browser: focus leaves, and focusout fires at once (``on_blur``: the page's
        listeners)."""
        doc = self.ownerDocument
        if doc._active is self:
            doc._active = None
            doc.blurred.append(self)
            if doc.on_blur is not None:
                doc.on_blur(self)

    def matches(self, sel):
        """The selectors the DOM layer asks of ``closest``: a comma list of tag names,
        ``[name]``, ``[name^="v"]`` and ``[name*="v"]``."""
        for part in sel.split(","):
            part = part.strip()
            if not part.startswith("["):
                if self.tagName == part.upper():
                    return True
                continue
            assert part.endswith("]"), part
            body = part[1:-1]
            for op in ("^=", "*="):
                if op in body:
                    name, value = body.split(op, 1)
                    value = value.strip('"')
                    have = self.getAttribute(name)
                    if have is not None and (have.startswith(value) if op == "^=" else value in have):
                        return True
                    break
            else:
                assert "=" not in body, part
                if self.getAttribute(body) is not None:
                    return True
        return False

    def closest(self, sel):
        el = self
        while isinstance(el, FakeElement):
            if el.matches(sel):
                return el
            el = el.parentElement
        return None

    @property
    def type(self):
        """A button's type (submit unless it says otherwise), an input's (text)."""
        t = self.attributes.get("type")
        if self.tagName == "BUTTON":
            return t if t in ("button", "reset") else "submit"
        return t or "text"

    @property
    def form(self):
        el = self.parentElement
        while isinstance(el, FakeElement) and el.tagName != "FORM":
            el = el.parentElement
        return el if isinstance(el, FakeElement) else None

    def checkValidity(self):
        return self.getAttribute("data-invalid") is None

    def querySelector(self, sel):
        # only [data-key="..."], #id and "#id [data-key=...]", enough for focus restoration
        scope, _, inner = sel.partition(" ")
        if inner and scope.startswith("#"):
            within = self.querySelector(scope)
            return within.querySelector(inner) if within is not None else None
        for el in self.walk():
            if sel.startswith("#") and el.id == sel[1:]:
                return el
            if sel.startswith("[data-key=") and el.getAttribute("data-key") == _css_string(sel[len("[data-key="):-1]):
                return el
        return None

    def walk(self):
        for c in self.childNodes:
            if isinstance(c, FakeElement):
                yield c
                yield from c.walk()

    def type_text(self, text):
        """A player types: the live value changes, the attribute does not."""
        self.value = text
        self.ownerDocument._typed[self] = True


def _css_string(text):
    """The value of a CSS string token (``"..."``, backslash escapes, ``\\a `` a newline);
    a selector that is not valid CSS raises, as the page's ``querySelector`` does."""
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise ValueError(f"not a valid selector: {text!r}")
    out, i, body = [], 0, text[1:-1]
    while i < len(body):
        c = body[i]
        if c == '"':
            raise ValueError(f"not a valid selector: {text!r}")
        if c == "\\":
            if body[i + 1:i + 3] == "a ":
                out.append("\n")
                i += 3
                continue
            out.append(body[i + 1])
            i += 2
            continue
        out.append(c)
        i += 1
    return "".join(out)


class FakeDocument:
    def __init__(self):
        self._active = None
        self._typed = {}
        self.blurred = []             # the elements blur() took the focus from
        self.on_blur = None
        self.focus_options = ()
        self.documentElement = FakeElement(self, "html")
        self.body = FakeElement(self, "body")
        self.documentElement.appendChild(self.body)
        self.calls = 0
        self.visibilityState = "visible"

    @property
    def activeElement(self):
        return self._active or self.body

    def _check_focus(self):
        if self._active is not None and not self._active.isConnected:
            self._active = None

    def createElement(self, tag):
        return FakeElement(self, tag)

    def createElementNS(self, ns, tag):
        return FakeElement(self, tag, ns)

    def createTextNode(self, data):
        return FakeText(self, data)

    def createDocumentFragment(self):
        return FakeFragment(self)

    def getElementById(self, i):
        return self.body.querySelector("#" + i)

    def querySelector(self, sel):
        return self.body.querySelector(sel)


def apply_patch():
    """The page's one-call patch (``clubtableApply`` in static/boot.mjs): the operations
    arrive as JSON text, as in the page, and are carried out by the DOM layer's own
    port of it (``dom._apply_here``)."""
    import json

    def apply(text):
        from clubtable.ui import dom
        apply.calls += 1
        dom._apply_here(json.loads(text))
    apply.calls = 0
    return apply


def install(batch=True):
    """A fresh document; (re)load ``clubtable.ui.dom`` against it.  ``batch``: the page has
    the one-call patch (as the app's page does); without it the layer patches call by call."""
    doc = FakeDocument()
    js = types.ModuleType("js")          # the page's global scope: the layer's ``window``
    js.document = doc
    if batch:
        js.clubtableApply = apply_patch()
    for name in ("Blob", "Object", "Uint8Array", "URL"):   # what net.browser names at import
        setattr(js, name, types.SimpleNamespace())
    js.Object.fromEntries = dict          # js_object's options for a browser call
    js.window = js
    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_proxy = lambda fn: fn
    ffi.to_js = lambda x, **_: x
    pyodide = types.ModuleType("pyodide")
    pyodide.ffi = ffi
    sys.modules.update({"pyodide": pyodide, "pyodide.ffi": ffi, "js": js})
    forget("clubtable.ui.dom", *_browser_modules())
    import clubtable.ui.dom as dom
    return doc, dom


def uninstall():
    for name in ("pyodide", "pyodide.ffi", "js", "clubtable.ui.dom", "clubtable.net.browser"):
        sys.modules.pop(name, None)
    forget(*_browser_modules())


def _browser_modules() -> list:
    """``clubtable.ui.browser`` and its modules: bound to the document they were imported with."""
    return [m for m in list(sys.modules) if m == "clubtable.ui.browser" or m.startswith("clubtable.ui.browser.")]


def forget(*names):
    """Drop modules bound to an earlier DOM, and their names on their packages (``from pkg
    import mod`` would otherwise hand back the stale module)."""
    for name in names:
        sys.modules.pop(name, None)
        package, _, attr = name.rpartition(".")
        if package in sys.modules:
            sys.modules[package].__dict__.pop(attr, None)
