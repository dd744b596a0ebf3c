"""The language server: pygls over standard input and output, each request answered by
:mod:`pfn.lsp.features` on the document as the editor holds it."""

from __future__ import annotations

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer

from pfn import __version__
from pfn.lsp import features
from pfn.lsp.document import Document


def _document(server: LanguageServer, uri: str) -> Document:
    held = server.workspace.get_text_document(uri)
    name = held.path if held.path else uri
    return Document(held.source, name)


def make_server() -> LanguageServer:
    """The server with every feature registered."""
    server = LanguageServer("pfn", __version__,
                            text_document_sync_kind=lsp.TextDocumentSyncKind.Full)

    def publish(uri: str) -> None:
        found = features.diagnostics(_document(server, uri))
        server.text_document_publish_diagnostics(
            lsp.PublishDiagnosticsParams(uri=uri, diagnostics=found))

    @server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
    def did_open(params: lsp.DidOpenTextDocumentParams) -> None:
        publish(params.text_document.uri)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(params: lsp.DidChangeTextDocumentParams) -> None:
        publish(params.text_document.uri)

    @server.feature(lsp.TEXT_DOCUMENT_DID_SAVE)
    def did_save(params: lsp.DidSaveTextDocumentParams) -> None:
        publish(params.text_document.uri)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(params: lsp.DidCloseTextDocumentParams) -> None:
        server.text_document_publish_diagnostics(
            lsp.PublishDiagnosticsParams(uri=params.text_document.uri, diagnostics=[]))

    @server.feature(lsp.TEXT_DOCUMENT_COMPLETION,
                    lsp.CompletionOptions(trigger_characters=["[", '"', " "]))
    def completion(params: lsp.CompletionParams) -> lsp.CompletionList:
        doc = _document(server, params.text_document.uri)
        items = features.completions(doc, params.position.line, params.position.character)
        return lsp.CompletionList(is_incomplete=False, items=items)

    @server.feature(lsp.TEXT_DOCUMENT_HOVER)
    def hover(params: lsp.HoverParams) -> lsp.Hover | None:
        doc = _document(server, params.text_document.uri)
        return features.hover(doc, params.position.line, params.position.character)

    @server.feature(lsp.TEXT_DOCUMENT_FORMATTING)
    def formatting(params: lsp.DocumentFormattingParams) -> list[lsp.TextEdit]:
        return features.formatting(_document(server, params.text_document.uri))

    @server.feature(lsp.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    def symbols(params: lsp.DocumentSymbolParams) -> list[lsp.DocumentSymbol]:
        return features.symbols(_document(server, params.text_document.uri))

    @server.feature(lsp.TEXT_DOCUMENT_CODE_ACTION,
                    lsp.CodeActionOptions(code_action_kinds=[lsp.CodeActionKind.QuickFix]))
    def actions(params: lsp.CodeActionParams) -> list[lsp.CodeAction]:
        uri = params.text_document.uri
        return features.code_actions(_document(server, uri), params.context.diagnostics, uri)

    return server


def serve() -> None:
    """Answer an editor on standard input and output until it shuts the server down.
    The server is given copies of the two streams: it closes them when the editor says
    exit, and the process's own stay open to the end."""
    import os

    with os.fdopen(os.dup(0), "rb") as stdin, os.fdopen(os.dup(1), "wb") as stdout:
        make_server().start_io(stdin, stdout)
