"""Problem sets (``pfn render --problems``): the statements, then the answers at the end.

Every deal of a file becomes a numbered problem, as a book of problems sets them: the
statement is the diagram before the lead (or before an ending's first trick) with the
hands the problem hides not shown — those the record leaves out, or ``--hide`` — and
the record's comment as its text; the answers come after the last statement: the
solution (the play the record gives), what best play makes with every card seen (when
the record has every hand), and the chances from the solver's seat over the layouts
he cannot tell apart (:mod:`pfn.analysis.odds`), beside the figures the problem
prints (``[Chance]``, ``[Expected]``).  A PDF of pages, or one HTML page.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from pfn.deal import replay as replay_of
from pfn.diagnostics import PfnError, printable
from pfn.files import write_atomic
from pfn.i18n import ntr, tr
from pfn.model import Record
from pfn.render.diagram import deal_figure
from pfn.render.fit import wrap
from pfn.render.look import BLACK, Style, typeset
from pfn.render.output import RenderError, Request
from pfn.render.picture import save, save_pages, svg_text
from pfn.render.position import card_text, named_trick_line, short_name, title
from pfn.render.words import Words, words_for
from pfn.rules.replay import Replay
from pfn.seats import Seat

CHANCE_LIMIT = 20_000
"""Layouts weighed one by one for a problem's chances; beyond it, a sample."""
CHANCE_SAMPLE = 1_000


@dataclass(frozen=True)
class Answer:
    """What the answers say of one problem, line by line."""

    number: int
    heading: str
    lines: tuple[str, ...]


def problem_set(records: Sequence[Record], request: Request) -> list[str]:
    """Write the problems of ``records`` as ``request`` asks (PDF pages or HTML); the
    files written."""
    kind = request.kind if request.kind in ("pdf", "html", "svg", "png") else None
    if kind is None:
        raise RenderError(tr("a problem set is pages: a PDF (-o problems.pdf), a page"
                             " (-f html), or numbered SVG or PNG files"))
    deals = [r for r in records if r.deal is not None]
    if not deals:
        raise RenderError(tr("no deal to set as a problem"))
    style = request.style
    statements = []
    answers = []
    for number, record in enumerate(deals, start=1):
        replay = replay_of(record, on_error="collect")
        words = words_for(style.lang, replay.variant.language)
        look = replace(style, caption=words.problem.format(n=number))
        statements.append(deal_figure(replay, 0, look, request.hidden))
        answers.append(answer(replay, number, words, request.hidden))
    path = request.output or f"{request.stem}-problems.{kind}"
    words = words_for(style.lang, replay_of(deals[0], on_error="collect").variant.language)
    said = ntr("({n} problem)", "({n} problems)", len(deals))
    if kind == "pdf":
        save_pages(statements + _answer_pages(answers, style, words), path)
    elif kind == "html":
        write_atomic(path, _page(statements, answers, words).encode("utf-8"))
    else:  # numbered files: problems-01.svg …, then problems-answers.svg (-2, … if more)
        base = str(Path(path).with_suffix(""))
        written = []
        for number, figure in enumerate(statements, start=1):
            written.append(f"{base}-{number:02d}.{kind}")
            save(figure, written[-1], kind, request.dpi)
        for index, figure in enumerate(_answer_pages(answers, style, words)):
            written.append(f"{base}-answers{f'-{index + 1}' if index else ''}.{kind}")
            save(figure, written[-1], kind, request.dpi)
        return [*written[:-1], f"{written[-1]} {said}"]
    return [f"{path} {said}"]


def answer(replay: Replay, number: int, words: Words, hidden: Sequence[Seat] = ()
           ) -> Answer:
    """The answer to problem ``number``: the solution, the open-hand values, the
    chances, and what the problem states."""
    record = replay.record
    lines = []
    if replay.tricks:
        lines.append(f"{words.solution}: " + "; ".join(
            named_trick_line(replay, t, words) for t in replay.tricks))
    else:
        lines.append(f"{words.solution}: {words.no_solution}")
    opened = _open_hands(replay, words)
    if opened:
        lines.append(opened)
    chances = _chances(replay, words, hidden)
    if chances:
        lines.append(chances)
    said = [f"{tag} {record.tag(tag)}" for tag in ("Chance", "Expected") if record.tag(tag)]
    if said:
        lines.append(words.stated.format(said=", ".join(printable(s) for s in said)))
    return Answer(number, f"{words.problem.format(n=number)} · {title(replay, words)}",
                  tuple(lines))


def _open_hands(replay: Replay, words: Words) -> str | None:
    """What best play makes with every hand seen, and the cards that keep it."""
    from pfn.analysis.position import NotAnalysable
    from pfn.analysis.solve import position_at, solve

    try:
        solution = solve(position_at(replay, replay.record.first_trick))
    except (NotAnalysable, PfnError):
        return None  # hands not all known, or no contract to play
    if solution.value is None or solution.mover is None:
        return None
    best = ", ".join(card_text(c, words) for c in solution.best)
    return words.open_hands.format(value=words.tricks(solution.value), best=best)


def _chances(replay: Replay, words: Words, hidden: Sequence[Seat]) -> str | None:
    """The chances from the solver's seat (the declarer's), when the problem hides
    cards from him: each card he may play and how often the contract makes after it."""
    from pfn.analysis.odds import odds
    from pfn.analysis.position import NotAnalysable

    seat = replay.declarer
    unknown = any(not known for known in replay.complete[:replay.players])
    if seat is None or not (unknown or hidden):
        return None
    try:
        found = odds(replay, seat, replay.record.first_trick, limit=CHANCE_LIMIT,
                     sample=CHANCE_SAMPLE)
    except (NotAnalysable, PfnError):
        return None
    if not found.cards:
        return None
    ranked = sorted(found.cards.values(), key=lambda o: (-(o.makes or 0), -o.expected))
    cards = ", ".join(
        f"{card_text(o.card, words)} " + (words.makes.format(p=f"{o.makes:.0%}")
                                           if o.makes is not None else f"{o.expected:.2f}")
        for o in ranked[:4])
    from pfn.analysis.layouts import view_of

    total = found.layouts if found.exhaustive else \
        view_of(replay, seat, replay.record.first_trick).count()
    counted = words.layouts_all.format(n=f"{total:,}") if found.exhaustive else \
        words.layouts_some.format(k=f"{found.layouts:,}", n=f"{total:,}")
    return words.chances.format(seat=short_name(replay, seat), layouts=counted, cards=cards)


def _answer_pages(answers: Sequence[Answer], style: Style, words: Words) -> list[Figure]:
    """The answers as pages of the same width as the diagrams, as many as they need."""
    size = style.size
    line = size * 1.5 / 72
    per_page = 40
    pages: list[Figure] = []
    with typeset(style):
        rows: list[tuple[str, dict[str, object]]] = [(words.answers, {
            "fontsize": size * 1.2, "fontweight": "bold"})]
        probe = Figure(figsize=(style.width, 1))
        FigureCanvasAgg(probe)
        ax = probe.add_axes((0, 0, 1, 1))
        ax.set_xlim(0, 1)
        for item in answers:
            rows.append((item.heading, {"fontsize": size, "fontweight": "bold"}))
            for text in item.lines:
                rows += [(part, {"fontsize": size * 0.9})
                         for part in wrap(ax, text, 0.94, fontsize=size * 0.9)]
        for start in range(0, len(rows), per_page):
            chunk = rows[start:start + per_page]
            figure = Figure(figsize=(style.width, (len(chunk) + 1) * line))
            FigureCanvasAgg(figure)
            page = figure.add_axes((0, 0, 1, 1))
            page.set_axis_off()
            page.set_xlim(0, 1)
            page.set_ylim(0, len(chunk) + 1)
            for i, (text, look) in enumerate(chunk):
                page.text(0.02, len(chunk) - i, text, va="center", color=BLACK,
                          gid=f"answer-{start + i}", **look)  # type: ignore[arg-type]
            pages.append(figure)
    return pages


def _page(statements: Sequence[Figure], answers: Sequence[Answer], words: Words) -> str:
    """One HTML page: each statement's diagram, then the answers (every text from the
    record escaped)."""
    out = ["<!DOCTYPE html>", f'<html lang="{words.lang}"><head><meta charset="utf-8">',
           f"<title>{html.escape(words.answers)}</title>",
           "<style>body{font-family:sans-serif;max-width:44em;margin:2em auto;padding:0 1em}"
           "figure{margin:2em 0}svg{max-width:100%;height:auto}"
           "ol.answers li{margin:1em 0}</style></head><body>"]
    for number, figure in enumerate(statements, start=1):
        svg = svg_text(figure)
        svg = svg[svg.index("<svg"):]
        out.append(f'<figure id="problem-{number}">{svg}</figure>')
    out.append(f"<h2>{html.escape(words.answers)}</h2><ol class=\"answers\">")
    for item in answers:
        lines = "".join(f"<p>{html.escape(text)}</p>" for text in item.lines)
        out.append(f'<li id="answer-{item.number}"><strong>{html.escape(item.heading)}'
                   f"</strong>{lines}</li>")
    out.append("</ol></body></html>")
    return "\n".join(out) + "\n"
