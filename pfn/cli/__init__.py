"""The ``pfn`` command line: a thin layer over the library.

Each command parses its arguments, calls the library, and turns results into
output and exit codes: 0 clean, 1 problems found, 2 unusable input or a usage error.
The commands live by topic: ``checking`` (check, explain, rules), ``formats`` (fmt,
convert), ``scoring`` (score, generate), ``drawing`` (render, show), ``analysis`` (solve,
annotate), ``corpus`` (filter, dedupe, stats, split).
"""

from __future__ import annotations

from pfn.cli import analysis, checking, corpus, drawing, formats, scoring
from pfn.cli.common import EXIT_CLEAN, EXIT_PROBLEMS, EXIT_UNUSABLE, app, main

ORDER = ("check", "fmt", "convert", "score", "render", "show", "solve", "annotate", "filter_",
         "dedupe", "stats", "split", "generate", "explain", "rules")
"""The order ``pfn --help`` lists the commands in: the everyday ones first."""

app.registered_commands.sort(
    key=lambda c: ORDER.index(c.callback.__name__) if c.callback and
    c.callback.__name__ in ORDER else len(ORDER))

__all__ = ["EXIT_CLEAN", "EXIT_PROBLEMS", "EXIT_UNUSABLE", "analysis", "app", "checking", "corpus",
           "drawing", "formats", "main", "scoring"]
