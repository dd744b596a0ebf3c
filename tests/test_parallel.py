"""Parallel runs that never diverge and never linger: a file replaced while workers read
it, a parent killed under its workers, a worker that dies, schedulers that do not
answer, and the cap on --jobs."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from pfn.generate import generate


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """About 4 MB of generated records: long enough to act while workers run."""
    path = tmp_path_factory.mktemp("big") / "big.pfn"
    path.write_text("\n".join(generate(9_000, "sochi", 3)), encoding="utf-8")
    return path


def pfn(*args: str, env: dict[str, str] | None = None, timeout: float = 300
        ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pfn.cli", *args], capture_output=True,
                          text=True, timeout=timeout, env={**os.environ, **(env or {})})


@pytest.mark.slow
def test_a_file_replaced_during_a_parallel_check_is_read_as_opened(
        big: Path, tmp_path: Path) -> None:
    path = tmp_path / "pool.pfn"
    path.write_bytes(big.read_bytes())
    serial = pfn("check", "-j", "1", str(path))
    assert serial.returncode == 0 and "9000 records: clean" in serial.stderr
    other = tmp_path / "other.pfn"
    other.write_text("\n".join(generate(3_000, "leningrad", 4)), encoding="utf-8")
    process = subprocess.Popen([sys.executable, "-m", "pfn.cli", "check", "-j", "2",
                                str(path)], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    while not subprocess.run(["pgrep", "-P", str(process.pid)], capture_output=True,
                             text=True).stdout.split():
        time.sleep(0.05)  # the workers have started: the parent has the file open
    time.sleep(0.3)
    os.replace(other, path)  # as pfn fmt replaces a file
    out, err = process.communicate(timeout=300)
    assert (process.returncode, out, err) == (serial.returncode, serial.stdout, serial.stderr)
    assert path.read_bytes() != big.read_bytes()  # it was replaced meanwhile


def test_workers_end_with_their_parent(big: Path) -> None:
    for kill in (signal.SIGKILL, signal.SIGTERM):
        process = subprocess.Popen([sys.executable, "-m", "pfn.cli", "check", "-j", "2",
                                    str(big)], stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 60
        children: list[str] = []
        while len(children) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
            children = subprocess.run(["pgrep", "-P", str(process.pid)], capture_output=True,
                                      text=True).stdout.split()
        assert len(children) >= 2
        os.kill(process.pid, kill)  # the parent alone
        process.wait()
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and any(_running(pid) for pid in children):
            time.sleep(0.1)
        assert not any(_running(pid) for pid in children), kill


def _running(pid: str) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().split(") ", 1)[1][0]
    except (OSError, IndexError):
        return False
    return state != "Z"


def test_a_worker_that_dies_is_named(tmp_path: Path) -> None:
    # a job whose worker is killed: the message says which span and why
    source = str(Path(__file__).parent.parent / "examples" / "sochi-match.pfn")
    code = (
        "import os, signal\n"
        "from pfn.corpus import engine\n"
        "class Die:\n"
        "    def run(self, found):\n"
        "        os.kill(os.getpid(), signal.SIGKILL)\n"
        "try:\n"
        f"    list(engine.run({source!r}, Die(), jobs=2))\n"
        "except engine.EngineError as error:\n"
        "    print(error)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert "a worker process died while working on" in done.stdout, done.stderr
    assert "sochi-match.pfn, from line 1" in done.stdout


@pytest.fixture
def peer() -> Iterator[tuple[int, int, int]]:
    """Three local servers that are no Dask scheduler: silent, garbage, HTTP."""
    servers = []
    stop = threading.Event()
    replies = [b"", os.urandom(4096) + b"\xff" * 65536,
               b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello"]
    for reply in replies:
        server = socket.socket()
        server.bind(("127.0.0.1", 0))
        server.listen(8)
        server.settimeout(0.2)
        servers.append(server)

        def serve(server: socket.socket = server, reply: bytes = reply) -> None:
            kept = []
            while not stop.is_set():
                try:
                    conn, _ = server.accept()
                except OSError:
                    continue
                kept.append(conn)
                if reply:
                    with contextlib.suppress(OSError):
                        conn.sendall(reply)
            for conn in kept:
                conn.close()

        threading.Thread(target=serve, daemon=True).start()
    yield tuple(s.getsockname()[1] for s in servers)  # type: ignore[misc]
    stop.set()
    for server in servers:
        server.close()


@pytest.mark.slow
def test_a_scheduler_that_is_not_one_is_one_line(peer: tuple[int, int, int]) -> None:
    source = str(Path(__file__).parent.parent / "examples" / "brief.pfn")
    for port in peer:
        started = time.monotonic()
        done = pfn("check", "--executor", "dask", "--scheduler", f"tcp://127.0.0.1:{port}",
                   source, env={"PFN_SCHEDULER_WAIT": "3"}, timeout=60)
        assert done.returncode == 2, done.stderr
        assert done.stderr.startswith(f"pfn: no Dask scheduler at tcp://127.0.0.1:{port}")
        assert done.stderr.count("\n") == 1 and "internal error" not in done.stderr
        assert time.monotonic() - started < 30
    for bad in ("", "http://host:80", "tcp://"):
        done = pfn("check", "--executor", "dask", "--scheduler", bad, source, timeout=60)
        assert done.returncode == 2 and "give a Dask scheduler's address" in done.stderr


def test_jobs_are_capped() -> None:
    source = str(Path(__file__).parent.parent / "examples" / "brief.pfn")
    for command in ("check", "filter", "annotate"):
        done = pfn(command, "-j", "100000", source)
        assert done.returncode == 2 and "less than or equal to 256" in done.stderr
