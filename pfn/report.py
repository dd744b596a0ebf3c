"""Score reports (``pfn score``): what each deal wrote, the sheet after it, the settlement.

The report replays records with the same :class:`~pfn.match.MatchChecker` that
``pfn check`` uses, so the figures are the ones the checker compares.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from typing import IO

from pfn.diagnostics import printable
from pfn.i18n import ptr, tr
from pfn.match import MatchChecker
from pfn.messages import Text
from pfn.model import Amount, Record, format_amount
from pfn.notation.canonical import COLUMN_ORDER
from pfn.scoring.ledger import Key, LedgerEntry, entry_label, totals
from pfn.seats import Seat


@dataclass
class DealRow:
    """One deal in a match report."""

    board: str
    dealer: Seat | None
    declarer: Seat | None
    contract: str
    tricks: dict[Seat, int | None]
    written: dict[Key, Amount]
    sheet: dict[Key, Amount]
    problems: int = 0


@dataclass
class MatchReport:
    """A match (or an independent deal): its deals and the settlement."""

    id: str | None
    variant: str
    players: int
    names: tuple[str, ...]
    target: int | None
    rows: list[DealRow] = field(default_factory=list)
    settlement: dict[Seat, Fraction] = field(default_factory=dict)
    method: Text = ""
    """The settlement method in words (said when shown)."""
    layout: str = "pulka"
    """How the family draws its sheet (``pulka``, ``columns``, ``chips``)."""


def reports(records: Iterable[Record], rules: tuple[tuple[str, str], ...] = ()
            ) -> list[MatchReport]:
    """Score every match in ``records``."""
    return list(iter_reports(records, rules))


def iter_reports(records: Iterable[Record], rules: tuple[tuple[str, str], ...] = ()
                 ) -> Iterator[MatchReport]:
    """Score every match in ``records``, yielding each match once it is complete: only
    one match is held at a time, so a file of any size is scored in bounded memory."""
    checker = MatchChecker(rules)
    current: MatchReport | None = None
    for record in records:
        if not record.syntax_ok or record.empty:
            continue
        before = checker.state
        diagnostics = checker.check(record, record.ok)
        state = checker.state
        if state is None:
            continue
        if state is not before or current is None:
            if current is not None:
                yield current
            current = MatchReport(state.id, state.variant.name, record.players, record.names,
                                  state.sheet.target, layout=state.sheet.layout)
        errors = sum(d.is_error for d in diagnostics)
        written: list[LedgerEntry] = checker.written or []
        last = checker.last if checker.written is not None else None
        if last is not None:
            current.rows.append(DealRow(
                record.tag("Board") or str(len(current.rows) + 1), record.dealer,
                last.declarer, str(last.contract) if last.contract else "?",
                dict(last.result), totals(written), dict(state.sheet.values), errors))
        current.settlement = state.sheet.settle()
        current.method = state.sheet.describe()
        if record.sheet is not None and not current.rows:
            current.rows.append(DealRow(record.tag("Board") or "sheet", None, None, "sheet", {},
                                        {}, dict(state.sheet.values), errors))
    if current is not None:
        yield current


def _columns(report: MatchReport) -> list[tuple[str, Seat | None]]:
    keys = {(k[1], k[2]) for row in report.rows for k in row.sheet}
    return sorted(keys, key=lambda c: (COLUMN_ORDER.get(c[0], 9), -1 if c[1] is None else c[1]))


def _name(report: MatchReport, seat: Seat) -> str:
    if seat.index < len(report.names) and report.names[seat] and report.names[seat] != str(seat):
        return f"{seat} {report.names[seat]}"
    return str(seat)


def format_text(items: Iterable[MatchReport], each: bool = False,
                settlement: bool = True) -> str:
    """Plain-text tables: deals, the final sheet and (unless ``settlement`` is false) the
    settlement of each match."""
    out: list[str] = []
    for report in items:
        title = tr("Match {id}", id=report.id) if report.id else tr("Deal")
        target = tr(", target {n}", n=report.target) if report.target is not None else ""
        out.append(f"{title} — {_variant_word(report.variant)}{target}")
        # TRANSLATORS: the columns of the table of deals
        heads = (tr("board"), tr("dealer"), tr("contract"), tr("tricks"), tr("written"))
        out.append(f"{heads[0]:>6} {heads[1]:<6} {heads[2]:<12} {heads[3]:<12} {heads[4]}")
        for row in report.rows:
            tricks = "-".join("?" if row.tricks.get(Seat(i)) is None else str(row.tricks[Seat(i)])
                              for i in range(report.players) if Seat(i) in row.tricks)
            contract = row.contract if row.declarer is None else f"{row.declarer} {row.contract}"
            written = " ".join(f"{entry_label(k)}{format_amount(v, True)}"
                               for k, v in sorted(row.written.items(), key=_order))
            flag = "  !" if row.problems else ""
            out.append(f"{row.board:>6} {row.dealer or ''!s:<6} {contract:<12} {tricks:<12}"
                       f" {written}{flag}")
            if each:
                out += _sheet_lines(report, row, "  ")
        if report.rows:
            out.append("")
            out.append(tr("Sheet after board {board}", board=report.rows[-1].board))
            out += _sheet_lines(report, report.rows[-1], "")
        out.append("")
        if settlement:
            out.append(tr("Settlement ({method})", method=report.method))
            for seat, value in sorted(report.settlement.items()):
                out.append(f"  {_name(report, seat):<12} {format_amount(value, True):>10}")
            out.append("")
    return printable("\n".join(out))  # names and ids are the record's text


def _order(item: tuple[Key, Amount]) -> tuple[int, int, int]:
    (seat, column, against), _ = item
    return (seat.index, COLUMN_ORDER.get(column, 9), -1 if against is None else against.index)


def _variant_word(name: str) -> str:
    """The variant as its players call it (Сочинка, Soči), its name if pfn knows none."""
    from pfn.diagnostics import UnknownVariant
    from pfn.variants import find_variant

    try:
        return tr(find_variant(name).title)
    except UnknownVariant:
        return name


def _column_word(column: str) -> str:
    """A sheet column's heading in the run's language (the notation keeps ``pool``)."""
    words = {"pool": ptr("sheet column", "pool"), "mountain": ptr("sheet column", "mountain"),
             "whist": ptr("sheet column", "whist"), "bule": ptr("sheet column", "bule"),
             "supe": ptr("sheet column", "supe"), "refa": ptr("sheet column", "refa"),
             "chips": ptr("sheet column", "chips")}
    return words.get(column, column)


def _sheet_lines(report: MatchReport, row: DealRow, indent: str) -> list[str]:
    columns = _columns(report)
    heads = [_column_word(c) + (f"/{a}" if a is not None else "") for c, a in columns]
    lines = [indent + f"{'':<12}" + "".join(f"{h:>10}" for h in heads)]
    for i in range(report.players):
        seat = Seat(i)
        cells = [format_amount(row.sheet.get((seat, c, a), Fraction(0)))
                 if a != seat else "-" for c, a in columns]
        lines.append(indent + f"{_name(report, seat):<12}" + "".join(f"{c:>10}" for c in cells))
    return lines


def _amount_json(value: Amount) -> int | str:
    return value.numerator if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def _json_of(r: MatchReport) -> dict[str, object]:
    def entries(values: dict[Key, Amount]) -> list[dict[str, object]]:
        return [{"seat": str(s), "column": c, **({"against": str(a)} if a is not None else {}),
                 "value": _amount_json(v)} for (s, c, a), v in sorted(values.items(), key=_order)]

    return {
        "match": r.id, "variant": r.variant, "players": r.players, "names": list(r.names),
        "target": r.target,
        "deals": [{"board": row.board, "dealer": str(row.dealer) if row.dealer else None,
                   "declarer": str(row.declarer) if row.declarer else None,
                   "contract": row.contract,
                   "tricks": {str(s): n for s, n in row.tricks.items()},
                   "written": entries(row.written), "sheet": entries(row.sheet),
                   "problems": row.problems} for row in r.rows],
        "settlement": {str(s): _amount_json(v) for s, v in sorted(r.settlement.items())},
        "method": str(r.method),
    }


def format_json(items: Iterable[MatchReport]) -> str:
    """The reports as JSON (exact amounts as integers or "n/d" strings)."""
    buffer = io.StringIO()
    write_json(items, buffer)
    return buffer.getvalue()


def write_json(items: Iterable[MatchReport], handle: IO[str]) -> None:
    """The reports as one JSON array (as ``json.dumps(…, indent=1)`` writes it), written
    a match at a time."""
    empty = True
    for report in items:
        text = json.dumps(_json_of(report), ensure_ascii=False, indent=1)
        handle.write(("[\n " if empty else ",\n ") + text.replace("\n", "\n "))
        empty = False
    handle.write("[]\n" if empty else "\n]\n")


def format_csv(items: Iterable[MatchReport], header: bool = True) -> str:
    """One row per deal and sheet figure: match, board, seat, column, against, written,
    total; then the settlement rows (column ``settlement``)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    if header:
        writer.writerow(["match", "board", "seat", "column", "against", "written", "total"])
    for report in items:
        for row in report.rows:
            for key, total in sorted(row.sheet.items(), key=_order):
                seat, column, against = key
                writer.writerow([report.id or "", row.board, seat, column, against or "",
                                 format_amount(row.written.get(key, Fraction(0))),
                                 format_amount(total)])
        for seat, value in sorted(report.settlement.items()):
            writer.writerow([report.id or "", "", seat, "settlement", "", "",
                             format_amount(value)])
    return buffer.getvalue()
