"""``pfn conformance``: the suite of test vectors any Preferans engine can run
(:mod:`pfn.conformance`): ``run`` puts it to an engine, ``serve`` is pfn as one,
``export`` writes it for engines that cannot speak the protocol."""

from __future__ import annotations

import json
import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from pfn.cli.common import EXIT_CLEAN, EXIT_PROBLEMS, LangOpt, app, chosen, fail
from pfn.i18n import ntr, tr

conformance_app = typer.Typer(no_args_is_help=True, add_completion=False)
app.add_typer(conformance_app, name="conformance",
              help="The conformance suite: test vectors of the rules, the scores and best"
                   " play that any Preferans engine can run (docs/conformance.md).\n\n"
                   "Example: pfn conformance run -- python my_engine.py")


@conformance_app.callback()
def _group(lang: LangOpt = None) -> None:
    """The language may be given before the action too (``pfn conformance --lang ru
    run …``)."""
    chosen(lang)


class ReportFormat(StrEnum):
    """How the report is printed."""

    text = "text"
    json = "json"


SuiteOpt = Annotated[Path | None, typer.Option(
    "--suite", help="A suite file (suite.jsonl); the one shipped with pfn by default.",
    show_default=False)]
KindOpt = Annotated[list[str] | None, typer.Option(
    "--kind", "-k", help="Only the vectors of this kind: `legal`, `score`, `pool` or"
                         " `value` (repeatable).", show_default=False)]
TagOpt = Annotated[list[str] | None, typer.Option(
    "--tag", "-t", help="Only the vectors with this tag: a variant (sochi), a table"
                        " (4-players), a stage (defence) or a trap (talon-led)"
                        " (repeatable: every tag given).", show_default=False)]


def _vectors(suite: Path | None, kinds: list[str] | None, tags: list[str] | None
             ) -> list[object]:
    from pfn.conformance.suite import KINDS, read_suite
    from pfn.diagnostics import PfnError

    wrong = [k for k in kinds or () if k not in KINDS]
    if wrong:
        raise fail(tr("{kind} is not a kind of vector: {kinds}", kind=repr(wrong[0]),
                      kinds=", ".join(KINDS)))
    try:
        _, vectors = read_suite(suite)
    except (OSError, PfnError) as error:
        raise fail(str(error)) from None
    return [v for v in vectors if (not kinds or v.kind in kinds)
            and all(t in v.tags for t in tags or ())]


@conformance_app.command("run")
def run(
    engine: Annotated[list[str], typer.Argument(
        help="The engine's command and its arguments, after `--`.", show_default=False)],
    suite: SuiteOpt = None,
    kind: KindOpt = None,
    tag: TagOpt = None,
    timeout: Annotated[float, typer.Option(
        "--timeout", help="Seconds to wait for each answer.")] = 60.0,
    output_format: Annotated[ReportFormat, typer.Option(
        "--format", "-f", help="The report as text or as JSON.")] = ReportFormat.text,
) -> None:
    """Put the suite to an engine that speaks the protocol (one JSON request a line on
    its standard input, one JSON answer a line on its standard output) and say what
    agrees and what does not, with each vector's rule. Exit 0 when everything the
    engine answers agrees, 1 when something differs or fails, 2 when it cannot start.

    Example:

    \b
      pfn conformance run --kind legal -- python my_engine.py
    """
    from pfn.conformance.protocol import run as run_suite

    vectors = _vectors(suite, kind, tag)
    terminal = sys.stderr.isatty()
    done = [0]

    def step(_: object) -> None:
        done[0] += 1
        if terminal and done[0] % 25 == 0:
            sys.stderr.write(f"\r{done[0]}/{len(vectors)}")
            sys.stderr.flush()

    try:
        report = run_suite(engine, vectors, timeout, step)  # type: ignore[arg-type]
    except OSError as error:
        raise fail(tr("the engine {command} cannot be started: {error}",
                      command=repr(" ".join(engine)), error=error.strerror or error)
                   ) from None
    if terminal:
        sys.stderr.write("\r")
    if output_format is ReportFormat.json:
        sys.stdout.write(json.dumps(report.to_json(), ensure_ascii=False, indent=1) + "\n")
    else:
        sys.stdout.write(text_report(report))
    raise typer.Exit(EXIT_CLEAN if report.ok else EXIT_PROBLEMS)


def text_report(report: object) -> str:
    """The report as a person reads it: the counts by kind, then each vector the
    engine did not agree with."""
    from pfn.conformance.protocol import Report

    assert isinstance(report, Report)
    words = {"agrees": tr("agree"), "differs": tr("differ"),
             "unsupported": tr("not taken"), "failed": tr("failed")}
    lines = [tr("engine: {name} ({protocol})", name=report.engine, protocol=report.protocol)]
    for kind, counts in report.counts().items():
        parts = ", ".join(f"{counts[s]} {words[s]}" for s in words if counts[s])
        lines.append(f"  {kind:<6} {parts}")
    for verdict in report.verdicts:
        if verdict.status in ("agrees", "unsupported"):
            continue
        vector = verdict.vector
        lines.append("")
        lines.append(f"{words[verdict.status].upper()} {vector.id}")
        lines.append("  " + tr("rule: {why} ({source})", why=vector.why, source=vector.source))
        lines.append("  " + tr("expected: {value}", value=_short(dict(vector.expect))))
        lines.append("  " + tr("answered: {value}", value=_short(verdict.answer)
                               if verdict.answer is not None else verdict.note))
    bad = sum(v.status in ("differs", "failed") for v in report.verdicts)
    lines.append("")
    lines.append(ntr("{n} vector did not agree", "{n} vectors did not agree", bad, n=bad)
                 if bad else ntr("all {n} vector agrees", "all {n} vectors agree",
                                 len(report.verdicts), n=len(report.verdicts)))
    return "\n".join(lines) + "\n"


def _short(value: object, limit: int = 300) -> str:
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text if len(text) <= limit else text[:limit] + " …"


@conformance_app.command("serve")
def serve() -> None:
    """Answer the protocol on standard input and output as pfn answers it: pfn as the
    reference engine, for a runner written elsewhere.

    Example:

    \b
      pfn conformance run -- pfn conformance serve
    """
    from pfn.conformance.protocol import serve as serve_protocol

    serve_protocol(sys.stdin, sys.stdout)


@conformance_app.command("export")
def export(
    directory: Annotated[Path, typer.Argument(help="The directory to write the suite into.",
                                              show_default=False)],
    suite: SuiteOpt = None,
) -> None:
    """Write the suite for engines that cannot speak the protocol: suite.jsonl (a vector
    a line, as docs/conformance.md gives its form) and one PFN file a kind, each
    position or deal a record tagged with its vector's id and expectation.

    Example:

    \b
      pfn conformance export vectors/
    """
    from pfn.conformance.exporting import write_suite
    from pfn.diagnostics import PfnError

    try:
        written = write_suite(directory, _vectors(suite, None, None))  # type: ignore[arg-type]
    except (OSError, PfnError) as error:
        raise fail(str(error)) from None
    for path in written:
        sys.stderr.write(f"{path}\n")
