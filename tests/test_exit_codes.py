"""One table of exit codes (docs/diagnostics.md), every command following it: the same
input gives each command the code its row of the table says."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pfn.cli import app
from tests.conftest import EXAMPLES

runner = CliRunner()

COMMANDS = ["check", "fmt", "convert", "score", "render", "show", "solve", "annotate",
            "filter", "dedupe", "stats", "split", "export"]
CORPUS = {"filter", "dedupe", "stats", "split"}
JUDGES = {"check", "score", "solve", "annotate"}


def inputs(folder: Path) -> dict[str, Path]:
    folder.mkdir()
    made = {
        "missing": folder / "missing.pfn",
        "not PFN": folder / "notpfn.pfn",
        "no record readable": folder / "syntax.pfn",
        "a card twice": folder / "twice.pfn",
        "clean": folder / "clean.pfn",
        "fifo": folder / "fifo.pfn",
    }
    made["not PFN"].write_text("hello world\n")
    made["no record readable"].write_text('[Event "x"\n[Variant "sochi"]\n')
    made["a card twice"].write_text((EXAMPLES / "analysis.pfn").read_text("utf-8").replace(
        "C:8.987.JT9.JT9", "C:A.987.JT9.JT9"), encoding="utf-8")
    made["clean"].write_bytes((EXAMPLES / "sochi-match.pfn").read_bytes())
    os.mkfifo(made["fifo"])
    return made


def expected(command: str, given: str) -> int:
    """The table of docs/diagnostics.md, row by row."""
    if given in ("missing", "not PFN", "fifo"):
        return 2
    if given == "clean" or command in CORPUS:
        return 0
    if given == "no record readable":
        return 1  # every command that needs a record says the records have errors
    # a card twice: the commands that judge records say so; the others do their work
    return 1 if command in JUDGES else 0


def test_every_command_follows_the_exit_code_table(tmp_path: Path) -> None:
    found = inputs(tmp_path / "in")
    work = tmp_path / "work"
    work.mkdir()
    wrong = []
    for given, path in found.items():
        for command in COMMANDS:
            args = [command, str(path)]
            if command in ("fmt", "annotate"):
                args += ["-o", str(work / "out.pfn")]
            if command in ("split",):
                args += ["--dir", str(work)]
            done = runner.invoke(app, args, input="")
            said = done.output
            if done.exit_code != expected(command, given):
                wrong.append((command, given, done.exit_code, said[-200:]))
            assert "internal error" not in said and (
                done.exception is None or isinstance(done.exception, SystemExit)), \
                (command, given, done.exception)
    assert wrong == []


@pytest.mark.parametrize("command", ["check", "convert", "import"])
def test_a_fifo_given_as_a_file_is_refused_at_once(tmp_path: Path, command: str) -> None:
    fifo = tmp_path / "pipe.pts"
    os.mkfifo(fifo)
    done = subprocess.run([sys.executable, "-m", "pfn.cli", command, str(fifo)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "not a regular file" in done.stdout + done.stderr


def test_a_picture_too_large_is_refused(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "pfn.cli", "render",
                           str(EXAMPLES / "brief.pfn"), "--board", "1", "--dpi", "2400",
                           "--width", "100cm", "-o", str(tmp_path / "huge.png")],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "pixels is more than a picture may have" in done.stderr
    assert not (tmp_path / "huge.png").exists()


@pytest.mark.slow
def test_a_record_with_a_million_tags_is_bounded(tmp_path: Path) -> None:
    from tests.test_traps import peak_rss_mb

    path = tmp_path / "tags.pfn"
    path.write_text('[Variant "sochi"]\n' + "".join(f'[T{i} "v"]\n' for i in range(1_000_000)))
    assert peak_rss_mb("check", str(path)) <= 300
    done = subprocess.run([sys.executable, "-m", "pfn.cli", "check", str(path)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 1 and "PFN-E122" in done.stdout


def test_a_reader_that_goes_away_ends_the_command_quietly() -> None:
    """``pfn generate … | head -2``: when the pipe's reader has what it wanted, the
    command stops with the status of a process SIGPIPE ended and says nothing."""
    writer = subprocess.Popen([sys.executable, "-m", "pfn.cli", "generate", "5000", "--seed",
                               "3"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert writer.stdout is not None and writer.stderr is not None
    first = writer.stdout.readline()
    writer.stdout.close()  # the reader goes away, as head does
    err = writer.stderr.read()
    assert writer.wait(timeout=120) == 141
    assert first.startswith(b"% PFN") and err == b""


RESULT_ONLY = ('[Event "x"]\n[Board "3"]\n[Variant "sochi"]\n[Players "Ana; Boris; Ceca"]\n'
               '[Dealer "A"]\n[Declarer "B"]\n[Contract "6S"]\n[Result "B:6"]\n')


@pytest.mark.parametrize(("command", "says"), [
    (["show"], "no deal to show"), (["render", "-f", "svg"], "no deal to draw"),
    (["solve"], "no deal to solve"), (["odds", "--seat", "B"], "no deal to weigh"),
    (["solve", "-b", "3"], "board 3 has no deal"),
    (["render", "-b", "3", "-f", "svg"], "board 3 has no deal")])
def test_a_record_without_a_deal_is_refused(tmp_path: Path, command: list[str],
                                                     says: str) -> None:
    """A result-only record (contract and result, no cards) is unusable input for the
    commands that draw, solve or weigh cards, as a missing file is: a diagnostic naming
    the file, exit 2, nothing on stdout (no table of question marks)."""
    source = tmp_path / "result-only.pfn"
    source.write_text(RESULT_ONLY, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "pfn.cli", command[0], str(source),
                           *command[1:]], capture_output=True, text=True, cwd=tmp_path,
                          timeout=60)
    assert done.returncode == 2, done
    assert done.stdout == ""
    assert f"{source}: {says}" in done.stderr
    assert "Traceback" not in done.stderr
    assert list(tmp_path.iterdir()) == [source]  # nothing written beside it
