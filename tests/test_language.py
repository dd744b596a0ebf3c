"""Russian and Serbian as the players speak them: the twenty fixes per language of the
native review (``shared/reviews/language.md``, §4), each read back from the compiled
catalog or from the running program, with the wording the review proposes (and, where
the review names one, the wrong wording that must be gone)."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from pfn.i18n import ptr, tr, use
from tests.conftest import ROOT


def run(*args: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items()
             if k not in ("LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE", "PFN_LANG")}
    return subprocess.run([sys.executable, "-m", "pfn.cli", *args], capture_output=True,
                          text=True, timeout=120, env=clean, cwd=ROOT)


def said(lang: str, message: str, context: str | None = None) -> str:
    """``message`` as the compiled catalog of ``lang`` says it (placeholders kept)."""
    with use(lang):
        return ptr(context, message) if context else tr(message)


# (review's number, context, English, what the translation says, what it no longer says)
RUSSIAN = [
    (1, None, "clean", "ошибок нет", None),
    (2, None, "caught", "пойман", "поймал"),
    (3, None, "makes {p}", "сыграна", "выигрыш"),
    (4, None, "Serbian: fell with {taken} ({why})", "Сербский: игра не сыграна", "без игры"),
    (5, None, "there is no Preferans hand ({contract}) in {variant}", "«преферанс»",
     "без прикупа"),
    (6, None, "{n} layout of the twenty cards he has not seen, a uniform sample, the same for"
     " every discard; open-hand play from the lead", "одна и та же для всех сносов",
     "одна для каждого"),
    (7, None, "Classic ladder (seed 004)", "Классика", "лестница"),
    (8, None, "Follow suit when you can.", "Отвечайте в масть", "Ходите"),
    (8, None, "follow suit when you can", "отвечайте в масть", "ходите"),
    (9, None, "board {board}", "сдача {board}", "доск"),
    (9, None, "{source}: board {board} has no trick, not {trick} (0: before the lead)",
     "в сдаче", "доск"),
    (10, None, "unknown variant", "конвенция", "вариант"),
    (10, None, "unknown variant {text}", "неизвестная конвенция", "вариант"),
    (10, None, "add [Variant \"sochi\"] (or the variant played)", "конвенцию", "вариант"),
    (11, "defence", "open", "всветлую", "в открытую"),
    (11, "defence call", "open", "всветлую", "открыто"),
    (11, "defence call", "closed", "втёмную", "закрыто"),
    (12, "defence call of both defenders", "whist", "вистуют", None),
    (13, "misère", "{name} made", "{name} сыгран", "сыграно"),
    (13, None, "{name} made", "сыграна", "сыграно"),
    (13, None, "{variant}: {contract} made, price {price} to the pool", "сыграна", "сыграно"),
    (14, None, "score entry differs", "запись в пульке не совпадает", None),
    (14, None, "score entry missing", "нет записи в пульке", None),
    (14, None, "unexpected score entry", "лишняя запись в пульке", None),
    (15, None, "A seat that does not exist at this table (A B C, or D with four).",
     "Место, которого нет за этим столом", "Места"),
    (15, None, "A house rule that does not exist, or a value it does not take.",
     "Договорённость, которой нет", "Правила договорённости"),
    (16, None, "A JSON file (or line) is not valid JSON.", "неправильный JSON", "не правильный"),
    (16, None, "See the caret; quoted strings belong in tags, % only starts a line.",
     "знак ^", "галочку"),
    (16, None, 'Write [Name "value"]; "?" means unknown and "" not applicable.',
     "«неприменимо»", "не применимо"),
    (17, None, "defence not finished", "вист не закончен", "не договорили"),
    (17, None, "The defence stops before it is decided.", "записано не полностью",
     "не договорили"),
    (18, None, "all-pass written as whists: whists per trick the others take, written by the"
     " player with fewest (0: on the mountain)", "распасы пишутся вистами", "распасы висты:"),
    (19, None, "Serbian: everyone passed, a refa to everyone", "Сербский:", "Serbian"),
    (19, None, "Standard: the talon discarded publicly, the declarer writes the value {price}"
     " against the dealer", "Стандарт:", "Standard"),
    (19, None, "Britannica: {contract} made, the soloist takes {n} from the pot", "Британника:",
     "Britannica"),
    (20, None, "Sochi", "Сочинка", None),
    (20, None, "a number", "число", None),
    (20, None, "Result:", "Итог:", None),
    (20, "sheet column", "mountain", "гора", None),
]

SERBIAN = [
    (4, None, "defence: {calls}", "pratnja", "odgovor"),
    (4, "stage", "the defence", "pratnja", "odgovor"),
    (4, "stage", "defence", "pratnja", "praćenje"),
    (5, "defence call", "whist", "pratim", None),
    (6, "defence call", "half", "pola vista", None),
    (6, None, "levels at which the second defender may half-whist", "pola vista", None),
    (7, None, "{where}, {seat} to play", "na potezu je {seat}", "igra {seat}"),
    (7, None, "trick {n}, {seat} to play", "na potezu je {seat}", "igra {seat}"),
    (7, None, "**Before {card}** (trick {n}, {seat} to play)", "na potezu je", "igra {seat}"),
    (8, None, "board {board}", "deljenje {board}", "tabla"),
    (8, None, "the match has no board {board}", "deljenje", "tablu"),
    (9, None, "the claim is not verified: {error}", "tvrdnja", "najava"),
    (9, None, "Verify claims (*) and results of unfinished play against best play (open-hand"
     " solver).", "tvrdnje", "najave"),
    (10, None, "Problem {n}", "Zadatak {n}", "Problem"),
    (11, "misère", "{name} made", "{name} prošao", "prošla"),
    (11, None, "{name} made", "igra prošla", None),
    (12, None, "{variant}: consolation, {n} × {price}", "konsolacija", "uteha"),
    (13, None, "Sochi (Сочинка)", "Soči (sočinka)", "Сочинка"),
    (14, None, "Serbian: everyone passed, a refa to everyone", "Srpski:", "Serbian"),
    (14, None, "Standard: the talon discarded publicly, the declarer writes the value {price}"
     " against the dealer", "Standardni:", "Standard:"),
    (14, None, "Britannica gives no payment when everybody passes", "Britanika", "Britannica"),
    (15, None, "call after the auction ended", "licitiranje posle završene licitacije",
     "posle kraja licitacije"),
    (15, None, "Who deals the first board (seat or name)", "Ko deli u prvom deljenju",
     "Ko deli prvo deljenje"),
    (16, None, "leads", "izlazi", "otvara"),
    (16, None, "{leader} leads to the first trick, not {given}", "izlazi", "otvara"),
    (17, None, "a ten is whisted and played, or checked by the defenders",
     "igra od deset štihova", "desetka"),
    (18, None, "{who} discards two cards, face down", "licem nadole", "okrenute"),
    (18, None, "NUMOFPLAYERS {value}: the logs say who sat out only for three players",
     "ko se sušio", "pauzirao"),
    (19, None, "{suit_letter}{char} is not a card of the Preferans pack (7 to ace)",
     "špila za preferans", "preferansovog"),
    (19, None, "With the cards open: {value}; best {best}", "Sa otvorenim kartama",
     "Otvorenih karata"),
    (20, None, "on", "napred", "dalje"),
    (20, None, "call after pass", "„dalje“", "”"),
]


@pytest.mark.parametrize(("lang", "number", "context", "english", "now", "gone"),
                         [("ru", *row) for row in RUSSIAN] + [("sr", *row) for row in SERBIAN],
                         ids=[f"ru{row[0]}-{row[2][:24]}" for row in RUSSIAN]
                         + [f"sr{row[0]}-{row[2][:24]}" for row in SERBIAN])
def test_the_reviews_fix_is_in_the_catalog(lang: str, number: int, context: str | None,
                                           english: str, now: str, gone: str | None) -> None:
    text = said(lang, english, context)
    assert now in text, (number, text)
    assert gone is None or gone not in text, (number, text)


def catalog_texts(lang: str) -> list[tuple[str, str]]:
    from babel.messages.pofile import read_po

    with (ROOT / "pfn" / "locale" / lang / "LC_MESSAGES" / "pfn.po").open("rb") as source:
        catalog = read_po(source)
    out = []
    for m in catalog:
        if m.id:
            english = " ".join(m.id) if isinstance(m.id, tuple) else m.id
            out += [(english, s) for s in (m.string if isinstance(m.string, tuple)
                                            else (m.string,))]
    return out


@pytest.mark.parametrize("lang", ["ru", "sr"])
def test_no_english_variant_label_inside_a_translation(lang: str) -> None:
    """The review's ru 19 / sr 14: «Serbian:», «Standard:», «Britannica» are English."""
    left = [text for _, text in catalog_texts(lang)
            if re.search(r"\bSerbian:|\bStandard:|\bBritannica\b", text)]
    assert not left, left


def test_serbian_latin_never_shows_cyrillic() -> None:
    """sr 13: «Soči (Сочинка)»; a Russian source quoted in the English stays quoted."""
    cyrillic = re.compile("[\u0400-\u04ff]")
    mixed = [text for english, text in catalog_texts("sr")
             if (cyrillic.search(text) and not cyrillic.search(english))
             or "Сочинка" in text]
    assert not mixed, mixed


def test_serbian_quotes_are_the_pravopis_pair() -> None:
    """sr 20: „…“, never „…”."""
    assert not [text for _, text in catalog_texts("sr") if "”" in text]


# -- the running program ---------------------------------------------------------------


def test_solve_says_the_board_and_who_is_to_move() -> None:
    """ru 9, sr 7 and 8: «Сдача 1», «Deljenje 1 · …, na potezu je A»."""
    russian = run("solve", "examples/brief.pfn", "-b", "1", "--lang", "ru")
    serbian = run("solve", "examples/brief.pfn", "-b", "1", "--lang", "sr")
    assert russian.stdout.startswith("Сдача 1 ·"), russian.stdout
    assert "Доска" not in russian.stdout
    first = serbian.stdout.splitlines()[0]
    assert first.startswith("Deljenje 1 ·") and first.endswith("na potezu je A"), first
    assert "Tabla" not in serbian.stdout


def test_the_misere_odds_column_is_not_the_checks_summary() -> None:
    """ru 1: the misère column of ``odds`` has its own word — the share of layouts where the
    declarer is caught, «пойман» — and the check says «ошибок нет»."""
    done = run("odds", "examples/analysis.pfn", "-b", "2", "-k", "1", "--card", "2",
               "--seat", "A", "--lang", "ru")
    heads = next(line for line in done.stdout.splitlines() if line.strip().startswith("карта"))
    assert heads.split() == ["карта", "ожидание", "пойман", "распределение"], heads
    check = run("check", "examples/brief.pfn", "--lang", "ru")
    assert "ошибок нет" in check.stderr, check.stderr


def test_show_says_result_and_score_in_the_language() -> None:
    """ru 20: ``show``'s footer."""
    for lang, result, score in (("ru", "Итог:", "Счёт:"), ("sr", "Rezultat:", "Upis:")):
        done = run("show", "examples/brief.pfn", "-b", "1", "--lang", lang)
        tail = done.stdout.splitlines()[-2:]
        assert tail[0].startswith(result + " A:8") and tail[1].startswith(score), tail
        assert "Result:" not in done.stdout and "Score:" not in done.stdout


def test_the_sheet_columns_and_the_variant_in_the_language() -> None:
    """ru 20: ``score`` heads the sheet with «пуля гора висты/A», names the variant
    «Сочинка»; the entries stay notation (``A:pool+2``)."""
    done = run("score", "examples/sochi-match.pfn", "--lang", "ru")
    lines = done.stdout.splitlines()
    assert lines[0] == "Пулька friday-2026-11-27 — Сочинка, пуля до 10", lines[0]
    sheet = lines[lines.index("Пулька после сдачи 9") + 1].split()
    assert sheet == ["пуля", "гора", "висты/A", "висты/B", "висты/C"], sheet
    assert "A:pool+2" in done.stdout  # the record's notation, as typed
    serbian = run("score", "examples/sochi-match.pfn", "--lang", "sr").stdout.splitlines()
    assert serbian[0].endswith("— Soči (sočinka), bule do 10") or "Soči" in serbian[0], serbian[0]


def test_a_scoring_line_names_the_variant_in_the_language() -> None:
    """ru 13 and 20: «— Сочинка: 7S сыграна, цена 4 в пулю», not «Sochi: 7S сыграно»."""
    brief = (ROOT / "examples" / "brief.pfn").read_text(encoding="utf-8")
    wrong = brief.replace("A:pool+4 B:whist", "A:pool+5 B:whist", 1)
    clean = {k: v for k, v in os.environ.items() if k not in ("LANG", "LC_ALL", "PFN_LANG")}
    done = subprocess.run([sys.executable, "-m", "pfn.cli", "check", "-", "--lang", "ru"],
                          input=wrong, capture_output=True, text=True, timeout=120, env=clean)
    assert "записано 5, по правилам 4 — Сочинка: 7S сыграна, цена 4 в пулю" in done.stdout, \
        done.stdout
    assert "Sochi" not in done.stdout


def test_rules_say_a_number_in_the_language() -> None:
    """ru 20: ``rules``'s «(a number)»."""
    russian = run("rules", "--lang", "ru").stdout
    serbian = run("rules", "--lang", "sr").stdout
    assert "allpass-factor  (число)" in russian and "(a number)" not in russian
    assert "allpass-factor  (broj)" in serbian and "e.g." not in serbian


# -- Serbian in Cyrillic: a catalog of its own -----------------------------------------

COMMANDS = ("record", "check", "fmt", "convert", "score", "render", "show", "solve", "odds",
            "annotate", "filter", "dedupe", "stats", "split", "import", "export", "generate",
            "explain", "rules", "lsp", "conformance")
NOTATION = re.compile(r"\b[EWI]\d{3}\b|PFN-[EWI]\d{3}|\b[AKQJT2-9]+(?:\.[AKQJT2-9]+){3}\b"
                      r"|\bS\.C\.D\.H\b|\bpfn (?:" + "|".join(COMMANDS) + r")\b|--[a-z-]+"
                      r"|\bsr-Cyrl\b|\bPage (?:Up|Down)\b|\bpip install\b|`[^`]*`")
"""What a user types or reads as code in a message: codes, hands, the suits' order,
commands, options, language codes, key names, code in backquotes."""


def test_cyrillic_keeps_everything_a_user_types() -> None:
    """sr 1–3: every code, hand, command, option and key name of the Latin catalog is in
    its Cyrillic entry letter for letter (the review counted 135 corrupted)."""
    latin = dict(catalog_texts("sr"))
    cyrillic = dict(catalog_texts("sr_Cyrl"))
    assert set(latin) == set(cyrillic)
    broken = [(latin[english], text) for english, text in cyrillic.items()
              for token in NOTATION.findall(latin[english]) if token not in text]
    assert not broken, broken[:10]
    assert any("AKQJ7.AK.7.A7" in text for text in cyrillic.values())


def test_what_cyrillic_prints_can_be_typed_back() -> None:
    """sr 1: «pfn explain E503» printed in sr-Cyrl is a command that works."""
    done = run("explain", "E999", "--lang", "sr-Cyrl")
    command = re.search(r"pfn explain (\S+?)[,)]", done.stderr)
    assert command and command.group(1) == "E503", done.stderr
    again = run("explain", command.group(1), "--lang", "sr-Cyrl")
    assert again.returncode == 0 and "E503" in again.stdout, again.stderr
    assert re.search("[\u0400-\u04ff]", again.stdout)  # and it speaks Cyrillic


def test_the_cyrillic_catalog_is_made_by_the_tool_and_correctable() -> None:
    """``make catalogs`` makes sr_Cyrl from the Latin entry; a hand's correction is kept
    while the Latin stays the same, and made again when the Latin changes."""
    from babel.messages.catalog import Catalog

    from pfn.tools.cyrillic import make_catalog

    latin = Catalog(locale="sr")
    latin.add("leads", "izlazi")
    first = make_catalog(latin, None)
    assert isinstance(first, Catalog) and first.get("leads").string == "излази"
    first.get("leads").string = "излази на штих"  # a reviewer's correction
    assert make_catalog(latin, first).get("leads").string == "излази на штих"
    latin.get("leads").string = "izlazi prvi"
    assert make_catalog(latin, first).get("leads").string == "излази први"


def test_nothing_is_transliterated_at_run_time() -> None:
    """Names a user types in Cyrillic stay Cyrillic in Latin Serbian, and Latin names
    stay Latin in Cyrillic Serbian: the record's text is never converted."""
    brief = (ROOT / "examples" / "brief.pfn").read_text(encoding="utf-8")
    names = re.search(r'\[Players "([^"]*)"\]', brief)
    assert names is not None
    cyrillic_names = brief.replace(names.group(1), "Ана; Борис; Цеца")
    clean = {k: v for k, v in os.environ.items() if k not in ("LANG", "LC_ALL", "PFN_LANG")}
    for lang, kept in (("sr", "Ана"), ("sr-Cyrl", "Ана")):
        done = subprocess.run([sys.executable, "-m", "pfn.cli", "show", "-", "-b", "1",
                               "--lang", lang], input=cyrillic_names, capture_output=True,
                              text=True, timeout=120, env=clean)
        assert kept in done.stdout and "Ana" not in done.stdout, done.stdout[:300]
    latin = run("show", "examples/brief.pfn", "-b", "1", "--lang", "sr-Cyrl").stdout
    assert "Ana" in latin and "Ана" not in latin
    import pfn.i18n

    assert not hasattr(pfn.i18n, "cyrillic")


# -- the tour of docs/first-game.md in every language ---------------------------------

def _tags() -> str:
    from pfn.notation.build import KNOWN_TAGS

    return "|".join(sorted(KNOWN_TAGS, key=len, reverse=True))


ALLOWED = re.compile(
    r"^ *(?:\$ )?pfn .*$|\bpfn [a-z]+\b|python -m pfn\.cli(?: [a-z]+)?|`[^`]*`"  # commands
    r"|PFN-[EWI]\d+|\b[A-D]:[a-z]+(?:/[A-D])?[+-]\d+|\b[A-D]:\d+"  # codes, sheet entries
    r"|\b\d+(?:NT|[SCDH])\b|\b(?:mis|pass|whist|half|pfn|friday|Ana|Boris|Ceca)\b"  # calls
    rf"|\b(?:{_tags()})\b"  # the record's tags
    r"|[\w./*-]+\.(?:pfn|svg)\b|(?<!\w)\.[a-z]{2,4}\b|\b[A-D]\b"  # files, seats
    r"|<[^>\n]*>|\[[\w-]+\](?:\.\.\.)?|\{[a-z]+\}|^  [a-z]+(?:\.\.\.)?(?= )"  # metavars
    r"|(?<![\w-])--?[a-z][a-z-]*|\b[A-Z][A-Z_]{1,}\b|\b\w+://\S+|\b[\w-]+=[\w-]+"  # options
    r"|\b(?:sr-Cyrl|Cyrl|en|ru|sr)\b|\b\d+(?:\.\d+)?(?:cm|in|mm)\b"  # languages, sizes
    r"|\b(?:r|c|u|end|Tab|Ctrl-[A-Z])\b"  # what the recorder's user types
    r"|\b(?:local|dask|native|python|text|json|hide|grey|screen|book|auto|svg|pdf|png|pgf"
    r"|gif|apng|html|serbian|unified diff)\b"  # option values
    r"|\b(?:Dask|LaTeX|LuaLaTeX|DejaVu\s+Sans|sochi|pool-[\d-]+)\b",  # names of things
    re.M)
"""What may stay in Latin letters: codes, the sheet's entries and the calls as the record
writes them, contracts, the record's tags and names, file names and extensions, seats,
commands and code, option names, metavars and values, language codes, key names, what the
recorder reads typed, and the names of programs and fonts."""


RECORDED = ("Ana, Boris, Ceca\n\n\n10\nfriday\nCeca\n"  # the session of the tour
            "r\n6S\nAna\nwhist pass\n6 4 -\n"
            "r\npass\n3 4 3\nend\n")
"""The answers typed in the tour's ``pfn record`` session, its two deals."""
TOUR = (("record", "pool.pfn"), ("check", "friday.pfn"), ("fmt", "--fill", "--sheet", "friday.pfn"),
        ("score", "friday.pfn"), ("render", "friday.pfn", "--sheet", "-o", "sheet.svg"))
"""Every command the tour runs, as it runs them."""


def tour(lang: str, where: object) -> str:
    """Every command of the tour (record, check, fmt --fill --sheet, score, render
    --sheet) on the tour's own file, and each one's ``--help``: all they print."""
    from pathlib import Path

    assert isinstance(where, Path)
    text = (ROOT / "docs" / "first-game.md").read_text(encoding="utf-8")
    pool = text.split("```\n", 2)[1]
    assert pool.startswith('[Match "friday"]')
    (where / "friday.pfn").write_text(pool, encoding="utf-8")
    out = []
    clean = {k: v for k, v in os.environ.items() if k not in ("LANG", "LC_ALL", "PFN_LANG")}
    for args in (*TOUR, *((command, "--help") for command, *_ in TOUR)):
        typed = RECORDED if args == TOUR[0] else None
        done = subprocess.run([sys.executable, "-m", "pfn.cli", *args, "--lang", lang],
                              input=typed, capture_output=True, text=True, timeout=120,
                              env=clean, cwd=where)
        assert done.returncode == 0, (args, done.stderr)
        out.append(done.stdout + done.stderr)
    assert "[Match \"friday\"]" in (where / "pool.pfn").read_text(encoding="utf-8")
    return "\n".join(out)


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["ru", "sr-Cyrl"])
def test_the_tour_prints_no_english(lang: str, tmp_path: object) -> None:
    """Any run of Latin letters in Russian or Serbian Cyrillic output — the recorder's
    questions and sheets, check, fmt, score, render and the help of each — is notation,
    a code, a command or option, a name from the record or a file name."""
    printed = tour(lang, tmp_path)
    left = re.findall(r"[A-Za-z]{2,}", ALLOWED.sub(" ", printed))
    assert not left, (left, printed)


SERBIAN_TOO = {"blog", "element", "one"}
"""Serbian words spelled as English ones (the help of ``render --fragment``; «i one koje
slede» — those that follow — in ``check --all``)."""


@pytest.mark.slow
def test_the_tour_in_serbian_latin_has_no_english_word(tmp_path: object) -> None:
    """Serbian Latin shares the letters, so the oracle is the English run: no English
    word of it (notation and names apart) is in the Serbian run."""
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    (tmp_path / "en").mkdir()
    (tmp_path / "sr").mkdir()
    english = set(re.findall(r"[A-Za-z]{3,}", ALLOWED.sub(" ", tour("en", tmp_path / "en"))))
    serbian = set(re.findall(r"[A-Za-z]{3,}", ALLOWED.sub(" ", tour("sr", tmp_path / "sr"))))
    assert english, "the English run printed words"
    assert not english & serbian - SERBIAN_TOO, english & serbian
