"""``pfn odds``'s answers as text and JSON: the chances of each card, the declarer's
discards, a defender's defences, and the refusal of a deal the check rejects."""

from __future__ import annotations

import json
import sys
from enum import StrEnum
from typing import TYPE_CHECKING, Any, NoReturn

import typer

from pfn.cli.common import EXIT_CLEAN, EXIT_PROBLEMS, fail
from pfn.i18n import column_widths, ntr, number, table_row, tr

if TYPE_CHECKING:
    from pfn.rules.replay import Replay


class SolveFormat(StrEnum):
    """How ``solve`` and ``odds`` answer: text, or one JSON object."""

    text = "text"
    json = "json"


def deal_title(result: Replay) -> str:
    """``board 4 · 7♠ by A``: what a message about one deal names it by."""
    record = result.record
    board = record.tag("Board")
    parts = [tr("board {board}", board=board) if board else tr("the deal")]
    if result.contract is not None:
        parts.append(tr("{contract} by {seat}", contract=result.contract, seat=result.declarer)
                     if result.declarer is not None and not result.contract.allpass
                     else str(result.contract))
    return " · ".join(parts)


def not_weighed(source: str, result: Replay, error: Exception) -> NoReturn:
    """Why this deal cannot be weighed, on standard error, and exit 1."""
    from pfn.diagnostics import printable

    sys.stderr.write(printable(f"pfn: {source}: {deal_title(result)}: {error}\n"))
    raise typer.Exit(EXIT_PROBLEMS)


def refuse_broken(source: str, result: Replay) -> None:
    """A deal the check rejects (a card dealt twice …) is not weighed: the check's own
    diagnostics, exit 1."""
    from dataclasses import replace

    from pfn.analysis.position import NotAnalysable, refuse_broken
    from pfn.cli.common import print_diagnostics

    try:
        refuse_broken(result)
    except NotAnalysable as error:
        print_diagnostics([replace(d, file=source) for d in error.diagnostics],
                          stream=sys.stderr)
        sys.stderr.write(tr("{source}: not weighed (the deal breaks the rules: fix it"
                            " first)", source=source) + "\n")
        raise typer.Exit(EXIT_PROBLEMS) from None


def discards(source: str, result: Replay, seat: Any, output: SolveFormat, samples: int,
              seed: int) -> None:
    """``pfn odds --discards``: every discard over the layouts, best first."""
    from pfn.analysis.odds import discard_odds
    from pfn.analysis.position import NotAnalysable
    from pfn.diagnostics import printable

    if seat != result.declarer:
        raise fail(tr("--discards weighs the declarer's discards: the seat is {declarer}",
                      declarer=result.declarer))
    try:
        found, layouts = discard_odds(result, sample=samples, seed=seed)
    except NotAnalysable as error:
        not_weighed(source, result, error)
    if output is SolveFormat.json:
        sys.stdout.write(json.dumps({
            "board": result.record.tag("Board"), "seat": str(seat), "layouts": layouts,
            "exhaustive": False, "weighting": "uniform",
            "discards": [{"cards": [str(c) for c in d.cards], "expected": round(d.expected, 6),
                          "makes": round(d.makes, 6),
                          "distribution": {str(k): round(v, 6)
                                           for k, v in d.distribution.items()}}
                         for d in found]}, ensure_ascii=False) + "\n")
        raise typer.Exit(EXIT_CLEAN)
    heads = [tr("discard"), tr("expected"), tr("makes")]
    widths = column_widths(heads, (10, 9, 9))
    lines = [tr("{title} · before the play · the declarer's discards, seen from {seat}",
                title=deal_title(result), seat=seat),
             ntr("{n} layout of the twenty cards he has not seen, a uniform sample, the same"
                 " for every discard; open-hand play from the lead",
                 "{n} layouts of the twenty cards he has not seen, a uniform sample, the same"
                 " for every discard; open-hand play from the lead", layouts,
                 n=number(layouts, ",")),
             _indented(heads, widths) + "   " + tr("distribution")]
    for d in found:
        spread = "  ".join(f"{k}: {number(v, '.1%')}" for k, v in d.distribution.items())
        lines.append(_indented([" ".join(map(str, d.cards)), number(d.expected, ".2f"),
                               number(d.makes, ".1%")], widths) + "   " + spread)
    sys.stdout.write(printable("\n".join(lines) + "\n"))
    raise typer.Exit(EXIT_CLEAN)


def contracts(source: str, result: Replay, seat: Any, output: SolveFormat,
              samples: int | None, seed: int) -> None:
    """``pfn odds --contracts``: every contract the declarer could play, best first by
    his expected score."""
    from pfn.analysis.contracts import contract_odds
    from pfn.analysis.position import NotAnalysable
    from pfn.diagnostics import printable

    if seat != result.declarer:
        raise fail(tr("--contracts weighs the declarer's contracts: the seat is {declarer}",
                      declarer=result.declarer))
    try:
        weighed = contract_odds(result, sample=samples, seed=seed)
    except NotAnalysable as error:
        not_weighed(source, result, error)
    found, layouts = weighed.contracts, weighed.layouts
    if output is SolveFormat.json:
        sys.stdout.write(json.dumps({
            "board": result.record.tag("Board"), "seat": str(seat), "layouts": layouts,
            "exhaustive": False, "weighting": "uniform",
            "seen": ["hand", "talon"] if weighed.talon_seen else ["hand"],
            "per_talon": weighed.per_talon,
            "contracts": [{"contract": c.contract,
                           "discard": None if c.discard is None else [str(x) for x in c.discard],
                           "defence": list(c.defence),
                           "expected": round(c.expected, 6), "makes": round(c.makes, 6),
                           "score": round(c.score, 6), "margin": round(c.margin, 6)}
                          for c in found]}, ensure_ascii=False) + "\n")
        raise typer.Exit(EXIT_CLEAN)
    heads = [tr("contract"), tr("discard"), tr("defence"), tr("expected"), tr("makes"),
             tr("score"), tr("± at 95%")]
    widths = column_widths(heads, (10, 8, 14, 9, 9, 10, 9))
    lines = [tr("{title} · before the auction closes · each contract, seen from {seat}",
                title=deal_title(result), seat=seat),
             tr("Seen from {seat}: the hand and the talon", seat=seat) if weighed.talon_seen
             else tr("Seen from {seat}: the hand only, the talon unseen", seat=seat),
             ntr("{n} layout of the twenty cards he has not seen, a uniform sample; the"
                 " best discard of each strain; open-hand play; scored and settled on a fresh"
                 " sheet as the variant does, against the defence worst for him",
                 "{n} layouts of the twenty cards he has not seen, a uniform sample; the"
                 " best discard of each strain; open-hand play; scored and settled on a fresh"
                 " sheet as the variant does, against the defence worst for him", layouts,
                 n=number(layouts, ",")) if weighed.talon_seen else
             ntr("{n} deal of the twenty-two cards he has not seen (talon and defenders),"
                 " a uniform sample, layouts per talon: {k}; the best discard of each"
                 " strain for each talon; open-hand play; scored and settled on a fresh sheet"
                 " as the variant does, against the defence worst for him",
                 "{n} deals of the twenty-two cards he has not seen (talon and defenders),"
                 " a uniform sample, layouts per talon: {k}; the best discard of each"
                 " strain for each talon; open-hand play; scored and settled on a fresh sheet"
                 " as the variant does, against the defence worst for him", layouts,
                 n=number(layouts, ","), k=weighed.per_talon),
             _indented(heads, widths)]
    for c in found:
        shown = (tr("no talon") if c.contract.endswith("-hand") else tr("by talon")) \
            if c.discard is None else " ".join(map(str, c.discard))
        lines.append(_indented([c.contract, shown,
                               " ".join(c.defence) or "—", number(c.expected, ".2f"),
                               number(c.makes, ".1%"),
                               number(c.score, "+.2f"), number(c.margin, ".2f")], widths))
    sys.stdout.write(printable("\n".join(lines) + "\n"))
    raise typer.Exit(EXIT_CLEAN)


def defences(source: str, result: Replay, seat: Any, output: SolveFormat, samples: int,
              seed: int) -> None:
    """``pfn odds --defence``: every defence over the layouts, best first for the seat."""
    from pfn.analysis.defending import defence_odds
    from pfn.analysis.position import NotAnalysable
    from pfn.diagnostics import printable

    try:
        found, layouts = defence_odds(result, seat, sample=samples, seed=seed)
    except NotAnalysable as error:
        not_weighed(source, result, error)
    if output is SolveFormat.json:
        sys.stdout.write(json.dumps({
            "board": result.record.tag("Board"), "seat": str(seat), "layouts": layouts,
            "exhaustive": False, "weighting": "uniform",
            "defences": [{"calls": list(d.calls), "played": d.played,
                          "expected": round(d.expected, 6), "makes": round(d.makes, 6),
                          "score": round(d.score, 6),
                          "distribution": {str(k): round(v, 6)
                                           for k, v in d.distribution.items()}}
                         for d in found]}, ensure_ascii=False) + "\n")
        raise typer.Exit(EXIT_CLEAN)
    heads = [tr("defence"), tr("declarer"), tr("makes"), tr("score of {seat}", seat=seat)]
    widths = column_widths(heads, (22, 9, 9, 12))
    lines = [tr("{title} · before the play · each defence, seen from {seat}",
                title=deal_title(result), seat=seat),
             ntr("{n} layout of the cards {seat} has not seen, a uniform sample; open-hand play"
                 " where the defence plays; scored and settled as the variant does",
                 "{n} layouts of the cards {seat} has not seen, a uniform sample; open-hand"
                 " play where the defence plays; scored and settled as the variant does",
                 layouts, n=number(layouts, ","), seat=seat),
             _indented(heads, widths)]
    no_play = " " + tr("(no play)")
    for d in found:
        lines.append(_indented([" ".join(d.calls) + ("" if d.played else no_play),
                               number(d.expected, ".2f"), number(d.makes, ".1%"),
                               number(d.score, "+.2f")], widths))
    sys.stdout.write(printable("\n".join(lines) + "\n"))
    raise typer.Exit(EXIT_CLEAN)


def print_table(kind: Any, output: SolveFormat) -> None:
    """``pfn odds --table``: a published table recomputed, exact fractions shown as
    shares (JSON: each share as a fraction's text and as a number)."""
    from fractions import Fraction

    from pfn.analysis.tables import table

    found = table(kind)
    if output is SolveFormat.json:
        rows = [{key: (cell if isinstance(cell, str)
                       else {"fraction": str(cell), "value": round(float(cell), 6)})
                 for key, cell in zip(found.keys, row, strict=True)} for row in found.rows]
        sys.stdout.write(json.dumps({"table": str(kind), "rows": rows}, ensure_ascii=False)
                         + "\n")
        raise typer.Exit(EXIT_CLEAN)
    heads = [tr(head) for head in found.heads]
    widths = column_widths(heads, [12] + [10] * (len(heads) - 1))
    lines = [tr(found.title), _indented(heads, widths)]
    for row in found.rows:
        lines.append(_indented([cell if isinstance(cell, str)
                                else number(float(Fraction(cell)), ".2%") for cell in row],
                               widths))
    sys.stdout.write("\n".join(lines) + "\n")
    raise typer.Exit(EXIT_CLEAN)


def _indented(cells: list[str], widths: list[int]) -> str:
    """A table's row, indented under the lines that say what the table is."""
    return "  " + table_row(cells, widths)


def odds_text(name: str, where: str, found: Any) -> str:
    lines = [tr("{title} · {where} · seen from {seat} ({mover} to play)", title=name,
                where=where, seat=found.seat, mover=found.mover)]
    layouts = number(found.layouts, ",")
    lines.append(ntr("{n} layout, every one; each weighted the same, and everyone plays"
                     " open-handed after the card", "{n} layouts, every one; each weighted the"
                     " same, and everyone plays open-handed after the card", found.layouts,
                     n=layouts) if found.exhaustive else
                 ntr("{n} layout, a uniform sample (shares within ±{margin} at 95 %); each"
                     " weighted the same, and everyone plays open-handed after the card",
                     "{n} layouts, a uniform sample (shares within ±{margin} at 95 %); each"
                     " weighted the same, and everyone plays open-handed after the card",
                     found.layouts, n=layouts, margin=number(found.margin, ".1%")))
    counted = tr("{seat}'s tricks in the deal ({n} taken before this trick)", seat=found.counted,
                 n=found.taken) if found.taken else \
        tr("{seat}'s tricks in the deal", seat=found.counted)
    rows = found.cards.values() if found.cards else [found.position]
    if not found.cards:
        lines.append(tr("{mover}'s cards are not seen from {seat}: the position with best"
                        " open-hand play on each layout", mover=found.mover, seat=found.seat))
    if found.knows is not None:
        lines.append(found.knows.text())
    lines.append(counted + ":")
    # each column says what it measures; a misère's share is the declarer's being
    # caught (a trick or more), whoever's seat it is seen from
    if found.needed is not None:
        heads = [tr("card"), tr("expected"), tr("makes")]
        legend = tr("expected: {seat}'s mean tricks; makes: the share of the layouts where"
                    " he takes {n} or more; distribution: his tricks: their share",
                    seat=found.counted, n=found.needed)
    elif found.kind == "misere":
        heads = [tr("card"), tr("expected"), tr("caught")]
        legend = tr("expected: {seat}'s mean tricks; caught: the share of the layouts where"
                    " he takes a trick or more; distribution: his tricks: their share",
                    seat=found.counted)
    else:
        heads = [tr("card"), tr("expected")]
        legend = tr("expected: {seat}'s mean tricks; distribution: his tricks: their share",
                    seat=found.counted)
    widths = column_widths(heads, (6, 9, 9)[:len(heads)])
    lines.append(_indented(heads, widths) + "   " + tr("distribution"))
    for row in rows:
        if row is None:
            continue
        spread = "  ".join(f"{found.taken + k}: {number(v, '.1%')}"
                           for k, v in row.distribution.items())
        label = str(row.card) if found.cards else "—"
        cells = [label, number(found.taken + row.expected, ".2f")]
        share = found.caught(row) if found.kind == "misere" else row.makes
        if len(heads) == 3 and share is not None:
            cells.append(number(share, ".1%"))
        lines.append(_indented(cells, widths) + "   " + spread)
    lines.append(legend)
    if found.score is not None:
        lines.append(tr("His expected score: {score} (each count of his tricks settled on a"
                        " fresh sheet as the variant scores it)",
                        score=number(found.score, "+.2f")))
    if found.best:
        lines.append(tr("best: {cards}", cards=" ".join(map(str, found.best))))
    return "\n".join(lines) + "\n"
