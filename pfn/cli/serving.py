"""``pfn lsp``: the language server for editors (:mod:`pfn.lsp`)."""

from __future__ import annotations

from pfn.cli.common import app, fail
from pfn.i18n import tr


@app.command()
def lsp() -> None:
    """Run the language server on standard input and output, for an editor: the check's
    diagnostics as you type, completion (the legal calls and cards too), hover,
    formatting, the boards as symbols, quick fixes.

    Example (Neovim: see docs/editors.md for every editor):

    \b
      vim.lsp.start({ name = "pfn", cmd = { "pfn", "lsp" } })
    """
    try:
        from pfn.lsp.server import serve
    except ImportError as error:  # pygls is an extra
        raise fail(tr("the language server needs pygls: pip install 'pfn[lsp]' ({error})",
                      error=error)
                   ) from None
    serve()
