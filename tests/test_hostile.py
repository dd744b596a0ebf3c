"""Hostile input and data safety, from the user's side: every command that writes keeps
the original safe, every input gets a located diagnostic (never "internal error"), and
the first mistake is reported where it is."""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pfn.cli import app
from pfn.explain import BRIEF
from pfn.notation.reader import loads
from pfn.notation.writer import dumps
from tests.conftest import EXAMPLES, ROOT, codes, diagnostics

runner = CliRunner()


def run(*args: str, stdin: str | bytes | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.output


def cli(*args: str, stdin: bytes | None = None, cwd: Path | None = None,
        env: dict[str, str] | None = None) -> subprocess.CompletedProcess[bytes]:
    """The real command in a fresh process: exit code, stdout and stderr as bytes."""
    return subprocess.run([sys.executable, "-m", "pfn.cli", *args], input=stdin,
                          capture_output=True, cwd=cwd, env={**os.environ, **(env or {})},
                          timeout=120)


def unformatted(tmp: Path, name: str = "pool.pfn") -> Path:
    path = tmp / name
    path.write_text((EXAMPLES / "import-format.pfn").read_text(encoding="utf-8"),
                    encoding="utf-8")
    return path


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


# ---------------------------------------------------------------------------
# 1. One atomic writer: modes, owners, links, failures


@pytest.mark.parametrize("mode", [0o644, 0o600, 0o640])
def test_fmt_keeps_the_mode(tmp_path: Path, mode: int) -> None:
    path = unformatted(tmp_path)
    path.chmod(mode)
    assert run("fmt", str(path))[0] == 0
    assert stat.S_IMODE(path.stat().st_mode) == mode
    assert leftovers(tmp_path) == []


def test_a_read_only_file_is_refused_unless_forced(tmp_path: Path) -> None:
    """Even for root, whom the system lets replace it: as a user would expect."""
    path = unformatted(tmp_path)
    before = path.read_bytes()
    path.chmod(0o444)
    code, output = run("fmt", str(path))
    assert code == 2 and "read-only" in output and "--force" in output
    assert path.read_bytes() == before and leftovers(tmp_path) == []
    assert run("fmt", "--force", str(path))[0] == 0
    assert path.read_bytes() != before


def test_invisible_characters_in_a_name_draw_to_pdf(tmp_path: Path) -> None:
    """U+FEFF, U+200B and U+2060 draw nothing; a PDF's font subset cannot hold them."""
    text = (EXAMPLES / "brief.pfn").read_text(encoding="utf-8").replace(
        "Ana; Boris", "An\ufeffa; Bo\u200bri\u2060s", 1)
    source = tmp_path / "names.pfn"
    source.write_text(text, encoding="utf-8")
    for args in (["--board", "1", "--trick", "2"], ["--sheet"]):
        done = cli("render", str(source), *args, "-o", str(tmp_path / "out.pdf"))
        assert done.returncode == 0, done.stderr
        assert (tmp_path / "out.pdf").read_bytes().startswith(b"%PDF")


def test_a_sample_beyond_reason_is_refused_at_once() -> None:
    """``--samples 1000000000`` would build a billion layouts before solving one."""
    started = time.monotonic()
    code, output = run("odds", str(EXAMPLES / "brief.pfn"), "--board", "1", "--seat", "B",
                       "--limit", "1", "--samples", "1000000000")
    assert code == 2 and "--samples" in output
    assert time.monotonic() - started < 10


def test_convert_over_a_private_file_keeps_it_private(tmp_path: Path) -> None:
    target = tmp_path / "private.json"
    target.write_text("{}", encoding="utf-8")
    target.chmod(0o600)
    assert run("convert", str(EXAMPLES / "brief.pfn"), "-o", str(target))[0] == 0
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert json.loads(target.read_text(encoding="utf-8"))["pfn"] == "1.0"


@pytest.mark.skipif(os.geteuid() != 0, reason="only root may give a file to another user")
def test_fmt_keeps_the_owner(tmp_path: Path) -> None:
    path = unformatted(tmp_path)
    os.chown(path, 1234, 5678)
    assert run("fmt", str(path))[0] == 0
    assert (path.stat().st_uid, path.stat().st_gid) == (1234, 5678)


def test_a_symlink_stays_a_symlink(tmp_path: Path) -> None:
    target = unformatted(tmp_path, "real.pfn")
    link = tmp_path / "link.pfn"
    link.symlink_to(target.name)
    assert run("fmt", str(link))[0] == 0
    assert link.is_symlink() and os.readlink(link) == "real.pfn"
    assert target.read_text(encoding="utf-8") == dumps(loads(
        (EXAMPLES / "import-format.pfn").read_text(encoding="utf-8")))


def test_a_hard_linked_file_is_never_half_rewritten(tmp_path: Path) -> None:
    # a rewrite in place (the only way to keep every link) cannot be all or nothing, so
    # it is refused; with --force this name gets the new file, the other link the old
    first = unformatted(tmp_path, "a.pfn")
    second = tmp_path / "b.pfn"
    os.link(first, second)
    before = first.read_bytes()
    code, out = run("fmt", str(first))
    assert code == 2 and "2 hard links" in out and "--force" in out
    assert first.read_bytes() == before and first.stat().st_nlink == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.pfn", "b.pfn"]
    assert run("fmt", "--force", str(first))[0] == 0
    assert first.read_text(encoding="utf-8").startswith("% PFN 1.0\n")
    assert second.read_bytes() == before and first.stat().st_nlink == 1


def test_a_full_disk_leaves_the_original_and_no_temporary_file(tmp_path: Path) -> None:
    path = unformatted(tmp_path)
    before = path.read_bytes()
    # the file-size limit stands for a full disk: the write fails part way
    script = textwrap.dedent(f"""
        import resource, signal, sys
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (100, 100))
        sys.argv = ["pfn", "fmt", {str(path)!r}]
        from pfn.cli import main
        main()
        """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, timeout=60)
    assert done.returncode == 2, done.stderr
    assert b"cannot write" in done.stderr and b"Traceback" not in done.stderr
    assert path.read_bytes() == before
    assert leftovers(tmp_path) == []


def test_generate_on_a_full_disk_leaves_nothing(tmp_path: Path) -> None:
    script = textwrap.dedent(f"""
        import resource, signal, sys
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (2000, 2000))
        sys.argv = ["pfn", "generate", "50", "-o", {str(tmp_path / "g.pfn")!r}]
        from pfn.cli import main
        main()
        """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, timeout=60)
    assert done.returncode == 2 and b"cannot write" in done.stderr
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("signal_number", [signal.SIGTERM, signal.SIGINT])
def test_an_interrupted_write_leaves_the_original(tmp_path: Path, signal_number: int) -> None:
    path = tmp_path / "pool.pfn"
    path.write_text("original\n", encoding="utf-8")
    script = textwrap.dedent(f"""
        import sys, time
        from pfn.files import write_atomic
        def slow(out):
            for _ in range(3000):  # far longer than the test waits: it is interrupted
                out.write("x" * 1000 + "\\n")
                out.flush()
                time.sleep(0.02)
        print("writing", flush=True)
        write_atomic({str(path)!r}, slow)
        """)
    process = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stdout.readline() == b"writing\n"
    time.sleep(0.3)
    process.send_signal(signal_number)
    process.wait(timeout=30)
    assert process.returncode != 0
    assert path.read_text(encoding="utf-8") == "original\n"
    assert leftovers(tmp_path) == []


@pytest.mark.slow
def test_render_into_a_missing_folder_or_onto_a_folder(tmp_path: Path) -> None:
    for target in (tmp_path / "nowhere" / "x.svg", tmp_path):
        done = cli("render", str(EXAMPLES / "brief.pfn"), "-o", str(target))
        assert done.returncode == 2 and done.stdout == b""
        assert done.stderr.count(b"\n") == 1 and b"cannot write" in done.stderr


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_a_read_only_folder(tmp_path: Path) -> None:  # pragma: no cover - root in CI
    path = unformatted(tmp_path)
    tmp_path.chmod(0o500)
    try:
        done = cli("fmt", str(path))
        assert done.returncode == 2 and b"cannot write" in done.stderr
    finally:
        tmp_path.chmod(0o700)


# ---------------------------------------------------------------------------
# 2. No losses


def test_backslashes_in_tag_values_survive(tmp_path: Path) -> None:
    text = BRIEF.replace('[Event "Friday pool"]', '[Event "Friday pool"]\n'
                         '[Source "C:\\games\\pool.pfn"]')
    out = dumps(loads(text))
    assert '[Source "C:\\games\\pool.pfn"]' in out
    assert loads(out)[0].tag("Source") == "C:\\games\\pool.pfn"
    quoted = dumps(loads('[Event "a \\"quoted\\" name\\\\"]\n'))
    assert loads(quoted)[0].tag("Event") == 'a "quoted" name\\'


def test_a_long_sheet_line_is_wrapped_into_lines_that_read_back(tmp_path: Path) -> None:
    entries = " ".join(f"whist/{s}={n}/7" for s, n in (("B", 123456789), ("C", 987654321)))
    text = ('[Event "x"]\n[Variant "sochi"]\n[Match "m"]\n[Target "20"]\n[Sheet ""]\n'
            f"A pool=123456789/11 mountain=987654321/13 {entries}\n")
    out = dumps(loads(text))
    assert all(len(line) < 80 for line in out.splitlines())
    assert loads(out) == loads(text)
    sheet = out.split('[Sheet ""]\n')[1].splitlines()
    assert len(sheet) > 2 and all(line.startswith("A ") for line in sheet if line)


def test_unknown_sections_keep_their_indentation() -> None:
    text = '[Event "x"]\n[Variant "sochi"]\n[Mystery "z"]\n    indented  words\n  next\n'
    out = dumps(loads(text))
    assert "\n    indented  words\n  next\n" in out
    assert dumps(loads(out)) == out


def test_fmt_never_writes_what_does_not_read_back(tmp_path: Path) -> None:
    # a record that reads back differently is refused (made here by a broken writer)
    from pfn import formatting

    path = unformatted(tmp_path)
    before = path.read_bytes()
    original = formatting.record_lines
    try:
        formatting.record_lines = lambda record, header=True: [*original(record, header),
                                                                  "[Extra \"tag\"]"]
        code, out = run("fmt", str(path))
    finally:
        formatting.record_lines = original
    assert code == 1 and "PFN-E121" in out  # the runner mixes both streams
    assert path.read_bytes() == before and leftovers(tmp_path) == []


def test_fmt_to_another_file_or_to_stdout(tmp_path: Path) -> None:
    path = unformatted(tmp_path)
    before = path.read_bytes()
    out = tmp_path / "clean.pfn"
    assert run("fmt", str(path), "-o", str(out))[0] == 0
    assert path.read_bytes() == before
    code, text = run("fmt", "--stdout", str(path))
    assert code == 0 and text == out.read_text(encoding="utf-8") and path.read_bytes() == before
    assert run("fmt", str(path), str(out), "-o", str(tmp_path / "x.pfn"))[0] == 2


# ---------------------------------------------------------------------------
# 4. Ordinary records that used to crash


@pytest.mark.parametrize(("variant", "calls", "code"), [
    ("britannica", "6C 7S 6D", "PFN-E309"),
    ("classic", "6NT 7S", "PFN-E309"),
])
def test_a_bid_off_the_ladder_and_one_after_it(variant: str, calls: str, code: str) -> None:
    text = f'[Event "x"]\n[Variant "{variant}"]\n[Dealer "C"]\n[Auction "A"]\n{calls}\n'
    found = diagnostics(text)
    assert any(d.code == code and d.line == 5 for d in found)


def test_the_idle_dealer_calling_at_four() -> None:
    text = ('[Event "x"]\n[Variant "sochi"]\n[Players "A;B;C;D"]\n[Dealer "A"]\n'
            '[Auction "B"]\nA:pass\n')
    found = [d for d in diagnostics(text) if d.code == "PFN-E301"]
    assert found and found[0].line == 6 and "sits out" in (found[0].hint or "")


def test_a_seat_given_twice_in_the_result() -> None:
    found = [d for d in diagnostics('[Event "x"]\n[Result "A:6 B:4 B:?"]\n')
             if d.code == "PFN-E120"]
    assert found and (found[0].line, found[0].col) == (2, 18)


@pytest.mark.parametrize("tag", ['[Result "A:{n}"]', '[Target "{n}"]', '[Note "{n}:x"]'])
def test_numbers_too_long(tag: str) -> None:
    text = '[Event "x"]\n' + tag.format(n="9" * 5000) + "\n"
    assert {"PFN-E111", "PFN-E113"} & set(codes(text))


@pytest.mark.parametrize("word", ["$" + "9" * 5000, "=" + "9" * 5000 + "=", "$256"])
def test_nags_and_note_references_too_long(word: str) -> None:
    text = BRIEF.replace("SA S9 S8", f"SA {word} S9 S8")
    assert {"PFN-E111", "PFN-E113"} & set(codes(text))


# ---------------------------------------------------------------------------
# 5. Environment


@pytest.mark.slow
@pytest.mark.parametrize("command", ["score", "show", "render", "check", "fmt"])
def test_missing_files_and_folders(tmp_path: Path, command: str) -> None:
    for target in (tmp_path / "missing.pfn", tmp_path):
        done = cli(command, str(target))
        assert done.returncode == 2, (command, target, done.stderr)
        assert b"internal error" not in done.stderr and b"Traceback" not in done.stderr
        if command != "check":
            assert done.stdout == b""


def test_bad_options_are_usage_errors() -> None:
    for args in (["render", str(EXAMPLES / "brief.pfn"), "--dpi", "0"],
                 ["generate", "--variant", "kalinka"], ["generate", "3", "--match", "-1"],
                 ["generate", "-1"], ["check", "--rule", "whist=polite",
                                      str(EXAMPLES / "brief.pfn")]):
        done = cli(*args)
        assert done.returncode == 2 and b"Error" in done.stderr and done.stdout == b"", args


# ---------------------------------------------------------------------------
# 6. Encodings


def test_non_utf8_on_stdin_is_reported_like_a_file(tmp_path: Path) -> None:
    data = '[Event "Пулька"]\n[Variant "sochi"]\n'.encode("cp1251")
    path = tmp_path / "cp1251.pfn"
    path.write_bytes(data)
    by_path = cli("check", "--format", "json", str(path))
    by_stdin = cli("check", "--format", "json", stdin=data)
    first = [json.loads(line) for line in by_path.stdout.splitlines()]
    second = [json.loads(line) for line in by_stdin.stdout.splitlines()]
    assert [(d["code"], d["line"], d["col"]) for d in first] == \
        [(d["code"], d["line"], d["col"]) for d in second]
    assert first[0]["code"] == "PFN-E002" and "Windows-1251" in first[0]["hint"]


def test_bad_bytes_in_a_directive(tmp_path: Path) -> None:
    path = tmp_path / "d.pfn"
    path.write_bytes(b"% caf\xe9\n" + BRIEF.encode())
    done = cli("check", "--format", "json", str(path))
    assert b"PFN-E002" in done.stdout and b"Traceback" not in done.stderr
    for command in (["fmt", str(path)], ["convert", str(path)]):
        done = cli(*command)
        assert done.returncode in (1, 2) and b"internal error" not in done.stderr
    assert path.read_bytes().startswith(b"% caf\xe9")


def test_utf16_and_a_doubled_bom_are_explained(tmp_path: Path) -> None:
    utf16 = tmp_path / "u16.pfn"
    utf16.write_bytes(BRIEF.encode("utf-16"))
    assert b"UTF-16" in cli("check", str(utf16)).stdout
    twice = tmp_path / "bom.pfn"
    twice.write_bytes(b"\xef\xbb\xbf\xef\xbb\xbf" + BRIEF.encode())
    assert b"two byte-order marks" in cli("check", str(twice)).stdout


def test_emoji_suits_are_suits() -> None:
    emoji = BRIEF.replace("SA S9 S8", "\u2660\ufe0fA \u2660\ufe0f9 \u2660\ufe0f8")
    assert codes(emoji) == codes(BRIEF) == []


# ---------------------------------------------------------------------------
# 7. JSON input


@pytest.mark.parametrize("content", [
    "{not json", '{"pfn": "1.0", "records": [{"tags": "no"}]}', '[{"tags": [], "x": 1}]',
    '{"tags": [{"name": "Event", "value": "x"}], "sheet": [{"seat": "A", "column": "pool",'
    ' "value": "1/0"}]}',
    '{"tags": [{"name": "Event", "value": "x"}], "play": {"leader": "A", "tricks":'
    ' [{"cards": ["SA"], "junk": 1}]}}',
])
def test_json_that_is_not_a_record(tmp_path: Path, content: str) -> None:
    source = tmp_path / "in.json"
    source.write_text(content, encoding="utf-8")
    target = tmp_path / "out.pfn"
    done = cli("convert", str(source), "-o", str(target))
    assert done.returncode == 2, done.stderr
    assert b"PFN-E00" in done.stderr and b"Traceback" not in done.stderr
    assert not target.exists() and leftovers(tmp_path) == []
    assert cli("convert", str(source)).stdout == b""  # nothing half-written to stdout


def test_json_lines_locate_the_bad_line(tmp_path: Path) -> None:
    good = json.dumps({"tags": [{"name": "Event", "value": "x"}]})
    source = tmp_path / "in.jsonl"
    source.write_text(good + "\n" + good + "\n{oops\n", encoding="utf-8")
    done = cli("convert", "--to", "pfn", str(source))
    assert done.returncode == 2 and b"in.jsonl:3:" in done.stderr and done.stdout == b""


# ---------------------------------------------------------------------------
# 8. generate refuses bad counts at once


def test_generate_refuses_a_negative_match_size() -> None:
    started = time.perf_counter()
    done = cli("generate", "5", "--match", "-1")
    assert done.returncode == 2 and time.perf_counter() - started < 30


# ---------------------------------------------------------------------------
# 9–11. The first mistake where it is, no cascades, partial records


REVOKE = BRIEF.replace("H7 HK HT", "H7 HK DJ")  # C revokes at trick 7; DJ comes again at 9


def test_the_revoke_is_reported_at_its_trick_before_the_second_use() -> None:
    found = [d for d in diagnostics(REVOKE) if d.severity.value == "error"]
    assert [(d.code, d.line) for d in found] == [("PFN-E503", 21), ("PFN-E204", 23)]
    assert "revoke: C played DJ on a heart lead at trick 7 but holds HJ" in found[0].message
    assert "trick 9" in found[1].message and "trick 7 (line 21, column 7)" in found[1].message


def test_after_a_revoke_the_revoker_is_not_flagged_again() -> None:
    # B ruffs (trumps) the clubs at trick 4 though he holds CT: one revoke, no cascade
    text = BRIEF.replace("CA CT C8", "CA DK C8").replace("H8 DK HJ", "H8 CT HJ")
    assert codes(text) == ["PFN-E503"]


SECOND_BOARD = """[Event "Friday pool"]
[Match "m"]
[Variant "sochi"]
[Target "20"]
[Dealer "{dealer}"]
[Deal "A:AKQJ7.AK.7.A7 B:T9.QJT.AKQ.KQ C:8.987.JT9.JT9 talon:..8.8"]
[Declarer "A"]
[Contract "7S"]
[Result "A:8 B:1 C:1"]
[Auction "B"]
pass pass 6S
[Talon "D8 H8"]
[Discard "D7 D8"]
[Defence "B"]
whist whist
[Play "B"]
*
[Score "A:pool+4 B:whist/A+4 C:whist/A+4"]
"""
"""A second board of a match, dealt by A after C dealt the first: B speaks and leads."""


def test_one_wrong_dealer_is_one_error() -> None:
    board = BRIEF.replace('[Event "Friday pool"]', '[Event "Friday pool"]\n[Match "m"]\n'
                          '[Target "20"]')
    assert codes(board + "\n" + SECOND_BOARD.format(dealer="A")) == []
    wrong = codes(board + "\n" + SECOND_BOARD.format(dealer="B"))
    assert wrong == ["PFN-E802"]


def test_a_hash_with_nothing_before_is_one_error() -> None:
    assert codes('[Event "#"]\n[Variant "sochi"]\n') == ["PFN-E106"]


@pytest.mark.parametrize("discard", ['[Discard "?"]\n', ""])
def test_an_unknown_discard_is_inferred_from_the_play(discard: str) -> None:
    text = BRIEF.replace('[Discard "D7 D8"]\n', discard)
    assert codes(text) == []


# ---------------------------------------------------------------------------
# 12. Record boundaries


def test_an_unclosed_comment_keeps_the_next_record_that_starts_with_a_comment() -> None:
    text = ('[Event "a"]\n{ never closed\n[Board "1"]\n\n{ the next record }\n[Event "b"]\n'
            '[Variant "sochi"]\n')
    records = [r for r in loads(text) if not r.empty]
    assert len(records) == 2 and records[1].tag("Event") == "b"
    assert (records[0].diagnostics[0].code, records[0].diagnostics[0].line) == ("PFN-E103", 2)


def test_a_closed_comment_may_hold_a_blank_line_and_a_tag_line() -> None:
    text = ('[Event "a"]\n[Variant "sochi"]\n{ a long comment\n\n[Event "x"] is quoted here'
            ' }\n[Board "1"]\n')
    records = loads(text)
    assert len(records) == 1 and records[0].tag("Board") == "1"
    assert records[0].tag("Event") == "a"


def test_a_tag_after_64_kib_of_comment_is_still_read(tmp_path: Path) -> None:
    path = tmp_path / "late.pfn"
    path.write_text("; " + "x" * 70000 + "\n" * 3 + BRIEF, encoding="utf-8")
    assert cli("check", str(path)).returncode == 0


def test_joined_files_stay_apart(tmp_path: Path) -> None:
    one = dumps(loads(BRIEF))
    assert one.endswith("\n\n")  # export format ends every record with a blank line
    glued = BRIEF.rstrip("\n") + "\n" + one  # the first ends without a blank line
    records = [r for r in loads(glued) if not r.empty]
    assert len(records) == 2 and all(r.ok for r in records)


# ---------------------------------------------------------------------------
# 13. --jobs gives exactly the serial output


def test_jobs_output_is_the_serial_output(tmp_path: Path) -> None:
    lines = ["\ufeff% PFN 1.0\n"]
    for i in range(700):
        head = f'[Event "E{i}"]\n[Variant "sochi"]\n' if i % 300 == 0 else \
            '[Event "#"]\n[Variant "#"]\n'
        lines.append(head + f'[Board "{i}"]\n' + ('[Result "A:11"]\n' if i % 97 == 0 else "")
                     + "\n")
    path = tmp_path / "many.pfn"
    path.write_text("".join(lines), encoding="utf-8")
    serial = cli("check", str(path))
    parallel = cli("check", "--jobs", "2", str(path))
    assert serial.stdout == parallel.stdout and serial.stderr == parallel.stderr
    assert b"PFN-E105" not in serial.stdout and b"PFN-E106" not in serial.stdout


# ---------------------------------------------------------------------------
# 14. Every diagnostic located


def test_match_diagnostics_have_line_and_column() -> None:
    board = BRIEF.replace('[Event "Friday pool"]', '[Event "Friday pool"]\n[Match "m"]')
    second = board.replace('[Dealer "C"]', '[Dealer "B"]').replace(
        '[Variant "sochi"]', '[Variant "leningrad"]')
    for d in diagnostics(board + "\n" + second) + diagnostics(
            BRIEF.replace('[Variant "sochi"]', '[Variant "sochi"]\n[Rules "whist=x"]')):
        assert d.line is not None and d.col is not None, d


def test_a_score_with_local_column_names_points_at_the_entry() -> None:
    text = BRIEF.replace('[Score "A:pool+4 B:whist/A+4 C:whist/A+4"]',
                         '[Score "A:пуля+6 B:висты/A+4 C:висты/A+4"]')
    found = [d for d in diagnostics(text) if d.code == "PFN-E701"]
    assert found and (found[0].line, found[0].col) == (25, 9)


@pytest.mark.parametrize("separator", ["\u2028", "\u0085", "\x0c"])
def test_the_quoted_line_is_right_after_unusual_separators(separator: str) -> None:
    text = BRIEF.replace('[Event "Friday pool"]', f'[Event "Friday{separator}pool"]').replace(
        "SK ST C7", "SK C7 ST")
    found = [d for d in diagnostics(text) if d.line == 16]
    assert found and all(d.source_line == "SK C7 ST" for d in found)


def test_a_comment_inside_a_sheet_line() -> None:
    text = ('[Event "x"]\n[Variant "sochi"]\n[Match "m"]\n[Target "20"]\n[Sheet ""]\n'
            "A pool=4 { after board 1 } mountain=2\n")
    record = loads(text)[0]
    assert record.ok and {e.column for e in record.sheet or ()} == {"pool", "mountain"}


# ---------------------------------------------------------------------------
# 15–16. Values and exit codes


@pytest.mark.parametrize("tag", ['[Target "0"]', '[Target "-20"]', '[Rules "pool-ratio=0"]',
                                 '[Rules "mountain-ratio=-1"]'])
def test_values_that_make_no_sense(tag: str) -> None:
    assert {"PFN-E111", "PFN-E116"} & set(codes(BRIEF.replace(
        '[Variant "sochi"]', '[Variant "sochi"]\n' + tag)))


def test_the_same_figure_twice_in_a_sheet() -> None:
    text = ('[Event "x"]\n[Variant "sochi"]\n[Match "m"]\n[Target "20"]\n[Sheet ""]\n'
            "A pool=4 pool=6\n")
    assert codes(text) == ["PFN-E120"]


def test_unusable_input_is_exit_two_by_path_and_on_stdin(tmp_path: Path) -> None:
    path = tmp_path / "notes.pfn"
    path.write_text("just some text\n", encoding="utf-8")
    assert cli("check", str(path)).returncode == 2
    assert cli("check", stdin=b"just some text\n").returncode == 2
    assert cli("check", stdin=b"").returncode == 2
    empty = tmp_path / "empty"
    empty.mkdir()
    done = cli("check", str(empty))
    assert done.returncode == 2 and b"no PFN files in" in done.stderr


# ---------------------------------------------------------------------------
# 17. The command line a user expects


def test_version_and_short_help() -> None:
    assert cli("--version").stdout.startswith(b"pfn 1.")
    assert b"Usage" in cli("-h").stdout and b"Usage" in cli("check", "-h").stdout


def test_select_ignore_max_errors_and_strict(tmp_path: Path) -> None:
    path = tmp_path / "mixed.pfn"
    path.write_text(REVOKE + "\n" + '[Event "y"]\n', encoding="utf-8")
    assert b"PFN-E204" not in cli("check", "--select", "E5", str(path)).stdout
    assert b"PFN-E503" not in cli("check", "--ignore", "PFN-E503", str(path)).stdout
    limited = cli("check", "--max-errors", "1", str(path))
    assert limited.stdout.count(b"error[") == 1 and b"stopped after 1" in limited.stderr
    warning_only = tmp_path / "w.pfn"
    warning_only.write_text('[Event "y"]\n', encoding="utf-8")
    assert cli("check", str(warning_only)).returncode == 0
    assert cli("check", "--strict", str(warning_only)).returncode == 1


def test_explain_and_rules() -> None:
    done = cli("explain", "E503")
    assert done.returncode == 0 and b"PFN-E503" in done.stdout and b"Fix:" in done.stdout
    assert cli("explain", "E999").returncode == 2
    rules = cli("rules", "leningrad").stdout.decode()
    assert "whist  (greedy|gentleman)" in rules and "default: gentleman" in rules
    assert cli("rules", "kalinka").returncode == 2
    assert "pfn rules" in " ".join(cli("check", "-h").stdout.decode().split())


def test_every_code_is_explained_and_each_example_gives_its_code() -> None:
    from pfn.diagnostics import CODES
    from pfn.explain import ENTRIES

    assert set(ENTRIES) == set(CODES)
    for code, entry in ENTRIES.items():
        if entry.example is not None:
            assert code in {d.code for d in diagnostics(entry.example)}, code


def test_no_traceback_for_the_examples_directory_as_a_file() -> None:
    done = cli("score", str(ROOT / "examples"))
    # the errata's wrong settlement is a record with errors: the sheet, then exit 1
    assert done.returncode == 1 and b"Traceback" not in done.stderr
    assert b"1 record with errors" in done.stderr and b"Settlement" in done.stdout


def test_a_record_with_no_deal_is_answered_by_every_output(tmp_path: Path) -> None:
    """The review's reproducer: a file holding only a Contract tag, drawn as a page
    (it ended in an IndexError), a picture and in the terminal: a plain answer each."""
    source = tmp_path / "f.pfn"
    source.write_text('[Contract "mis"]\n', encoding="utf-8")
    code, out = run("render", str(source), "--format", "html", "-o", str(tmp_path / "x.html"))
    assert code in (1, 2) and "no deal to draw" in out and "internal error" not in out, out
    for args in (["render", str(source), "-o", str(tmp_path / "x.svg")], ["show", str(source)],
                 ["check", str(source)]):
        code, out = run(*args)
        assert "internal error" not in out and "Traceback" not in out, (args, out)


@pytest.mark.parametrize(("old", "new", "code", "quoted"), [
    ('[Result "A:8 B:1 C:1"]', '[Result "A:² B:1 C:1"]', "PFN-E111", "²"),
    ("SK ST C7", "SK $² ST C7", "PFN-E111", "$²"),
    ('[Event "', '[Note "²:a remark"]\n[Event "', "PFN-E113", "²:a remark"),
])
def test_a_digit_that_is_not_ascii_is_a_diagnostic(old: str, new: str, code: str,
                                                    quoted: str) -> None:
    """'²' is a digit to Python's str.isdigit but not a number to int(): in a Result, a
    NAG or a Note it is reported where it stands, never an internal error."""
    text = (EXAMPLES / "brief.pfn").read_text(encoding="utf-8").replace(old, new, 1)
    assert new in text
    status, output = run("check", "-", stdin=text)
    assert status == 1 and "internal error" not in output
    assert f"[{code}]" in output and quoted in output
