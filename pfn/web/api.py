"""What the static site's page (and ``window.pfn``) calls, in pfn's own words: each
function takes the text of a file and answers in JSON, as the command line does.

It imports only the light core (reader, rules, scoring, solver: lark and the standard
library), which is what lets it run unchanged on Pyodide.
"""

from __future__ import annotations

import io
import json

from pfn.i18n import N_, tr, use

NAME = "<page>"
"""The file name diagnostics carry: the page's editor."""


def check(text: str, lang: str = "en", analyse: bool = False) -> str:
    """The diagnostics of ``text`` as a JSON array, each object what ``pfn check --format
    json`` prints for it (the same keys, codes, lines, columns and words)."""
    from pfn.check import CheckOptions, check_records, sniff
    from pfn.notation.reader import Reader

    found: list[dict[str, object]] = []
    with use(lang):
        lines, problem = sniff(iter(io.StringIO(text)), NAME)
        if problem is not None:
            found.append(problem.to_json())
        else:
            for report in check_records(Reader(NAME).records(lines),
                                        CheckOptions(analyse=analyse)):
                found += [d.to_json() for d in report.diagnostics]
    return json.dumps(found, ensure_ascii=False)


def format(text: str, lang: str = "en") -> str:
    """``{"text": …}``: ``text`` in export format, as ``pfn fmt`` writes it; or
    ``{"problems": […]}`` (diagnostics as :func:`check` gives them) when it cannot be."""
    from pfn.formatting import NotFormatted, export, formatted

    out = io.StringIO()
    with use(lang):
        try:
            export(formatted(io.StringIO(text), NAME), out, NAME)
        except NotFormatted as error:
            return json.dumps({"problems": [d.to_json() for d in error.problems]},
                              ensure_ascii=False)
    return json.dumps({"text": out.getvalue()}, ensure_ascii=False)


def solve(text: str, board: str | None = None, trick: int | None = None,
          lang: str = "en") -> str:
    """The open-hand value of a deal of ``text`` (``board``: by its Board tag, else the
    first deal) before trick ``trick`` (before the lead by default): ``value`` and each
    legal card's value, the keys ``pfn solve --format json`` gives them; or
    ``{"analysable": false, "reason": …}``."""
    from pfn.analysis.position import NotAnalysable
    from pfn.analysis.solve import Solver, position_at
    from pfn.deal import replay
    from pfn.notation.reader import find_board, loads

    with use(lang):
        records = loads(text, name=NAME)
        record = find_board(records, board, False)
        if record is None:
            return json.dumps({"analysable": False,
                               "reason": tr("{source}: no board {board} to solve",
                                            source=NAME, board=board)
                               if board is not None else
                               tr("{source}: no deal to solve", source=NAME)},
                              ensure_ascii=False)
        result = replay(record, on_error="collect")
        first = record.first_trick
        at = trick or first
        try:
            position = position_at(result, at, 0)
            solution = Solver(position.start).solve(position)
        except NotAnalysable as error:
            return json.dumps({"board": record.tag("Board"), "analysable": False,
                               "reason": str(error)}, ensure_ascii=False)
    return json.dumps({"board": record.tag("Board"), "analysable": True, "trick": at,
                       "card": 0, "kind": solution.kind,
                       "to_play": None if solution.mover is None else str(solution.mover),
                       "value": solution.value,
                       "cards": {str(c): v for c, v in solution.cards.items()},
                       "best": [str(c) for c in solution.best]}, ensure_ascii=False)


LABELS = {
    "title": N_("pfn: check, format and solve Preferans records"),
    "loading": N_("Loading pfn…"),
    "ready": N_("Ready: the rules and the solver run in this page, offline too."),
    "source": N_("PFN text (open a file, drop one here, or type)"),
    "open": N_("Open a file"),
    "check": N_("Check"),
    "format": N_("Format"),
    "solve": N_("Solve"),
    "diagnostics": N_("Diagnostics"),
    "clean": N_("clean: no problems found"),
    "board": N_("Board"),
    "trick": N_("Trick"),
    "value": N_("Best play: {value}"),
    "cards": N_("Each card:"),
    "language": N_("Language"),
    "record": N_("Record"),
    "ok": N_("OK"),
    "undo": N_("Undo"),
    "download": N_("Download PFN"),
    "share": N_("Share"),
    "new_pool": N_("New pool"),
    "over": N_("The pool is over: download it or share it."),
    "tricks_of": N_("Tricks taken by {name}"),
    "confirm_new": N_("Start a new pool? The pool on this page is lost unless downloaded."),
    "pool": N_("{names} — deals recorded: {n}"),
    "replay": N_("Replay"),
    "sheet": N_("Score sheet"),
    "nothing_to_score": N_("nothing to score"),
}
"""The page's own words, keyed as ``app.js`` names them."""


def record(file: str, setup: str = "[]", answers: str = "[]", lang: str = "en") -> str:
    """A pool recorded in the page: see :func:`pfn.web.recording.record`."""
    from pfn.web import recording

    return recording.record(file, setup, answers, lang)


def replay(text: str, board: str | None = None, lang: str = "en") -> str:
    """The replay page of the text's deals: see :func:`pfn.web.pages.replay`."""
    from pfn.web import pages

    return pages.replay(text, board, lang)


def sheet(text: str, lang: str = "en") -> str:
    """The score sheet of the text's matches: see :func:`pfn.web.pages.sheet`."""
    from pfn.web import pages

    return pages.sheet(text, lang)


def highlight(text: str) -> str:
    """The editor's token spans: see :func:`pfn.web.colours.tokens`."""
    from pfn.web import colours

    return colours.tokens(text)


def highlight_style() -> str:
    """The CSS of the lexer's style: see :func:`pfn.web.colours.style`."""
    from pfn.web import colours

    return colours.style()


def labels(lang: str = "en") -> str:
    """The page's words in ``lang`` as a JSON object."""
    with use(lang):
        return json.dumps({key: tr(text) for key, text in LABELS.items()},
                          ensure_ascii=False)
