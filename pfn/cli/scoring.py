"""``pfn score`` and ``pfn generate``."""

from __future__ import annotations

import itertools
import sys
from collections.abc import Iterator
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated

import typer

from pfn.cli.common import (
    EXIT_PROBLEMS,
    EXIT_UNUSABLE,
    PathsArg,
    RulesOpt,
    app,
    input_records,
    parse_rules,
)
from pfn.i18n import ntr, tr

if TYPE_CHECKING:
    from pfn.model import Record


class ScoreFormat(StrEnum):
    """Formats ``pfn score`` writes."""

    text = "text"
    json = "json"
    csv = "csv"


@app.command()
def score(
    paths: PathsArg = None,
    output: Annotated[ScoreFormat, typer.Option(
        "--format", "-f", help="A text table, JSON or CSV.")] = ScoreFormat.text,
    rule: RulesOpt = None,
    each: Annotated[bool, typer.Option(
        "--each", help="Print the sheet after every deal, not only the last.")] = False,
) -> None:
    """Score matches: what each deal writes, the running sheet, and the settlement.

    Matches are scored as they stream in, one held at a time.

    Examples:

    \b
      pfn score pool.pfn
      pfn score pool.pfn --format csv
    """
    from pfn import report
    from pfn.cli.common import print_diagnostics

    unread: list[Record] = []

    def records() -> Iterator[Record]:
        for record in input_records(paths):
            if not record.syntax_ok:
                unread.append(record)  # said below: the sheet is scored without it
            yield record

    problems = 0

    def counted(items: Iterator[report.MatchReport]) -> Iterator[report.MatchReport]:
        nonlocal problems
        for item in items:
            problems += sum(1 for row in item.rows if row.problems)
            yield item

    items = counted(report.iter_reports(records(), parse_rules(rule)))
    first = next(items, None)
    if first is None:
        if unread:  # records there, none readable: problems in the records (exit 1)
            print_diagnostics([d for r in unread for d in r.diagnostics], stream=sys.stderr)
            sys.stderr.write(tr("pfn: no record could be read: nothing to score") + "\n")
            raise typer.Exit(EXIT_PROBLEMS)
        sys.stderr.write(tr("pfn: no PFN records to score") + "\n")
        raise typer.Exit(EXIT_UNUSABLE)
    every = itertools.chain([first], items)
    if output is ScoreFormat.json:
        report.write_json(every, sys.stdout)
    else:
        for index, item in enumerate(every):
            if output is ScoreFormat.csv:
                sys.stdout.write(report.format_csv([item], header=not index))
            else:
                sys.stdout.write(("\n" if index else "") + report.format_text([item], each))
    if unread or problems:  # the sheet stands, but records have errors: pfn check says
        sys.stderr.write(ntr("pfn: {n} record with errors (pfn check names them)",
                             "pfn: {n} records with errors (pfn check names them)",
                             problems + len(unread)) + "\n")
        raise typer.Exit(EXIT_PROBLEMS)


@app.command()
def generate(
    count: Annotated[int, typer.Argument(help="How many records.", min=0)] = 10,
    variant: Annotated[str, typer.Option("--variant", help="Variant name.")] = "sochi",
    variant_short: Annotated[str | None, typer.Option(
        "-v", hidden=True, show_default=False)] = None,  # the old spelling: -v is --invert
    seed: Annotated[int, typer.Option("--seed", help="Random seed (same seed, same records).")
                    ] = 0,
    players: Annotated[int, typer.Option("--players", help="3, or 4 with the dealer out.",
                                         min=3, max=4)] = 3,
    match: Annotated[int, typer.Option(
        "--match", help="Group the records into matches of this many deals (0: none).",
        min=0)] = 0,
    target: Annotated[int, typer.Option("--target", help="Pool size of the matches.",
                                        min=1)] = 20,
    output: Annotated[str | None, typer.Option(
        "--output", "-o", help="Output file (default: stdout).", show_default=False)] = None,
) -> None:
    """Generate random legal records (deals, auctions, defences, plays, scores).

    Example:

    \b
      pfn generate 1000 --variant leningrad --seed 7 -o corpus.pfn
    """
    from pfn.diagnostics import UnknownVariant
    from pfn.generate import generate as make
    from pfn.notation.reader import loads
    from pfn.notation.writer import dump
    from pfn.variants import VARIANTS, find_variant

    variant = variant_short or variant
    try:
        found = find_variant(variant)
    except UnknownVariant:
        raise typer.BadParameter(tr("{text}: the variants are {names}", text=repr(variant),
                                    names=", ".join(v.name for v in VARIANTS)),
                                 param_hint="--variant") from None
    if players not in found.tables:
        raise typer.BadParameter(tr("{variant} is played by {tables}, not {n}",
                                    variant=found.name,
                                    tables=" / ".join(map(str, found.tables)), n=players),
                                 param_hint="--players")
    texts = make(count, variant, seed, players=players, match_size=match, target=target)
    records = (record for text in texts for record in loads(text))
    if output:
        from pfn.files import write_atomic

        write_atomic(output, lambda handle: dump(records, handle))
    else:
        dump(records, sys.stdout)
