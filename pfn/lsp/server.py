"""The language server: pygls over standard input and output, each request answered by
:mod:`pfn.lsp.features` on the document as the editor holds it.

What keeps it answering: frames are read by :mod:`pfn.lsp.transport` (malformed ones
skipped, memory bounded); every request gets a reply — its answer, or a JSON-RPC error
for a message that is not one (never an exception of pfn's); only documents the editor
opened are read (a URI naming a pipe or a device is never opened); a document is read
once per version; and the check after an edit waits until typing pauses
(:data:`SETTLE` seconds), so a burst of changes costs one check, not one each.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sys
import threading
from collections.abc import Callable
from typing import Any, TypeVar

from lsprotocol import types as lsp
from pygls.exceptions import JsonRpcException
from pygls.lsp.server import LanguageServer

from pfn import __version__
from pfn.i18n import tr
from pfn.lsp import features
from pfn.lsp.document import Document
from pfn.lsp.transport import FrameReader

SETTLE = 0.25
"""Seconds without a change before a changed document is checked."""
MAX_TEXT = 16 * 1024 * 1024
"""A larger document is not read: its diagnostics say to check it with ``pfn check``."""

log = logging.getLogger("pfn.lsp")
T = TypeVar("T")


class PfnServer(LanguageServer):
    """pygls's server with the documents read once per version and the checks after
    edits held back until typing pauses."""

    def __init__(self) -> None:
        super().__init__("pfn", __version__,
                         text_document_sync_kind=lsp.TextDocumentSyncKind.Full)
        self.read: dict[str, tuple[str, Document]] = {}
        self.pending: dict[str, asyncio.TimerHandle] = {}

    def document(self, uri: str) -> Document | None:
        """The document as the editor holds it; ``None`` when it was not opened (a path
        is not read from disk: it may name a pipe or a device that never ends)."""
        held = self.workspace.text_documents.get(uri)
        if held is None:
            return None
        text = held.source
        if len(text) > MAX_TEXT:
            return None
        known = self.read.get(uri)
        if known is not None and (known[0] is text or known[0] == text):
            return known[1]
        doc = Document(text, held.path if held.path else uri,
                       previous=known[1] if known is not None else None)
        self.read[uri] = (text, doc)
        return doc

    def publish(self, uri: str) -> None:
        """Check the document now and send what was found, with its version."""
        self.pending.pop(uri, None)
        held = self.workspace.text_documents.get(uri)
        if held is None:
            return
        doc = self.document(uri)
        found = [features.too_large(MAX_TEXT)] if doc is None else \
            _safely(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS, _none, lambda: features.diagnostics(doc))
        self.text_document_publish_diagnostics(
            lsp.PublishDiagnosticsParams(uri=uri, diagnostics=found, version=held.version))

    def publish_later(self, uri: str) -> None:
        """Check once the editing pauses: a newer change moves the check on."""
        waiting = self.pending.pop(uri, None)
        if waiting is not None:
            waiting.cancel()
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self.publish(uri)
            return
        self.pending[uri] = loop.call_later(SETTLE, self.publish, uri)

    def forget(self, uri: str) -> None:
        waiting = self.pending.pop(uri, None)
        if waiting is not None:
            waiting.cancel()
        self.read.pop(uri, None)


def _none() -> list[Any]:
    return []


def _safely(what: str, empty: Callable[[], T], answer: Callable[[], T]) -> T:
    """``answer()``; should pfn fail on the document, the empty answer (logged): the
    editor gets a reply it can use, never an exception."""
    try:
        return answer()
    except Exception as error:  # a bug must not cost the editor its answer
        log.error("%s: %s: %s", tr("pfn lsp: {method} failed", method=what),
                  type(error).__name__, error)
        return empty()


def make_server() -> PfnServer:
    """The server with every feature registered."""
    server = PfnServer()

    @server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
    def did_open(params: lsp.DidOpenTextDocumentParams) -> None:
        server.publish(params.text_document.uri)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(params: lsp.DidChangeTextDocumentParams) -> None:
        server.publish_later(params.text_document.uri)

    @server.feature(lsp.TEXT_DOCUMENT_DID_SAVE)
    def did_save(params: lsp.DidSaveTextDocumentParams) -> None:
        server.publish_later(params.text_document.uri)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(params: lsp.DidCloseTextDocumentParams) -> None:
        server.forget(params.text_document.uri)
        server.text_document_publish_diagnostics(
            lsp.PublishDiagnosticsParams(uri=params.text_document.uri, diagnostics=[]))

    def on(uri: str, what: str, empty: Callable[[], T],
           answer: Callable[[Document], T]) -> T:
        doc = server.document(uri)
        if doc is None:
            return empty()
        return _safely(what, empty, lambda: answer(doc))

    @server.feature(lsp.TEXT_DOCUMENT_COMPLETION,
                    lsp.CompletionOptions(trigger_characters=["[", '"', " "]))
    def completion(params: lsp.CompletionParams) -> lsp.CompletionList:
        where = params.position
        items = on(params.text_document.uri, lsp.TEXT_DOCUMENT_COMPLETION, _none,
                   lambda doc: features.completions(doc, where.line, where.character))
        return lsp.CompletionList(is_incomplete=False, items=items)

    @server.feature(lsp.TEXT_DOCUMENT_HOVER)
    def hover(params: lsp.HoverParams) -> lsp.Hover | None:
        where = params.position
        return on(params.text_document.uri, lsp.TEXT_DOCUMENT_HOVER, lambda: None,
                  lambda doc: features.hover(doc, where.line, where.character))

    @server.feature(lsp.TEXT_DOCUMENT_FORMATTING)
    def formatting(params: lsp.DocumentFormattingParams) -> list[lsp.TextEdit]:
        return on(params.text_document.uri, lsp.TEXT_DOCUMENT_FORMATTING, _none,
                  features.formatting)

    @server.feature(lsp.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    def symbols(params: lsp.DocumentSymbolParams) -> list[lsp.DocumentSymbol]:
        return on(params.text_document.uri, lsp.TEXT_DOCUMENT_DOCUMENT_SYMBOL, _none,
                  features.symbols)

    @server.feature(lsp.TEXT_DOCUMENT_CODE_ACTION,
                    lsp.CodeActionOptions(code_action_kinds=[lsp.CodeActionKind.QuickFix]))
    def actions(params: lsp.CodeActionParams) -> list[lsp.CodeAction]:
        uri = params.text_document.uri
        return on(uri, lsp.TEXT_DOCUMENT_CODE_ACTION, _none, lambda doc: features.code_actions(
            doc, params.context.diagnostics, uri))

    return server


# -- the connection ---------------------------------------------------------------------

# JSON-RPC 2.0's own error codes and names (the protocol's, not the user's words)
PARSE_ERROR = (-32700, "Parse error")
INVALID_REQUEST = (-32600, "Invalid Request")
INVALID_PARAMS = (-32602, "Invalid params")


class _Writer:
    """Frames out, as pygls writes them (its writer interface)."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream

    def close(self) -> None:
        self.stream.close()

    def write(self, data: bytes) -> None:
        self.stream.write(data)
        self.stream.flush()


def _error(writer: _Writer, ident: Any, code: tuple[int, str]) -> None:
    body = json.dumps({"jsonrpc": "2.0", "id": ident,
                       "error": {"code": code[0], "message": code[1]}}).encode()
    writer.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)


_NOT_JSON, _END = object(), object()


def _decode(reader: FrameReader) -> Any:
    """The next message, decoded (:data:`_NOT_JSON` for a body that is not JSON,
    :data:`_END` when the stream ends)."""
    body = reader.next()
    if body is None:
        return _END
    try:
        return json.loads(body)
    except (ValueError, RecursionError):
        reader.skip_to_next(body)  # a frame shorter than it said: the next one is inside
        return _NOT_JSON


def _dispatch(server: PfnServer, writer: _Writer, data: Any) -> None:
    """One message to pygls; a JSON-RPC error for what is not a message."""
    if data is _NOT_JSON:
        _error(writer, None, PARSE_ERROR)
        return
    ident = data.get("id") if isinstance(data, dict) else None
    if not isinstance(ident, (int, str)) or isinstance(ident, bool):
        ident = None
    if not isinstance(data, dict) or data.get("jsonrpc") != "2.0" or \
            not isinstance(data.get("method", ""), str) or \
            ("method" not in data and ident is None):
        _error(writer, ident, INVALID_REQUEST)
        return
    try:
        message = server.protocol.structure_message(data)
    except JsonRpcException:
        if "method" in data and ident is not None:
            _error(writer, ident, INVALID_PARAMS)
        return
    server.protocol.handle_message(message)


async def _run(server: PfnServer, stdin: int, writer: _Writer) -> None:
    loop = asyncio.get_running_loop()
    inbox: asyncio.Queue[Any] = asyncio.Queue()
    reader = FrameReader(stdin, lambda why: log.warning(tr("pfn lsp: skipped {what}", what=why)))

    def read() -> None:  # a daemon thread: a blocked read never holds the exit back
        while True:
            data = _decode(reader)
            loop.call_soon_threadsafe(inbox.put_nowait, data)
            if data is _END:
                return

    threading.Thread(target=read, daemon=True).start()
    while (data := await inbox.get()) is not _END:
        _dispatch(server, writer, data)


def serve() -> None:
    """Answer an editor on standard input and output until it shuts the server down.
    The server is given a copy of standard output: it closes it when the editor says
    exit, and the process's own stays open to the end."""
    logging.basicConfig(stream=sys.stderr, level=logging.WARNING, format="%(message)s")
    # pygls logs a message it cannot read with a traceback; the editor has had its
    # JSON-RPC error, and the log a line of ours
    logging.getLogger("pygls.protocol").setLevel(logging.CRITICAL)
    server = make_server()
    with os.fdopen(os.dup(1), "wb") as stdout:
        writer = _Writer(stdout)
        server.protocol.set_writer(writer)
        try:
            asyncio.run(_run(server, os.dup(0), writer))
        except BrokenPipeError:
            log.warning(tr("pfn lsp: the editor closed the connection"))
