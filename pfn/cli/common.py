"""What every ``pfn`` command shares: the Typer app, exit codes, options, input and
output helpers, and the entry point that turns any failure into one line."""

from __future__ import annotations

import gc
import io
import os
import sys
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal, TextIO

import typer

from pfn import __version__
from pfn.diagnostics import Diagnostic, PfnError, Severity
from pfn.i18n import tr

if TYPE_CHECKING:
    from pfn.model import Record

EXIT_CLEAN, EXIT_PROBLEMS, EXIT_UNUSABLE = 0, 1, 2
"""0: clean; 1: problems found in the records; 2: unusable input or a usage error."""
EXIT_PIPE_CLOSED = 128 + 13
"""The status of a process that SIGPIPE ended, as a shell reports it."""


def _version(value: bool) -> None:
    if value:
        from pfn.analysis.engines import engine_in_use

        search = engine_in_use()
        sys.stdout.write((tr("pfn {version} (open-hand search: {search}, compiled)",
                             version=__version__, search=search) if search == "native" else
                          tr("pfn {version} (open-hand search: {search}, pure Python)",
                             version=__version__, search=search)) + "\n")
        raise typer.Exit(EXIT_CLEAN)


TRICK_HELP = ("The trick, by its number (1-10; an ending's from its Start; 0: before the"
              " lead).")
"""What ``-k/--trick`` means in every command: the trick it names."""

app = typer.Typer(
    name="pfn",
    help="Preferans hand histories as text: check, format, convert, score, render, show,"
         " solve and annotate PFN records; filter, dedupe, count and split corpora.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # plain click messages: one line per usage error, a faster start
    context_settings={"help_option_names": ["-h", "--help"]},
)


LANG_HELP = ("The language of messages and output: en, ru, sr (Latin) or sr-Cyrl (default:"
             " PFN_LANG, then the locale).")
LangOpt = Annotated[str | None, typer.Option(
    "--lang", help=LANG_HELP, metavar="<en|ru|sr|sr-Cyrl>", show_default=False)]


@app.callback()
def _root(version: Annotated[bool, typer.Option(
        "--version", callback=_version, is_eager=True,
        help="Print the version and exit.")] = False, lang: LangOpt = None) -> None:
    """Preferans hand histories as text: check, format, convert, score, render, show,
    solve and annotate PFN records; filter, dedupe, count and split corpora."""
    started()
    _CHOSEN.set(None)
    chosen(lang)


def chosen(lang: str | None) -> None:
    """A ``--lang`` given before the command (``pfn --lang ru check …``): spoken now, and
    kept for the command, whose own ``--lang`` still wins."""
    from pfn.i18n import current

    if lang is not None:
        speak(lang)
        _CHOSEN.set(current())


_CHOSEN: ContextVar[str | None] = ContextVar("pfn_lang_before_command", default=None)
"""The language chosen before the command, if one was."""


def started() -> None:
    """The command is about to run.  If :func:`pfn.cli.main` turned the garbage collector
    off while starting, what start-up made is kept out of its walks from now on and it
    is turned back on."""
    if not gc.isenabled():
        gc.freeze()
        gc.enable()


def speak(lang: str | None, refuse: bool = True) -> None:
    """Set the language of this run: ``--lang`` (``auto``: as if not given), then
    ``PFN_LANG``, then the locale.  An unknown language is a usage error; before Click
    has read the arguments (``refuse=False``: for ``--help``) English is spoken, and the
    option refuses it when the command runs."""
    from pfn.i18n import UnknownLanguage, resolve, set_language

    try:
        set_language(resolve(None if lang == "auto" else lang))
    except UnknownLanguage as error:
        if refuse:
            raise fail(str(error)) from None
        set_language("en")


def speaking(callback: Callable[..., None]) -> Callable[..., None]:
    """``callback`` with a ``--lang`` option that sets the language before it runs; a
    command with its own ``lang`` (``render``: the labels, or ``auto``) keeps it, and its
    messages follow it unless it is ``auto``."""
    import functools
    import inspect
    from typing import get_type_hints

    hints = get_type_hints(callback, include_extras=True)
    signature = inspect.signature(callback)
    parameters = list(signature.parameters.values())
    own = "lang" in signature.parameters
    if not own:
        hints["lang"] = LangOpt
        parameters.append(inspect.Parameter("lang", inspect.Parameter.KEYWORD_ONLY,
                                            default=None))

    @functools.wraps(callback)
    def wrapper(**kwargs: object) -> None:
        lang = kwargs["lang"] if own else kwargs.pop("lang")
        before = _CHOSEN.get()
        if before is not None and (lang is None or str(lang) == "auto"):
            lang = type(lang)(before) if isinstance(lang, StrEnum) else before
            if own:  # render's own option: its labels follow the language chosen before
                kwargs["lang"] = lang
        speak(None if lang is None else str(lang))
        callback(**kwargs)

    parameters = [p.replace(annotation=hints.get(p.name, p.annotation)) for p in parameters]
    wrapper.__signature__ = signature.replace(parameters=parameters)  # type: ignore[attr-defined]
    wrapper.__annotations__ = {**hints}
    return wrapper


class OutputFormat(StrEnum):
    """How diagnostics are printed."""

    text = "text"
    json = "json"


PathsArg = Annotated[list[str] | None, typer.Argument(
    help="PFN files, directories (searched for *.pfn) or globs; '-' or nothing for stdin.",
    show_default=False)]
ExecutorOpt = Annotated[str | None, typer.Option(
    "--executor", help="local (this machine's processes) or dask (a Dask cluster: local, or"
                       " --scheduler).", show_default=False)]
SearchOpt = Annotated[str | None, typer.Option(
    "--search", help="The open-hand search: native (compiled, the default when built) or"
                     " python (the reference, same values).", show_default=False)]
EngineOpt = Annotated[list[str] | None, typer.Option(
    "--engine", hidden=True, show_default=False,
    help="Where the work runs, local (this machine's processes) or dask (a Dask"
         " cluster: local, or --scheduler); and the open-hand search, native"
         " (compiled, the default when built) or python (the reference)."
         " Repeatable: --engine dask --engine python.")]
"""The old spelling of --executor and --search, still taken (with a note saying the new
one)."""
SchedulerOpt = Annotated[str | None, typer.Option(
    "--scheduler", help="The address of a running Dask scheduler (tcp://host:8786).",
    show_default=False)]
RulesOpt = Annotated[list[str] | None, typer.Option(
    "--rule", "-r", help="House rule override, key=value (repeatable); `pfn rules` lists"
                         " them.", show_default=False)]


def color(stream: TextIO) -> bool:
    """Colour on a terminal, unless NO_COLOR is set."""
    return stream.isatty() and "NO_COLOR" not in os.environ


def is_stdin(paths: list[str] | None) -> bool:
    """No paths, or ``-``: read standard input."""
    return not paths or paths == ["-"]


def stdin() -> TextIO:
    """Standard input as PFN is read: UTF-8, bad bytes kept for the diagnostic (as from a
    file), any line ends; a note on a terminal that input is awaited."""
    if sys.stdin.isatty():
        sys.stderr.write(tr("pfn: reading PFN from standard input (end with Ctrl-D)") + "\n")
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is None:
        return sys.stdin
    return io.TextIOWrapper(buffer, encoding="utf-8", errors="surrogateescape", newline=None)


def print_diagnostics(diagnostics: list[Diagnostic], fmt: OutputFormat = OutputFormat.text,
                      quiet: bool = False, stream: TextIO | None = None) -> None:
    """Diagnostics as text or as JSON lines: on standard output where they are what the
    command answers (check), on ``stream`` (standard error) where the output is data."""
    out = stream or sys.stdout
    shown = [d for d in diagnostics if not quiet or d.severity is Severity.ERROR]
    if fmt is OutputFormat.json:
        import json

        for d in shown:
            out.write(json.dumps(d.to_json(), ensure_ascii=False) + "\n")
        return
    painted = color(out)
    for d in shown:
        out.write(d.format(painted) + "\n")


def parse_rules(rule: list[str] | None) -> tuple[tuple[str, str], ...]:
    """``--rule key=value`` options, each checked against the house-rule options (a bad
    one is a usage error)."""
    from pfn.rules.options import HouseRules

    out = []
    for item in rule or ():
        key, sep, value = item.partition("=")
        if not sep:
            raise typer.BadParameter(tr("{item} is not key=value",
                                        item=repr(item)), param_hint="--rule")
        try:
            HouseRules().with_values(((key, value),))
        except PfnError as error:
            raise typer.BadParameter(tr("{error} (pfn rules lists the options)",
                                        error=error),
                                     param_hint="--rule") from None
        out.append((key.strip(), value.strip()))
    return tuple(out)


def fail(message: str) -> typer.Exit:
    """One line on standard error, and the exit for unusable input."""
    sys.stderr.write(f"pfn: {message}\n")
    return typer.Exit(EXIT_UNUSABLE)


def engine_of(value: str) -> Literal["local", "dask"]:
    """The ``--executor`` value, checked."""
    if value not in ("local", "dask"):
        raise typer.BadParameter(tr("{value}: local or dask",
                                    value=repr(value)), param_hint="--executor")
    return "dask" if value == "dask" else "local"


def _old_engine(values: list[str] | None, executor: str | None,
                search: str | None) -> tuple[str | None, str | None]:
    """``--executor`` and ``--search`` with the old ``--engine`` spelling folded in (a
    note on standard error says the new one); the new options win."""
    for value in values or ():
        if value in ("local", "dask"):
            option = "executor"
            executor = executor or value
        elif value in ("native", "python"):
            option = "search"
            search = search or value
        else:
            raise typer.BadParameter(tr("{value}: local or dask, native or python",
                                        value=repr(value)), param_hint="--engine")
        sys.stderr.write("pfn: " + tr("--engine {value} is now written --{option} {value}",
                                      value=value, option=option) + "\n")
    return executor, search


def use_search(value: str | None, engine: list[str] | None = None) -> str:
    """The open-hand search asked for (``--search native|python``, or the old ``--engine``
    spelling), made this process's choice and its workers' (they inherit ``PFN_SEARCH``);
    the one in use."""
    from pfn.analysis.engines import ENVIRONMENT, EngineMissing, engine_in_use
    from pfn.diagnostics import PfnError

    executor, value = _old_engine(engine, None, value)
    if executor is not None:
        raise typer.BadParameter(tr("{value}: native or python", value=repr(executor)),
                                 param_hint="--engine")
    try:
        chosen = engine_in_use(value)
    except EngineMissing as error:
        raise fail(str(error)) from None
    except PfnError:
        raise typer.BadParameter(tr("{value}: native or python",
                                    value=repr(value)), param_hint="--search") \
            from None
    if value:
        os.environ[ENVIRONMENT] = value
    return chosen


def run_of(engine: list[str] | None, executor: str | None = None,
           search: str | None = None, searches: bool = True) -> Literal["local", "dask"]:
    """Where the work runs (``--executor``, returned) and, for a command that searches,
    which search it uses (``--search``, :func:`use_search`); the old ``--engine``
    spelling of either is taken too."""
    executor, search = _old_engine(engine, executor, search)
    if searches:
        use_search(search)
    elif search is not None:
        raise typer.BadParameter(tr("{value}: local or dask", value=repr(search)),
                                 param_hint="--engine")
    return engine_of(executor) if executor is not None else "local"


def input_files(paths: list[str] | None) -> list[Path]:
    """The files named by ``paths`` (directories searched, globs expanded), each one
    readable and PFN, else the command stops before any output."""
    from pfn.check import expand_paths, unusable

    files = list(expand_paths(paths or []))
    if not files:
        raise fail(tr("nothing to read: no PFN files in {items}",
                      items=' '.join(paths or [])))
    for path in files:
        problem = unusable(path)
        if problem is not None:
            raise fail(problem.message)
    return files


def input_records(paths: list[str] | None) -> Iterator[Record]:
    """The records of standard input or of the files, streamed."""
    from pfn.notation.reader import Reader, read

    if is_stdin(paths):
        from pfn.check import sniff

        lines, problem = sniff(stdin(), "<stdin>")
        if problem is not None:
            raise fail(problem.message)
        yield from Reader("<stdin>").records(lines)
        return
    for path in input_files(paths):
        yield from read(path)


def spooled(write: Callable[[TextIO], None]) -> None:
    """Run ``write`` into a temporary file, then copy it to standard output: the output
    is all there or not at all, in constant memory."""
    import shutil
    import tempfile

    with tempfile.TemporaryFile("w+", encoding="utf-8", newline="\n") as spool:
        write(spool)
        spool.seek(0)
        shutil.copyfileobj(spool, sys.stdout, 1 << 16)


def main() -> None:
    """Entry point of the ``pfn`` console script.

    The library's own errors are reported in one line; anything unexpected too
    (``PFN_DEBUG=1`` shows the traceback)."""
    import typer.main

    from pfn.cli.speech import language_asked, run, speaks
    from pfn.files import GuardedOutput, PipeClosed

    stdout = sys.stdout
    sys.stdout = GuardedOutput(stdout)
    try:
        try:
            speak(language_asked(sys.argv[1:]), refuse=False)  # before --help is read
            command = typer.main.get_command(app)
            speaks(command)
            code = run(command)
        finally:
            sys.stdout.flush()  # what is still buffered fails here, not at exit
    except PipeClosed:  # the reader has what it wanted (| head): end as its tools do
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - nothing more reaches it
        raise SystemExit(EXIT_PIPE_CLOSED) from None
    except PfnError as error:
        if sys.stdout is not stdout:
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - nothing more reaches it
        sys.stderr.write(f"pfn: {error}\n")
        raise SystemExit(EXIT_UNUSABLE) from None
    except KeyboardInterrupt:
        sys.stderr.write(tr("pfn: interrupted") + "\n")
        raise SystemExit(130) from None
    except Exception as error:  # the last guard: a diagnostic, never a traceback
        if os.environ.get("PFN_DEBUG"):
            raise
        sys.stderr.write(tr("pfn: internal error: {kind}: {error} (set PFN_DEBUG=1 for"
                            " details)",
                            kind=type(error).__name__, error=error) + "\n")
        raise SystemExit(EXIT_UNUSABLE) from None
    raise SystemExit(code)
