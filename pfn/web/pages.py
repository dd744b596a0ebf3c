"""The replay page and the score sheet inside the site: ``pfn render -f html``'s page
(:mod:`pfn.render.html`, the same component) and ``pfn score``'s sheet, for the text in
the page's editor.

The site ships no matplotlib (Pyodide's core only, nothing fetched at run time), so the
pictures are not drawn in the page: the replay page comes without its sheet picture,
and the sheet is the table ``pfn score`` prints. The renderer's modules name
matplotlib's classes when they are imported; where matplotlib is absent those names are
stand-ins that nothing in the replay page calls.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import json
import sys
import types
from collections.abc import Sequence

from pfn.i18n import tr, use

NAME = "<page>"


class _Absent(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """matplotlib's modules, where it is not installed: every name in them a class that
    stands for one (to be named in a signature, never to draw)."""

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: types.ModuleType | None = None
                  ) -> importlib.machinery.ModuleSpec | None:
        if fullname != "matplotlib" and not fullname.startswith("matplotlib."):
            return None
        return importlib.machinery.ModuleSpec(fullname, self, is_package=True)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType:
        module = types.ModuleType(spec.name)
        module.__path__ = []

        def stand_in(name: str) -> type:
            if name.startswith("__"):
                raise AttributeError(name)
            return type(name, (), {"__module__": spec.name})

        module.__getattr__ = stand_in  # type: ignore[method-assign]
        return module

    def exec_module(self, module: types.ModuleType) -> None:
        pass


def _renderer() -> types.ModuleType:
    """:mod:`pfn.render.html`, with matplotlib's names stood in for where it is absent."""
    if importlib.util.find_spec("matplotlib") is None and \
            not any(isinstance(f, _Absent) for f in sys.meta_path):
        sys.meta_path.insert(0, _Absent())
    import pfn.render.html

    return pfn.render.html


def replay(text: str, board: str | None = None, lang: str = "en") -> str:
    """``{"html": …}``: the replay page of ``text``'s deals (``board``: that deal only),
    as ``pfn render -f html`` writes it (a match's sheet picture left out); or ``{"reason": …}``
    when there is no deal to show."""
    from pfn.deal import replay as replayed
    from pfn.notation.reader import find_board, loads

    html = _renderer()
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
        matches = list(dict.fromkeys(r.match for r in deals if r.match is not None))
        heading = f"{matches[0]} — pfn replay" if len(matches) == 1 else \
            deals[0].tag("Event") or deals[0].tag("Board") or "pfn replay"
        page = html.page([replayed(r, on_error="collect") for r in deals], (), heading)
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
