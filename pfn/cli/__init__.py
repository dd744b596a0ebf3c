"""The ``pfn`` command line: a thin layer over the library.

Each command parses its arguments, calls the library, and turns results into
output and exit codes: 0 clean, 1 problems found, 2 unusable input or a usage error.
The commands live by topic: ``checking`` (check, explain, rules), ``formats`` (fmt,
convert), ``scoring`` (score, generate), ``drawing`` (render, show), ``analysis`` (solve,
annotate), ``corpus`` (filter, dedupe, stats, split), ``importing`` (import, export).

The console script registers only the module of the command it runs (a faster start:
Typer builds one command, not fifteen); ``pfn.cli.app`` — for ``pfn --help``, tests
and programs — has them all.
"""

from __future__ import annotations

import gc
import importlib
import sys
from typing import Any

from pfn.cli.common import EXIT_CLEAN, EXIT_PROBLEMS, EXIT_UNUSABLE

COMMANDS = {"check": "checking", "explain": "checking", "rules": "checking",
            "fmt": "formats", "convert": "formats", "score": "scoring",
            "generate": "scoring", "render": "drawing", "show": "drawing",
            "solve": "analysis", "annotate": "analysis", "odds": "analysis", "filter": "corpus",
            "dedupe": "corpus", "stats": "corpus", "split": "corpus",
            "import": "importing", "export": "importing", "record": "recording",
            "lsp": "serving", "conformance": "conformance",
            "web": "web"}
"""Every command and the module that defines it."""

ORDER = ("record", "check", "fmt", "convert", "score", "render", "show", "solve", "odds",
         "annotate",
         "filter",
         "dedupe", "stats", "split", "import", "export", "generate", "explain", "rules", "lsp",
         "conformance", "web")
"""The order ``pfn --help`` lists the commands in: the everyday ones first."""

_MODULES = ("checking", "formats", "scoring", "drawing", "analysis", "corpus", "importing",
            "recording", "serving", "conformance", "web")


def load(modules: tuple[str, ...] = _MODULES) -> Any:
    """Register the commands of ``modules`` (default: all) and return the app."""
    from pfn.cli import common

    for name in modules:
        importlib.import_module(f"pfn.cli.{name}")
    app = common.app
    commands = [*app.registered_commands,  # and the commands of groups (conformance run)
                *(c for g in app.registered_groups if g.typer_instance is not None
                  for c in g.typer_instance.registered_commands)]
    for command in commands:  # each command speaks the language asked
        if command.callback is not None and not getattr(command.callback, "_speaks", False):
            command.callback = common.speaking(command.callback)
            command.callback._speaks = True  # type: ignore[attr-defined]

    def rank(command: Any) -> int:
        name = command.name or (command.callback.__name__ if command.callback else "")
        return ORDER.index(name) if name in ORDER else len(ORDER)

    app.registered_commands.sort(key=rank)
    return app


def __getattr__(name: str) -> Any:
    if name == "app":
        return load()
    if name in _MODULES:
        return importlib.import_module(f"pfn.cli.{name}")
    raise AttributeError(f"module 'pfn.cli' has no attribute {name!r}")


def _command_named(arguments: list[str]) -> str:
    """The command the arguments name, past a ``--lang`` given before it."""
    while arguments and arguments[0].partition("=")[0] == "--lang":
        arguments = arguments[2:] if arguments[0] == "--lang" else arguments[1:]
    return arguments[0] if arguments else ""


def main() -> None:
    """Entry point of the ``pfn`` console script."""
    # Start-up makes a few hundred thousand objects (modules, classes, the command) that
    # live until exit: the collector, off until the command runs, would only walk them
    # (common.started freezes them out of its sight and turns it back on)
    gc.disable()
    from pfn.cli import common

    first = _command_named(sys.argv[1:])
    load((COMMANDS[first],) if first in COMMANDS else _MODULES)
    common.main()


__all__ = ["COMMANDS", "EXIT_CLEAN", "EXIT_PROBLEMS", "EXIT_UNUSABLE", "ORDER", "app", "load",
           "main"]
