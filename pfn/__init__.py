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

from pfn import hooks as _hooks

__version__ = "1.0.0"


# What the lower layers ask the upper ones for (pfn.hooks), handed in here, above every
# layer: a record's text is the writer's, a notebook's picture the renderer's, and the
# reader's words of a variant the families'.  Each module is imported on first use.
def _record_text(record: Record) -> str:
    from pfn.notation.writer import dumps_record

    return dumps_record(record)


def _record_svg(record: Record) -> str | None:
    from pfn.render.diagram import record_svg

    return record_svg(record)


def _replay_svg(replay: Replay) -> str | None:
    from pfn.render.diagram import notebook_svg

    return notebook_svg(replay)


def _board_svg(replay: Replay, trick: int) -> str:
    from pfn.render.diagram import diagram_svg

    return diagram_svg(replay, trick)


def _family_words(name: str) -> tuple[str, Vocabulary] | None:
    from pfn.variants import family_words

    return family_words(name)


def _family_names() -> list[str]:
    from pfn.variants import family_names

    return family_names()


_hooks.record_text, _hooks.record_svg, _hooks.replay_svg = _record_text, _record_svg, _replay_svg
_hooks.board_svg, _hooks.family_words, _hooks.family_names = (_board_svg, _family_words,
                                                               _family_names)

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
    "PfnError": "pfn.errors",
    "UnknownLanguage": "pfn.i18n",
    "RuleError": "pfn.diagnostics",
    "NotationError": "pfn.diagnostics",
    "UnknownVariant": "pfn.diagnostics",
    "OptionError": "pfn.diagnostics",
    "InvalidContract": "pfn.contract",
    "InvalidCard": "pfn.cards",
    "NotAnalysable": "pfn.analysis.position",
    "SplitError": "pfn.corpus.split",
    "EngineError": "pfn.executor",
    "FileChanged": "pfn.corpus.engine",
    "CriteriaError": "pfn.corpus.select",
    "BuildError": "pfn.web.build",
    "NotFormatted": "pfn.formatting",
    "TooDeep": "pfn.notation.sections",
    "ValueProblem": "pfn.notation.values",
    "UnwritableRecord": "pfn.notation.writer",
    "RenderError": "pfn.render.output",
    "PictureTooLarge": "pfn.render.picture",
    "NoLatex": "pfn.render.picture",
    "FontMissing": "pfn.render.look",
    "BlockError": "pfn.render.embed",
    "NoDeal": "pfn.render.html",
    "NotExportable": "pfn.formats.bts",
    "WriteError": "pfn.files",
    "PipeClosed": "pfn.files",
    "EngineMissing": "pfn.analysis.engines",
    "BadInput": "pfn.analysis.inputs",
    "Board": "pfn.board",
    "CardSet": "pfn.cards",
    "Outcome": "pfn.outcome",
    "odds": "pfn.analysis.odds",
    "to_rows": "pfn.corpus.rows",
    "to_dataframe": "pfn.corpus.rows",
}

if TYPE_CHECKING:
    from pfn.analysis.annotate import analyse
    from pfn.analysis.engines import EngineMissing
    from pfn.analysis.inputs import BadInput
    from pfn.analysis.odds import odds
    from pfn.analysis.position import NotAnalysable
    from pfn.analysis.solve import solve
    from pfn.board import Board
    from pfn.cards import Card, CardSet, InvalidCard
    from pfn.check import check_file
    from pfn.contract import Contract, InvalidContract
    from pfn.corpus.engine import FileChanged
    from pfn.corpus.rows import to_dataframe, to_rows
    from pfn.corpus.select import CriteriaError
    from pfn.corpus.split import SplitError
    from pfn.deal import replay, score
    from pfn.diagnostics import NotationError, OptionError, RuleError, UnknownVariant
    from pfn.errors import PfnError
    from pfn.executor import EngineError
    from pfn.files import PipeClosed, WriteError
    from pfn.formats.bts import NotExportable
    from pfn.formatting import NotFormatted
    from pfn.i18n import UnknownLanguage
    from pfn.model import Call, Record
    from pfn.notation.reader import load, loads, read
    from pfn.notation.sections import TooDeep
    from pfn.notation.values import ValueProblem
    from pfn.notation.writer import UnwritableRecord, dump, dumps
    from pfn.outcome import Outcome
    from pfn.render.embed import BlockError
    from pfn.render.html import NoDeal
    from pfn.render.look import FontMissing
    from pfn.render.output import RenderError
    from pfn.render.picture import NoLatex, PictureTooLarge
    from pfn.rules.replay import Replay
    from pfn.seats import Seat
    from pfn.vocabulary import Vocabulary
    from pfn.web.build import BuildError


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'pfn' has no attribute {name!r}")
    return getattr(import_module(module), name)


def __dir__() -> list[str]:
    # what tab completion and help(pfn) list: the API, not this module's own imports
    return sorted([*__all__, "__version__", "__doc__", "__name__", "__file__", "__path__"])


__all__ = ["BadInput", "BlockError", "Board", "BuildError", "Call", "Card", "CardSet", "Contract",
           "CriteriaError", "EngineError", "EngineMissing", "FileChanged",
           "FontMissing", "InvalidCard", "InvalidContract", "NoDeal", "NoLatex",
           "NotAnalysable", "NotExportable", "NotFormatted", "NotationError",
           "OptionError", "Outcome", "PfnError", "PictureTooLarge", "PipeClosed",
           "Record", "RenderError", "RuleError", "Seat", "SplitError", "TooDeep",
           "UnknownLanguage", "UnknownVariant", "UnwritableRecord", "ValueProblem", "WriteError",
           "analyse", "check_file", "dump", "dumps", "load", "loads", "odds", "read",
           "replay", "score", "solve", "to_dataframe", "to_rows"]
