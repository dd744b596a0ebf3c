"""pfn in Russian and Serbian: the language chosen (``--lang``, ``PFN_LANG``, the
locale), the check's messages translated with their place and code unchanged, plural
forms by the rule of each language (worked out here from the grammar, not read from
the catalogs), Serbian Cyrillic, and the catalogs complete: every text the code marks is
found by Babel's own extractor and translated in every catalog, and every message of
the translated modules is marked."""

from __future__ import annotations

import ast
import builtins
import gettext
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

import pytest

from pfn.i18n import UnknownLanguage, normalise, ntr, resolve, tr, use
from pfn.tools.catalogs import KEYWORDS
from tests.conftest import ROOT

BRIEF = (ROOT / "examples" / "brief.pfn").read_text(encoding="utf-8")
REVOKE = BRIEF.replace("SK ST C7", "SK CQ C7", 1)  # Boris holds the ten of spades
LOCALE = ROOT / "pfn" / "locale"


def check(text: str, *args: str, env: dict[str, str] | None = None
          ) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items()
             if k not in ("LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE", "PFN_LANG")}
    return subprocess.run([sys.executable, "-m", "pfn.cli", "check", "-", *args],
                          input=text, capture_output=True, text=True, timeout=120,
                          env={**clean, **(env or {})})


def heads(output: str) -> list[tuple[str, str, str]]:
    """Each diagnostic's place, code and message."""
    return re.findall(r"^(<stdin>:\d+:\d+): \w+\[(PFN-[EWI]\d+)\]: (.*)$", output, re.M)


def test_a_revoke_in_russian_and_serbian_at_the_same_place_with_the_same_code() -> None:
    english = heads(check(REVOKE).stdout)
    assert english and english[0][2].startswith("revoke: B played CQ on a spade lead")
    for lang, said, frame in (
            ("ru", "не в масть: B на ход ♠ во взятке 2 сыграл CQ, хотя у него есть ST",
             "ошибка[PFN-E503]"),
            ("sr", "nije odgovorio na boju: B je u 2. štihu na ♠ odigrao CQ, a ima ST",
             "greška[PFN-E503]")):
        done = check(REVOKE, "--lang", lang)
        assert done.returncode == 1
        found = heads(done.stdout)
        assert [(p, c) for p, c, _ in found] == [(p, c) for p, c, _ in english]
        assert found[0][2] == said and frame in done.stdout
        assert re.search(r"^ 23 \| SK CQ C7", done.stdout, re.M)  # the source line, as is


@pytest.mark.slow
def test_the_language_comes_from_the_option_then_pfn_lang_then_the_locale() -> None:
    russian = "ошибка[PFN-E503]"
    assert russian in check(REVOKE, env={"LANG": "ru_RU.UTF-8"}).stdout
    assert russian in check(REVOKE, env={"LC_ALL": "ru_RU.UTF-8", "LANG": "C"}).stdout
    assert russian in check(REVOKE, env={"LC_MESSAGES": "ru_RU.UTF-8"}).stdout
    assert "greška[PFN-E503]" in check(REVOKE, env={"PFN_LANG": "sr",
                                                    "LANG": "ru_RU.UTF-8"}).stdout
    assert "error[PFN-E503]" in check(REVOKE, "--lang", "en",
                                      env={"PFN_LANG": "ru"}).stdout
    assert "error[PFN-E503]" in check(REVOKE, env={"LANG": "de_DE.UTF-8"}).stdout
    wrong = check(REVOKE, "--lang", "de")
    assert wrong.returncode == 2 and "pfn speaks en, ru, sr, sr-Cyrl" in wrong.stderr
    assert "Traceback" not in wrong.stderr


def pfn_before(*args: str, text: str = "") -> subprocess.CompletedProcess[str]:
    """``pfn`` with ``args`` as given, ``--lang`` where the user puts it."""
    clean = {k: v for k, v in os.environ.items()
             if k not in ("LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE", "PFN_LANG")}
    return subprocess.run([sys.executable, "-m", "pfn.cli", *args], input=text,
                          capture_output=True, text=True, timeout=120, env=clean)


def test_lang_before_the_command_speaks_in_the_help() -> None:
    helped = pfn_before("--lang", "ru", "--help")
    assert helped.returncode == 0, helped.stderr
    assert "Параметры:" in helped.stdout and "No such option" not in helped.stderr


@pytest.mark.slow
def test_lang_is_taken_before_the_command_as_well_as_after_it() -> None:
    for before in (("--lang", "ru"), ("--lang=ru",)):
        done = pfn_before(*before, "check", "-", text=REVOKE)
        assert done.returncode == 1
        found = heads(done.stdout)
        assert found[0][1:] == ("PFN-E503", "не в масть: B на ход ♠ во взятке 2 сыграл CQ,"
                                            " хотя у него есть ST"), done.stdout
    # the command's own --lang is nearer the command: it wins
    done = pfn_before("--lang", "ru", "check", "-", "--lang", "sr", text=REVOKE)
    assert "greška[PFN-E503]" in done.stdout
    helped = pfn_before("--lang", "sr", "check", "--help")
    assert "Opcije:" in helped.stdout, helped.stdout
    wrong = pfn_before("--lang", "de", "check", "-", text=REVOKE)
    assert wrong.returncode == 2 and "pfn speaks en, ru, sr, sr-Cyrl" in wrong.stderr


@pytest.mark.slow
def test_lang_before_render_sets_the_labels_as_after_it(tmp_path: Path) -> None:
    brief = str(ROOT / "examples" / "brief.pfn")
    before, after = tmp_path / "before.svg", tmp_path / "after.svg"
    pfn_before("--lang", "ru", "render", brief, "-b", "1", "-k", "2", "-o", str(before))
    pfn_before("render", brief, "-b", "1", "-k", "2", "--lang", "ru", "-o", str(after))
    assert "взятка 2</title>" in before.read_text(encoding="utf-8")
    assert before.read_bytes() == after.read_bytes()


def test_a_variant_never_chooses_the_language_of_messages() -> None:
    serbian = REVOKE.replace('[Variant "sochi"]', '[Variant "serbian"]')
    assert "error[" in check(serbian).stdout


@pytest.mark.parametrize("given,lang", [
    ("ru", "ru"), ("ru_RU.UTF-8", "ru"), ("RU", "ru"), ("sr", "sr"), ("sr_RS@latin", "sr"),
    ("sr-Latn", "sr"), ("sr_RS.UTF-8", "sr-Cyrl"), ("sr@cyrillic", "sr-Cyrl"),
    ("sr-Cyrl", "sr-Cyrl"), ("C", "en"), ("POSIX", "en"), ("en_GB.UTF-8", "en")])
def test_locale_names(given: str, lang: str) -> None:
    assert normalise(given) == lang


def test_an_unknown_locale_is_english_but_an_unknown_option_is_refused(
        monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("PFN_LANG", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert resolve() == "en"
    with pytest.raises(UnknownLanguage):
        resolve("fr")


def slavic(n: int) -> int:
    """The plural form after ``n`` in Russian and Serbian, from their grammars: one
    (1, 21, 101 but not 11), few (2-4, 22-24 but not 12-14), many (the rest)."""
    if n % 10 == 1 and n % 100 != 11:
        return 0
    if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14):
        return 1
    return 2


@pytest.mark.parametrize("n", [0, 1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111, 112])
def test_plural_forms(n: int) -> None:
    forms = {"ru": ("взятка", "взятки", "взяток"), "sr": ("štih", "štiha", "štihova")}
    for lang, words in forms.items():
        with use(lang):
            said = ntr("Result gives {seat} {n} trick; the play gives {computed}",
                       "Result gives {seat} {n} tricks; the play gives {computed}", n,
                       seat="A", computed=8)
        assert f" {n} {words[slavic(n)]}" in said, said
    with use("en"):
        assert tr("clean") == "clean"


def test_the_summary_line_agrees_with_its_numbers() -> None:
    done = check(REVOKE, "--lang", "ru")
    errors = len(heads(done.stdout)) - done.stdout.count("примечание[")
    ending = ("ошибка", "ошибки", "ошибок")[slavic(errors)]
    assert f"1 файл, 3 записи: {errors} {ending}, 0 предупреждений" in done.stderr
    assert "1 datoteka, 3 zapisa: bez grešaka, 0 upozorenja" in check(
        BRIEF, "--lang", "sr").stderr


def test_serbian_in_cyrillic_keeps_cards_seats_and_codes() -> None:
    done = check(REVOKE, "--lang", "sr-Cyrl")
    first = heads(done.stdout)[0]
    assert first[1] == "PFN-E503"
    assert first[2] == "није одговорио на боју: B је у 2. штиху на ♠ одиграо CQ, а има ST"
    assert "грешка[PFN-E503]" in done.stdout


# -- the catalogs ---------------------------------------------------------------------


Key = tuple[str | None, str | tuple[str, str]]
"""A catalog entry: its context and its text (a pair for a text with plural forms)."""


def extracted() -> set[Key]:
    """Every marked text of the package, as Babel's extractor finds it."""
    from babel.messages.extract import extract_from_dir

    found: set[Key] = set()
    for _, _, message, _, context in extract_from_dir(
            str(ROOT / "pfn"), method_map=[("**/tools/**.py", "ignore"), ("**.py", "python")],
            keywords=KEYWORDS):
        found.add((context, message if isinstance(message, str) else (message[0], message[1])))
    return found


@pytest.mark.parametrize("lang", ["ru", "sr", "sr_Cyrl"])
def test_every_marked_text_is_translated_and_compiled(lang: str) -> None:
    from babel.messages.pofile import read_po

    po = LOCALE / lang / "LC_MESSAGES" / "pfn.po"
    with po.open("rb") as source:
        catalog = read_po(source)
    translated = {(m.context, m.id): m.string for m in catalog if m.id}
    missing = [m for m in extracted() if not translated.get(m)
               or (isinstance(translated[m], tuple) and not all(translated[m]))]
    assert not missing, f"{po}: untranslated (make catalogs): {missing[:10]}"
    for (_, msgid), text in translated.items():  # the placeholders kept
        ids = msgid if isinstance(msgid, tuple) else (msgid,)
        texts = text if isinstance(text, tuple) else (text,)
        # ({n} and {count} may be said either way; {suit} is the English suit name)
        wanted = set(re.findall(r"\{(\w*)\}", " ".join(ids))) - {"n", "count", "suit"}
        for form in texts:
            assert wanted <= set(re.findall(r"\{(\w*)\}", form)), (msgid, form)
    # the compiled catalog, as gettext reads it, says the same (else: reinstall)
    with po.with_suffix(".mo").open("rb") as compiled:
        built = gettext.GNUTranslations(compiled)
    for (context, msgid), text in translated.items():
        if isinstance(msgid, tuple):
            assert [built.ngettext(*msgid, n) for n in (1, 2, 5)] == list(text), msgid
        elif context is not None:
            assert built.pgettext(context, msgid) == text, (context, msgid)
        else:
            assert built.gettext(msgid) == text, msgid


MODULES = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "pfn").rglob("*.py")
                 if p.parent.name != "tools")
"""Every module a user's command runs (``pfn/tools`` holds the maintainers' scripts)."""
MESSAGE_CALLS = {"Problem", "report", "problem", "unchecked", "entry", "cannot", "unsure"}
"""Calls that take a message and where it stands: Problem(code, message, hint),
report(code, message, pos, text, hint), a score entry's rule entry(seat, column, value,
rule), and what a scorer could not work out (unchecked, cannot, unsure)."""
MESSAGE_AT = {"Problem": (1, 2), "report": (1, 4), "problem": (1, 4), "entry": (3,),
              "unsure": (1,)}
OUTPUT_CALLS = {"echo", "secho", "print", "fail", "BadParameter", "say", "write"}
"""Calls that put their first argument in front of a person."""
CODE_RE = re.compile(r"PFN-[EWI]\d{3}")


def _words(node: ast.expr, loose: bool = False) -> bool:
    """Text written in the code for a person to read: a literal with words in it, or an
    f-string with any word (not marked, so never translated).  ``loose`` (a message's own
    argument) counts a single word too."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        text = node.value.strip()
        return bool(re.search(r"[a-z]{2}", text)) and (loose or " " in text) and \
            not CODE_RE.fullmatch(text)
    if isinstance(node, ast.JoinedStr):
        text = "".join(v.value for v in node.values if isinstance(v, ast.Constant))
        return re.search(r"[a-z]{3,}", re.sub(r"\bpfn\b|\s", " ", text)) is not None
    if isinstance(node, ast.BinOp):
        return _words(node.left, loose) or _words(node.right, loose)
    if isinstance(node, ast.IfExp):
        return _words(node.body, loose) or _words(node.orelse, loose)
    return False


def _name(node: ast.expr) -> str:
    return node.id if isinstance(node, ast.Name) else \
        node.attr if isinstance(node, ast.Attribute) else ""


def unmarked(source: str) -> list[int]:
    """Lines of ``source`` where words meant for a person are not marked for the catalogs:
    a diagnostic's message or hint, a message of pfn's own errors, what a command writes.
    A line that ends in ``# data`` writes data, not words."""
    tree = ast.parse(source)
    lines = source.splitlines()
    found = []
    for node in ast.walk(tree):
        texts: list[ast.expr] = []
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
            if not hasattr(builtins, _name(node.exc.func)):  # pfn's errors, not ValueError
                texts = node.exc.args[:1]
        elif isinstance(node, ast.Call):
            name = _name(node.func)
            if name in MESSAGE_CALLS:
                texts = [a for i, a in enumerate(node.args) if i in MESSAGE_AT.get(name, (0,))]
            elif any((isinstance(a, ast.Constant) and isinstance(a.value, str)
                      and CODE_RE.fullmatch(a.value)) or (isinstance(a, ast.Attribute)
                     and _name(a.value) == "codes" and CODE_RE.fullmatch("PFN-" + a.attr))
                     for a in node.args):
                texts = list(node.args)  # Diagnostic(code, message, …, hint)
            elif name in OUTPUT_CALLS:
                texts = node.args[:1]
            texts += [k.value for k in node.keywords if k.arg in ("hint", "message")]
        # a message's own argument may be one word; a hint or a text shown needs two
        message = node.args[1] if isinstance(node, ast.Call) and len(node.args) > 1 and \
            _name(node.func) in MESSAGE_CALLS else None
        found += [t.lineno for t in texts if _words(t, t is message)
                  and not lines[t.lineno - 1].rstrip().endswith("# data")]
    return sorted(set(found))


def test_the_check_for_unmarked_words_finds_them() -> None:
    """The oracle of the next test, on texts whose answer is known."""
    assert unmarked('raise PfnError(f"cannot read {path}")') == [1]
    assert unmarked('raise PfnError(tr("cannot read {path}", path=p))') == []
    assert unmarked('raise ValueError("a programming error")') == []
    assert unmarked('Problem("PFN-E502", f"{card} cannot be played")') == [1]
    assert unmarked('report("PFN-E502", tr("x y"), pos, f"{card} x",\n hint="write A")') == [2]
    assert unmarked('sys.stderr.write(f"wrote {path}\\n")') == [1]
    assert unmarked('sys.stderr.write(f"pfn: {error}\\n")') == []
    assert unmarked('handle.write(f\'{{"records": [\')  # data') == []
    assert unmarked('Diagnostic("PFN-I001", "not verified")') == [1]
    assert unmarked('Diagnostic(codes.I001, "not verified")') == [1]
    assert unmarked('Diagnostic(codes.I001, msg("not verified"))') == []
    assert unmarked('notes.cannot("Britannica gives nothing")') == [1]


@pytest.mark.parametrize("module", MODULES)
def test_every_message_of_every_module_is_marked(module: str) -> None:
    found = unmarked((ROOT / module).read_text(encoding="utf-8"))
    assert not found, f"{module}: words not marked for translation on lines {found}"


@pytest.mark.slow
def test_every_command_takes_lang() -> None:
    from pfn.cli import COMMANDS

    for command in COMMANDS:
        done = subprocess.run([sys.executable, "-m", "pfn.cli", command, "--help"],
                              capture_output=True, text=True, timeout=60,
                              env={**os.environ, "COLUMNS": "200"})
        assert "--lang" in done.stdout, command


def test_the_catalog_sources_are_in_the_package() -> None:
    assert {p.parent.parent.name for p in LOCALE.glob("*/LC_MESSAGES/pfn.po")} == \
        {"ru", "sr", "sr_Cyrl"}
    assert Path(LOCALE / "pfn.pot").is_file()


# -- the glossary -----------------------------------------------------------------------


class Term(NamedTuple):
    """A row of docs/glossary.md: the English term, the words each language uses for it
    and the words it never uses for it."""

    english: str
    ru: list[str]
    sr: list[str]
    not_ru: list[str]
    not_sr: list[str]
    source: str


def glossary() -> list[Term]:
    """docs/glossary.md's table, row by row."""
    text = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8")
    table = text.split("<!-- glossary:start -->")[1].split("<!-- glossary:end -->")[0]

    def words(cell: str) -> list[str]:
        return [w.strip() for w in cell.split(",") if w.strip() not in ("—", "")]

    rows = []
    for line in table.strip().splitlines()[2:]:
        english, ru, sr, not_ru, not_sr, source, _ = (
            cell.strip() for cell in line.strip().strip("|").split("|"))
        rows.append(Term(english, words(ru), words(sr), words(not_ru), words(not_sr), source))
    return rows


def stems(words: list[str]) -> list[str]:
    """What any grammatical form of each word keeps: the word less its last two letters
    (at least three letters)."""
    return [w[:max(3, len(w) - 2)].lower() for w in words]


TERMS = {"trick": r"tricks?", "whist": r"whist(ed)?", "pass": r"(?<!all-)pass(ed)?",
         "all-pass": r"all-pass(es)?", "misère": r"misère", "talon": r"(?<!without )talon",
         "discard": r"discard(s|ed)?", "declarer": r"declarer", "defender": r"defenders?",
         "dealer": r"dealer", "auction": r"auction", "trump": r"trump", "revoke": r"revoke",
         "suit": r"suit", "pool": r"pool", "settlement": r"settlement",
         "board": r"boards?", "variant": r"variants?", "claim": r"claim(s|ed)?",
         "lead": r"lead(s|er)?", "defence": r"defences?", "consolation": r"consolation",
         "half-whist": r"half-whist"}
"""Where an English message uses a term: in lower case (a tag name is not the term), a
word of its own (not part of an option such as allpass-dealer or --trick)."""

OTHER_SENSE = {("sheet column", "whist"), (None, "match, variant, or a number: every N records."),
               (None, "--by {by}: match, variant, or a number of records"),
               (None, "revoke: {name} played {card} on a {suit} lead at trick {number} but"
                      " holds {held}"),
               (None, "Only the vectors with this tag: a variant (sochi), a table (4-players), a"
                      " stage (defence) or a trap (talon-led) (repeatable: every tag given).")}
"""Messages where an English term is not the term: the sheet's column ``whist`` is the
whists written («висты», «supe»), option values are typed as they are, and a suit lead
is the suit led («на ♠», «na ♠»)."""

CODE = re.compile(r"\{\w+\}|`[^`]*`|\[[^\]]*\]|--[\w-]+"
                  r"|\b(?!all-pass|half-whist)[a-z]+-[a-z][\w-]*(=\S*)?"
                  r"|\b[\w-]+=\S*|(?m:^ {2,}\S.*$)|[\w./*-]+\.[a-z]{2,5}\b")
"""What in a message is not prose: placeholders, code, tags, options, house rules, file
names and the examples of a help text (its indented lines, typed as they are)."""


def prose(text: str) -> str:
    return CODE.sub(" ", text)


def uses(term: str, text: str) -> bool:
    return re.search(rf"(?<![\w-]){TERMS[term]}(?![\w-])", prose(text)) is not None


def catalog_entries(lang: str) -> list[tuple[str | None, str, tuple[str, ...]]]:
    """Each entry of a catalog: its context, its English (both forms) and its texts."""
    from babel.messages.pofile import read_po

    with (LOCALE / lang / "LC_MESSAGES" / "pfn.po").open("rb") as source:
        catalog = read_po(source)
    return [(m.context, " ".join(m.id) if isinstance(m.id, tuple) else m.id,
             m.string if isinstance(m.string, tuple) else (m.string,))
            for m in catalog if m.id]


@pytest.mark.parametrize("lang", ["ru", "sr"])
def test_every_catalog_uses_the_glossarys_words(lang: str) -> None:
    words = {t.english: (t.ru if lang == "ru" else t.sr) for t in glossary()}
    assert set(TERMS) <= set(words)
    wrong = []
    for context, english, texts in catalog_entries(lang):
        for term in TERMS:
            if not uses(term, english) or not words[term] or (context, english) in OTHER_SENSE:
                continue
            for text in texts:
                if not any(stem in text.lower() for stem in stems(words[term])):
                    wrong.append((term, english, text))
    assert not wrong, "\n".join(f"{t}: {e!r} → {x!r}" for t, e, x in wrong)


def never(word: str) -> re.Pattern[str]:
    """Any form of a word a language does not use for a term: the word from its start,
    less its last letter (at least four), or a phrase as written."""
    stem = word if " " in word else word[:max(4, len(word) - 1)]
    return re.compile(rf"(?<!\w){re.escape(stem.lower())}")


@pytest.mark.parametrize("lang", ["ru", "sr"])
def test_one_word_for_one_thing(lang: str) -> None:
    """Exclusivity: where an English message uses a term, no other word the glossary
    rejects for it (доска, odgovor, najava…) stands in its translation; a term that is
    no English word of the messages (open / closed play) keeps its rejected words out
    of the whole catalog."""
    rows = glossary()
    assert any(t.not_ru for t in rows) and any(t.not_sr for t in rows)
    wrong = []
    for _, english, texts in catalog_entries(lang):
        for term in rows:
            rejected = term.not_ru if lang == "ru" else term.not_sr
            if not rejected or (term.english in TERMS and not uses(term.english, english)):
                continue
            for text in texts:
                wrong += [(term.english, english, text) for word in rejected
                          if never(word).search(prose(text).lower())]
    assert not wrong, "\n".join(f"{t}: {e!r} → {x!r}" for t, e, x in wrong)


def test_the_glossary_gives_a_source_for_every_term() -> None:
    text = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"^- ([RS]\d+) — ", text, re.M))
    for term in glossary():
        cited = re.findall(r"[RS]\d+", term.source)
        assert cited and set(cited) <= listed, term


@pytest.mark.parametrize("lang", ["ru", "sr"])
def test_no_english_term_of_the_game_is_left(lang: str) -> None:
    from babel.messages.pofile import read_po

    with (LOCALE / lang / "LC_MESSAGES" / "pfn.po").open("rb") as source:
        catalog = read_po(source)
    english = re.compile(r"\b(trick|whist|declarer|defender|misère|revoke|auction|dealer|"
                         r"discard|trump|settlement|all-pass" + ("|talon" if lang == "ru" else "")
                         + r")s?\b")
    left = [m.string for m in catalog if m.id and any(
        english.search(prose(text))
        for text in (m.string if isinstance(m.string, tuple) else (m.string,)))]
    assert not left, left


@pytest.mark.parametrize("lang", ["ru", "sr"])
def test_every_code_is_explained_in_the_language(lang: str) -> None:
    from pfn.diagnostics import CODES
    from pfn.explain import ENTRIES, explanation

    for code in CODES:
        with use("en"):
            english = explanation(code)
        with use(lang):
            said = explanation(code)
        assert english is not None and said is not None
        assert said.splitlines()[0] != english.splitlines()[0], code  # the title
        if code in ENTRIES and ENTRIES[code].meaning != "—":
            assert said.splitlines()[2] != english.splitlines()[2], code  # the meaning


def test_show_in_serbian_and_the_page_speaks_one_language(tmp_path: Path) -> None:
    def pfn(*args: str) -> str:
        done = subprocess.run([sys.executable, "-m", "pfn.cli", *args], capture_output=True,
                              text=True, timeout=120, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        return done.stdout

    shown = pfn("show", str(ROOT / "examples" / "brief.pfn"), "-b", "1", "--lang", "sr")
    lines = shown.splitlines()
    assert lines[0].startswith("Deljenje 1 · ")
    assert "Boris i Ceca prate · Ceca deli · Ana izlazi" in lines[0]  # two defenders: prate
    assert lines[1] == "Pre prvog izlaza"
    assert lines[2] == "A Ana — 0 štihova (igrač)"
    assert "Škart: ♦7 ♦8" in lines and "Talon: ♦8 ♥8" in lines
    russian = pfn("show", str(ROOT / "examples" / "brief.pfn"), "-b", "1", "-k", "2",
                  "--lang", "ru")
    assert "Взятка 2: A — ♠К, B — ♠10, C — ♣7 → A" in russian
    assert "A Ana — 2 взятки (играющий)" in russian
    pfn("render", str(ROOT / "examples" / "brief.pfn"), "-b", "1", "-f", "html", "--lang", "sr",
        "-o", "page.html")
    page = (tmp_path / "page.html").read_text(encoding="utf-8")
    assert '<html lang="sr">' in page and "<summary>Licitacija</summary>" in page
    # CLDR's Serbian has one (1, 21), few (2-4, 22-24) and other: what Intl.PluralRules("sr")
    # answers in the page's script
    assert '"tricks": {"one": "{n} štih", "few": "{n} štiha", "other": "{n} štihova"}' in page
    assert '">pusti</button>' in page  # the autoplay button: its visible word is its name


def test_a_pool_recorded_in_russian(tmp_path: Path) -> None:
    """pfn record with LANG=ru_RU.UTF-8: the questions, the score and the sheet in
    Russian, the file in PFN (its tags and entries are the same in every language)."""
    import pexpect

    pool = tmp_path / "пулька.pfn"
    child = pexpect.spawn(sys.executable, ["-m", "pfn.cli", "record", str(pool)],
                          encoding="utf-8", timeout=60, dimensions=(40, 200),
                          env={"PATH": "/usr/bin:/bin", "TERM": "xterm",
                               "LANG": "ru_RU.UTF-8", "PYTHONPATH": str(ROOT)})
    for prompt, typed in (("через ';' или ',':", "Аня; Борис; Вера"), ("Конвенция [sochi]:", ""),
                          ("`pfn rules`)", ""), ("каждый) [10]:", "10"),
                          ("Название пульки", "пятница"), ("(место или имя):", "C"),
                          ("закончить пульку [r]:", "r"), ("pass — распасы):", "6S"),
                          ("Играющий (место или имя):", "Аня"),
                          ("Вистующие, слова по порядку:", "whist pass"),
                          ("не играл):", "6 4 -")):
        child.expect_exact(prompt)
        child.sendline(typed)
    child.expect(r"записано: ([^\r\n]*)")
    assert child.match.group(1).split() == ["A:pool+2", "B:whist/A+8"]
    child.expect_exact("Пулька после сдачи 1")
    child.expect_exact("закончить пульку [r]:")
    child.sendline("end")
    child.expect_exact("Расчёт (способ среднего, 10 вистов за очко горы, точно)")
    child.expect_exact(f"1 сдача в {pool}")
    child.expect(pexpect.EOF)
    text = pool.read_text(encoding="utf-8")
    assert '[Players "Аня; Борис; Вера"]' in text and '[Score "A:pool+2 B:whist/A+8"]' in text


EXAMPLES = ("sochi-match", "leningrad-match", "rostov-match", "mailru-match",
            "britannica-match", "four-players", "published", "seeds/seed001-primer",
            "seeds/seed000-examples")
"""Matches of every family with a scorer (Sochi, Leningrad, Rostov, Mail.ru, Britannica,
the four-handed standard, Serbian), written in English letters only."""


def misscored(path: Path, names: tuple[str, ...] = EXAMPLES, copies: int = 3) -> Path:
    """The example matches with every Score entry one more than the rules write (each an
    E701 that says the rule behind it), ``copies`` times under new match names: more
    records than one span holds, so workers share them."""
    def bump(found: re.Match[str]) -> str:
        return '[Score "' + re.sub(r"([+-])(\d+)", lambda n: f"{n[1]}{int(n[2]) + 1}",
                                   found[1]) + '"]'

    text = "".join(re.sub(r'\[Score "([^"]*)"\]', bump,
                          (ROOT / "examples" / f"{name}.pfn").read_text(encoding="utf-8"))
                   + "\n" for name in names)
    path.write_text("".join(text.replace('[Match "', f'[Match "copy{n}-')
                            for n in range(copies)), encoding="utf-8")
    return path


WORKERS = """
import multiprocessing, pickle, re, sys
from pfn.check import CheckJob, CheckOptions, check_records
from pfn.corpus.engine import Task, run_task, spans
from pfn.executor import map_ordered
from pfn.i18n import current, use
from pfn.notation.reader import read

def language(_):
    return current()

if __name__ == "__main__":
    multiprocessing.set_start_method(sys.argv[1])
    path = sys.argv[2]
    with use("ru"):
        spoken = set(map_ordered(language, range(4), jobs=2))
        tasks = [Task(span, CheckJob(CheckOptions())) for span in spans(path)]
        sent = list(map_ordered(run_task, tasks, jobs=2))
        parallel = [d.format() for outcomes in sent for o in outcomes for d in o.diagnostics]
        serial = [d.format() for r in check_records(read(path)) for d in r.diagnostics]
    carried = pickle.dumps(sent).decode("utf-8", "replace")
    print(sorted(spoken), len(tasks), len(parallel), parallel == serial,
          re.search("[а-яё]", carried, re.I) is not None,
          sum("Сочинка:" in line for line in parallel))
"""


@pytest.mark.slow
@pytest.mark.parametrize("method", ["spawn", "forkserver"])
def test_workers_send_problems_not_words(tmp_path: Path, method: str) -> None:
    """A worker started afresh (spawn, forkserver: Python's coming default) speaks English
    and is told no language; what it sends back carries no translated word, and said in
    Russian here it reads as a serial Russian check, the reasons of each score too."""
    script = tmp_path / "workers.py"
    script.write_text(WORKERS, encoding="utf-8")
    done = subprocess.run([sys.executable, str(script), method,
                           str(misscored(tmp_path / "misscored.pfn"))],
                          capture_output=True, text=True, timeout=180, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    spoken, spans, problems, same, cyrillic, sochi = done.stdout.rsplit(maxsplit=5)
    assert spoken == "['en']"  # the workers' own language: none was handed over
    assert int(spans) >= 2 and int(problems) > 300
    assert (same, cyrillic) == ("True", "False")
    assert int(sochi) > 20  # the rules behind the Sochi entries, in Russian


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["ru", "sr"])
def test_a_parallel_check_says_what_a_serial_one_says(tmp_path: Path, lang: str) -> None:
    """``pfn check --jobs 2`` in Russian and Serbian prints, in text and in JSON, what
    ``--jobs 1`` prints: the rule behind every wrong score entry in the run's language."""
    path = misscored(tmp_path / "misscored.pfn", (*EXAMPLES, "classic-match"))
    for form in ("text", "json"):
        one, two = (pfn_run("check", str(path), "--lang", lang, "--format", form,
                            "--jobs", jobs) for jobs in ("1", "2"))
        assert one.returncode == two.returncode == 1
        assert two.stdout == one.stdout and two.stderr == one.stderr
    said = one.stdout
    english = ("made, price", "both whisted", "to the pool", "Sochi:", "consolation")
    assert not [word for word in english if word in said]
    family = {"ru": ("Сочинка:", "Ленинградка:", "Британника:", "Классика:", "Сербский:"),
              "sr": ("Soči:", "Lenjingrad:", "Britanika:", "Klasika:", "Srpski:")}[lang]
    assert all(word in said for word in family), [w for w in family if w not in said]


def pfn_run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items()
             if k not in ("LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE", "PFN_LANG")}
    return subprocess.run([sys.executable, "-m", "pfn.cli", *args], input=stdin,
                          capture_output=True, text=True, timeout=300, env=clean, cwd=ROOT)


def test_a_syntax_error_of_the_notation_in_russian_and_serbian() -> None:
    broken = '[Event "x"]\n[Variant "sochi"]\n[Site "Novi Sad]\n'
    english = heads(check(broken).stdout)
    assert english and english[0][1] == "PFN-E102"
    assert english[0][2] == "unterminated tag: the value has no closing quote"
    for lang, said in (("ru", "незакрытый тег: у значения нет закрывающей кавычки"),
                       ("sr", "nezatvoren tag: vrednost nema završni navodnik")):
        found = heads(check(broken, "--lang", lang).stdout)
        assert [(p, c) for p, c, _ in found] == [(p, c) for p, c, _ in english]
        assert found[0][2] == said


def test_a_value_of_a_tag_in_serbian_quotes_the_notation_as_written() -> None:
    done = check('[Event "x"]\n[Variant "sochi"]\n[Deal "A:AKQJ7.AK.7.A7 B:XX"]\n',
                 "--lang", "sr")
    assert "greška[PFN-E106]: Deal: ruka treba da ima četiri boje odvojene tačkama, a dato" \
           " je 'XX'" in done.stdout
    assert "savet: boje idu redom S.C.D.H" in done.stdout


def test_solve_in_russian_counts_its_tricks_in_russian() -> None:
    done = pfn_run("solve", "examples/brief.pfn", "--board", "1", "--lang", "ru")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    # the book's answer: eight tricks in spades; "8 взяток" is the form after 8
    assert lines[0] == "Сдача 1 · 7S, играет A — до первого хода, ходит A"
    assert lines[1] == "Лучшая игра: 8 (взятки играющего в сдаче)"
    assert any(line.startswith("Лучший снос (8 взяток): ") for line in lines)
    assert "мизер 3" in done.stdout and "Double" not in done.stdout


def test_odds_and_stats_in_serbian() -> None:
    done = pfn_run("odds", "examples/brief.pfn", "--board", "1", "--seat", "B",
                   "--samples", "200", "--lang", "sr")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[1].startswith("200 rasporeda, ravnomeran uzorak")
    assert "očima igrača B (na potezu je A)" in done.stdout
    stats = pfn_run("stats", "examples/brief.pfn", "--lang", "sr")
    heading = next(line for line in stats.stdout.splitlines() if line.startswith("igra"))
    assert heading.split() == ["igra", "deljenja", "rešeno", "prošlo", "uspeh"]


def test_an_importer_speaks_the_language_of_the_run(tmp_path: Path) -> None:
    source = tmp_path / "bad.gam"
    source.write_text("begin\nHAND As Ks\nend\nend\n", encoding="utf-8")
    done = pfn_run("import", str(source), "--format", "gambler", "--lang", "ru")
    assert done.returncode != 0
    assert "end без begin" in done.stderr and "PFN-E007" in done.stderr


def test_the_language_server_hovers_in_its_language() -> None:
    from pfn.lsp.document import Document
    from pfn.lsp.features import hover

    text = (ROOT / "examples" / "brief.pfn").read_text(encoding="utf-8")
    doc = Document(text)
    line = next(i for i, ln in enumerate(doc.lines) if ln.startswith("SK ST C7"))
    with use("sr"):
        shown = hover(doc, line, 4)
    assert shown is not None
    said = shown.contents.value  # type: ignore[union-attr]
    assert said.startswith("**Pre ST** (štih 2, na potezu je B)")
    assert "štih 2 nosi A" in said and "štihovi do sada: A 1" in said


@pytest.mark.parametrize(("lang", "grouped", "decimal", "share"), [
    ("en", "12,345", "3.14", "66.7%"),
    ("ru", "12\u00a0345", "3,14", "66,7\u00a0%"),
    ("sr", "12.345", "3,14", "66,7%"),  # CLDR's Serbian percent pattern is #,##0%
    ("sr-Cyrl", "12.345", "3,14", "66,7%"),
])
def test_numbers_are_written_as_the_language_writes_them(lang: str, grouped: str,
                                                         decimal: str, share: str) -> None:
    from pfn.i18n import number

    with use(lang):
        assert number(12345, ",") == grouped
        assert number(3.14159, ".2f") == decimal
        assert number(2 / 3, ".1%") == share
        assert number(-0.5, "+.2f") == ("-0.50" if lang == "en" else "-0,50")


def test_the_cyrillic_keeps_every_tag_name_of_the_notation() -> None:
    from pfn.cli import COMMANDS
    from pfn.notation.build import KNOWN_TAGS
    from pfn.tools.cyrillic import COMMAND_NAMES, TAG_NAMES, VARIANT_NAMES, cyrillic
    from pfn.variants import VARIANTS

    assert set(TAG_NAMES) == set(KNOWN_TAGS)
    assert set(COMMAND_NAMES) == set(COMMANDS)
    assert set(VARIANT_NAMES) == {v.name for v in VARIANTS}
    assert cyrillic('nema taga Variant: čita se kao sochi; [Deal "?"]') == \
        'нема тага Variant: чита се као sochi; [Deal "?"]'


def test_help_speaks_the_language_asked() -> None:
    russian = pfn_run("check", "--help", "--lang", "ru")
    assert russian.returncode == 0
    assert "Проверить файлы PFN: синтаксис, структуру" in russian.stdout
    assert "Параметры:" in russian.stdout and "Аргументы:" in russian.stdout
    assert "Предупреждения считаются ошибками (код выхода 1)." in russian.stdout
    assert re.search(r"\[по\s+умолчанию:\s+text\]", russian.stdout)
    assert "    pfn check pool.pfn" in russian.stdout  # the examples as they are typed
    clean = {k: v for k, v in os.environ.items()
             if k not in ("LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE", "PFN_LANG")}
    serbian = subprocess.run([sys.executable, "-m", "pfn.cli", "odds", "--help"],
                             capture_output=True, text=True, timeout=120,
                             env={**clean, "LANG": "sr_RS.UTF-8@latin"})
    assert "Šanse svake karte, po svim rasporedima" in serbian.stdout
    cyrillic = subprocess.run([sys.executable, "-m", "pfn.cli", "--help"],
                              capture_output=True, text=True, timeout=120,
                              env={**clean, "PFN_LANG": "sr-Cyrl"})
    assert "Записи преферанса као текст: провера" in cyrillic.stdout
    english = pfn_run("check", "--help")
    assert "Check PFN files: syntax, structure" in english.stdout


def _help_texts() -> set[str]:
    """Every help text of the command tree, walked here on its own."""
    import typer.main

    from pfn.cli import load

    found: set[str] = set()
    pending = [typer.main.get_command(load())]
    while pending:
        command = pending.pop()
        found |= {text for text in [command.help, *(getattr(p, "help", None)
                                                     for p in command.params)] if text}
        pending += list(getattr(command, "commands", {}).values())
    return found


@pytest.mark.parametrize("lang", ["ru", "sr"])
def test_every_help_text_is_in_the_catalog(lang: str) -> None:
    catalog = gettext.GNUTranslations((LOCALE / lang / "LC_MESSAGES" / "pfn.mo").open("rb"))
    texts = _help_texts()
    assert len(texts) > 100
    missing = [text for text in texts if catalog.gettext(text) == text]
    assert not missing, missing


def test_the_words_typer_writes_are_its_own() -> None:
    """pfn translates what Typer looks up; a Typer that says it otherwise is caught."""
    import typer.core
    from babel.messages.extract import extract_from_file

    from pfn.cli.speech import TYPER_WORDS

    said = {message for _, message, _, _ in extract_from_file(
        "python", typer.core.__file__, keywords={"_": None})}
    assert set(TYPER_WORDS) <= said


def test_cyrillic_keeps_the_notation_and_costs_linear_time() -> None:
    import time

    from pfn.tools.cyrillic import cyrillic

    assert cyrillic("napišite B:whist/A+8; rezultat A:8 B:1") == \
        "напишите B:whist/A+8; резултат A:8 B:1"
    assert cyrillic("pfn check pool.pfn --format json") == "pfn check pool.pfn --format json"
    # a message quoting a long word of a record: each pattern's repetitions are bounded
    for word in ("a" * 30_000, "A" + "b" * 30_000, "x" * 30_000 + "=", "'" + "y" * 30_000):
        began = time.perf_counter()
        cyrillic("nepoznata karta " + word)
        assert time.perf_counter() - began < 1.0


def _english_plurals(source: str) -> list[int]:
    """Lines that make an English plural by hand (``f"{n} card{'s' * (n != 1)}"``)
    outside a ``__repr__`` and its helpers (which speak to programmers): a count said to
    a person goes through ``ntr``, since Russian and Serbian have three forms."""
    tree = ast.parse(source)
    found: list[int] = []

    def visit(node: ast.AST, in_repr: bool) -> None:
        if isinstance(node, ast.FunctionDef):
            in_repr = in_repr or "repr" in node.name  # __repr__ and its helpers
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult) and \
                isinstance(node.left, ast.Constant) and node.left.value == "s" and not in_repr:
            found.append(node.lineno)
        for child in ast.iter_child_nodes(node):
            visit(child, in_repr)

    visit(tree, False)
    return found


def test_the_check_for_hand_made_plurals_finds_them() -> None:
    assert _english_plurals('x = f"{n} card{\'s\' * (n != 1)}"') == [1]
    assert _english_plurals('def __repr__(self):\n    return f"{n} card{\'s\' * (n != 1)}"') \
        == []


@pytest.mark.parametrize("module", MODULES)
def test_no_count_is_said_with_an_english_plural(module: str) -> None:
    found = _english_plurals((ROOT / module).read_text(encoding="utf-8"))
    assert not found, f"{module}: English plurals made by hand on lines {found}"


def test_a_variants_title_is_said_in_the_language() -> None:
    russian = pfn_run("show", "examples/four-players.pfn", "--lang", "ru")
    assert russian.stdout.startswith("Сдача 1 · Стандартный русский преферанс · ")
    serbian = pfn_run("show", "examples/brief.pfn", "-b", "1", "--lang", "sr")
    assert serbian.stdout.startswith("Deljenje 1 · Soči (sočinka) · ")
    english = pfn_run("show", "examples/four-players.pfn")
    assert english.stdout.startswith("Board 1 · Standard Russian Preferans · ")


def _given_values() -> dict[object, set[str] | None]:
    """For each text marked in a call (``tr``, ``ntr``, ``ptr``), the names of the values
    the calls give it (``None``: some call passes ``**values``, or none, the text being a
    template filled where it is used: names unknown here)."""
    given: dict[object, set[str] | None] = {}
    for path in (ROOT / "pfn").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            mark = _name(node.func).replace("msg", "tr")  # said now or when shown, the same
            if mark not in ("tr", "ntr", "ptr"):
                continue
            first = 1 if mark == "ptr" else 0
            texts = node.args[first:first + (2 if mark == "ntr" else 1)]
            if not texts or not all(isinstance(t, ast.Constant) for t in texts):
                continue
            key = tuple(t.value for t in texts) if len(texts) == 2 else texts[0].value
            names = {k.arg for k in node.keywords}
            if None in names or (not names and mark != "ntr"):
                given[key] = None
            elif given.get(key, set()) is not None:
                given[key] = (given.get(key) or set()) | {str(n) for n in names}
    return given


@pytest.mark.parametrize("lang", ["ru", "sr"])
def test_a_translation_asks_only_for_values_the_code_gives(lang: str) -> None:
    """A placeholder the code does not fill would end the command with an error in that
    language only: every one in a translation is among the values its calls give."""
    from babel.messages.pofile import read_po

    with (LOCALE / lang / "LC_MESSAGES" / "pfn.po").open("rb") as source:
        catalog = read_po(source)
    given = _given_values()
    wrong = []
    for message in catalog:
        names = given.get(message.id)
        if not message.id or names is None:
            continue  # a text kept in a table (N_), or filled from **values
        texts = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in texts:
            asked = set(re.findall(r"(?<!\{)\{(\w+)(?:![rsa])?(?::[^{}]*)?\}(?!\})", text))
            if asked - names - ({"n"} if isinstance(message.id, tuple) else set()):
                wrong.append((message.id, text))
    assert not wrong, wrong


def test_the_systems_reason_is_said_in_the_language_too(tmp_path: Path) -> None:
    missing = str(tmp_path / "nosuch.pfn")
    russian = pfn_run("check", "--lang", "ru", missing)
    assert russian.returncode == 2
    assert f"не удаётся прочитать {missing}: нет такого файла или каталога" in russian.stdout
    english = pfn_run("check", missing)
    assert f"cannot read {missing}: No such file or directory" in english.stdout
