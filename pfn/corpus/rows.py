"""One row per deal, for research: ``pfn convert --to csv``, :func:`to_rows` and, with
pandas installed, :func:`to_dataframe`.

Every record is checked as ``pfn check`` checks it (matches in order, so a deal's
score entries are what it wrote on its match's sheet), and its row says who played
what and how it ended in the words of :mod:`pfn.outcome`.

>>> import pfn
>>> rows = list(pfn.to_rows(pfn.loads('''[Variant "sochi"]
... [Dealer "C"]
... [Deal "A:AKQJ7.AK.7.A7 B:T9.QJT.AKQ.KQ C:8.987.JT9.JT9 talon:..8.8"]
... [Declarer "A"]
... [Contract "7S"]
... [Result "A:8 B:1 C:1"]
... [Auction "A"]
... 6S 6C pass 6D pass
... [Talon "D8 H8"]
... [Discard "D7 D8"]
... [Defence "B"]
... whist whist
... [Score "A:pool+4 B:whist/A+4 C:whist/A+4"]''')))
>>> row = rows[0]
>>> row["contract"], row["declarer"], row["outcome"], row["tricks_A"], row["score_B"]
('7S', 'A', 'made', 8, 'whist/A+4')
"""

from __future__ import annotations

import csv
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from pfn.check import CheckOptions, RecordReport, check_records
from pfn.i18n import tr
from pfn.model import Record, format_amount
from pfn.outcome import UNKNOWN, outcome, outcome_of
from pfn.scoring.ledger import totals
from pfn.seats import SEATS

if TYPE_CHECKING:
    import pandas

COLUMNS: tuple[str, ...] = (
    "file", "line", "match", "board", "variant", "players", "dealer", "declarer", "contract",
    "defence", "tricks_A", "tricks_B", "tricks_C", "tricks_D", "outcome", "by",
    "score_A", "score_B", "score_C", "score_D", "codes")
"""The columns of a row, in order (every row has all of them; a seat not at the table,
or a figure not known, is empty)."""

Row = dict[str, Any]


def row_of(report: RecordReport) -> Row:
    """The row of one checked record (checked with :attr:`CheckOptions.keep`)."""
    record, replay = report.record, report.replay
    source = record.source
    row: Row = dict.fromkeys(COLUMNS)
    row.update(file=source.name if source is not None else None,
               line=source.line if source is not None else None,
               match=record.match, board=record.tag("Board"), variant=record.variant,
               players="; ".join(record.names) or None)
    contract = replay.contract if replay is not None else record.contract
    declarer = replay.declarer if replay is not None else record.declarer
    dealer = replay.dealer if replay is not None else record.dealer
    row.update(dealer=str(dealer) if dealer is not None else None,
               declarer=str(declarer) if declarer is not None and contract is not None
               and not contract.allpass else None,
               contract=str(contract) if contract is not None else None,
               defence=" ".join(map(str, record.defence.calls)) if record.defence is not None
               and record.defence.calls else None)
    tricks = replay.result if replay is not None else dict(record.result or ())
    for seat, count in tricks.items():
        row[f"tricks_{seat}"] = count
    found = outcome_of(replay) if replay is not None else (
        outcome(record) if record.syntax_ok else UNKNOWN)
    row.update(outcome=found.kind, by=found.by)
    for (seat, column, against), value in totals(report.written or []).items():
        key = f"score_{seat}"
        entry = f"{column}{'/' + str(against) if against is not None else ''}" \
                f"{format_amount(value, True)}"
        row[key] = entry if row[key] is None else f"{row[key]} {entry}"
    codes = list(dict.fromkeys(d.code for d in report.diagnostics))
    row["codes"] = " ".join(codes) or None
    return row


def to_rows(source: str | Path | Iterable[Record],
            rules: tuple[tuple[str, str], ...] = ()) -> Iterator[Row]:
    """One row per deal (:data:`COLUMNS`) of a file, or of records already read;
    ``rules``: house-rule overrides, as ``pfn check --rule``.  Records that are only a
    score or a sheet (no deal) and stretches of comments give no row.

    >>> import pfn
    >>> for row in pfn.to_rows("examples/sochi-match.pfn"):
    ...     print(row["board"], row["contract"], row["outcome"], row["by"] or "")
    1 6S made
    2 7H failed 1
    3 6D made-without-play
    4 pass all-pass
    5 pass all-pass
    6 mis misere-made
    7 mis misere-caught 1
    8 8H made
    9 10NT made
    """
    from pfn.notation.reader import read

    records = read(source) if isinstance(source, (str, Path)) else source
    for report in check_records(records, CheckOptions(rules=rules, keep=True)):
        record = report.record
        if record.empty or (record.syntax_ok and record.deal is None and record.contract is None
                            and record.auction is None and record.play is None):
            continue
        yield row_of(report)


def write_csv(rows: Iterable[Row], handle: IO[str]) -> None:
    """Rows as CSV, with a header line."""
    out = csv.DictWriter(handle, fieldnames=COLUMNS, lineterminator="\n")
    out.writeheader()
    for row in rows:
        out.writerow(row)


def to_dataframe(source: str | Path | Iterable[Record],
                 rules: tuple[tuple[str, str], ...] = ()) -> pandas.DataFrame:
    """:func:`to_rows` as a pandas ``DataFrame`` (the ``pandas`` extra:
    ``pip install 'pfn[pandas]'``); counts are nullable integers.

    >>> import pfn
    >>> frame = pfn.to_dataframe("examples/sochi-match.pfn")
    >>> frame["outcome"].value_counts().sort_index()
    outcome
    all-pass             2
    failed               1
    made                 3
    made-without-play    1
    misere-caught        1
    misere-made          1
    Name: count, dtype: int64
    >>> int(frame["tricks_A"].sum())   # the Result tags: 7 + 2 + 5 + 3 + 9 + 1 + 0 + 0
    27
    """
    try:
        import pandas
    except ImportError:
        from pfn.diagnostics import PfnError

        raise PfnError(tr("to_dataframe needs pandas: pip install 'pfn[pandas]'")) from None
    frame = pandas.DataFrame(list(to_rows(source, rules)), columns=list(COLUMNS))
    for column in ("line", "by", *(f"tricks_{s}" for s in SEATS)):
        frame[column] = frame[column].astype("Int64")
    return frame


__all__ = ["COLUMNS", "Row", "row_of", "to_dataframe", "to_rows", "write_csv"]
