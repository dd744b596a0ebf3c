"""The line protocol: one JSON request a line on the engine's standard input, one JSON
answer a line on its standard output, in the spirit of UCI.

The runner says ``{"type": "hello", "protocol": "pfn-conformance/1"}`` first; the engine
answers with its name and the kinds of question it takes (``supports``).  Then each
vector's request goes out (``{"id": …, "type": "legal", …}``) and the engine answers
with the same ``id`` and the answer's keys, or ``{"id": …, "error": "unsupported"}``
for a question it does not take.  ``{"type": "quit"}`` ends the session.
"""

from __future__ import annotations

import json
import queue
import subprocess
import threading
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import IO, Any

from pfn.conformance.reference import answer
from pfn.conformance.suite import KINDS, PROTOCOL, Vector, agrees
from pfn.i18n import tr

STATUSES = ("agrees", "differs", "unsupported", "failed")
"""What became of a vector: the engine agreed, answered otherwise, does not take that
kind of question, or gave no usable answer (no answer in time, not JSON, another id,
or the engine ended)."""


def serve(source: IO[str], sink: IO[str]) -> None:
    """pfn as an engine: answer each request line of ``source`` on ``sink``."""
    for line in source:
        if not line.strip():
            continue
        try:
            message = json.loads(line)
        except ValueError:
            reply: dict[str, Any] = {"error": "invalid", "reason": "not JSON"}
        else:
            if not isinstance(message, dict):
                reply = {"error": "invalid", "reason": "not a JSON object"}
            elif message.get("type") == "quit":
                return
            else:
                reply = answer(message)
        sink.write(json.dumps(reply, ensure_ascii=False) + "\n")
        sink.flush()


@dataclass
class Verdict:
    """One vector, and what the engine made of it."""

    vector: Vector
    status: str
    answer: dict[str, Any] | None = None
    note: str = ""


@dataclass
class Report:
    """A run of the suite against one engine."""

    engine: str
    protocol: str
    verdicts: list[Verdict] = field(default_factory=list)

    def counts(self) -> dict[str, Counter[str]]:
        """Each kind's count of each status."""
        out: dict[str, Counter[str]] = {kind: Counter() for kind in KINDS}
        for verdict in self.verdicts:
            out.setdefault(verdict.vector.kind, Counter())[verdict.status] += 1
        return {kind: c for kind, c in out.items() if c}

    @property
    def ok(self) -> bool:
        """No vector the engine answered otherwise or failed."""
        return not any(v.status in ("differs", "failed") for v in self.verdicts)

    def to_json(self) -> dict[str, Any]:
        return {"engine": self.engine, "protocol": self.protocol,
                "counts": {k: dict(c) for k, c in self.counts().items()},
                "verdicts": [{"id": v.vector.id, "status": v.status, "answer": v.answer,
                              "expect": dict(v.vector.expect), "why": v.vector.why,
                              "source": v.vector.source, "note": v.note}
                             for v in self.verdicts if v.status != "agrees"]}


class Engine:
    """An engine process spoken to line by line, each answer awaited at most
    ``timeout`` seconds (a reader thread, so that a silent engine cannot hang the
    run)."""

    def __init__(self, command: Sequence[str], timeout: float) -> None:
        self.timeout = timeout
        self.process = subprocess.Popen(list(command), stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True, encoding="utf-8",
                                        bufsize=1)
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def ask(self, message: dict[str, Any]) -> tuple[dict[str, Any] | None, str]:
        """The engine's answer to ``message``, or ``None`` and why there is none."""
        assert self.process.stdin is not None
        try:
            self.process.stdin.write(json.dumps(message, ensure_ascii=False) + "\n")
            self.process.stdin.flush()
        except (BrokenPipeError, OSError):
            return None, tr("the engine has ended")
        try:
            line = self.lines.get(timeout=self.timeout)
        except queue.Empty:
            seconds = f"{self.timeout:g}"
            return None, tr("no answer in {seconds} s", seconds=seconds)
        if line is None:
            return None, tr("the engine has ended")
        try:
            reply = json.loads(line)
        except ValueError:
            return None, tr("not JSON: {line}", line=line.strip()[:120])
        if not isinstance(reply, dict):
            return None, tr("not a JSON object")
        return reply, ""

    def close(self) -> None:
        if self.process.poll() is None:
            try:
                assert self.process.stdin is not None
                self.process.stdin.write(json.dumps({"type": "quit"}) + "\n")
                self.process.stdin.close()
                self.process.wait(timeout=5)
            except (OSError, subprocess.TimeoutExpired):
                self.process.kill()
                self.process.wait()


def run(command: Sequence[str], vectors: Iterable[Vector], timeout: float = 60.0,
        step: Callable[[Verdict], None] | None = None) -> Report:
    """The suite's ``vectors`` put to the engine ``command``; ``step`` is told of each
    verdict as it comes (a progress bar)."""
    engine = Engine(command, timeout)
    try:
        hello, why = engine.ask({"type": "hello", "protocol": PROTOCOL})
        name = str(hello.get("name", "?")) if hello else "?"
        report = Report(name, str(hello.get("protocol", "?")) if hello else why)
        supports = set(hello.get("supports", KINDS)) if hello else set(KINDS)
        for vector in vectors:
            if vector.kind not in supports:
                verdict = Verdict(vector, "unsupported")
            else:
                reply, why = engine.ask(vector.message())
                if reply is None:
                    verdict = Verdict(vector, "failed", None, why)
                elif reply.get("id") != vector.id:
                    verdict = Verdict(vector, "failed", reply,
                                      tr("the answer names another id"))
                elif reply.get("error") == "unsupported":
                    verdict = Verdict(vector, "unsupported", reply)
                elif "error" in reply:
                    verdict = Verdict(vector, "differs", reply, str(reply.get("reason", "")))
                else:
                    verdict = Verdict(vector, "agrees" if agrees(vector, reply) else "differs",
                                      reply)
            report.verdicts.append(verdict)
            if step is not None:
                step(verdict)
    finally:
        engine.close()
    return report


__all__ = ["STATUSES", "Report", "Verdict", "run", "serve"]
