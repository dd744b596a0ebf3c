"""``pfn solve`` and ``pfn annotate``: the open-hand solver from the command line."""

from __future__ import annotations

import json
import sys
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Any

import typer

from pfn.cli.common import (
    EXIT_CLEAN,
    EXIT_PROBLEMS,
    TRICK_HELP,
    RulesOpt,
    RunOpt,
    SchedulerOpt,
    SearchOpt,
    app,
    fail,
    parse_rules,
    run_of,
    use_search,
)

if TYPE_CHECKING:
    from pfn.analysis.solve import Solution
    from pfn.rules.replay import Replay


class SolveFormat(StrEnum):
    text = "text"
    json = "json"


@app.command()
def solve(
    source: Annotated[str, typer.Argument(help="A PFN file ('-' for stdin).")],
    board: Annotated[str | None, typer.Option(
        "--board", "-b", help="The record whose Board tag is this (default: the first deal).",
        show_default=False)] = None,
    trick: Annotated[int | None, typer.Option(
        "--trick", "-k", help=TRICK_HELP + " Solved before its lead, or after --card of"
                                          " its cards (default: before the lead).",
        min=0, max=10, show_default=False)] = None,
    card: Annotated[int, typer.Option(
        "--card", help="… after this many cards of the trick have been played.", min=0,
        max=3)] = 0,
    output: Annotated[SolveFormat, typer.Option(
        "--format", "-f", help="Text, or one JSON object.")] = SolveFormat.text,
    table: Annotated[bool, typer.Option(
        "--table/--no-table", help="Before the lead: the declarer's tricks in every strain"
                                   " and misère, and the best discard.")] = True,
    rule: RulesOpt = None,
    engine: SearchOpt = None,
    verbose: Annotated[bool, typer.Option(
        "--verbose", "-v", help="Also say which search ran, the positions it visited and"
                                " the time (on stderr).")] = False,
) -> None:
    """Solve a position with every hand open: its value and the value of each legal card.

    Before the lead it also gives the double-dummy table (the declarer's tricks in each
    strain and in misère) and the best discard.  Exit 1 when the record cannot be
    analysed (hidden cards).

    Examples:

    \b
      pfn solve problems.pfn --board 14a
      pfn solve pool.pfn --board 3 --trick 4 --card 1
    """
    import time

    from pfn.analysis.position import NotAnalysable
    from pfn.analysis.solve import Solver, position_at
    from pfn.cli.drawing import _load_one
    from pfn.deal import replay
    from pfn.diagnostics import printable

    search = use_search(engine)
    began = time.perf_counter()
    _, record = _load_one(source, board, purpose="to solve")
    result = replay(record, rules=parse_rules(rule), on_error="collect")
    name = _title(result)
    first = record.first_trick
    trick = trick or first  # 0, as elsewhere: before the lead
    at_lead = trick == first and card == 0
    try:
        position = position_at(result, trick, card)
        solver = Solver(position.start, search)
        solution = solver.solve(position)
        extra = _before_lead(result) if table and at_lead and \
            position.start.declarer is not None else {}
    except NotAnalysable as error:
        if output is SolveFormat.json:
            sys.stdout.write(json.dumps({"board": record.tag("Board"), "analysable": False,
                                         "reason": str(error)}, ensure_ascii=False) + "\n")
        else:
            sys.stderr.write(printable(f"pfn: {source}: {name}: {error}\n"))
        raise typer.Exit(EXIT_PROBLEMS) from None
    where = (f"before trick {first}" if first > 1 else "before the lead") if at_lead else \
        f"trick {trick}" + (f", after {card} card{'s' * (card > 1)}" if card else "")
    if verbose:
        sys.stderr.write(f"pfn: search {search}{' (compiled)' if search == 'native' else ''},"
                         f" {solver.nodes:,} positions for the cards,"
                         f" {time.perf_counter() - began:.3f} s in all\n")
    if output is SolveFormat.json:
        sys.stdout.write(json.dumps(_as_json(record.tag("Board"), trick, card, solution, extra),
                                    ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(printable(_as_text(name, where, solution, extra, first)))
    raise typer.Exit(EXIT_CLEAN)


def _title(result: Replay) -> str:
    record = result.record
    board = record.tag("Board")
    parts = [f"board {board}" if board else "the deal"]
    if result.contract is not None:
        by = f" by {result.declarer}" if result.declarer is not None and \
            not result.contract.allpass else ""
        parts.append(f"{result.contract}{by}")
    return " · ".join(parts)


def _before_lead(result: Replay) -> dict[str, Any]:
    from pfn.analysis.position import NotAnalysable
    from pfn.analysis.solve import best_discards, dd_table

    out: dict[str, Any] = {}
    try:
        out["table"] = {row.strain: row.tricks for row in dd_table(result)}
    except NotAnalysable as error:
        out["table_reason"] = str(error)
    try:
        discards, weighed = best_discards(result)
        out["discards"] = [[str(c) for c in d.cards] for d in discards]
        out["discard_tricks"] = discards[0].tricks
        out["discards_weighed"] = weighed
    except NotAnalysable as error:
        out["discard_reason"] = str(error)
    return out


def _as_json(board: str | None, trick: int, card: int, s: Solution, extra: dict[str, Any]
             ) -> dict[str, Any]:
    return {"board": board, "analysable": True, "trick": trick, "card": card, "kind": s.kind,
            "to_play": None if s.mover is None else str(s.mover), "value": s.value,
            "paranoid": {str(k): v for k, v in s.paranoid.items()}, "counted": s.counted,
            "cards": {str(c): v for c, v in s.cards.items()},
            "best": [str(c) for c in s.best], "nodes": s.nodes, **extra}


def _as_text(name: str, where: str, s: Solution, extra: dict[str, Any], first: int = 1
             ) -> str:
    # an ending's tricks count from its first trick: those before it are not known
    counted = "in the deal" if first == 1 else f"from trick {first} on"
    hands = "his cards after the discard" if first == 1 else \
        f"the hands before trick {first}"
    lines = [f"{name[0].upper()}{name[1:]} — {where}" +
             (f", {s.mover} to play" if s.mover is not None else ", the play is over")]
    if s.kind == "allpass":
        lines.append("All-pass: there is no single best-play value.  Paranoid values (the"
                     " fewest tricks each player can make sure of, the other two against"
                     " him):")
        lines.append("  " + "   ".join(f"{seat} {v}" for seat, v in s.paranoid.items()))
    else:
        what = "misère: the tricks the defence can force on the declarer" if s.kind == "misere" \
            else f"the declarer's tricks {counted}"
        lines.append(f"Best play: {s.value} ({what})")
    if s.cards:
        lines.append(f"Each card ({s.counted} after it):")
        by_value: dict[int, list[str]] = {}
        for c, v in s.cards.items():
            by_value.setdefault(v, []).append(str(c))
        best = s.cards[s.best[0]] if s.best else None
        wanted = sorted(by_value, reverse=best == max(by_value))
        for v in wanted:
            mark = "  best" if v == best else ""
            lines.append(f"  {v:>2}  {' '.join(by_value[v])}{mark}")
    if "table" in extra:
        table = extra["table"]
        lines.append(f"Double-dummy table (the declarer's tricks with best play, {hands}):")
        lines.append("  " + "   ".join(f"{k if k != 'mis' else 'misère'} {v}"
                                       for k, v in table.items()))
    if "discards" in extra:
        pairs = ", ".join(" ".join(p) for p in extra["discards"])
        lines.append(f"Best discard ({extra['discard_tricks']} tricks): {pairs}")
    for key in ("table_reason", "discard_reason"):
        if key in extra and "no discard" not in extra[key]:
            lines.append(f"({extra[key]})")
    return "\n".join(lines) + "\n"


@app.command()
def annotate(
    source: Annotated[str, typer.Argument(help="A PFN file ('-' for stdin).")],
    output: Annotated[str | None, typer.Option(
        "--output", "-o", help="Write the annotated file here (it may be the input; default:"
                               " standard output).", show_default=False)] = None,
    rule: RulesOpt = None,
    jobs: Annotated[int, typer.Option(
        "--jobs", "-j", help="Worker processes analysing records at once (0: one per CPU).",
        min=0, max=256)] = 1,
    engine: RunOpt = None,
    scheduler: SchedulerOpt = None,
) -> None:
    """Mark every card that costs its side tricks: ? one trick, ?? two or more, with a
    comment {dd: before → after; best …}.

    The cards never change and a suffix written by hand is kept; running it again
    changes nothing.  Records that cannot be analysed are written as they are and named
    on stderr.

    Example:

    \b
      pfn annotate pool.pfn -o annotated.pfn
    """
    import functools

    from pfn.analysis.annotate import annotate_record
    from pfn.cli.common import print_diagnostics, stdin
    from pfn.corpus.engine import map_ordered
    from pfn.corpus.workers import EngineError, workers
    from pfn.diagnostics import printable
    from pfn.files import WriteError, write_atomic
    from pfn.formatting import NotFormatted, export, formatted

    runner = run_of(engine)
    rules = parse_rules(rule)
    marked = broken = 0
    work = functools.partial(annotate_record, rules=rules)

    def records(lines: Any, name: str) -> Any:
        nonlocal marked, broken
        for done in map_ordered(work, formatted(lines, name), jobs=workers(jobs),
                                engine=runner,
                                scheduler=scheduler):
            if done.problem is not None:
                board = done.record.tag("Board")
                sys.stderr.write(printable(f"{name}: {'board ' + board if board else 'a record'}:"
                                           f" {done.problem}\n"))
                broken += done.broken  # a deal no rules allow: an error in the record
            marked += done.mistakes
            yield done.record

    try:
        if source == "-":
            text = stdin()
            if output is None or output == "-":
                export(records(text, "<stdin>"), sys.stdout, "<stdin>")
            else:
                write_atomic(output, lambda out: export(records(text, "<stdin>"), out,
                                                        "<stdin>"))
        else:
            from pfn.check import unusable

            problem = unusable(source)
            if problem is not None:
                raise fail(problem.message)
            with open(source, encoding="utf-8", errors="surrogateescape", newline=None) as f:
                if output is None or output == "-":
                    export(records(f, source), sys.stdout, source)
                else:
                    write_atomic(output, lambda out: export(records(f, source), out, source))
    except EngineError as error:
        raise fail(str(error)) from None
    except NotFormatted as error:
        print_diagnostics(error.problems, stream=sys.stderr)
        sys.stderr.write(f"{source}: not annotated (fix the errors first)\n")
        raise typer.Exit(EXIT_PROBLEMS) from None
    except WriteError as error:
        raise fail(str(error)) from None
    sys.stderr.write(f"{marked} card{'s' * (marked != 1)} marked\n")
    raise typer.Exit(EXIT_PROBLEMS if broken else EXIT_CLEAN)
