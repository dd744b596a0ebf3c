"""The command line's own words in the run's language: what Typer and the Click it
carries write around pfn's texts (``Usage:``, the headings, the help option's line) and
their usage errors (``Error:``, an unknown option, a missing argument, where to find
help), seen from the user's side: ``pfn`` run as a program.

The expected words are the ones the language review asked for (Russian
«Использование:», «Показать эту справку и выйти.») and the Serbian catalog's; the
English run is Click's own format, letter for letter, so a Typer that words it
otherwise is caught.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

WORDS = {
    "ru": {"usage": "Использование:", "help": "Показать эту справку и выйти.",
           "options": "Параметры:", "arguments": "Аргументы:", "commands": "Команды:",
           "try": "Справка: 'pfn check -h'.", "error": "Ошибка:",
           "no option": "Нет такого параметра: --stats (есть параметры: --strict)",
           "missing": "Не хватает аргумента 'source'.", "command": "Нет команды 'bogus'.",
           "range": "Недопустимое значение '--jobs' / '-j': должно быть не больше 256",
           "range before 0.29": "Недопустимое значение '--jobs' / '-j': должно быть от 0 до 256",
           "choice": "'xml': допустимо только 'text', 'json'."},
    "sr": {"usage": "Upotreba:", "help": "Prikaži ovu pomoć i izađi.",
           "options": "Opcije:", "arguments": "Argumenti:", "commands": "Komande:",
           "try": "Pomoć: 'pfn check -h'.", "error": "Greška:",
           "no option": "Nema takve opcije: --stats (postoje opcije: --strict)",
           "missing": "Nedostaje argument 'source'.", "command": "Nema komande 'bogus'.",
           "range": "Neispravna vrednost za '--jobs' / '-j': mora biti najviše 256",
           "range before 0.29": "Neispravna vrednost za '--jobs' / '-j': mora biti od 0 do 256",
           "choice": "'xml': dozvoljeno je samo 'text', 'json'."},
    "sr-Cyrl": {"usage": "Употреба:", "help": "Прикажи ову помоћ и изађи.",
                "options": "Опције:", "arguments": "Аргументи:", "commands": "Команде:",
                "try": "Помоћ: 'pfn check -h'.", "error": "Грешка:",
                "no option": "Нема такве опције: --stats (постоје опције: --strict)",
                "missing": "Недостаје аргумент 'source'.", "command": "Нема команде 'bogus'.",
                "range": "Неисправна вредност за '--jobs' / '-j': мора бити највише 256",
                "range before 0.29": "Неисправна вредност за '--jobs' / '-j': мора бити од 0 до"
                                     " 256",
                "choice": "'xml': дозвољено је само 'text', 'json'."},
}
ENGLISH = ("Usage:", "Show this message", "Options:", "Arguments:", "Commands:", "Try '",
           "Error:", "No such option", "Missing argument", "No such command", "[OPTIONS]",
           "COMMAND [ARGS]", "Invalid value", "Input should", "Value error", "is not one of")


def pfn(*args: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items()
             if k not in ("LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE", "PFN_LANG")}
    script = Path(sys.executable).with_name("pfn")  # the name Click shows is the program's
    return subprocess.run([str(script), *args], capture_output=True, text=True, timeout=120,
                          env=clean, cwd=ROOT)


def test_the_usage_errors_in_english_are_clicks_own() -> None:
    done = pfn("check", "--stats", "x")
    assert done.returncode == 2
    assert done.stderr == ("Usage: pfn check [OPTIONS] [paths]...\n"
                           "Try 'pfn check -h' for help.\n\n"
                           "Error: No such option: --stats (Possible options: --strict)\n")
    done = pfn("solve")
    assert done.returncode == 2 and done.stderr.endswith("Error: Missing argument 'source'.\n")
    assert pfn("bogus").stderr.endswith("Error: No such command 'bogus'.\n")
    # the reason is the installed Typer's own: its Click's before 0.29, pydantic's since
    assert re.search(r"Error: Invalid value for '--jobs' / '-j': (Input should be less than"
                     r" or equal to 256|999 is not in the range 0<=x<=256\.)\n\Z",
                     pfn("check", "-j", "999", "x").stderr)
    shown = pfn("check", "-h").stdout
    assert shown.startswith("Usage: pfn check [OPTIONS]")
    assert re.search(r"^  -h, --help +Show this message and exit\.$", shown, re.M)


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["ru", "sr", "sr-Cyrl"])
def test_help_and_usage_errors_speak_the_language_asked(lang: str) -> None:
    words = WORDS[lang]
    shown = pfn("--lang", lang, "check", "-h")
    assert shown.returncode == 0
    assert shown.stdout.startswith(f"{words['usage']} pfn check [")
    for heading in ("options", "arguments"):
        assert re.search(rf"^{words[heading]}$", shown.stdout, re.M), shown.stdout
    assert re.search(rf"^  -h, --help +{re.escape(words['help'])}$", shown.stdout, re.M)
    top = pfn("-h", "--lang", lang).stdout
    assert re.search(rf"^{words['commands']}$", top, re.M)

    wrong = pfn("check", "--stats", "x", "--lang", lang)
    assert wrong.returncode == 2
    lines = wrong.stderr.splitlines()
    assert lines[0].startswith(f"{words['usage']} pfn check [")
    assert lines[1:] == [words["try"], "", f"{words['error']} {words['no option']}"]
    missing = pfn("solve", "--lang", lang)
    assert missing.returncode == 2
    assert missing.stderr.endswith(f"{words['error']} {words['missing']}\n")
    unknown = pfn("--lang", lang, "bogus")  # Typer's own word, through gettext's domain
    assert unknown.stderr.endswith(f"{words['error']} {words['command']}\n")
    too_many = pfn("check", "-j", "999", "x", "--lang", lang)  # Typer's own check of a value
    assert too_many.returncode == 2
    # the installed Typer says it in its own words (pydantic's since 0.29), each translated
    assert too_many.stderr.endswith((f"{words['error']} {words['range']}\n",
                                     f"{words['error']} {words['range before 0.29']}\n")
                                    ), too_many.stderr
    choice = pfn("check", "-f", "xml", "x", "--lang", lang)
    assert choice.stderr.endswith(f"{words['choice']}\n"), choice.stderr
    for said in (shown.stdout, top, wrong.stderr, missing.stderr, unknown.stderr,
                 too_many.stderr, choice.stderr):
        assert not [word for word in ENGLISH if word in said], said


def test_the_command_line_uses_no_private_part_of_typer() -> None:
    """Only Typer's and Click's public hooks: no private name of ``typer.core`` is
    read or replaced, no Typer module is patched through ``sys.modules``."""
    reach = re.compile(r"typer\.core\._|sys\.modules\.get\(['\"]typer|\b_SPEAKERS\b")
    found = [f"{path.relative_to(ROOT)}:{number}"
             for path in sorted((ROOT / "pfn").rglob("*.py"))
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if reach.search(line)]
    assert not found, found
