"""The command line's own words in the run's language: the help of every command and
option, the words Typer and the Click it carries put around them (``Usage:``,
``Arguments``, ``Options``, ``[default: …]``, ``Show this message and exit.``), and
their errors (``Error:``, ``No such option``, ``Missing argument``, ``Try '… -h' for
help.``).

Typer builds the commands from docstrings and ``help=`` texts written in English.
``--help`` is read before any other option, so the language of the run is found in the
arguments first (:func:`language_asked`); once Typer has built the command, its help
texts are translated in place (:func:`translate_help`).  The rest goes through public
hooks only (:func:`speaks`):

* Typer looks its words up with ``gettext.gettext``, in the process's text domain:
  pfn binds that domain to its own catalogs (``gettext.bindtextdomain``/``textdomain``)
  and names the run's language in ``LANGUAGE``, where gettext looks;
* each command's ``context_class`` gets a ``formatter_class`` that writes ``Usage:`` and
  the help option's line in the run's language;
* the command runs with ``standalone_mode=False``, so that a usage error comes back to
  pfn (:func:`run`), which writes it as Click would, in the run's language, from the
  error's public attributes (its context, option name, parameter).
"""

from __future__ import annotations

import gettext
import os
import re
import sys
from collections.abc import Sequence
from typing import Any

from pfn.i18n import CATALOGS, DOMAIN, LOCALE_DIR, N_, tr
from pfn.i18n import current as current_language

TYPER_WORDS = (N_("Arguments"), N_("Options"), N_("Commands"), N_("default: {default}"),
               N_("required"), N_("(dynamic)"), N_("env var: {var}"), N_("Aborted!"),
               N_("Missing command."), N_("No such command {name!r}."))
"""The words Typer writes around the help texts, as it writes them; ``tests/test_i18n.py``
checks each is still Typer's."""
CLICK_WORDS = (N_("Show this message and exit."),)
"""The help option's text, as the Click Typer carries writes it."""
OPTIONS, SUBCOMMAND = N_("[OPTIONS]"), N_("COMMAND [ARGS]...")
"""How a usage line names a command's options and a group's command, as Click writes it."""


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


def gettext_speaks() -> None:
    """Words looked up with ``gettext.gettext`` (Typer's) from pfn's catalog, in the
    language of the run."""
    gettext.bindtextdomain(DOMAIN, str(LOCALE_DIR))
    gettext.textdomain(DOMAIN)
    os.environ["LANGUAGE"] = CATALOGS.get(current_language(), "en")  # English: no catalog


def speaks(command: Any) -> None:
    """``command`` (the tree Typer built) speaks the language of the run: its help
    texts, the words around them and its errors (:func:`run`)."""
    gettext_speaks()
    translate_help(command)
    _formatting(command)


def _formatting(command: Any) -> None:
    """Each command of the tree writes its help with a formatter that speaks."""
    context = command.context_class
    formatter = context.formatter_class

    class Formatter(formatter):  # type: ignore[misc, valid-type]
        def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
            super().write_usage(prog, args, tr("Usage:") + " " if prefix is None else prefix)

        def write_dl(self, rows: Sequence[tuple[str, str]], *args: Any, **kwargs: Any) -> None:
            # the help option's text is Click's, not among the translated help texts
            super().write_dl([(term, tr(text) if text in CLICK_WORDS else text)
                              for term, text in rows], *args, **kwargs)

    speaking = type("SpeakingContext", (context,), {"formatter_class": Formatter})
    for each in _commands(command):
        each.context_class = speaking
        if each.options_metavar == OPTIONS:
            each.options_metavar = tr(OPTIONS)
        if getattr(each, "subcommand_metavar", None) == SUBCOMMAND:
            each.subcommand_metavar = tr(SUBCOMMAND)


def _commands(command: Any) -> list[Any]:
    """``command`` and every command under it."""
    out = [command]
    for sub in getattr(command, "commands", {}).values():
        out += _commands(sub)
    return out


def run(command: Any, arguments: Sequence[str] | None = None) -> int:
    """Run ``command`` and return its exit code; a usage error is written as Click
    writes it (the usage, where to find help, the error), in the run's language."""
    from typer import Abort

    try:
        code = command.main(args=arguments, standalone_mode=False)
    except Abort:
        sys.stderr.write(tr("Aborted!") + "\n")
        return 1
    except Exception as error:
        # Click's errors, whichever Click Typer runs on (its own copy or the package):
        # what they show is their message and their exit code
        if not (hasattr(error, "format_message") and hasattr(error, "exit_code")):
            raise
        gettext_speaks()  # the command may have chosen its language since
        sys.stderr.write(said(error))
        return int(error.exit_code)
    return code if isinstance(code, int) else 0


def said(error: Any) -> str:
    """What Click writes for ``error``, in the run's language."""
    context = getattr(error, "ctx", None)
    if type(error).__name__ == "NoArgsIsHelpError":  # the help, as asked
        return str(error.format_message()) + "\n"
    out = ""
    if context is not None and getattr(error, "exit_code", 1) == 2:  # a usage error
        out = context.get_usage() + "\n"
        if context.command.get_help_option(context) is not None:
            out += tr("Try '{command} {option}' for help.",
                      command=context.command_path, option=context.help_option_names[0])
            out += "\n"
        out += "\n"
    return out + tr("Error: {message}", message=_message(error)) + "\n"


def _message(error: Any) -> str:
    """The message of ``error`` in the run's language where it is one of Click's own
    (an unknown option, a missing argument, a bad value); else as it was raised."""
    text = str(error.format_message())
    name = getattr(error, "option_name", None)
    if name is not None and hasattr(error, "possibilities") and \
            error.message == f"No such option: {name}":
        said = tr("No such option: {name}", name=name)
        if error.possibilities:
            said += " " + tr("(Possible options: {options})",
                             options=", ".join(sorted(error.possibilities)))
        return said
    param: Any = getattr(error, "param", None)
    hint: Any = getattr(error, "param_hint", None)
    if hint is None and param is None:
        return text
    if hint is None:
        try:  # Typer 0.29's own Click asks for no context; before it, Click's asks for one
            hint = param.get_error_hint()
        except TypeError:
            hint = param.get_error_hint(getattr(error, "ctx", None))
    if not isinstance(hint, str):
        hint = " / ".join(repr(each) for each in hint)
    kind = getattr(error, "param_type", None) or (param.param_type_name if param else None)
    if hasattr(error, "param_type"):  # a parameter not given
        missing = {"argument": N_("Missing argument {name}."),
                   "option": N_("Missing option {name}.")}.get(str(kind),
                                                           N_("Missing parameter {name}."))
        english = f"Missing {kind} {hint}."
        return tr(missing, name=hint) + text[len(english):] if text.startswith(english) \
            else text
    return tr("Invalid value for {name}: {message}", name=hint, message=_why(error.message))


_WHY = tuple((re.compile(pattern), said) for pattern, said in (
    (r"Input should be greater than or equal to (?P<value>\S+)", N_("at least {value}")),
    (r"Input should be less than or equal to (?P<value>\S+)", N_("at most {value}")),
    (r"Input should be greater than (?P<value>\S+)", N_("more than {value}")),
    (r"Input should be less than (?P<value>\S+)", N_("less than {value}")),
    (r"Input should be a valid integer\b.*", N_("not a whole number")),
    (r"Input should be a valid number\b.*", N_("not a number")),
    (r"Value error, (?P<value>.+) is not one of (?P<choices>.+)\.",
     N_("{value} is none of {choices}.")),
    # the same reasons in the words of the Click that Typer carried before 0.29
    (r"\S+ is not in the range (?P<low>[^<\s]+)<=x<=(?P<high>\S+)\.",
     N_("from {low} to {high}")),
    (r"\S+ is not in the range x>=(?P<value>\S+)\.", N_("at least {value}")),
    (r"\S+ is not in the range x<=(?P<value>\S+)\.", N_("at most {value}")),
    (r"\S+ is not in the range x>(?P<value>\S+)\.", N_("more than {value}")),
    (r"\S+ is not in the range x<(?P<value>\S+)\.", N_("less than {value}")),
    (r".+ is not a valid (?:int|integer|int range)\.", N_("not a whole number")),
    (r".+ is not a valid (?:float|float range)\.", N_("not a number")),
    (r"(?P<value>.+) is not one of (?P<choices>.+)\.", N_("{value} is none of {choices}."))))
"""What Typer's value check says of a bad value (its wording, matched whole) and what
pfn says in Russian and Serbian."""


def _why(message: str) -> str:
    """Typer's reason for refusing a value in the run's language where it is one of the
    reasons above (English keeps Typer's words); any other reason as it is (pfn's own
    are translated where they are raised)."""
    if current_language() == "en":
        return message
    for pattern, said in _WHY:
        found = pattern.fullmatch(message)
        if found is not None:
            return tr(said, **found.groupdict())
    return message


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
