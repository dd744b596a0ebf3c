"""The command line: exit codes, formats, and that every command is documented."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pfn.cli import app
from pfn.notation import jsonform
from pfn.notation.reader import read
from tests.conftest import CLEAN_EXAMPLES, EXAMPLES

runner = CliRunner()


def run(*args: str, stdin: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.output


def test_every_command_has_help() -> None:
    code, out = run("--help")
    assert code == 0
    for command in ("check", "fmt", "convert", "score", "generate"):
        assert command in out
        code, text = run(command, "--help")
        assert code == 0 and len(text) > 100


def test_check_clean_examples_exit_zero() -> None:
    code, out = run("check", *map(str, CLEAN_EXAMPLES))
    assert code == 0, out


def test_check_reports_errors_with_exit_one(tmp_path: Path) -> None:
    bad = tmp_path / "bad.pfn"
    bad.write_text('[Variant "sochi"]\n[Play "A"]\nSA SX S8\n', encoding="utf-8")
    code, out = run("check", str(bad))
    assert code == 1
    assert f"{bad}:3:4: error[PFN-E107]: unknown card 'SX'" in out
    assert " 3 | SA SX S8" in out and "   |    ^^" in out


def test_check_json_output(tmp_path: Path) -> None:
    bad = tmp_path / "bad.pfn"
    bad.write_text('[Variant "sochi"]\n[Play "A"]\nSA SX S8\n', encoding="utf-8")
    code, out = run("check", "--format", "json", str(bad))
    assert code == 1
    items = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    assert items[0]["code"] == "PFN-E107" and items[0]["line"] == 3 and items[0]["col"] == 4
    assert items[0]["severity"] == "error"


@pytest.mark.parametrize("content", [b"", b"\x89PNG\r\n\x1a\nbinary", b"just some text\n"])
def test_check_unusable_input_exit_two(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "x.pfn"
    path.write_bytes(content)
    code, out = run("check", str(path))
    assert code == 2 and "PFN-E003" in out


def test_check_missing_file_exit_two(tmp_path: Path) -> None:
    code, out = run("check", str(tmp_path / "nope.pfn"))
    assert code == 2 and "PFN-E001" in out


def test_check_reads_stdin_and_directories() -> None:
    text = (EXAMPLES / "brief.pfn").read_text(encoding="utf-8")
    assert run("check", stdin=text)[0] == 0
    assert run("check", str(EXAMPLES / "partial.pfn"), str(EXAMPLES / "brief.pfn"))[0] == 0


def test_check_rule_override() -> None:
    text = (EXAMPLES / "brief.pfn").read_text(encoding="utf-8")
    # with responsible whist halved nothing changes in these boards; with gentleman whist
    # board 1 is unchanged too (both whisted) — but an unknown option is a usage error
    assert run("check", "--rule", "whist=gentleman", stdin=text)[0] == 0
    code, out = run("check", "--rule", "nonsense=1", stdin=text)
    assert code == 2 and "unknown house rule 'nonsense'" in out
    code, out = run("check", "--rule", "whist=polite", stdin=text)
    assert code == 2 and "'polite' is not one of greedy|gentleman" in out


def test_fmt_check_diff_and_in_place(tmp_path: Path) -> None:
    path = tmp_path / "import.pfn"
    shutil.copy(EXAMPLES / "import-format.pfn", path)
    before = path.read_text(encoding="utf-8")
    code, out = run("fmt", "--check", str(path))
    assert code == 1 and "would reformat" in out
    code, out = run("fmt", "--diff", str(path))
    assert code == 0 and out.startswith("---") and "+[Contract \"7S\"]" in out
    assert path.read_text(encoding="utf-8") == before  # --diff changes nothing
    assert run("fmt", str(path))[0] == 0
    formatted = path.read_text(encoding="utf-8")
    assert "Boris says" in formatted  # the comment survives
    assert run("fmt", "--check", str(path))[0] == 0  # idempotent


def test_fmt_refuses_files_with_syntax_errors(tmp_path: Path) -> None:
    path = tmp_path / "bad.pfn"
    text = '[Variant "sochi"]\n[Event "x]\n\n[Variant "sochi"]\n[Board "2"]\n'
    path.write_text(text, encoding="utf-8")
    code, out = run("fmt", str(path))
    assert code == 1 and "PFN-E102" in out
    assert path.read_text(encoding="utf-8") == text


def test_fmt_stdin_to_stdout() -> None:
    code, out = run("fmt", stdin='[variant "sochi"]\n[board "1"]\n')
    assert code == 0 and out == '% PFN 1.0\n[Variant "sochi"]\n[Board "1"]\n\n'


def test_convert_pfn_to_json_and_back(tmp_path: Path) -> None:
    source = EXAMPLES / "sochi-match.pfn"
    out_json = tmp_path / "m.json"
    assert run("convert", str(source), "-o", str(out_json))[0] == 0
    document = json.loads(out_json.read_text(encoding="utf-8"))
    jsonform.validate(document)
    back = tmp_path / "m.pfn"
    assert run("convert", str(out_json), "-o", str(back))[0] == 0
    _, formatted = run("fmt", stdin=source.read_text(encoding="utf-8"))
    assert back.read_text(encoding="utf-8") == formatted
    lines = tmp_path / "m.jsonl"
    assert run("convert", str(source), "-o", str(lines))[0] == 0
    assert len(lines.read_text(encoding="utf-8").splitlines()) == len(document["records"])


@pytest.mark.parametrize("fmt", ["text", "json", "csv"])
def test_score_formats(fmt: str) -> None:
    code, out = run("score", "--format", fmt, str(EXAMPLES / "sochi-match.pfn"))
    assert code == 0
    if fmt == "json":
        data = json.loads(out)
        assert data[0]["settlement"] == {"A": "-686/3", "B": "-158/3", "C": "844/3"}
    elif fmt == "csv":
        assert out.splitlines()[0] == "match,board,seat,column,against,written,total"
        assert "friday-2026-11-27,,C,settlement,,,844/3" in out
    else:
        assert "Settlement" in out and "+844/3" in out


def test_generate_is_reproducible_and_checks_clean() -> None:
    code, first = run("generate", "5", "--seed", "7")
    assert code == 0
    assert run("generate", "5", "--seed", "7")[1] == first
    assert run("check", stdin=first)[0] == 0


def test_check_does_not_import_matplotlib() -> None:
    code = ("import sys; from pfn.cli import main; sys.argv=['pfn','check',"
            f"{str(EXAMPLES / 'brief.pfn')!r}]\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "assert 'matplotlib' not in sys.modules, 'matplotlib imported'")
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)


def test_convert_is_all_or_nothing(tmp_path: Path) -> None:
    source = tmp_path / "bad.pfn"
    source.write_text('[Variant "sochi"]\n[Board "1"]\n\n[Variant "sochi"\n[Board "2"]\n',
                      encoding="utf-8")
    target = tmp_path / "out.json"
    target.write_text("kept\n", encoding="utf-8")
    code, out = run("convert", str(source), "-o", str(target))
    assert code == 1 and "not converted" in out and "PFN-E102" in out
    assert target.read_text(encoding="utf-8") == "kept\n"  # untouched
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.pfn", "out.json"]


def test_convert_streams_json_lines_both_ways(tmp_path: Path) -> None:
    source = EXAMPLES / "sochi-match.pfn"
    lines = tmp_path / "m.jsonl"
    assert run("convert", str(source), "-o", str(lines))[0] == 0
    rows = [json.loads(row) for row in lines.read_text(encoding="utf-8").splitlines()]
    assert len(rows) == len(list(read(source)))  # one line per record, comment blocks too
    back = tmp_path / "m.pfn"
    assert run("convert", str(lines), "-o", str(back))[0] == 0
    assert back.read_text(encoding="utf-8") == run("fmt", "-", stdin=source.read_text(
        encoding="utf-8"))[1]


def test_check_summary_counts_each_code(tmp_path: Path) -> None:
    bad = tmp_path / "bad.pfn"
    bad.write_text('[Variant "sochi"]\n[Play "A"]\nSA SX S8\n\n'
                   '[Variant "sochi"]\n[Play "A"]\nSX SQ S8\n\n'
                   '[Variant "sochi"]\n[Board "1"]\n[Board "2"]\n', encoding="utf-8")
    code, out = run("check", "--summary", str(bad))
    assert code == 1
    assert "bad.pfn:" not in out  # no single diagnostic, only the totals
    assert re.search(r"^\s+2\s+PFN-E107\s+unknown card$", out, re.M)
    assert re.search(r"^\s+1\s+PFN-E112\s+duplicate tag$", out, re.M)


@pytest.mark.slow
def test_every_command_is_mapped_and_runs_alone() -> None:
    """The console script registers only the module of the command it runs: the map
    names every command there is, and each command works when registered alone."""
    import subprocess
    import sys

    from pfn.cli import COMMANDS, app

    registered = {c.name or c.callback.__name__ for c in app.registered_commands}
    registered |= {g.name for g in app.registered_groups}  # conformance run, serve, export
    assert registered == set(COMMANDS)
    code = ("import sys; sys.argv = ['pfn', sys.argv[1], '--help']\n"
            "import pfn.cli\n"
            "from pfn.cli import common\n"
            "try:\n    pfn.cli.main()\nexcept SystemExit as done:\n    code = done.code\n"
            "print(code, sorted(c.name or c.callback.__name__ for c in"
            " [*common.app.registered_commands, *common.app.registered_groups]))\n")
    for command, module in COMMANDS.items():
        done = subprocess.run([sys.executable, "-c", code, command], capture_output=True,
                              text=True, check=True)
        status, names = done.stdout.strip().splitlines()[-1].split(" ", 1)
        assert status in ("0", "None"), (command, done.stdout)
        alone = sorted(c for c, m in COMMANDS.items() if m == module)
        assert names.replace("filter_", "filter") == str(alone).replace("filter_", "filter")


@pytest.mark.slow
def test_executor_and_search_are_two_options_and_the_old_engine_still_works() -> None:
    brief = str(EXAMPLES / "brief.pfn")
    env = {k: v for k, v in os.environ.items() if k != "PFN_SEARCH"}

    def pfn(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "pfn.cli", *args, "--lang", "en"],
                              capture_output=True, text=True, timeout=120, env=env)

    new = pfn("check", brief, "--executor", "local", "--search", "python")
    assert new.returncode == 0 and "pfn:" not in new.stderr
    old = pfn("check", brief, "--engine", "local", "--engine", "python")
    assert (old.returncode, old.stdout) == (new.returncode, new.stdout)
    assert old.stderr.splitlines() == ["pfn: --engine local is now written --executor local",
                                       "pfn: --engine python is now written --search python",
                                       *new.stderr.splitlines()]
    help_text = pfn("check", "--help").stdout
    assert "--executor" in help_text and "--search" in help_text
    assert "--engine" not in help_text  # the old spelling is taken, no longer shown
    for wrong in (("check", brief, "--executor", "python"), ("check", brief, "--engine", "x"),
                  ("solve", brief, "--search", "dask")):
        assert pfn(*wrong).returncode == 2
