"""The command line's own words in the run's language: the help of every command and
option, and the words Typer puts around them (``Arguments``, ``Options``,
``[default: …]``).

Typer builds the commands from docstrings and ``help=`` texts written in English.
``--help`` is read before any other option, so the language of the run is found in the
arguments first (:func:`language_asked`); once Typer has built the command, its help
texts are translated in place (:func:`translate_help`).  Typer looks its own words up
through ``gettext`` bound in its module at import; :func:`typer_speaks` points that name
at pfn's catalog.  The Click that Typer carries writes ``Usage:``, the ``--help``
option's line and its parsing errors in English, with no catalog to ask.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from pfn.i18n import N_, tr
from pfn.i18n import current as current_language

TYPER_WORDS = (N_("Arguments"), N_("Options"), N_("Commands"), N_("default: {default}"),
               N_("required"), N_("(dynamic)"), N_("env var: {var}"), N_("Aborted!"))
"""The words Typer writes around the help texts, as it writes them; ``tests/test_i18n.py``
checks each is still Typer's."""
_SPEAKERS = ("typer.core",)
"""The modules whose words come from ``gettext``."""


def language_asked(arguments: Sequence[str]) -> str | None:
    """The value of ``--lang`` among the command's ``arguments`` (``None``: not given),
    found before Click reads them; whether it names a language is the option's to say."""
    for index, argument in enumerate(arguments):
        if argument == "--":
            break
        if argument == "--lang" and index + 1 < len(arguments):
            return arguments[index + 1]
        if argument.startswith("--lang="):
            return argument.partition("=")[2]
    return None


def typer_speaks() -> None:
    """Typer's own words from pfn's catalog, in the language of the run."""
    for name in _SPEAKERS:
        module = sys.modules.get(name)
        if module is not None and callable(getattr(module, "_", None)):
            module._ = tr  # type: ignore[attr-defined]


def help_texts(command: Any) -> list[tuple[Any, str]]:
    """Every object of the command tree that has a help text, with the text: the
    commands (their docstrings) and their arguments and options."""
    out: list[tuple[Any, str]] = []
    if getattr(command, "help", None):
        out.append((command, command.help))
    for param in getattr(command, "params", ()):
        if getattr(param, "help", None):
            out.append((param, param.help))
    for sub in getattr(command, "commands", {}).values():
        out += help_texts(sub)
    return out


def translate_help(command: Any) -> None:
    """The help texts of ``command`` and its commands in the language of the run."""
    if current_language() == "en":
        return
    for owner, text in help_texts(command):
        owner.help = tr(text)
