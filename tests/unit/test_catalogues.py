"""The gettext catalogues (``py/clubtable/locale/<lang>/LC_MESSAGES/<domain>.po``): every text
in every language, no English left in French or German, every count with its plural forms,
the same placeholders as the English, every key the code asks for, every refusal an engine
can raise.  See docs/TRANSLATING.md for the marks a translator may use."""
from __future__ import annotations

import ast
import re
import shutil
import subprocess
from pathlib import Path

import po
import pytest

from clubtable import i18n

ROOT = Path(__file__).resolve().parents[2]
PY = ROOT / "py" / "clubtable"
LOCALE = PY / "locale"
LANGUAGES = list(i18n.LANGUAGES)
TRANSLATED = [lang for lang in LANGUAGES if lang != i18n.SOURCE]
DOMAINS = sorted(p.stem for p in (LOCALE / i18n.SOURCE / "LC_MESSAGES").glob("*.po"))
# Placeholders that hold a number of things ("{n} cards"); a text showing one needs plural
# forms, unless its number is a position ("Seat {n}"), marked "#. not a count: ...".
COUNT_NAMES = {"n", "count", "q", "k", "points", "done", "total", "of", "cards", "dice", "s", "a", "b", "c"}


def catalogue(lang: str, domain: str) -> po.Catalogue:
    return po.read(LOCALE / lang / "LC_MESSAGES" / f"{domain}.po")


def english() -> dict[str, po.Entry]:
    out = {}
    for domain in DOMAINS:
        for key, entry in catalogue(i18n.SOURCE, domain).by_key().items():
            assert key not in out, f"{key} is in two domains"
            out[key] = entry
    return out


def marked(entry: po.Entry, mark: str) -> bool:
    return any(note.startswith(mark + ":") for note in entry.extracted)


def test_every_language_has_every_domain_with_its_plural_rule():
    assert DOMAINS and "clubtable" in DOMAINS
    for lang in LANGUAGES:
        for domain in DOMAINS:
            cat = catalogue(lang, domain)
            assert cat.header["Language"] == lang, (lang, domain)
            assert "charset=UTF-8" in cat.header["Content-Type"], (lang, domain)
            assert cat.header["Plural-Forms"] == po.PLURAL_FORMS[lang], (lang, domain)


def test_every_entry_is_keyed_by_its_msgctxt():
    for lang in LANGUAGES:
        for domain in DOMAINS:
            for e in catalogue(lang, domain).entries:
                assert e.msgctxt and re.fullmatch(r"[a-z][a-z0-9_]*(\.[A-Za-z0-9_\-\"]+)+", e.msgctxt), \
                    (lang, domain, e.msgctxt)
                assert e.msgid, (lang, domain, e.msgctxt)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_text_is_translated(lang):
    """Every key of the English catalogue, with the same English, translated (not empty, not
    fuzzy), and no key that English does not have."""
    problems = []
    for domain in DOMAINS:
        source = catalogue(i18n.SOURCE, domain).by_key()
        mine = catalogue(lang, domain).by_key()
        for key, e in source.items():
            t = mine.get(key)
            if t is None:
                problems.append(f"{domain}: {key} missing")
            elif t.fuzzy or not all(t.translations()):
                problems.append(f"{domain}: {key} not translated")
            elif t.sources() != e.sources():
                problems.append(f"{domain}: {key} translates an older English text")
            elif t.plural and len(t.msgstr_plural) != po.nplurals(catalogue(lang, domain).header):
                problems.append(f"{domain}: {key} needs {po.nplurals(catalogue(lang, domain).header)} forms")
        problems += [f"{domain}: {key} is not in English" for key in mine if key not in source]
    assert problems == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_english_is_left_in_a_translation(lang):
    """A translation equal to the English text is a forgotten one, unless the English entry
    says "same in every language" (a game's name, a symbol, a word both languages share)."""
    en = english()
    left = []
    for domain in DOMAINS:
        for key, t in catalogue(lang, domain).by_key().items():
            if key in en and t.translations() == t.sources() and not marked(en[key], po.SAME_TEXT):
                left.append(key)
    assert left == []


def test_every_count_has_its_plural_forms():
    """A text showing a number of things has plural forms, unless its number is a position."""
    missing = []
    for key, e in english().items():
        counts = set().union(*(po.placeholders(s) for s in e.sources())) & COUNT_NAMES
        if counts and not e.plural and not marked(e, po.NOT_A_COUNT):
            missing.append(f"{key}: {e.msgid}")
    assert missing == []


# The polite "Sie" and its forms, capitalised where a sentence does not begin: "Sie" there is
# never "she", "they" or "it".  (At a sentence's start they are those, as in "Ann hat zwei
# Schiffe. Sie vermutet …", so only a reader can tell; a colon does not start one.)
FORMAL_DE = re.compile(r"(?<![.!?…“„]\s)(?<!^)(?<![.!?]\s\s)\b(Sie|Ihnen|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres)\b")


def test_german_says_du_everywhere():
    """One form of address per language: German speaks to the player as "du" in every
    domain; no "Sie", "Ihnen", "Ihr(e)" in the middle of a sentence, no "Sie" as a polite
    imperative ("drücken Sie")."""
    formal = []
    for domain in DOMAINS:
        for key, e in catalogue("de", domain).by_key().items():
            for text in e.translations():
                for line in re.split(r"(?<=[.!?])\s+", text):      # each sentence from its start
                    if FORMAL_DE.search(line) or re.search(r"\b\w+en Sie\b", line):
                        formal.append((domain, key, line))
    assert formal == []
    sample = "Kopieren ist hier nicht erlaubt: der Text ist markiert, drücken Sie Strg+C."
    assert FORMAL_DE.search(sample) and not FORMAL_DE.search("Ann hat zwei Schiffe. Sie vermutet mehr.")


def test_french_says_vous_everywhere():
    tu = re.compile(r"(?<![\w-])(tu|toi|ton|ta|tes|te|t[’'])(?![\w])", re.I)
    found = [(d, k) for d in DOMAINS for k, e in catalogue("fr", d).by_key().items()
             for text in e.translations() if tu.search(text)]
    assert found == []


def test_a_plural_text_agrees_with_a_count_the_code_passes():
    for key, e in english().items():
        if e.plural:
            assert po.placeholders(e.msgid_plural) & set(i18n.PLURAL_PARAMS) \
                or marked(e, "count"), (key, e.msgid_plural)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_placeholders_are_the_english_ones(lang):
    wrong = []
    for domain in DOMAINS:
        for key, t in catalogue(lang, domain).by_key().items():
            want = set().union(*(po.placeholders(s) for s in t.sources()))
            for i, text in enumerate(t.translations()):
                got = po.placeholders(text)
                # A singular form may spell the number out ("une place libre"): it may drop it.
                ok = got <= want and (got == want or (t.plural and i == 0 and want - got <= set(i18n.PLURAL_PARAMS)))
                if text and not ok:
                    wrong.append(f"{domain}: {key} [{i}] {sorted(got)} vs {sorted(want)}")
    assert wrong == []


def _literal_keys():
    """Keys the code names literally: ``t("key")``, ``_tr(t, "key", ...)``, ``translate(lang,
    "key")``, and the prefixes of f-string keys (``t(f"cave.reason.{r}")``)."""
    first = {"t", "tt", "tell", "field"}
    second = {"_tr", "translate"}
    keys, prefixes = set(), set()
    files = [*PY.rglob("*.py"), ROOT / "build.py"]
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            arg = node.args[0] if name in first and node.args else \
                node.args[1] if name in second and len(node.args) > 1 else None
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str) \
                    and re.fullmatch(r"[a-z_]+(\.[A-Za-z0-9_]+)+", arg.value):
                keys.add((arg.value, path.relative_to(ROOT).as_posix()))
            elif isinstance(arg, ast.JoinedStr) and arg.values and isinstance(arg.values[0], ast.Constant) \
                    and "." in arg.values[0].value:
                prefixes.add((arg.values[0].value, path.relative_to(ROOT).as_posix()))
    return keys, prefixes


def test_every_key_the_code_asks_for_exists_in_english():
    en = english()
    keys, prefixes = _literal_keys()
    assert len(keys) > 300                         # the scan finds the screens' texts
    assert sorted(f"{where}: {k}" for k, where in keys if k not in en) == []
    assert sorted(f"{where}: {p}…" for p, where in prefixes if not any(k.startswith(p) for k in en)) == []


def _refusal_codes():
    """Every code an engine, the session or the shell refuses with, found in the source:
    ``IllegalAction("code", ...)``, ``Refusal("code", ...)``, ``("code", "sentence")``
    (``why_not``'s answers, declared refusals) and ``Guard("code", test, "sentence")``."""
    codes = set()
    for path in PY.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            args = None
            name = isinstance(node, ast.Call) and (getattr(node.func, "id", None) or getattr(node.func, "attr", None))
            if name in ("IllegalAction", "Refusal") and len(node.args) >= 2:
                args = node.args
            elif name == "Guard" and len(node.args) >= 3:        # Guard(code, test, message)
                args = [node.args[0], node.args[2]]
            elif isinstance(node, ast.Tuple) and len(node.elts) == 2:
                args = node.elts
            if args and isinstance(args[0], ast.Constant) and isinstance(args[0].value, str) \
                    and re.fullmatch(r"[a-z_]+", args[0].value):
                if " " in (_sentence(args[1]) or ""):
                    codes.add(args[0].value)
    return codes


def _sentence(node):
    """A refusal's English as written: literals, f-strings, literals joined by ``+``."""
    if isinstance(node, ast.Constant):
        return node.value if isinstance(node.value, str) else None
    if isinstance(node, ast.Lambda):                    # a declared refusal with a figure in it
        return _sentence(node.body)
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "…" for v in node.values)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _sentence(node.left), _sentence(node.right)
        return left + right if left is not None and right is not None else None
    if isinstance(node, ast.IfExp):
        return _sentence(node.body)
    return None


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_refusal_code_is_translated(lang):
    codes = _refusal_codes()
    assert {"not_your_turn", "bad_options", "colour_mismatch", "not_open"} <= codes   # the scan works
    assert sorted(c for c in codes if not i18n.has(lang, f"refusal.{c}")) == []


def test_english_players_see_the_engines_own_sentence():
    from clubtable.ui.context import Refusal
    r = Refusal("letter_known", "Letter 3 is already on the solution sheet.")
    assert r.text(i18n.Translator("en")) == "Letter 3 is already on the solution sheet."
    assert r.text(i18n.Translator("fr")) == i18n.translate("fr", "refusal.letter_known")
    assert Refusal("no_such_code", "Sentence.").text(i18n.Translator("de")) == "Sentence."


def test_lookups_fall_back_to_english_then_to_the_key():
    assert i18n.translate("fr", "home.title") != i18n.translate("en", "home.title")
    assert i18n.translate("fr", "no.such.key") == "no.such.key"
    assert i18n.translate("de", "home.free_seats", n=1) == "1 freier Platz"
    assert i18n.has("fr", "home.title") and not i18n.has("fr", "no.such.key")


def test_the_compiled_catalogues_are_those_of_the_po_files(tmp_path):
    """The .mo written by the build reads back, with gettext, as the .po says."""
    import gettext
    mo = po.compile_po(LOCALE / "fr" / "LC_MESSAGES" / "clubtable.po", tmp_path / "clubtable.mo")
    with open(mo, "rb") as f:
        fr = gettext.GNUTranslations(f)
    assert fr.ngettext("home.free_seats", "home.free_seats", 0) == "{n} place libre"
    assert fr.ngettext("home.free_seats", "home.free_seats", 2) == "{n} places libres"
    assert fr.gettext("home.title") == catalogue("fr", "clubtable").by_key()["home.title"].msgstr


@pytest.mark.skipif(not shutil.which("msgfmt"), reason="GNU gettext's msgfmt is not installed")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_gnu_msgfmt_accepts_the_catalogues(lang, tmp_path):
    """What translators' tools check: syntax, headers, plural forms, python-brace-format."""
    for domain in DOMAINS:
        run = subprocess.run(["msgfmt", "--check", "-o", str(tmp_path / "x.mo"),
                              str(LOCALE / lang / "LC_MESSAGES" / f"{domain}.po")], capture_output=True, text=True)
        assert run.returncode == 0, run.stderr


def _refusal_reasons():
    """(code, reason) of every refusal raised with a reason: ``IllegalAction(code, message,
    "reason", ...)`` or a game's ``bad(message, "reason")`` helper for its options."""
    found = set()
    for path in PY.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name == "IllegalAction" and len(node.args) >= 3:
                code, reason = node.args[0], node.args[2]
            elif name == "bad" and len(node.args) >= 2:
                code, reason = ast.Constant("bad_options"), node.args[1]
            else:
                continue
            if isinstance(code, ast.Constant) and isinstance(reason, ast.Constant) and isinstance(reason.value, str):
                found.add((code.value, reason.value))
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_refusal_reason_has_its_text(lang):
    """A reason's text replaces the engine's sentence in every language, English included."""
    reasons = _refusal_reasons()
    assert {("bad_options", "value"), ("bad_options", "first_player"), ("bad_options", "even_matches")} <= reasons
    assert sorted(f"{c}.{r}" for c, r in reasons if not i18n.has(lang, f"refusal.{c}.{r}")) == []


def test_an_option_refusal_names_the_option_in_the_players_language():
    from clubtable.engine import IllegalAction
    from clubtable.games import GAMES
    from clubtable.ui.context import Refusal
    with pytest.raises(IllegalAction) as err:
        GAMES["dodgy"].check_options({"statement_s": 3, "challenge_min_window_s": 5}, 3)
    e = err.value
    assert (e.code, e.reason) == ("bad_options", "statement_window")
    texts = {lang: Refusal(e.code, e.message, e.reason, e.params).text(i18n.Translator(lang)) for lang in LANGUAGES}
    assert texts["fr"].startswith("Le temps pour annoncer doit être plus long")
    assert texts["de"].startswith("Die Zeit für eine Ansage muss länger sein")
    with pytest.raises(IllegalAction) as err:
        GAMES["dodgy"].check_options({"elimination_threshold": 4}, 6)
    e = err.value
    assert e.reason == "threshold_dice" and e.params == {"count": 3}
    de = Refusal(e.code, e.message, e.reason, e.params).text(i18n.Translator("de"))
    assert de == "An diesem Tisch beginnt jeder mit 3 Würfeln, also muss man mit weniger als 3 Würfeln ausscheiden."
    with pytest.raises(IllegalAction) as err:
        GAMES["dodgy"].check_options({"no_such_option": 1}, 3)
    fr = Refusal(err.value.code, err.value.message, err.value.reason, err.value.params).text(i18n.Translator("fr"))
    assert fr == "Ce jeu n'a pas d'option « no_such_option »."


def test_the_page_gets_the_compiled_catalogues_not_the_sources(tmp_path, monkeypatch):
    import sys
    import zipfile
    sys.path.insert(0, str(ROOT))
    import build
    monkeypatch.setattr(build, "APP_ZIP", tmp_path / "app.zip")
    monkeypatch.setattr(build, "PYPI_PINS", [])
    build.catalogues()
    build.app_zip()
    names = zipfile.ZipFile(tmp_path / "app.zip").namelist()
    for lang in LANGUAGES:
        for domain in DOMAINS:
            assert f"clubtable/locale/{lang}/LC_MESSAGES/{domain}.mo" in names
    assert not [n for n in names if n.endswith(".po")]


def test_the_po_reader_and_writer_agree_with_the_files():
    """Reading a catalogue and writing it back gives the same file (tools that merge new
    texts rewrite the .po files with this writer), and escapes, continuation lines, flags
    and plural forms read as gettext's tools write them."""
    for path in LOCALE.glob("*/LC_MESSAGES/*.po"):
        cat = po.read(path)
        again = po.parse(po.render(cat))
        assert (again.header, again.entries) == (cat.header, cat.entries), path
    cat = po.parse('msgid ""\nmsgstr ""\n"Language: fr\\n"\n\n#. note\n#, fuzzy, python-brace-format\n'
                   'msgctxt "a.b"\nmsgid "say \\"{n}\\" "\n"again"\nmsgid_plural "{n} times"\n'
                   'msgstr[0] "une\\tfois"\nmsgstr[1] "{n}\\nfois"\n')
    (e,) = cat.entries
    assert cat.header == {"Language": "fr"}
    assert (e.key, e.msgid, e.msgid_plural, e.msgstr_plural) == ("a.b", 'say "{n}" again', "{n} times",
                                                                 ["une\tfois", "{n}\nfois"])
    assert e.fuzzy and e.extracted == ["note"]
    assert po.compiled_messages(cat, source=False) == {"": "Language: fr\n"}    # fuzzy: not compiled
    with pytest.raises(ValueError, match="without msgstr"):
        po.parse('msgctxt "a.b"\nmsgid "one"\nmsgctxt "a.c"\nmsgid "two"\nmsgstr ""\n')
