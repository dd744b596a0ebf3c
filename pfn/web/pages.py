"""The replay page and the score sheet inside the site: ``pfn render -f html``'s page
(:mod:`pfn.render.html`, the same component) and ``pfn score``'s sheet, for the text in
the page's editor.

The site ships no matplotlib (Pyodide's core only, nothing fetched at run time), so the
pictures are not drawn in the page: the replay page comes without its sheet picture,
and the sheet is the table ``pfn score`` prints (the page's module loads matplotlib only
where it draws a sheet).
"""

from __future__ import annotations

import json

from pfn.i18n import tr, use

NAME = "<page>"


def replay(text: str, board: str | None = None, lang: str = "en") -> str:
    """``{"html": …}``: the replay page of ``text``'s deals (``board``: that deal only),
    as ``pfn render -f html`` writes it (a match's sheet picture left out); or ``{"reason": …}``
    when there is no deal to show."""
    from pfn.notation.reader import find_board, loads
    from pfn.render import html

    with use(lang):
        records = [r for r in loads(text, name=NAME) if not r.empty]
        deals = [r for r in records if r.deal is not None or r.play is not None]
        if board is not None:
            found = find_board(deals, board, False)
            if found is None:
                return json.dumps({"reason": tr("{source}: no board {board} to solve",
                                                source=NAME, board=board)},
                                  ensure_ascii=False)
            deals = [found]
        if not deals:
            return json.dumps({"reason": tr("no deal to draw")}, ensure_ascii=False)
        # the command line's page, its heading too; the sheets are not drawn here
        page = html.replay_page(records, deals, sheets=False)
    return json.dumps({"html": page}, ensure_ascii=False)


def sheet(text: str, lang: str = "en") -> str:
    """``{"text": …}``: the deals, the sheet and the settlement of every match in
    ``text``, as ``pfn score`` prints them (empty when there is nothing to score)."""
    from pfn.notation.reader import loads
    from pfn.report import format_text, reports

    with use(lang):
        records = [r for r in loads(text, name=NAME) if not r.empty and r.syntax_ok]
        found = "\n".join(format_text([item]) for item in reports(records))
    return json.dumps({"text": found}, ensure_ascii=False)
