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
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TextIO

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from pfn.deal import replay as replay_of
from pfn.diagnostics import PfnError, printable
from pfn.files import write_atomic
from pfn.i18n import ntr, tr
from pfn.model import Record
from pfn.render.diagram import deal_figure
from pfn.render.fit import drawn_at, wrap
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


def problem_set(records: Iterable[Record], request: Request) -> list[str]:
    """Write the problems of ``records`` as ``request`` asks (PDF pages, HTML, or
    numbered SVG or PNG files); the files written.  Each statement is written as it is
    drawn and then let go, and the records are read as they come: the memory a set
    takes is that of a page or two, whatever the number of problems (only the answers'
    few lines are kept, for the end)."""
    kind = request.kind if request.kind in ("pdf", "html", "svg", "png") else None
    if kind is None:
        raise RenderError(tr("a problem set is pages: a PDF (-o problems.pdf), a page"
                             " (-f html), or numbered SVG or PNG files"))
    with drawn_at(request.dpi):  # the statements' text measured as the PNG draws it
        return _problem_set(records, request, kind)


def _problem_set(records: Iterable[Record], request: Request, kind: str) -> list[str]:
    made = _Made(records, request)
    path = request.output or f"{request.stem}-problems.{kind}"
    if kind == "pdf":
        save_pages(made.pages(), path)
    elif kind == "html":
        write_atomic(path, made.page)
    else:  # numbered files: problems-01.svg …, then problems-answers.svg (-2, … if more)
        base = str(Path(path).with_suffix(""))
        written = []
        for number, figure in made.statements():
            written.append(f"{base}-{number:02d}.{kind}")
            save(figure, written[-1], kind, request.dpi)
        for index, figure in enumerate(made.answer_pages()):
            written.append(f"{base}-answers{f'-{index + 1}' if index else ''}.{kind}")
            save(figure, written[-1], kind, request.dpi)
        return [*written[:-1], f"{written[-1]} {made.said()}"]
    return [f"{path} {made.said()}"]


class _Made:
    """The problems of a file, drawn one at a time: each statement as it is asked for,
    its answer kept for the answers at the end."""

    def __init__(self, records: Iterable[Record], request: Request) -> None:
        self.records = records
        self.request = request
        self.answers: list[Answer] = []
        self.words: Words | None = None
        """The words of the first problem's variant: the answers' heading."""

    def statements(self) -> Iterator[tuple[int, Figure]]:
        """Each problem's number and statement, drawn when asked for."""
        style = self.request.style
        number = 0
        for record in self.records:
            if record.deal is None:
                continue
            number += 1
            replay = replay_of(record, on_error="collect")
            words = words_for(style.lang, replay.variant.language)
            if self.words is None:
                self.words = words
            look = replace(style, caption=words.problem.format(n=number))
            self.answers.append(answer(replay, number, words, self.request.hidden))
            yield number, deal_figure(replay, 0, look, self.request.hidden)
        if not number:
            raise RenderError(tr("no deal to set as a problem"))

    def answer_pages(self) -> Iterator[Figure]:
        """The answers, after the last statement."""
        assert self.words is not None
        return _answer_pages(self.answers, self.request.style, self.words)

    def pages(self) -> Iterator[Figure]:
        """Every page of the set: the statements, then the answers."""
        for _, figure in self.statements():
            yield figure
        yield from self.answer_pages()

    def page(self, out: TextIO) -> None:
        """The set as one HTML page, written as it is drawn."""
        _page(self.statements(), self.answers, lambda: self.words, out)

    def said(self) -> str:
        return ntr("({n} problem)", "({n} problems)", len(self.answers))


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


def _answer_pages(answers: Sequence[Answer], style: Style, words: Words
                  ) -> Iterator[Figure]:
    """The answers as pages of the same width as the diagrams, as many as they need,
    each made when asked for."""
    size = style.size
    line = size * 1.5 / 72
    per_page = 40
    with typeset(style):
        rows: list[tuple[str, dict[str, object]]] = [(words.answers, {
            "fontsize": size * 1.2, "fontweight": "bold"})]
        probe = Figure(figsize=(style.width, 1))
        FigureCanvasAgg(probe)
        ax = probe.add_axes((0, 0, 1, 1))
        ax.set_xlim(0, 1)
        for item in answers:  # every line broken to the page, a long name or word too
            bold = {"fontsize": size, "fontweight": "bold"}
            rows += [(part, bold) for part in wrap(ax, item.heading, 0.96, True, **bold)]
            for text in item.lines:
                rows += [(part, {"fontsize": size * 0.9})
                         for part in wrap(ax, text, 0.94, True, fontsize=size * 0.9)]
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
            yield figure


def _page(statements: Iterable[tuple[int, Figure]], answers: Sequence[Answer],
          words: Callable[[], Words | None], out: TextIO) -> None:
    """One HTML page: each statement's diagram as it is drawn, then the answers (every
    text from the record escaped); ``words``: the page's words, known from the first
    problem on."""
    head = ["<!DOCTYPE html>", '<html lang="{lang}"><head><meta charset="utf-8">',
            "<title>{title}</title>",
            "<style>body{{font-family:sans-serif;max-width:44em;margin:2em auto;"
            "padding:0 1em}}figure{{margin:2em 0}}svg{{max-width:100%;height:auto}}"
            "ol.answers li{{margin:1em 0}}</style></head><body>"]
    for number, figure in statements:
        if number == 1:
            said = words()
            assert said is not None
            out.write("\n".join(head).format(lang=said.lang,
                                             title=html.escape(said.answers)) + "\n")
        svg = svg_text(figure)
        svg = svg[svg.index("<svg"):]
        out.write(f'<figure id="problem-{number}">{svg}</figure>\n')  # data
    said = words()
    assert said is not None
    out.write(f"<h2>{html.escape(said.answers)}</h2><ol class=\"answers\">\n")  # data
    for item in answers:
        lines = "".join(f"<p>{html.escape(text)}</p>" for text in item.lines)
        item_html = (f'<li id="answer-{item.number}"><strong>{html.escape(item.heading)}'
                     f"</strong>{lines}</li>\n")
        out.write(item_html)
    out.write("</ol></body></html>\n")
