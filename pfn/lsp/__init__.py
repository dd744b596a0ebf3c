"""``pfn lsp``: a language server for PFN in any editor (``pip install 'pfn[lsp]'``).

:mod:`.document` reads a document and what stands at a position, :mod:`.features`
answers the editor's questions (diagnostics, completion, hover, formatting, symbols,
quick fixes) from pfn's own check, board and formatter, and :mod:`.server` speaks the
protocol (pygls) over standard input and output.
"""
