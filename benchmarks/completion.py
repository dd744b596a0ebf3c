"""The language server's completion in a 200-deal file, as an editor asks for it.

    python benchmarks/completion.py       # also run by benchmarks/bench.py (make bench)

The file is a 200-deal match of generated records (``pfn generate 200 --match 200``,
seed 1). In its last deal the cursor stands where a person writes: in the auction
(after its second call), in the defence (after its first call, or at its end), and
in the play (after the first card of trick 6). Two figures per place, medians of 30 rounds, in ms:

- ``typed``: a keystroke there, then the completion: the document's new version made
  from the one before (it reads again only from the record the edit touched), and
  :func:`pfn.lsp.features.completions` at the cursor;
- ``session``: the same request through a real ``pfn lsp`` process over stdio, from
  the ``textDocument/completion`` request written to its response read (the JSON-RPC
  framing and the server's own bookkeeping included), after a ``didChange``.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
DEALS = 200
ROUNDS = 30


def pool() -> str:
    from pfn.generate import generate

    return "\n".join(generate(DEALS, seed=1, match_size=DEALS, target=1000))


def places(text: str) -> dict[str, tuple[int, int]]:
    """Cursor places in the last deal: (0-based line, column)."""
    lines = text.splitlines()
    last = max(i for i, line in enumerate(lines) if line.startswith("[Deal "))
    found: dict[str, tuple[int, int]] = {}
    for index in range(last, len(lines)):
        line = lines[index]
        for section in ("Auction", "Defence"):
            if line.startswith(f"[{section} ") and index + 1 < len(lines):
                words = lines[index + 1].split()
                at = len(" ".join(words[:2])) + 1 if len(words) > 2 else len(lines[index + 1])
                found[section.lower()] = (index + 1, at)
        if line.startswith("[Play "):
            trick = index + 6
            if trick < len(lines) and lines[trick].strip():
                found["play"] = (trick, len(lines[trick].split()[0]) + 1)
    return found


def typed(text: str, where: dict[str, tuple[int, int]]) -> dict[str, float]:
    from pfn.lsp.document import Document
    from pfn.lsp.features import completions

    out = {}
    for name, (line, column) in where.items():
        before = Document(text, "pool.pfn")
        completions(before, line, column)  # the editor's first version, read whole
        times = []
        for round_ in range(ROUNDS):
            # a space typed at the end of the file and taken back: every version differs
            edited = text + " " if round_ % 2 == 0 else text
            start = time.perf_counter()
            after = Document(edited, "pool.pfn", previous=before)
            items = completions(after, line, column)
            times.append(time.perf_counter() - start)
            before = after
            assert items, (name, line, column)
        out[name] = statistics.median(times) * 1000
    return out


class Client:
    """A minimal LSP client over a ``pfn lsp`` process's stdio."""

    def __init__(self) -> None:
        self.process = subprocess.Popen([sys.executable, "-m", "pfn.cli", "lsp"],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.next_id = 0

    def send(self, message: dict[str, Any]) -> None:
        body = json.dumps(message).encode()
        assert self.process.stdin is not None
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def receive(self) -> dict[str, Any]:
        out = self.process.stdout
        assert out is not None
        length = 0
        while True:
            header = out.readline().strip()
            if not header:
                break
            if header.lower().startswith(b"content-length:"):
                length = int(header.split(b":")[1])
        answer: dict[str, Any] = json.loads(out.read(length))
        return answer

    def request(self, method: str, params: dict[str, Any]) -> Any:
        self.next_id += 1
        ident = self.next_id
        self.send({"jsonrpc": "2.0", "id": ident, "method": method, "params": params})
        while True:
            answer = self.receive()
            if answer.get("id") == ident and "method" not in answer:
                return answer.get("result")

    def notify(self, method: str, params: dict[str, Any]) -> None:
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def close(self) -> None:
        self.request("shutdown", {})
        self.notify("exit", {})
        self.process.wait(timeout=30)


def session(text: str, where: dict[str, tuple[int, int]]) -> dict[str, float]:
    client = Client()
    uri = "file:///pool.pfn"
    try:
        client.request("initialize", {"processId": None, "rootUri": None,
                                      "capabilities": {}})
        client.notify("initialized", {})
        client.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "pfn", "version": 1, "text": text}})
        version = 1
        out = {}
        for name, (line, column) in where.items():
            times = []
            for round_ in range(ROUNDS):
                version += 1
                client.notify("textDocument/didChange", {
                    "textDocument": {"uri": uri, "version": version},
                    "contentChanges": [{"text": text + " " if round_ % 2 == 0 else text}]})
                start = time.perf_counter()
                found = client.request("textDocument/completion", {
                    "textDocument": {"uri": uri},
                    "position": {"line": line, "character": column}})
                times.append(time.perf_counter() - start)
                assert found and found["items"], (name, found)
            out[name] = statistics.median(times) * 1000
        return out
    finally:
        client.close()


def main() -> None:
    text = pool()
    where = places(text)
    assert set(where) >= {"auction", "play"}, where
    near = typed(text, where)
    far = session(text, where)
    size = len(text.encode()) / 1e6
    print(f"completion_200_deals ({size:.2f} MB): " + ", ".join(
        f"{name} typed {near[name]:.1f} ms / session {far[name]:.1f} ms" for name in where))


if __name__ == "__main__":
    main()
