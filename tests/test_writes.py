"""Writes that never clobber, from the user's side: devices and FIFOs written through,
paths from records never choosing a folder, split and dedupe never writing over an
input, hard links never half rewritten, no stray temporary file."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from pfn.generate import generate
from tests.conftest import EXAMPLES

BRIEF = EXAMPLES / "brief.pfn"
MATCH = EXAMPLES / "sochi-match.pfn"


def pfn(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pfn.cli", *args], capture_output=True,
                          text=True, cwd=cwd, timeout=180)


def null_device(folder: Path) -> Path:
    """A private null device (major 1, minor 3), never /dev/null itself."""
    path = folder / "null"
    try:
        os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    except PermissionError:
        pytest.fail("making a device node needs root (CI runs as root)")
    return path


WRITERS = [
    ["fmt", str(BRIEF), "-o", "{out}"],
    ["convert", str(BRIEF), "--to", "json", "-o", "{out}"],
    ["filter", str(MATCH), "-o", "{out}"],
    ["dedupe", str(MATCH), "-o", "{out}"],
    ["render", str(BRIEF), "--board", "1", "-f", "svg", "-o", "{out}"],
    ["render", str(BRIEF), "--board", "1", "-f", "html", "-o", "{out}"],
    ["export", str(EXAMPLES / "analysis.pfn"), "--to", "pts", "-o", "{out}"],
    ["import", str(Path(__file__).parent / "data" / "formats" / "classics.pts"), "-o",
     "{out}"],
    ["generate", "3", "-o", "{out}"],
    ["annotate", str(EXAMPLES / "analysis.pfn"), "-o", "{out}"],
    ["stats", str(MATCH), "--plot", "{out}.png", "-f", "json"],
]


@pytest.mark.parametrize("args", WRITERS, ids=lambda a: "-".join(a[:1] + a[-3:-2]))
def test_a_device_is_written_through_never_replaced(tmp_path: Path, args: list[str]) -> None:
    device = null_device(tmp_path)
    (tmp_path / "null.png").symlink_to(device)  # a picture's name: through a link
    done = pfn(*[a.format(out=device) for a in args])
    assert done.returncode == 0, done.stderr
    mode = device.stat().st_mode
    assert stat.S_ISCHR(mode) and os.major(device.stat().st_rdev) == 1
    assert (tmp_path / "null.png").is_symlink()
    # nothing left beside
    assert sorted(p.name for p in tmp_path.iterdir()) == ["null", "null.png"]


def test_a_fifo_is_written_through(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    done = pfn("convert", str(BRIEF), "--to", "pfn", "-o", str(fifo))
    reader.join(60)
    assert done.returncode == 0, done.stderr
    assert stat.S_ISFIFO(fifo.stat().st_mode)
    assert got and got[0].startswith(b"% PFN 1.0\n") and b'[Board "3"]' in got[0]


def test_a_record_never_chooses_the_folder(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    from pfn.cli import app

    monkeypatch.chdir(tmp_path)
    here = tmp_path / "here"
    here.mkdir()
    victim = tmp_path / "x.html"
    victim.write_text("keep")
    text = BRIEF.read_text("utf-8").split("\n\n")[0]
    for board in ("/../x", "../../x", "a\x00b", "..", "a/b\\c"):
        source = here / "b.pfn"
        source.write_text(text.replace('[Board "1"]', f'[Board "{board}"]'), "utf-8")
        for fmt in ("html", "svg"):
            done = CliRunner().invoke(app, ["render", str(source), "-f", fmt])
            assert done.exit_code == 0, done.output
    assert victim.read_text() == "keep"
    made = sorted(p.name for p in here.iterdir())
    assert all(name.startswith("b") for name in made) and len(made) > 1  # next to input
    assert not any(p.is_dir() for p in here.iterdir())


def test_split_never_writes_over_an_input(tmp_path: Path) -> None:
    first = tmp_path / "a.pfn"
    first.write_bytes(MATCH.read_bytes())
    second = tmp_path / "sochi.pfn"
    second.write_bytes((EXAMPLES / "leningrad-match.pfn").read_bytes())
    before = second.read_bytes()
    done = pfn("split", str(first), str(second), "--by", "variant", "--pattern",
               "{variant}.pfn", "--dir", str(tmp_path))
    assert done.returncode == 2 and "that is an input file" in done.stderr
    assert second.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.pfn", "sochi.pfn"]


def test_split_numbers_names_that_clean_alike(tmp_path: Path) -> None:
    source = tmp_path / "in.pfn"
    source.write_text('[Match "a/b"]\n[Board "1"]\n\n[Match "a_b"]\n[Board "2"]\n\n'
                      '[Match "a/b"]\n[Board "3"]\n')
    done = pfn("split", str(source), "--pattern", "{key}.pfn", "--dir", str(tmp_path / "out"))
    assert done.returncode == 0, done.stderr
    parts = {p.name: p.read_text() for p in (tmp_path / "out").iterdir()}
    assert sorted(parts) == ["a_b-2.pfn", "a_b.pfn"]
    assert parts["a_b.pfn"].count("[Board") == 2 and parts["a_b-2.pfn"].count("[Board") == 1


@pytest.mark.slow
def test_an_interrupted_split_leaves_the_old_parts(tmp_path: Path) -> None:
    # parts from one input; then a run on another input of the same matches, killed
    # while it writes: the old parts are as they were, and its leftovers go next run
    old, new = tmp_path / "old.pfn", tmp_path / "new.pfn"
    for path, seed in ((old, "1"), (new, "2")):
        path.write_text("\n".join(generate(5000, "sochi", int(seed))), encoding="utf-8")
    out = tmp_path / "out"
    split = ("split", "--dir", str(out), "--by", "variant", "-p", "{key}.pfn")
    assert pfn(*split, str(old)).returncode == 0
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    process = subprocess.Popen([sys.executable, "-m", "pfn.cli", *split, str(new)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while not any(p.name.endswith(".tmp") and p.stat().st_size > 50_000
                  for p in out.iterdir()) and time.monotonic() < deadline:
        time.sleep(0.01)
    process.send_signal(signal.SIGKILL)
    process.wait()
    assert any(p.name.endswith(".tmp") for p in out.iterdir())  # killed while writing
    after = {p.name: p.read_bytes() for p in out.iterdir() if not p.name.endswith(".tmp")}
    assert after == before
    assert pfn(*split, str(old)).returncode == 0
    assert not any(p.name.endswith(".tmp") for p in out.iterdir())


def test_dedupe_refuses_an_output_that_is_an_input_or_the_other(tmp_path: Path) -> None:
    source = tmp_path / "d.pfn"
    source.write_bytes(MATCH.read_bytes())
    for args in (["-o", "x.pfn", "-d", "x.pfn"], ["-d", str(source)], ["-o", str(source)]):
        done = pfn("dedupe", str(source), *args, cwd=tmp_path)
        assert done.returncode == 2 and "nothing written" in done.stderr, args
    assert source.read_bytes() == MATCH.read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d.pfn"]


def test_a_killed_write_leaves_no_stray_file_after_the_next_run(tmp_path: Path) -> None:
    path = tmp_path / "pool.pfn"
    path.write_text((EXAMPLES / "import-format.pfn").read_text("utf-8"))
    # what a writer killed with SIGKILL leaves: its temporary file, its process gone
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    stray = tmp_path / f".pool.pfn.pfn-{child.pid}.abc123.tmp"
    stray.write_text("half")
    mine = tmp_path / f".pool.pfn.pfn-{os.getpid()}.abc123.tmp"  # a live writer's
    mine.write_text("busy")
    assert pfn("fmt", str(path)).returncode == 0
    assert not stray.exists() and mine.exists()
