"""``pfn lsp`` in a real session over standard input and output: a client written here
(JSON-RPC with Content-Length framing, as editors speak it) initializes the server,
opens and changes a document, and asks for completion, hover, formatting, symbols and
quick fixes.  The answers are checked against the rules as the test knows them: which
cards may follow, what a trick's winner is, what a Score entry should say."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from pathlib import Path
from queue import Empty, Queue
from typing import Any

import pytest

from tests.conftest import ROOT

BRIEF = (ROOT / "examples" / "brief.pfn").read_text(encoding="utf-8")
BOARD1 = BRIEF.split("\n\n")[0] + "\n"
URI = "file:///tmp/pool.pfn"


class Client:
    """A language client over a subprocess's pipes."""

    def __init__(self) -> None:
        self.process = subprocess.Popen([sys.executable, "-m", "pfn.cli", "lsp"],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE)
        self.next_id = 0
        self.inbox: Queue[dict[str, Any]] = Queue()
        self.passed: list[dict[str, Any]] = []
        """The notifications a request's wait passed over."""
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        out = self.process.stdout
        assert out is not None
        while True:
            header = b""
            while not header.endswith(b"\r\n\r\n"):
                byte = out.read(1)
                if not byte:
                    return
                header += byte
            length = int(next(line for line in header.decode().split("\r\n")
                              if line.lower().startswith("content-length")).split(":")[1])
            self.inbox.put(json.loads(out.read(length)))

    def send(self, message: dict[str, Any]) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8")
        stdin = self.process.stdin
        assert stdin is not None
        stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        stdin.flush()

    def request(self, method: str, params: dict[str, Any]) -> Any:
        self.next_id += 1
        wanted = self.next_id
        self.send({"id": wanted, "method": method, "params": params})
        while True:
            message = self.wait()
            if message.get("id") == wanted and "method" not in message:
                assert "error" not in message, message
                return message.get("result")
            if "method" in message:
                self.passed.append(message)

    def notify(self, method: str, params: dict[str, Any]) -> None:
        self.send({"method": method, "params": params})

    def wait(self, timeout: float = 60) -> dict[str, Any]:
        try:
            return self.inbox.get(timeout=timeout)
        except Empty:
            pytest.fail("the server did not answer: " + (self.process.stderr.read1(4000)
                                                         if self.process.stderr else b"")
                        .decode(errors="replace"))

    def diagnostics(self, uri: str = URI) -> list[dict[str, Any]]:
        while True:
            message = self.wait()
            if message.get("method") == "textDocument/publishDiagnostics" and \
                    message["params"]["uri"] == uri:
                return list(message["params"]["diagnostics"])

    def close(self) -> None:
        self.request("shutdown", {})
        self.notify("exit", {})
        self.process.wait(timeout=30)


@pytest.fixture
def client() -> Any:
    session = Client()
    answer = session.request("initialize", {"processId": None, "rootUri": None,
                                            "capabilities": {}})
    capabilities = answer["capabilities"]
    assert capabilities["completionProvider"] and capabilities["hoverProvider"]
    assert capabilities["documentFormattingProvider"]
    assert capabilities["documentSymbolProvider"] and capabilities["codeActionProvider"]
    session.notify("initialized", {})
    yield session
    session.close()
    assert session.process.returncode == 0


def open_document(client: Client, text: str) -> list[dict[str, Any]]:
    client.notify("textDocument/didOpen", {"textDocument": {
        "uri": URI, "languageId": "pfn", "version": 1, "text": text}})
    return client.diagnostics()


def at(text: str, needle: str, offset: int = 0) -> dict[str, int]:
    line = next(i for i, row in enumerate(text.splitlines()) if needle in row)
    return {"line": line, "character": text.splitlines()[line].index(needle) + offset}


def test_diagnostics_as_you_type_located_with_the_hint(client: Client) -> None:
    assert open_document(client, BOARD1) == []
    broken = BOARD1.replace("SQ DQ D9", "SQ C9 D9")  # Boris revokes... with Ceca's club
    client.notify("textDocument/didChange", {
        "textDocument": {"uri": URI, "version": 2}, "contentChanges": [{"text": broken}]})
    found = client.diagnostics()
    first = next(d for d in found if d["code"] == "PFN-E206" or d["code"].startswith("PFN-E5"))
    where = at(broken, "SQ C9 D9", 3)
    assert first["range"]["start"] == where
    assert first["severity"] == 1 and first["source"] == "pfn"
    assert "C9" in first["message"]


def test_completion_offers_only_the_legal_cards(client: Client) -> None:
    open_document(client, BOARD1)
    # trick 2: Ana led SK; Boris holds one spade (the nine fell to her ace): only ST
    items = client.request("textDocument/completion", {
        "textDocument": {"uri": URI}, "position": at(BOARD1, "SK ST C7", 3)})
    assert [i["label"] for i in items["items"]] == ["ST"]
    assert items["items"][0]["detail"] == "legal in the play"
    # Ceca, void in spades, may throw anything she holds: her nine cards
    items = client.request("textDocument/completion", {
        "textDocument": {"uri": URI}, "position": at(BOARD1, "SK ST C7", 6)})
    assert sorted(i["label"] for i in items["items"]) == sorted(
        ["C9", "C8", "C7", "DJ", "DT", "D9", "HJ", "HT", "H9"])
    # the auction: after 6S 6C, Ceca may pass or go on from 6D
    items = client.request("textDocument/completion", {
        "textDocument": {"uri": URI}, "position": at(BOARD1, "6S 6C pass", 6)})
    labels = [i["label"] for i in items["items"]]
    assert labels[:3] == ["6D", "6H", "6NT"] and "pass" in labels and "6C" not in labels
    assert {i["detail"] for i in items["items"]} == {"legal in the auction"}
    # a tag name after "["
    text = BOARD1 + "\n["
    client.notify("textDocument/didChange", {
        "textDocument": {"uri": URI, "version": 3}, "contentChanges": [{"text": text}]})
    client.diagnostics()
    items = client.request("textDocument/completion", {
        "textDocument": {"uri": URI},
        "position": {"line": len(text.splitlines()) - 1, "character": 1}})
    assert {"Variant", "Deal", "Contract", "Score"} <= {i["label"] for i in items["items"]}


def test_hover_shows_the_hands_the_winner_and_how_a_score_was_written(client: Client) -> None:
    open_document(client, BOARD1)
    shown = client.request("textDocument/hover", {
        "textDocument": {"uri": URI}, "position": at(BOARD1, "SK ST C7", 4)})
    text = shown["contents"]["value"]
    assert "B  T.QJT.AKQ.KQ" in text  # Boris before his card: one spade left
    assert "trick 2 is taken by A" in text and "A 1, B 0, C 0" in text
    score = client.request("textDocument/hover", {
        "textDocument": {"uri": URI}, "position": at(BOARD1, "B:whist/A+4", 2)})
    assert "B:whist/A+4" in score["contents"]["value"]
    assert "both whisted: 1 trick × 4" in score["contents"]["value"]


def test_formatting_is_pfn_fmt(client: Client) -> None:
    messy = BOARD1.replace('[Event "Friday pool"]', '[event   "Friday pool"]')
    open_document(client, messy)
    edits = client.request("textDocument/formatting", {
        "textDocument": {"uri": URI}, "options": {"tabSize": 4, "insertSpaces": True}})
    assert len(edits) == 1
    done = subprocess.run([sys.executable, "-m", "pfn.cli", "fmt", "--stdout", "-"],
                          input=messy, capture_output=True, text=True, check=True)
    assert edits[0]["newText"] == done.stdout


def test_boards_are_document_symbols(client: Client) -> None:
    open_document(client, BRIEF)
    found = client.request("textDocument/documentSymbol", {"textDocument": {"uri": URI}})
    assert [s["name"] for s in found] == ["Board 1", "Board 2", "Board 3"]
    assert found[1]["range"]["start"]["line"] == at(BRIEF, '[Board "2"]')["line"] - 4


def test_quick_fixes_write_what_the_hint_says(client: Client) -> None:
    wrong = BOARD1.replace('[Result "A:8 B:1 C:1"]', '[Result "A:7 B:2 C:1"]').replace(
        '[Score "A:pool+4 B:whist/A+4 C:whist/A+4"]', '[Score "A:pool+4 B:whist/A+4"]')
    found = open_document(client, wrong)
    codes = {d["code"] for d in found}
    assert {"PFN-E601", "PFN-E702"} <= codes
    actions = client.request("textDocument/codeAction", {
        "textDocument": {"uri": URI}, "range": found[0]["range"],
        "context": {"diagnostics": found}})
    edits = {a["title"]: a["edit"]["changes"][URI][0] for a in actions}
    fix = edits["Write A:8"]
    assert fix["newText"] == "A:8" and fix["range"]["start"] == at(wrong, "A:7 B:2")
    assert edits["Write B:1"]["range"]["start"] == at(wrong, "B:2 C:1")
    add = edits["Add C:whist/A+4 to the Score tag"]
    assert add["newText"] == " C:whist/A+4"
    assert add["range"]["start"] == at(wrong, 'B:whist/A+4"]', len("B:whist/A+4"))


def test_hover_shows_a_records_text_as_written_never_as_markup(client: Client) -> None:
    hostile = BOARD1.replace("SK ST C7", "SK <img>_b_")
    open_document(client, hostile)
    shown = client.request("textDocument/hover", {
        "textDocument": {"uri": URI}, "position": at(hostile, "<img>", 1)})
    text = shown["contents"]["value"]
    assert "Before \\<img\\>\\_b\\_" in text
    assert "<img>" not in text and "_b_" not in text


def labels(client: Client, position: dict[str, int]) -> list[str]:
    items = client.request("textDocument/completion", {
        "textDocument": {"uri": URI}, "position": position})
    return [i["label"] for i in (items["items"] if isinstance(items, dict) else items)]


def test_ctrl_space_on_a_fresh_line_lists_the_legal_moves(client: Client) -> None:
    lines = BOARD1.splitlines()
    cut = next(i for i, row in enumerate(lines) if row.startswith("SK ST C7"))
    # the deal typed up to trick 1, the cursor on the empty line under it
    typing = "\n".join(lines[:cut]) + "\n\n"
    open_document(client, typing)
    # Ana won trick 1 with SA and leads: any of her cards (her hand after the discard,
    # AKQJ7.AK.7.A7 + talon D8 H8 - discard D7 D8, less the ace of spades)
    assert sorted(labels(client, {"line": cut, "character": 0})) == sorted(
        ["SK", "SQ", "SJ", "S7", "CA", "CK", "HA", "H8", "H7"])
    # the same empty line opened inside the play (the tricks after it still below)
    inside = "\n".join([*lines[:cut], "", *lines[cut:]]) + "\n"
    client.notify("textDocument/didChange", {
        "textDocument": {"uri": URI, "version": 2}, "contentChanges": [{"text": inside}]})
    client.diagnostics()
    assert len(labels(client, {"line": cut, "character": 0})) == 9
    # a fresh auction line after 6S 6C: Ceca may pass or go on from 6D
    auction = next(i for i, row in enumerate(lines) if row.startswith("6S 6C"))
    typing = "\n".join([*lines[:auction], "6S 6C", ""]) + "\n"
    client.notify("textDocument/didChange", {
        "textDocument": {"uri": URI, "version": 3}, "contentChanges": [{"text": typing}]})
    client.diagnostics()
    found = labels(client, {"line": auction + 1, "character": 0})
    assert found[:3] == ["6D", "6H", "6NT"] and "pass" in found and "6C" not in found


def test_after_a_revoke_completion_and_hover_go_on_from_the_play(client: Client) -> None:
    # trick 2: Boris throws CQ on the spade lead though he holds ST (a revoke)
    revoked = BOARD1.replace("SK ST C7", "SK CQ C7")
    found = open_document(client, revoked)
    assert any(d["code"] == "PFN-E503" for d in found)
    # trick 3, after SQ: Boris still holds ST, so he must play it
    assert labels(client, at(revoked, "SQ DQ D9", 3)) == ["ST"]
    # trick 4, Ceca after CA CT: she holds C9 C8 (C7 went on trick 2)
    assert sorted(labels(client, at(revoked, "CA CT C8", 6))) == ["C8", "C9"]
    shown = client.request("textDocument/hover", {
        "textDocument": {"uri": URI}, "position": at(revoked, "SQ DQ D9", 4)})
    text = shown["contents"]["value"]
    # before DQ: Boris has T9.QJT.AKQ.KQ less S9 (trick 1) and CQ (trick 2)
    assert "(trick 3, B to play)" in text and "B  T.JT.AKQ.KQ" in text
    assert "A 2, B 0, C 0" in text and "after the error" in text
    # trick 9 plays CQ a second time: the play stops there, and the hover says why
    shown = client.request("textDocument/hover", {
        "textDocument": {"uri": URI}, "position": at(revoked, "H8 DK HJ", 1)})
    assert "no position is known here" in shown["contents"]["value"]
    assert "CQ" in shown["contents"]["value"]


def reply(client: Client, wanted: Any, timeout: float = 60) -> dict[str, Any]:
    """The server's reply to request ``wanted`` (a result or an error), notifications
    passed over."""
    while True:
        message = client.wait(timeout)
        if "method" not in message and message.get("id") == wanted:
            return message


def ask(client: Client, ident: int, method: str, params: dict[str, Any]) -> None:
    client.send({"id": ident, "method": method, "params": params})


def test_an_unknown_variant_is_answered_from_what_is_known(client: Client) -> None:
    unknown = BOARD1.replace('[Variant "sochi"]', '[Variant "mai"]')
    found = open_document(client, unknown)
    assert any("mai" in d["message"] for d in found)
    for needle, offset in [('[Contract "7S"]', 11), ("6S 6C pass", 6), ("SK ST C7", 3),
                           ("SK ST C7", 6)]:
        ask(client, 900, "textDocument/completion", {
            "textDocument": {"uri": URI}, "position": at(unknown, needle, offset)})
        answer = reply(client, 900)
        assert "error" not in answer, answer
        ask(client, 901, "textDocument/hover", {
            "textDocument": {"uri": URI}, "position": at(unknown, needle, offset)})
        assert "error" not in reply(client, 901)
    # on the Variant tag: the variants pfn knows, to put right what was written
    offered = labels(client, at(unknown, '[Variant "mai"]', 10))
    assert {"sochi", "leningrad", "rostov", "serbian"} <= set(offered)


def test_diagnostics_carry_the_version_they_were_made_for(client: Client) -> None:
    open_document(client, BOARD1)
    client.notify("textDocument/didChange", {
        "textDocument": {"uri": URI, "version": 7},
        "contentChanges": [{"text": BOARD1.replace("SK ST C7", "SK C9 C7")}]})
    while True:
        message = client.wait()
        if message.get("method") == "textDocument/publishDiagnostics":
            assert message["params"]["version"] == 7
            break


HOSTILE_FRAMES = [
    b"Content-Length: abc\r\n\r\n{}",
    b"Content-Length: -5\r\n\r\n{}",
    b"Content-Type: application/vscode-jsonrpc\r\n\r\n{}",
    "Cont\u00e9nt-Length: 2\r\n\r\n{}".encode(),
    b"Content-Length: 100000000000\r\n\r\n{}",
    b"Content-Length: " + b"9" * 5000 + b"\r\n\r\n{}",
    b"Content-Length: 5\r\n\r\nnot{}",
    b"Content-Length: 7\r\n\r\n[1,2,3]",
    b"Content-Length: 4\r\n\r\nnull",
    b"Content-Length: 100\r\n\r\n{\"jsonrpc\": \"2.0\"",  # says 100, brings 18
]


def test_malformed_frames_are_skipped_and_every_request_is_answered(client: Client) -> None:
    open_document(client, BOARD1)
    stdin = client.process.stdin
    assert stdin is not None
    codes = []
    for n, frame in enumerate(HOSTILE_FRAMES):
        stdin.write(frame)
        stdin.flush()
        ask(client, 1000 + n, "textDocument/completion", {
            "textDocument": {"uri": URI}, "position": at(BOARD1, "SK ST C7", 3)})
        while (answer := client.wait(10)).get("id") != 1000 + n:
            if "error" in answer:  # what is not a message is answered with id null
                assert answer["id"] is None
                codes.append(answer["error"]["code"])
        assert answer["result"]["items"][0]["label"] == "ST", (frame, answer)
    # "not{}" and the body cut short are parse errors; [1,2,3] and null are JSON but
    # not messages: invalid requests
    assert codes == [-32700, -32600, -32600, -32700]


def test_wrong_params_get_an_error_reply_and_a_far_line_an_answer_at_once(
        client: Client, tmp_path: Any) -> None:
    import os
    import time

    open_document(client, BOARD1)
    ask(client, 50, "textDocument/completion", {
        "textDocument": {"uri": URI}, "position": {"line": -1, "character": 0}})
    assert reply(client, 50)["error"]["code"] == -32602
    ask(client, 51, "textDocument/hover", {"textDocument": "nope"})
    assert reply(client, 51)["error"]["code"] == -32602
    started = time.monotonic()
    ask(client, 52, "textDocument/completion", {
        "textDocument": {"uri": URI}, "position": {"line": 1_000_000_000, "character": 0}})
    assert reply(client, 52)["result"]["items"] == []
    ask(client, 53, "textDocument/hover", {
        "textDocument": {"uri": URI}, "position": {"line": 2**31 - 1, "character": 2**31 - 1}})
    assert reply(client, 53)["result"] is None
    # a document never opened is not read: a pipe nobody writes to does not hang it
    fifo = tmp_path / "f.pfn"
    os.mkfifo(fifo)
    ask(client, 54, "textDocument/hover", {
        "textDocument": {"uri": fifo.as_uri()}, "position": {"line": 0, "character": 0}})
    assert reply(client, 54)["result"] is None
    # nor a device that never ends (read whole, it ate memory until MemoryError)
    for number, path in ((55, Path("/dev/zero")), (56, Path("/dev/urandom"))):
        if path.exists():
            ask(client, number, "textDocument/completion", {
                "textDocument": {"uri": path.as_uri()},
                "position": {"line": 0, "character": 0}})
            answered = reply(client, number)
            assert "error" in answered or answered["result"] in (None, [], {"items": []}) or \
                not answered["result"]["items"], answered
    assert time.monotonic() - started < 5


POOL = "\n\n".join(BRIEF.split("\n\n")[i % 3] for i in range(200)) + "\n"


def typing_in_the_last_deal(n: int) -> str:
    """The pool as it stands after keystroke ``n`` in the last deal's comment."""
    cut = POOL.rindex("{ Ceca shows out of spades }")
    return POOL[:cut + 2] + "typing " * (n % 7) + POOL[cut + 2:]


@pytest.mark.slow
def test_soak_ten_thousand_keystrokes_then_an_answer_within_a_second(client: Client) -> None:
    import time

    open_document(client, POOL)
    stdin = client.process.stdin
    assert stdin is not None
    for n in range(1, 10_001):
        body = json.dumps({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": URI, "version": n + 1},
            "contentChanges": [{"text": typing_in_the_last_deal(n)}]}}).encode()
        stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        if n % 1000 == 0:  # and a malformed frame now and then, between the changes
            stdin.write(b"Content-Length: abc\r\n\r\n{}")
    stdin.flush()
    final = typing_in_the_last_deal(10_000)
    last_trick = final.rindex("SK ST C7")
    line = final.count("\n", 0, last_trick)
    # the changes are read as fast as they come: wait until the last one is taken in
    started = time.monotonic()
    items = client.request("textDocument/completion", {
        "textDocument": {"uri": URI}, "position": {"line": line, "character": 3}})
    assert [i["label"] for i in items["items"]] == ["ST"]
    took = time.monotonic() - started
    # then a completion elsewhere in the pool, at once
    started = time.monotonic()
    items = client.request("textDocument/completion", {
        "textDocument": {"uri": URI}, "position": {"line": line - 40, "character": 0}})
    assert time.monotonic() - started < 1, took
    # the checks ran when typing paused, not once per change: the last for the last
    # version
    versions = [m["params"]["version"] for m in client.passed
                if m["method"] == "textDocument/publishDiagnostics"]
    while not versions or versions[-1] != 10_001:
        message = client.wait(30)
        if message.get("method") == "textDocument/publishDiagnostics":
            versions.append(message["params"]["version"])
    assert len(versions) < 100, versions


def test_one_mistake_in_the_auction_is_one_error(client: Client) -> None:
    # a call more in the auction: Boris, not Ana, wins it, and the whole deal after it
    # (the defence, the play, the result, the score) no longer agrees with the record
    moved = BOARD1.replace("6S 6C pass 6D pass", "6S 6C pass 6D 6H pass pass")
    found = open_document(client, moved)
    errors = [d for d in found if d["severity"] == 1]
    hints = [d for d in found if d["severity"] == 4]
    assert [d["code"] for d in errors] == ["PFN-E310"]
    assert "B won the auction" in errors[0]["message"]
    assert f"{len(hints)} more errors below may follow" in errors[0]["message"]
    assert len(hints) >= 10 and {"PFN-E405", "PFN-E601", "PFN-E702"} <= {
        d["code"] for d in hints}
    # two mistakes of their own (a trick count, a Score entry) stay two errors
    wrong = BOARD1.replace('[Result "A:8 B:1 C:1"]', '[Result "A:7 B:2 C:1"]').replace(
        '[Score "A:pool+4 B:whist/A+4 C:whist/A+4"]', '[Score "A:pool+4 B:whist/A+4"]')
    client.notify("textDocument/didChange", {
        "textDocument": {"uri": URI, "version": 2}, "contentChanges": [{"text": wrong}]})
    assert {d["severity"] for d in client.diagnostics()} == {1}


@pytest.mark.slow
def test_an_edit_checked_again_from_its_deal_agrees_with_pfn_check(
        client: Client, tmp_path: Any) -> None:
    # one match of 60 deals (its sheet runs through them all), then an edit in deal 40
    # that changes its score, then one in deal 10: what the server shows after each is
    # what pfn check says of the whole file
    deals = BRIEF.split("\n\n")
    pool = "\n\n".join(deals[i % 3].replace('[Board "', '[Match "m"]\n[Board "')
                       for i in range(60)) + "\n"
    open_document(client, pool)
    text = pool
    for version, board in [(2, 40), (3, 10)]:
        at_deal = 0
        for _ in range(board):
            at_deal = text.index("SK ST C7", at_deal + 1)
        text = text[:at_deal] + "SK CQ C7" + text[at_deal + 8:]
        client.notify("textDocument/didChange", {
            "textDocument": {"uri": URI, "version": version},
            "contentChanges": [{"text": text}]})
        shown = {(d["range"]["start"]["line"] + 1, d["range"]["start"]["character"] + 1,
                  d["code"]) for d in client.diagnostics()}
        path = tmp_path / "pool.pfn"
        path.write_text(text, encoding="utf-8")
        # every error, those that follow from the first too: the editor shows them as hints
        done = subprocess.run([sys.executable, "-m", "pfn.cli", "check", str(path),
                               "--format", "json", "--all"], capture_output=True, text=True)
        said = {(d["line"], d["col"], d["code"]) for d in map(json.loads,
                                                              done.stdout.splitlines())}
        assert shown == said and any(code == "PFN-E503" for _, _, code in said)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["sochi-match", "rostov-match", "classic-match",
                                  "mailru-match", "britannica-match"])
def test_the_play_past_an_error_is_the_boards_play_where_both_reach(name: str) -> None:
    """What completion offers after a mistake (worked out from the check's replay) is
    what a pfn.Board offers on the same clean record, at every card of every trick,
    all-pass talon tricks included, but for the talon's own card."""
    from pfn.cards import Card
    from pfn.lsp import features
    from pfn.lsp.document import Document

    doc = Document((ROOT / "examples" / f"{name}.pfn").read_text(encoding="utf-8"))
    compared = 0
    for line in range(len(doc.lines)):
        section = doc.section_of(line)
        if section is None or section[0] != "Play":
            continue
        for token in doc.tokens(line):
            board = features.board_at(doc, line, token.start)
            replayed = features._recovered(doc, line, token.start)
            if board is None or not isinstance(replayed, features.Spot):
                continue
            # the cards (a whister's call before the first card is the defence's)
            offered = sorted(str(m) for m in board.legal_moves if isinstance(m, Card))
            assert sorted(replayed.legal) == offered, (name, line, token)
            assert replayed.turn == board.turn and replayed.trick == board.trick
            assert replayed.hands == board.hands()
            compared += 1
    assert compared > 60


def test_a_document_read_again_from_an_edit_is_the_file_read_whole() -> None:
    """A keystroke reads the document again only from the record it touched: the
    records, their places and what the reader found in them are the whole file's."""
    from pfn.lsp.document import Document

    text = (ROOT / "examples" / "classic-match.pfn").read_text(encoding="utf-8")
    before = Document(text, "pool.pfn")
    assert before.records

    def seen(doc: Document) -> list[object]:
        return [(r.source.line, r.source.offset, r.source.text if r.source else None,
                 [(d.code, d.line, d.col, d.text) for d in r.diagnostics])
                for r in doc.records if r.source is not None]

    edits = 0
    for at in range(len(text) - 1, 0, -max(1, len(text) // 23)):
        for typed in ("x", "\n", "\n\n"):
            edited = text[:at] + typed + text[at:]
            after = Document(edited, "pool.pfn", previous=before)
            assert seen(after) == seen(Document(edited, "pool.pfn")), (at, typed)
            before, edits = after, edits + 1
    assert edits > 60
