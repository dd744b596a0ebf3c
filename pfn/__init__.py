"""pfn: Preferans hand histories as text — the PFN notation, its validator and renderer.

The common entry points are available from the package itself and are imported on
first use, so ``import pfn`` stays cheap::

    import pfn

    for record in pfn.read("pool.pfn"):
        result = pfn.replay(record, on_error="collect")
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

__version__ = "1.0.0"

_EXPORTS = {
    "read": "pfn.notation.reader",
    "loads": "pfn.notation.reader",
    "load": "pfn.notation.reader",
    "dumps": "pfn.notation.writer",
    "dump": "pfn.notation.writer",
    "replay": "pfn.deal",
    "score": "pfn.deal",
    "check_file": "pfn.check",
    "solve": "pfn.analysis.solve",
    "analyse": "pfn.analysis.annotate",
    "Record": "pfn.model",
    "Card": "pfn.cards",
    "Seat": "pfn.seats",
    "Call": "pfn.model",
    "Contract": "pfn.contract",
    "PfnError": "pfn.diagnostics",
    "RuleError": "pfn.diagnostics",
    "NotationError": "pfn.diagnostics",
    "UnknownVariant": "pfn.diagnostics",
    "OptionError": "pfn.diagnostics",
    "InvalidContract": "pfn.contract",
    "InvalidCard": "pfn.cards",
    "NotAnalysable": "pfn.analysis.position",
    "Board": "pfn.board",
    "CardSet": "pfn.cards",
    "Outcome": "pfn.outcome",
    "odds": "pfn.analysis.odds",
    "to_rows": "pfn.corpus.rows",
    "to_dataframe": "pfn.corpus.rows",
}

if TYPE_CHECKING:
    from pfn.analysis.annotate import analyse
    from pfn.analysis.odds import odds
    from pfn.analysis.position import NotAnalysable
    from pfn.analysis.solve import solve
    from pfn.board import Board
    from pfn.cards import Card, CardSet, InvalidCard
    from pfn.check import check_file
    from pfn.contract import Contract, InvalidContract
    from pfn.corpus.rows import to_dataframe, to_rows
    from pfn.deal import replay, score
    from pfn.diagnostics import NotationError, OptionError, PfnError, RuleError, UnknownVariant
    from pfn.model import Call, Record
    from pfn.notation.reader import load, loads, read
    from pfn.notation.writer import dump, dumps
    from pfn.outcome import Outcome
    from pfn.seats import Seat


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'pfn' has no attribute {name!r}")
    return getattr(import_module(module), name)


def __dir__() -> list[str]:
    # what tab completion and help(pfn) list: the API, not this module's own imports
    return sorted([*__all__, "__version__", "__doc__", "__name__", "__file__", "__path__"])


__all__ = ["Board", "Call", "Card", "CardSet", "Contract", "InvalidCard", "InvalidContract",
           "NotAnalysable", "NotationError", "OptionError", "Outcome", "PfnError", "Record",
           "RuleError", "Seat", "UnknownVariant", "analyse", "check_file", "dump", "dumps",
           "load", "loads", "odds", "read", "replay", "score", "solve", "to_dataframe",
           "to_rows"]
