"""Numbers and the word after a number as CLDR writes them, read in the program's output.

pfn takes both from Babel's copy of CLDR at run time.  The oracles here are CLDR's rules
worked by hand in the test: Russian and Serbian whole numbers take *one* after 1, 21,
101 … (not 11), *few* after 2–4, 22–24 … (not 12–14), and the third form after the
rest; Russian groups thousands with a no-break space, Serbian with a dot; both write a
decimal comma; Russian puts a no-break space before %, Serbian none (CLDR's percent
patterns ``#,##0 %`` and ``#,##0%``).
"""

from __future__ import annotations

import gettext
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import EXAMPLES, ROOT

NBSP = "\u00a0"
LANGS = ("ru", "sr", "sr-Cyrl")


def form(n: int) -> int:
    """The form after the whole number ``n`` in Russian and Serbian, by CLDR's rules."""
    if n % 10 == 1 and n % 100 != 11:
        return 0
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return 1
    return 2


def grouped(digits: str, mark: str) -> str:
    """``digits`` with ``mark`` between each group of three from the right."""
    groups = []
    while digits:
        groups.insert(0, digits[-3:])
        digits = digits[:-3]
    return mark.join(groups)


def pfn(*args: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items()
             if k not in ("LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE", "PFN_LANG")}
    return subprocess.run([sys.executable, "-m", "pfn.cli", *args], capture_output=True,
                          text=True, timeout=120, env=clean, cwd=ROOT)


FILES = {"ru": ("файл", "файла", "файлов"), "sr": ("datoteka", "datoteke", "datoteka"),
         "sr-Cyrl": ("датотека", "датотеке", "датотека")}
RECORDS = {"ru": ("запись", "записи", "записей"), "sr": ("zapis", "zapisa", "zapisa"),
           "sr-Cyrl": ("запис", "записа", "записа")}


@pytest.mark.slow
@pytest.mark.parametrize("copies", [1, 2, 7, 11, 21, 22])
def test_the_summary_counts_files_and_records_with_the_right_word(tmp_path: Path,
                                                                  copies: int) -> None:
    """``pfn check`` of ``copies`` files of three records each: 21 файл, 63 записи;
    7 файлов, 21 запись; 11 файлов, 33 записи; 22 datoteke, 66 zapisa."""
    brief = (EXAMPLES / "brief.pfn").read_text(encoding="utf-8")
    for at in range(copies):
        (tmp_path / f"{at}.pfn").write_text(brief, encoding="utf-8")
    paths = sorted(str(path) for path in tmp_path.glob("*.pfn"))
    records = 3 * copies
    for lang in LANGS:
        done = pfn("check", *paths, "--lang", lang)
        assert done.returncode == 0, done.stderr
        files_word, records_word = FILES[lang][form(copies)], RECORDS[lang][form(records)]
        assert done.stderr.startswith(f"{copies} {files_word}, {records} {records_word}: "), \
            done.stderr
    english = pfn("check", *paths).stderr
    assert english.startswith(f"{copies} file{'s' * (copies != 1)}, {records} records: ")


@pytest.mark.slow
def test_a_count_in_the_thousands_is_grouped_and_takes_its_form() -> None:
    """``pfn solve -v`` says how many positions the search saw: the same count in every
    language, grouped as the language groups (6,882 · 6 882 · 6.882), with its form
    (6 882 позиции, 6.882 pozicije: the few form after …2)."""
    said = {}
    for lang in ("en", *LANGS):
        done = pfn("solve", str(EXAMPLES / "sochi-match.pfn"), "-b", "6", "-v", "--lang", lang)
        assert done.returncode == 0, done.stderr
        said[lang] = done.stderr.strip().splitlines()[-1]
    english = re.search(r", (\d{1,3}(?:,\d{3})+) positions? for the cards, (\d+)\.(\d{3}) s",
                        said["en"])
    assert english is not None, said["en"]
    count = int(english[1].replace(",", ""))
    assert count >= 1000
    digits = str(count)
    words = {"ru": ("позиция", "позиции", "позиций"), "sr": ("pozicija", "pozicije", "pozicija"),
             "sr-Cyrl": ("позиција", "позиције", "позиција")}
    for lang, mark in (("ru", NBSP), ("sr", "."), ("sr-Cyrl", ".")):
        assert f" {grouped(digits, mark)} {words[lang][form(count)]} " in said[lang], said[lang]
        assert re.search(r" \d+,\d{3} (s|с)$", said[lang]), said[lang]  # seconds: a comma


@pytest.mark.slow
def test_a_share_is_written_with_a_decimal_comma_and_the_languages_percent() -> None:
    """``pfn stats`` of the Sochi match: 2 of its 9 deals were passed out, 22.2 %
    (2/9 = 0.2222…, worked by hand), written 22.2% · 22,2 % · 22,2%."""
    match = str(EXAMPLES / "sochi-match.pfn")
    assert "22.2% of deals" in pfn("stats", match).stdout
    assert f"22,2{NBSP}% сдач" in pfn("stats", match, "--lang", "ru").stdout
    assert "22,2% deljenja" in pfn("stats", match, "--lang", "sr").stdout
    assert "22,2% дељења" in pfn("stats", match, "--lang", "sr-Cyrl").stdout


@pytest.mark.parametrize("catalog", ["ru", "sr", "sr_Cyrl"])
def test_the_catalogs_header_agrees_with_cldr(catalog: str) -> None:
    """The catalogs' own rule (their Plural-Forms header, read by gettext's tools and by
    translators' editors) picks the same form as CLDR's rule worked by hand above, for
    every number up to 10,000; pfn itself asks Babel, which must agree too."""
    from pfn.i18n import plurals

    path = ROOT / "pfn" / "locale" / catalog / "LC_MESSAGES" / "pfn.mo"
    with path.open("rb") as source:
        header = gettext.GNUTranslations(source)
    rule = plurals(catalog.replace("_", "-"))
    for n in range(10_001):
        assert header.plural(n) == rule.index(n) == form(n), n


@pytest.mark.slow
def test_where_the_check_stopped_takes_the_form_after_its_number() -> None:
    """``--max-errors 1`` and ``2`` on a file with three errors: «после 1 ошибки» and
    «после 2 ошибок» (after «после» the genitive: singular after 1, plural otherwise),
    «posle 1 greške», «posle 2 greške»."""
    errata = str(EXAMPLES / "errata" / "seed000-settlement-as-printed.pfn")
    said = {(lang, n): pfn("check", errata, "--max-errors", str(n), "--lang", lang).stderr
            for lang in ("ru", "sr") for n in (1, 2)}
    assert said["ru", 1].rstrip().endswith("(остановлено после 1 ошибки)")
    assert said["ru", 2].rstrip().endswith("(остановлено после 2 ошибок)")
    assert said["sr", 1].rstrip().endswith("(zaustavljeno posle 1 greške)")
    assert said["sr", 2].rstrip().endswith("(zaustavljeno posle 2 greške)")


def test_without_babel_the_catalogs_rule_still_picks_the_form() -> None:
    """The browser's build carries lark and pfn only: there a Russian or Serbian check
    still says 21 взятка, 22 взятки, 25 взяток (from the catalog's own rule) and never
    tries to load Babel."""
    probe = """
import json, sys
sys.modules["babel"] = None  # as in a Python that has no Babel
from pfn.i18n import ntr, use
said = {}
for lang in ("ru", "sr", "sr-Cyrl"):
    with use(lang):
        said[lang] = [ntr("{n} trick", "{n} tricks", n) for n in range(120)]
print(json.dumps(said))
"""
    import json

    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    said = json.loads(done.stdout)
    words = {"ru": ("взятка", "взятки", "взяток"), "sr": ("štih", "štiha", "štihova"),
             "sr-Cyrl": ("штих", "штиха", "штихова")}
    for lang, forms in words.items():
        assert said[lang] == [f"{n} {forms[form(n)]}" for n in range(120)], lang


@pytest.mark.parametrize("lang", ["en", "ru", "sr", "sr-Cyrl"])
def test_the_pages_plural_forms_are_the_same_without_babel(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The static site has no Babel: a page's counted texts take the same forms there,
    by the same CLDR categories, as where Babel gives them."""
    from pfn import i18n

    texts = [("{n} trick", "{n} tricks"), ("{n} deal", "{n} deals"),
             ("{n} layout", "{n} layouts")]
    with i18n.use(lang):
        with_babel = [i18n.plural_forms(*text) for text in texts]
        monkeypatch.setattr(i18n, "has_babel", lambda: False)
        without = [i18n.plural_forms(*text) for text in texts]
    assert with_babel == without
    assert set(with_babel[0]) == {"en": {"one", "other"}, "ru": {"one", "few", "many", "other"},
                                  "sr": {"one", "few", "other"},
                                  "sr-Cyrl": {"one", "few", "other"}}[lang]
