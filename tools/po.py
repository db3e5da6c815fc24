"""Gettext catalogues at build time: read and write ``.po`` files, compile them to ``.mo``.

Standard library only (the build and the tests need no extra package).  The ``.po`` files are
ordinary bilingual catalogues that Poedit, Weblate or GNU ``msgfmt --check`` accept; each
entry's ``msgctxt`` is the key the code asks for (``"home.players"``), ``msgid`` the English
text, ``msgstr`` the translation (empty in the English catalogue: the English text is the msgid).

The compiled ``.mo`` is keyed by that msgctxt instead of the usual ``ctxt\\x04msgid``: the
code knows the key, not the English sentence, so the page looks a text up with plain
``GNUTranslations.gettext(key)`` / ``ngettext(key, key, n)``, and an English wording fixed
in the ``.po`` needs no change in the code.  As ``msgfmt`` does, entries marked fuzzy or left
untranslated are not compiled (the page then falls back to English).
"""
from __future__ import annotations

import ast
import re
import struct
from dataclasses import dataclass, field
from pathlib import Path

SOURCE_LANGUAGE = "en"
# Plural-Forms per language (gettext's own table; French: 0 and 1 are singular).
PLURAL_FORMS = {
    "en": "nplurals=2; plural=(n != 1);",
    "de": "nplurals=2; plural=(n != 1);",
    "fr": "nplurals=2; plural=(n > 1);",
}
LANGUAGE_NAMES = {"en": "English", "fr": "French", "de": "German"}
NOT_A_COUNT = "not a count"      # "#. not a count: ..." a number that is a position needs no plural
SAME_TEXT = "same as English"   # "#. same as English: ..." (a name, a symbol, a shared word)


@dataclass
class Entry:
    """One message: ``msgctxt`` (the key), ``msgid`` (English), its plural, the translation(s)."""
    msgctxt: str | None
    msgid: str
    msgstr: str = ""
    msgid_plural: str | None = None
    msgstr_plural: list[str] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)        # "# ..." lines, for translators
    extracted: list[str] = field(default_factory=list)       # "#. ..." lines, notes from us
    flags: list[str] = field(default_factory=list)           # "#, fuzzy, python-brace-format"

    @property
    def key(self) -> str:
        return self.msgctxt if self.msgctxt is not None else self.msgid

    @property
    def plural(self) -> bool:
        return self.msgid_plural is not None

    @property
    def fuzzy(self) -> bool:
        return "fuzzy" in self.flags

    def translations(self) -> list[str]:
        return list(self.msgstr_plural) if self.plural else [self.msgstr]

    def sources(self) -> list[str]:
        """The English texts: ``[msgid]``, or ``[msgid, msgid_plural]``."""
        return [self.msgid, self.msgid_plural] if self.plural else [self.msgid]


@dataclass
class Catalogue:
    header: dict[str, str]
    entries: list[Entry]
    header_comments: list[str] = field(default_factory=list)

    def by_key(self) -> dict[str, Entry]:
        return {e.key: e for e in self.entries}

    @property
    def language(self) -> str:
        return self.header.get("Language", "")


# --------------------------------------------------------------------------- reading
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "a": "\a", "b": "\b", "f": "\f", "v": "\v"}


def _unquote(s: str, where: str) -> str:
    s = s.strip()
    if len(s) < 2 or s[0] != '"' or s[-1] != '"':
        raise ValueError(f"{where}: expected a quoted string, got {s!r}")
    out, i, body = [], 0, s[1:-1]
    while i < len(body):
        c = body[i]
        if c == "\\":
            nxt = body[i + 1:i + 2]
            if nxt not in _ESCAPES:
                raise ValueError(f"{where}: unknown escape \\{nxt}")
            out.append(_ESCAPES[nxt])
            i += 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def parse(text: str, name: str = "<po>") -> Catalogue:
    """A ``.po`` file's entries (obsolete ``#~`` entries are dropped)."""
    entries: list[Entry] = []
    cur: dict | None = None
    field_name: str | None = None
    pending = {"comments": [], "extracted": [], "flags": []}

    def finish():
        nonlocal cur
        if cur is not None:
            if "msgid" not in cur:
                raise ValueError(f"{name}: an entry without msgid (msgctxt {cur.get('msgctxt')!r})")
            if "msgstr" not in cur and "msgstr[]" not in cur:
                raise ValueError(f"{name}: an entry without msgstr (msgctxt {cur.get('msgctxt')!r})")
            plural = cur.get("msgid_plural")
            strs = cur.get("msgstr[]", {})
            entries.append(Entry(msgctxt=cur.get("msgctxt"), msgid=cur["msgid"], msgstr=cur.get("msgstr", ""),
                                 msgid_plural=plural,
                                 msgstr_plural=[strs[i] for i in sorted(strs)] if plural is not None else [],
                                 comments=cur["comments"], extracted=cur["extracted"], flags=cur["flags"]))
        cur = None

    for lineno, raw in enumerate(text.splitlines(), 1):
        where = f"{name}:{lineno}"
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if cur is not None and field_name is not None:
                finish()
                field_name = None
            if line.startswith("#~"):
                continue
            if line.startswith("#,"):
                pending["flags"] += [f.strip() for f in line[2:].split(",") if f.strip()]
            elif line.startswith("#."):
                pending["extracted"].append(line[2:].strip())
            elif line.startswith(("#:", "#|")):
                pass                       # references and previous msgids: not kept
            else:
                pending["comments"].append(line[1:].strip())
            continue
        m = re.match(r"^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(.*)$", line)
        if m:
            kw, index, rest = m.group(1), m.group(2), m.group(3)
            if kw in ("msgctxt", "msgid") and (cur is None or "msgid" in cur and kw == "msgctxt"
                                                or "msgid" in cur and kw == "msgid"):
                finish()
            if cur is None:
                cur = {"comments": pending["comments"], "extracted": pending["extracted"],
                       "flags": pending["flags"]}
                pending = {"comments": [], "extracted": [], "flags": []}
            value = _unquote(rest, where)
            if index is not None:
                cur.setdefault("msgstr[]", {})[int(index)] = value
                field_name = ("msgstr[]", int(index))
            else:
                cur[kw] = value
                field_name = kw
        elif line.startswith('"'):
            if cur is None or field_name is None:
                raise ValueError(f"{where}: a string outside an entry")
            value = _unquote(line, where)
            if isinstance(field_name, tuple):
                cur["msgstr[]"][field_name[1]] += value
            else:
                cur[field_name] += value
        else:
            raise ValueError(f"{where}: cannot read {raw!r}")
    finish()

    header: dict[str, str] = {}
    header_comments: list[str] = []
    if entries and entries[0].msgid == "" and entries[0].msgctxt is None:
        head = entries.pop(0)
        header_comments = head.comments
        for hline in head.msgstr.splitlines():
            if ":" in hline:
                k, v = hline.split(":", 1)
                header[k.strip()] = v.strip()
    return Catalogue(header=header, entries=entries, header_comments=header_comments)


def read(path: Path) -> Catalogue:
    return parse(Path(path).read_text(encoding="utf-8"), str(path))


# --------------------------------------------------------------------------- writing
def _quote(s: str) -> str:
    return '"' + (s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
                  .replace("\t", "\\t").replace("\r", "\\r")) + '"'


def _field(kw: str, s: str, width: int = 79) -> list[str]:
    """``kw "text"``, wrapped at spaces as the gettext tools do when it is long."""
    one = f"{kw} {_quote(s)}"
    if len(one) <= width and "\n" not in s[:-1]:
        return [one]
    parts = re.findall(r"[^\n]*?\n|[^\n]+$", s) if "\n" in s else [s]
    chunks: list[str] = []
    for part in parts:
        words = re.findall(r"\S*\s*", part)
        line = ""
        for w in words:
            if not w:
                continue
            if line and len(_quote(line + w)) > width - 2:
                chunks.append(line)
                line = ""
            line += w
        if line:
            chunks.append(line)
    return [f'{kw} ""'] + [_quote(c) for c in chunks]


def header_text(header: dict[str, str]) -> str:
    return "".join(f"{k}: {v}\n" for k, v in header.items())


def default_header(lang: str, domain: str) -> dict[str, str]:
    return {
        "Project-Id-Version": f"clubtable {domain}",
        "PO-Revision-Date": "2026-11-26 00:00+0000",
        "Last-Translator": "clubtable <>",
        "Language-Team": LANGUAGE_NAMES.get(lang, lang),
        "Language": lang,
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
        "Plural-Forms": PLURAL_FORMS.get(lang, "nplurals=2; plural=(n != 1);"),
    }


def render(cat: Catalogue) -> str:
    out: list[str] = [f"# {c}".rstrip() for c in cat.header_comments]
    out += ['msgid ""', 'msgstr ""'] + [_quote(f"{k}: {v}\n") for k, v in cat.header.items()] + [""]
    for e in cat.entries:
        out += [f"# {c}".rstrip() for c in e.comments]
        out += [f"#. {c}".rstrip() for c in e.extracted]
        if e.flags:
            out.append("#, " + ", ".join(e.flags))
        if e.msgctxt is not None:
            out += _field("msgctxt", e.msgctxt)
        out += _field("msgid", e.msgid)
        if e.plural:
            out += _field("msgid_plural", e.msgid_plural)
            for i, s in enumerate(e.msgstr_plural):
                out += _field(f"msgstr[{i}]", s)
        else:
            out += _field("msgstr", e.msgstr)
        out.append("")
    return "\n".join(out)


def write(path: Path, cat: Catalogue) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render(cat), encoding="utf-8")


# --------------------------------------------------------------------------- compiling
def nplurals(header: dict[str, str]) -> int:
    m = re.search(r"nplurals\s*=\s*(\d+)", header.get("Plural-Forms", ""))
    return int(m.group(1)) if m else 2


def compiled_messages(cat: Catalogue, source: bool) -> dict[str, str]:
    """What goes into the ``.mo``: key -> text (plural forms joined by NUL, as in ``.mo``).

    ``source``: the English catalogue, whose texts are the msgids themselves."""
    out = {"": header_text(cat.header)}
    for e in cat.entries:
        if e.fuzzy:
            continue
        if e.plural:
            forms = [e.msgid, e.msgid_plural] if source else e.msgstr_plural
            if source and any(e.msgstr_plural):
                forms = e.msgstr_plural
            if not forms or not all(forms):
                continue
            out[f"{e.key}\0{e.key}"] = "\0".join(forms)
        else:
            text = e.msgstr or (e.msgid if source else "")
            if text:
                out[e.key] = text
    return out


def mo_bytes(messages: dict[str, str]) -> bytes:
    """The GNU ``.mo`` format (little-endian, no hash table), as CPython's msgfmt.py writes it."""
    keys = sorted(messages)
    ids = strs = b""
    offsets = []
    for k in keys:
        kb, vb = k.encode("utf-8"), messages[k].encode("utf-8")
        offsets.append((len(ids), len(kb), len(strs), len(vb)))
        ids += kb + b"\0"
        strs += vb + b"\0"
    n = len(keys)
    keystart = 7 * 4 + 16 * n
    valuestart = keystart + len(ids)
    koffsets, voffsets = [], []
    for o1, l1, o2, l2 in offsets:
        koffsets += [l1, o1 + keystart]
        voffsets += [l2, o2 + valuestart]
    return (struct.pack("<Iiiiiii", 0x950412de, 0, n, 7 * 4, 7 * 4 + n * 8, 0, 0)
            + struct.pack(f"<{2 * n}i", *koffsets) + struct.pack(f"<{2 * n}i", *voffsets) + ids + strs)


def compile_po(po: Path, mo: Path | None = None) -> Path:
    cat = read(po)
    lang = cat.language or Path(po).parts[-3]
    mo = Path(mo) if mo else Path(po).with_suffix(".mo")
    mo.write_bytes(mo_bytes(compiled_messages(cat, source=lang == SOURCE_LANGUAGE)))
    return mo


def compile_all(locale_dir: Path, force: bool = False) -> list[Path]:
    """Compile every ``<lang>/LC_MESSAGES/<domain>.po`` whose ``.mo`` is missing or older;
    drop a ``.mo`` whose ``.po`` is gone.  Returns the ``.mo`` files written."""
    written = []
    for mo in Path(locale_dir).glob("*/LC_MESSAGES/*.mo"):
        if not mo.with_suffix(".po").exists():
            mo.unlink()
    for po in sorted(Path(locale_dir).glob("*/LC_MESSAGES/*.po")):
        mo = po.with_suffix(".mo")
        if force or not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime \
                or mo.stat().st_mtime < Path(__file__).stat().st_mtime:
            written.append(compile_po(po, mo))
    return written


# --------------------------------------------------------------------------- checks
PLACEHOLDER = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)(?:[!:][^{}]*)?\}(?!\})")


def placeholders(text: str) -> set[str]:
    """``str.format`` field names in a text: ``"{n} cards of {name}"`` -> ``{"n", "name"}``."""
    return set(PLACEHOLDER.findall(text))


def literal_texts(path: Path) -> dict:
    """Module-level dict literals of a Python file, by name (no import: for converters)."""
    tree = ast.parse(Path(path).read_text(encoding="utf-8"))
    found = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            try:
                found[node.targets[0].id] = ast.literal_eval(node.value)
            except ValueError:
                pass
    return found
