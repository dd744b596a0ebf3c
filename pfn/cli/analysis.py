"""``pfn solve`` and ``pfn annotate``: the open-hand solver from the command line."""

from __future__ import annotations

import json
import sys
import time
from dataclasses import replace
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Any

import typer

from pfn.analysis.tables import Kind as TableKind
from pfn.cli.common import (
    EXIT_CLEAN,
    EXIT_PROBLEMS,
    TRICK_HELP,
    EngineOpt,
    ExecutorOpt,
    RulesOpt,
    SchedulerOpt,
    SearchOpt,
    app,
    fail,
    parse_rules,
    run_of,
    use_search,
)
from pfn.cli.weighing import SolveFormat, deal_title
from pfn.i18n import ntr, number, tr

if TYPE_CHECKING:
    from pfn.analysis.solve import Solution
    from pfn.diagnostics import Diagnostic
    from pfn.model import Record
    from pfn.rules.replay import Replay


class Judge(StrEnum):
    """What ``pfn annotate --by`` judges a card on."""

    open_hands = "open-hands"
    information = "information"


BoardOpt = Annotated[str | None, typer.Option(
    "--board", "-b", help="The record whose Board tag is this (default: the first deal).",
    show_default=False)]
CardOpt = Annotated[int, typer.Option(
    "--card", help="… after this many cards of the trick have been played.", min=0, max=3)]
FormatOpt = Annotated[SolveFormat, typer.Option("--format", "-f",
                                                help="Text, or one JSON object.")]
"""The options ``solve`` and ``odds`` share."""


@app.command()
def solve(
    source: Annotated[str, typer.Argument(help="A PFN file ('-' for stdin).")],
    board: BoardOpt = None,
    trick: Annotated[int | None, typer.Option(
        "--trick", "-k", help=TRICK_HELP + " Solved before its lead, or after --card of"
                                          " its cards (default: before the lead).",
        min=0, max=10, show_default=False)] = None,
    card: CardOpt = 0,
    output: FormatOpt = SolveFormat.text,
    table: Annotated[bool, typer.Option(
        "--table/--no-table", help="Before the lead: the declarer's tricks in every strain"
                                   " and misère, and the best discard.")] = True,
    rule: RulesOpt = None,
    search: SearchOpt = None,
    engine: EngineOpt = None,
    verbose: Annotated[bool, typer.Option(
        "--verbose", "-v", help="Also say which search ran, the positions it visited and"
                                " the time (on stderr).")] = False,
) -> None:
    """Solve a position with every hand open: its value and the value of each legal card.

    Before the lead it also gives the open-hand table (the declarer's tricks in each
    strain and in misère) and the best discard.  Exit 1 when the record cannot be
    analysed (hidden cards), 2 when it has no deal at all.

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

    search = use_search(search, engine)
    began = time.perf_counter()
    _, record = _load_one(source, board, purpose="solve")
    result = replay(record, rules=parse_rules(rule), on_error="collect")
    name = deal_title(result)
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
    where = (tr("before trick {n}", n=first) if first > 1 else tr("before the lead")) \
        if at_lead else ntr("trick {trick}, after {n} card", "trick {trick}, after {n} cards",
                            card, trick=trick) if card else tr("trick {n}", n=trick)
    if verbose:
        kind = search + (tr(" (compiled)") if search == "native" else "")
        sys.stderr.write(ntr("pfn: search {search}, {n} position for the cards, {seconds} s"
                             " in all", "pfn: search {search}, {n} positions for the cards,"
                             " {seconds} s in all", solver.nodes, search=kind,
                             n=number(solver.nodes, ","),
                             seconds=number(time.perf_counter() - began, ".3f")) + "\n")
    if output is SolveFormat.json:
        sys.stdout.write(json.dumps(_as_json(record.tag("Board"), trick, card, solution, extra),
                                    ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(printable(_as_text(name, where, solution, extra, first)))
    raise typer.Exit(EXIT_CLEAN)


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


def _counted(s: Solution) -> str:
    """What the card values count (:attr:`Solution.counted`), in the run's language."""
    if s.kind == "allpass":
        return tr("{seat}'s tricks, the others against him (sure tricks)", seat=s.mover)
    return tr("the declarer's tricks")


def _as_text(name: str, where: str, s: Solution, extra: dict[str, Any], first: int = 1
             ) -> str:
    # an ending's tricks count from its first trick: those before it are not known
    counted = tr("the declarer's tricks in the deal") if first == 1 else \
        tr("the declarer's tricks from trick {n} on", n=first)
    hands = tr("his cards after the discard") if first == 1 else \
        tr("the hands before trick {n}", n=first)
    turn = tr("{where}, {seat} to play", where=where, seat=s.mover) if s.mover is not None \
        else tr("{where}, the play is over", where=where)
    lines = [f"{name[0].upper()}{name[1:]} — {turn}"]
    if s.kind == "allpass":
        lines.append(tr("All-pass: there is no single best-play value.  Sure tricks (the"
                        " fewest tricks each player can make sure of, the other two against"
                        " him):"))
        lines.append("  " + "   ".join(f"{seat} {v}" for seat, v in s.paranoid.items()))
    else:
        what = tr("misère: the tricks the defence can force on the declarer") \
            if s.kind == "misere" else counted
        lines.append(tr("Best play: {value} ({what})", value=s.value, what=what))
    if s.cards:
        lines.append(tr("Each card ({what} after it):", what=_counted(s)))
        by_value: dict[int, list[str]] = {}
        for c, v in s.cards.items():
            by_value.setdefault(v, []).append(str(c))
        best = s.cards[s.best[0]] if s.best else None
        wanted = sorted(by_value, reverse=best == max(by_value))
        for v in wanted:
            mark = "  " + tr("best") if v == best else ""
            lines.append(f"  {v:>2}  {' '.join(by_value[v])}{mark}")
    if "table" in extra:
        table = extra["table"]
        lines.append(tr("Open-hand table (the declarer's tricks with best play, {hands}):",
                        hands=hands))
        misere = tr("misère")
        lines.append("  " + "   ".join(f"{k if k != 'mis' else misere} {v}"
                                       for k, v in table.items()))
    if "discards" in extra:
        pairs = ", ".join(" ".join(p) for p in extra["discards"])
        lines.append(ntr("Best discard ({n} trick): {pairs}", "Best discard ({n} tricks):"
                         " {pairs}", extra["discard_tricks"], pairs=pairs))
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
    executor: ExecutorOpt = None,
    search: SearchOpt = None,
    engine: EngineOpt = None,
    scheduler: SchedulerOpt = None,
    by: Annotated[Judge, typer.Option(
        "--by", help="open-hands: against every card as it lay (the dd marks); information:"
                     " on what the card's player could see, over the layouts he could not"
                     " tell apart ({chances: …}).")] = Judge.open_hands,
) -> None:
    """Mark every card that costs its side tricks: ? one trick, ?? two or more, with a
    comment {dd: before → after; best …}; with --by information, a card that loses a
    quarter of a trick or more in expectation on what its player could see (?; ?? a
    whole trick), with {chances: best → played; best …}.

    The cards never change and a suffix written by hand is kept; running it again
    changes nothing.  Records that cannot be analysed are written as they are and named
    on stderr; so is a record with nothing to annotate (a result alone, no deal), and a
    file with no deal at all exits 2.

    Example:

    \b
      pfn annotate pool.pfn -o annotated.pfn
    """
    import functools

    from pfn import codes
    from pfn.analysis.annotate import annotate_record
    from pfn.cli.common import print_diagnostics, stdin
    from pfn.diagnostics import Diagnostic, printable
    from pfn.executor import EngineError, map_ordered, workers
    from pfn.files import WriteError, write_atomic
    from pfn.formatting import NotFormatted, export, formatted
    from pfn.messages import msg

    runner = run_of(engine, executor, search)
    rules = parse_rules(rule)
    marked = broken = weighed = dealt = 0
    idle: list[Diagnostic] = []  # a note each: a record with nothing to annotate
    work = functools.partial(annotate_record, rules=rules,
                             by=by.value)

    def records(lines: Any, name: str) -> Any:
        nonlocal marked, broken, weighed, dealt
        for done in map_ordered(work, formatted(lines, name), jobs=workers(jobs),
                                engine=runner,
                                scheduler=scheduler):
            dealt += done.record.deal is not None
            if done.idle is not None:
                board = done.record.tag("Board")
                said = msg("board {board}: {why}", board=board, why=done.idle) if board \
                    else done.idle
                idle.append(_at_result(Diagnostic(codes.I001, said, file=name), done.record))
            elif done.record.syntax_ok and not done.record.empty:
                weighed += 1
            if done.problem is not None:
                board = done.record.tag("Board")
                what = tr("board {board}", board=board) if board else tr("a record")
                sys.stderr.write(printable(f"{name}: {what}: {done.problem}\n"))
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
        sys.stderr.write(tr("{source}: not annotated (fix the errors first)", source=source)
                         + "\n")
        raise typer.Exit(EXIT_PROBLEMS) from None
    except WriteError as error:
        raise fail(str(error)) from None
    print_diagnostics(idle, stream=sys.stderr)
    if idle and not weighed and not dealt:  # as pfn solve says of a file of results
        raise fail(tr("{source}: no deal to annotate", source=source))
    sys.stderr.write(ntr("{n} card marked", "{n} cards marked", marked) + "\n")
    raise typer.Exit(EXIT_PROBLEMS if broken else EXIT_CLEAN)


def _at_result(note: Diagnostic, record: Record) -> Diagnostic:
    """``note`` placed at the record's Result tag (else its Board tag, else its first
    line): what the record gives instead of a deal to weigh."""
    where = record.source
    if where is None:
        return note
    lines = where.text.splitlines()
    found = next((i for tag in ("[Result", "[Board") for i, line in enumerate(lines)
                  if line.lstrip().startswith(tag)), None)
    if found is None:
        return replace(note, line=where.line)
    return replace(note, line=where.line + found, col=1, text=lines[found].strip(),
                   source_line=lines[found])


@app.command()
def odds(
    source: Annotated[str | None, typer.Argument(
        help="A PFN file ('-' for stdin).", show_default=False)] = None,
    seat: Annotated[str | None, typer.Option(
        "--seat", "-s", help="The point of view: the seat whose knowledge counts (its hand,"
                             " what it saw played, the talon where shown, its discard).",
        show_default=False)] = None,
    board: BoardOpt = None,
    trick: Annotated[int | None, typer.Option(
        "--trick", "-k", help=TRICK_HELP + " Before its lead, or after --card of its cards"
                                          " (default: before the lead).",
        min=0, max=10, show_default=False)] = None,
    card: CardOpt = 0,
    output: FormatOpt = SolveFormat.text,
    limit: Annotated[int, typer.Option(
        "--limit", help="Solve every layout when there are at most this many; else a"
                        " sample.", min=1)] = 200_000,
    samples: Annotated[int | None, typer.Option(
        "--samples", help="How many layouts a sample holds (default 1,000; 200 with"
                          " --discards or --defence; 100 with --contracts, 60 deals with"
                          " the talon when it is not given; at most 1,000,000).", min=1,
        max=1_000_000, show_default=False)] = None,
    seed: Annotated[int, typer.Option("--seed", help="The sample's seed.")] = 0,
    jobs: Annotated[int, typer.Option(
        "--jobs", "-j", help="Worker processes sharing the layouts (0: one per CPU).",
        min=0, max=256)] = 1,
    executor: ExecutorOpt = None,
    search: SearchOpt = None,
    engine: EngineOpt = None,
    scheduler: SchedulerOpt = None,
    rule: RulesOpt = None,
    discards: Annotated[bool, typer.Option(
        "--discards", help="Before the play, from the declarer's seat: every discard he"
                           " may make, best first, over a sample of the layouts of the"
                           " twenty cards he has not seen (--samples, default 200).")] = False,
    bidding: Annotated[bool, typer.Option(
        "--bidding", help="Before the play, from the declarer's seat, as he weighs his"
                          " contract after his discard: the hands that will be laid open"
                          " (the defenders' at misère) are not seen yet. The misère"
                          " question: how likely to be caught, and for how many tricks.")
                          ] = False,
    defence: Annotated[bool, typer.Option(
        "--defence", help="Before the play, from a defender's seat: every defence the"
                          " variant allows (whist, pass, half-whist …), with the declarer's"
                          " expected tricks and the defender's expected score in the"
                          " variant's own scoring (--samples, default 200).")] = False,
    contracts: Annotated[bool, typer.Option(
        "--contracts", help="Before the auction closes, from the declarer's seat: every"
                            " contract he could play (six to ten in each strain, misère)"
                            " with its best discard, chance and expected score in the"
                            " record's scoring, over a sample of the layouts (--samples,"
                            " default 100; the talon not given, it is sampled with the"
                            " defenders' cards: default 60).")] = False,
    table: Annotated[TableKind | None, typer.Option(
        "--table", help="No file: a table the books print, worked out exactly from the"
                        " rules: suit splits (`splits`, `splits-talon`), the talon's chances"
                        " (`talon`), a misère's hole (`misere`); see docs/tables.md.",
        show_default=False)] = None,
    quiet: Annotated[bool, typer.Option(
        "--quiet", "-q", help="No progress on standard error (shown on a terminal once the"
                              " work takes more than a second).")] = False,
) -> None:
    """The chances of each card, over every layout the seat could not tell apart.

    For the player to move: every legal card with the distribution of the declarer's
    tricks over the layouts (each weighted the same; everyone plays open-handed after
    the card), their expectation, and how often the contract makes. Every layout when
    there are at most --limit, else a seeded uniform sample, as the output says. A
    problem that gives only the declarer's hand (and his talon and discard) is
    analysed from the declarer's seat.

    Examples:

    \b
      pfn odds problems.pfn --board 3 --seat A
      pfn odds pool.pfn -b 5 -k 4 --seat B --format json
      pfn odds pool.pfn -b 5 --seat A --jobs 2
      pfn odds problems.pfn -b 4 --seat A --contracts
      pfn odds --table misere
    """
    if table is not None:
        from pfn.cli.weighing import print_table

        print_table(table, output)
    if source is None or seat is None:
        raise typer.BadParameter(tr("a file and --seat, or --table"),
                                 param_hint="SOURCE" if source is None else "--seat")
    from pfn.analysis.defending import SAMPLE as DEFENCE_SAMPLE
    from pfn.analysis.layouts import SAMPLE
    from pfn.analysis.odds import DISCARD_SAMPLE
    from pfn.analysis.odds import odds as weigh
    from pfn.analysis.position import NotAnalysable
    from pfn.cli.common import color
    from pfn.cli.drawing import _load_one, _seats
    from pfn.cli.weighing import defences as defences_of
    from pfn.cli.weighing import discards as discards_of
    from pfn.cli.weighing import odds_text, refuse_broken
    from pfn.deal import replay
    from pfn.diagnostics import PfnError, printable
    from pfn.executor import EngineError, workers

    where = run_of(engine, executor, search)
    _, record = _load_one(source, board, purpose="weigh")
    chosen = _seats(seat, "--seat")
    if len(chosen) != 1:
        raise typer.BadParameter(tr("{seat}: one seat",
                                    seat=repr(seat)), param_hint="--seat")
    result = replay(record, rules=parse_rules(rule), on_error="collect")
    refuse_broken(source, result)
    if discards and defence:
        raise typer.BadParameter(tr("--discards weighs the declarer's choice, --defence a"
                                    " defender's: ask one at a time"), param_hint="--defence")
    if discards:
        discards_of(source, result, chosen[0], output,
                  DISCARD_SAMPLE if samples is None else samples, seed)
    if contracts:
        from pfn.cli.weighing import contracts as contracts_of

        contracts_of(source, result, chosen[0], output, samples, seed)
    if defence:
        defences_of(source, result, chosen[0], output,
                  DEFENCE_SAMPLE if samples is None else samples, seed)
    first = record.first_trick
    at = trick or first
    shown = sys.stderr.isatty() and color(sys.stderr) and not quiet
    began = time.monotonic()

    def progress(done: int, total: int) -> None:
        if shown and time.monotonic() - began > 1:
            sys.stderr.write("\r" + ntr("{done} of {n} layout solved", "{done} of {n} layouts"
                                         " solved", total, done=number(done, ","),
                                         n=number(total, ",")))
            if done == total:
                sys.stderr.write("\n")

    try:
        found = weigh(result, chosen[0], at, card, limit=limit,
                      sample=SAMPLE if samples is None else samples, seed=seed,
                      jobs=workers(jobs), where=where, scheduler=scheduler, bidding=bidding,
                      progress=progress)
    except NotAnalysable as error:
        if output is SolveFormat.json:
            sys.stdout.write(json.dumps({"board": record.tag("Board"), "analysable": False,
                                         "reason": str(error)}, ensure_ascii=False) + "\n")
        else:
            sys.stderr.write(printable(f"pfn: {source}: {deal_title(result)}: {error}\n"))
        raise typer.Exit(EXIT_PROBLEMS) from None
    except EngineError as error:
        raise fail(str(error)) from None
    except PfnError as error:
        raise fail(str(error)) from None
    if output is SolveFormat.json:
        data = {"board": record.tag("Board"), "trick": at, "card": card, **found.as_json()}
        sys.stdout.write(json.dumps(data, ensure_ascii=False) + "\n")
    else:
        where_text = tr("before trick {n}", n=at) if card == 0 else \
            ntr("trick {trick}, after {n} card", "trick {trick}, after {n} cards", card,
                trick=at)
        sys.stdout.write(printable(odds_text(deal_title(result), where_text, found)))
    raise typer.Exit(EXIT_CLEAN)
