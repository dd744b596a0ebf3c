"""``pfn stats``: what a corpus holds, counted in one pass.

:class:`Stats` adds records one at a time and merges with another (each worker counts
its batch), so the counts are the same however the work was cut.
"""

from __future__ import annotations

import csv
import io
import json
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from pfn.corpus.stream import Entry
from pfn.diagnostics import Severity
from pfn.i18n import column_widths, number, ptr, table_row, tr
from pfn.outcome import outcome


@dataclass
class Stats:
    """Counts over a corpus."""

    records: int = 0
    unparsed: int = 0
    deals: int = 0
    """Records with a contract (all-passes included)."""
    variants: Counter[str] = field(default_factory=Counter)
    contracts: Counter[str] = field(default_factory=Counter)
    outcomes: Counter[str] = field(default_factory=Counter)
    made: Counter[str] = field(default_factory=Counter)
    """Per contract: deals the declarer made, with or without play (misère: kept clean)."""
    decided: Counter[str] = field(default_factory=Counter)
    """Per contract: deals whose outcome is known (the success rate's divisor)."""
    score_records: int = 0
    score_entries: int = 0
    codes: Counter[str] = field(default_factory=Counter)
    clean: int = 0
    """Records with no error and no warning (when checked)."""
    checked: bool = False

    def add(self, entry: Entry) -> None:
        """Count one record."""
        record = entry.record
        if record.empty:
            return
        self.records += 1
        for diagnostic in entry.diagnostics:
            self.codes[diagnostic.code] += 1
        if not any(d.severity is not Severity.INFO for d in entry.diagnostics):
            self.clean += 1
        if not record.syntax_ok:
            self.unparsed += 1
            return
        self.variants[record.variant] += 1
        if record.score:
            self.score_records += 1
            self.score_entries += len(record.score)
        contract = record.contract
        if contract is None:
            return
        self.deals += 1
        name = "all-pass" if contract.allpass else str(contract)
        self.contracts[name] += 1
        found = outcome(record)
        self.outcomes[found.kind] += 1
        if found.decided:
            self.decided[name] += 1
            self.made[name] += found.made

    def merge(self, other: Stats) -> Stats:
        """Add another batch's counts to these."""
        for name in ("records", "unparsed", "deals", "score_records", "score_entries",
                     "clean"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for name in ("variants", "contracts", "outcomes", "made", "decided", "codes"):
            getattr(self, name).update(getattr(other, name))
        self.checked = self.checked or other.checked
        return self

    # -- reports ------------------------------------------------------------

    def as_dict(self) -> dict[str, Any]:
        """Everything counted, as JSON-ready data (sorted, so the same corpus gives the
        same document)."""
        def rate(name: str) -> float | None:
            return round(self.made[name] / self.decided[name], 4) if self.decided[name] \
                else None

        out: dict[str, Any] = {
            "records": self.records, "unparsed": self.unparsed, "deals": self.deals,
            "variants": dict(sorted(self.variants.items())),
            "contracts": {name: {"deals": n, "decided": self.decided[name],
                                 "made": self.made[name], "success_rate": rate(name)}
                          for name, n in sorted(self.contracts.items(), key=_contract_order)},
            "outcomes": dict(sorted(self.outcomes.items())),
            "all_pass_frequency": round(self.contracts["all-pass"] / self.deals, 4)
            if self.deals else None,
            "score_entries_per_scored_record": round(self.score_entries /
                                                     self.score_records, 4)
            if self.score_records else None,
        }
        if self.checked:
            out["clean"] = self.clean
            out["diagnostics"] = dict(sorted(self.codes.items()))
        return out

    def json(self) -> str:
        """The counts as one JSON document."""
        return json.dumps(self.as_dict(), ensure_ascii=False, indent=2) + "\n"

    def csv(self) -> str:
        """The counts as CSV rows: ``section,key,deals`` (a contract's rows carry its
        deals, the decided ones — the success rate's divisor —, made and success rate)."""
        buffer = io.StringIO()
        out = csv.writer(buffer, lineterminator="\n")
        out.writerow(["section", "key", "deals", "decided", "made", "success_rate"])
        data = self.as_dict()
        for key in ("records", "unparsed", "deals", "all_pass_frequency",
                    "score_entries_per_scored_record", "clean"):
            if key in data:
                out.writerow(["total", key, data[key], "", "", ""])
        for section in ("variants", "outcomes", "diagnostics"):
            for key, value in data.get(section, {}).items():
                out.writerow([section, key, value, "", "", ""])
        for name, row in data["contracts"].items():
            rate = "" if row["success_rate"] is None else row["success_rate"]
            out.writerow(["contracts", name, row["deals"], row["decided"], row["made"], rate])
        return buffer.getvalue()

    def table(self) -> str:
        """The counts for a terminal."""
        data = self.as_dict()
        counts = tr("records {records}  (deals {deals}, unparsed {unparsed}, clean {clean})",
                    **data) if "clean" in data else \
            tr("records {records}  (deals {deals}, unparsed {unparsed})", **data)
        lines = [counts]
        if data["variants"]:
            lines.append(tr("variants  {counts}", counts="  ".join(
                f"{k} {v}" for k, v in data["variants"].items())))
        if data["outcomes"]:
            lines.append(tr("outcomes  {counts}", counts="  ".join(
                f"{k} {v}" for k, v in data["outcomes"].items())))
        if data["all_pass_frequency"] is not None:
            lines.append(tr("all-pass  {share} of deals",
                            share=number(data['all_pass_frequency'], ".1%")))
        if data["score_entries_per_scored_record"] is not None:
            lines.append(tr("score entries  {n} per scored record",
                            n=number(data['score_entries_per_scored_record'], ".2f")))
        if data["contracts"]:
            lines.append("")
            heads = (tr("contract"), ptr("count", "deals"), tr("decided"), tr("made"),
                     tr("success"))
            widths = column_widths(heads, (12, 7, 9, 7, 9))
            lines.append(table_row(heads, widths))
            for name, counts in data["contracts"].items():
                rate = counts["success_rate"]
                lines.append(table_row([name, counts["deals"], counts["decided"],
                                        counts["made"],
                                        "—" if rate is None else number(rate, ".1%")], widths))
            lines.append(tr("success = made ÷ decided: the deals whose outcome is known (made,"
                            " with or without play, or failed); made without play counts as"
                            " made"))
        if data.get("diagnostics"):
            lines.append("")
            lines.append(tr("diagnostics  {counts}", counts="  ".join(
                f"{k} {v}" for k, v in data["diagnostics"].items())))
        return "\n".join(lines) + "\n"


_STRAINS = {"S": 0, "C": 1, "D": 2, "H": 3, "NT": 4}


def _contract_order(item: tuple[str, int]) -> tuple[int, int, str]:
    """Contracts in ladder order: 6♠ … 10NT, then misère, then all-pass, then others."""
    name = item[0]
    base = name.removesuffix("-hand")
    if base[:1].isdigit():
        level = int(base[:-2] if base.endswith("NT") else base[:-1] or 0)
        strain = base[len(str(level)):]
        return 0, level * 10 + _STRAINS.get(strain, 9) + (5 if name.endswith("-hand") else 0), name
    if base.startswith("mis"):
        return 1, 0, name
    if name == "all-pass":
        return 2, 0, name
    return 3, 0, name


@dataclass(frozen=True)
class StatsJob:
    """``pfn stats`` on one span."""

    checked: bool = True

    def run(self, found: Iterator[Entry]) -> Stats:
        stats = Stats(checked=self.checked)
        for entry in found:
            stats.add(entry)
        return stats
