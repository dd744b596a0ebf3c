"""Picture files: a figure saved as SVG, PDF, PNG or PGF, whole, the same bytes each time.

Text stays text in SVG (searchable, in the viewer's copy of the face), fonts are
embedded in PDF, and PGF leaves every label to LaTeX, set in the document's own face
and size when it is ``\\input``.  A record's text never becomes code: in PGF each
label is escaped for TeX before matplotlib writes it.  Right-to-left names are laid
out for the outputs that lay out no text themselves (:mod:`pfn.render.bidi`).
"""

from __future__ import annotations

import io
import math
import re
import shutil
from collections.abc import Iterable
from pathlib import Path
from typing import Any, TextIO

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.text import Text
from matplotlib.transforms import Bbox

from pfn.diagnostics import PfnError
from pfn.files import write_atomic
from pfn.i18n import tr
from pfn.render.bidi import visual

MOST_PIXELS = 100_000_000
"""The largest PNG drawn (about 400 MB while it is drawn)."""
MARGIN = 4.0
"""White kept round a tight picture, in points."""

PRINT: dict[Any, Any] = {"svg.fonttype": "none", "pdf.fonttype": 42, "svg.hashsalt": "pfn"}
"""Text kept as text in SVG, fonts embedded in PDF, and the SVG's ids the same from
one run to the next."""
PGF: dict[Any, Any] = {"pgf.texsystem": "lualatex", "pgf.rcfonts": False}
"""PGF measured by LuaLaTeX, and no font chosen in the file: the document's face sets
the labels."""


class PictureTooLarge(PfnError):
    """A PNG larger than :data:`MOST_PIXELS` was asked for."""


class NoLatex(PfnError):
    """PGF was asked for on a machine without LuaLaTeX (it measures the labels)."""


def drawn(ax: Axes) -> list[Bbox]:
    """Where each thing drawn on ``ax`` lies, in display units (a framed text: its
    frame)."""
    figure = ax.get_figure(root=True)
    renderer = figure.canvas.get_renderer()  # type: ignore[union-attr]
    boxes = []
    for artist in ax.get_children():
        if artist is ax.patch or not artist.get_visible() or \
                artist in ax.spines.values() or artist in (ax.xaxis, ax.yaxis) or \
                (isinstance(artist, Text) and not artist.get_text()):
            continue
        box = artist.get_window_extent(renderer)
        patch = artist.get_bbox_patch() if isinstance(artist, Text) else None
        if patch is not None:  # placed where it is drawn only when asked to
            assert isinstance(artist, Text)
            artist.update_bbox_position_size(renderer)
            box = Bbox.union([box, patch.get_window_extent(renderer)])
        if box.width > 0 or box.height > 0:
            boxes.append(box)
    return boxes


def extent(ax: Axes, margin: float = MARGIN) -> tuple[float, float]:
    """From the lowest to the highest thing drawn on ``ax``, in its data units along y,
    ``margin`` points beyond each (the whole axes when nothing is drawn)."""
    boxes = drawn(ax)
    low_y, high_y = ax.get_ylim()
    if not boxes:
        return low_y, high_y
    to_data = ax.transData.inverted()
    low = to_data.transform((0, min(b.y0 for b in boxes)))[1]
    high = to_data.transform((0, max(b.y1 for b in boxes)))[1]
    figure = ax.get_figure(root=True)
    assert isinstance(figure, Figure)
    pad = margin / 72 * (high_y - low_y) / (ax.get_position().height *
                                             figure.get_size_inches()[1])
    return float(low - pad), float(high + pad)


def tighten(figure: Figure, margin: float = MARGIN) -> None:
    """Cut the figure to what is drawn on it, top and bottom, keeping its width: the
    axes keep their size in inches, so nothing drawn moves or changes size."""
    boxes = [box for ax in figure.axes for box in drawn(ax)]
    if not boxes:
        return
    dpi = figure.dpi
    width, height = figure.get_size_inches()
    pad = margin / 72
    low = max(0.0, min(b.y0 for b in boxes) / dpi - pad)
    high = min(height, max(b.y1 for b in boxes) / dpi + pad)
    if high - low >= height - 1e-3:
        return
    new = high - low
    for ax in figure.axes:
        x0, y0, w, h = ax.get_position().bounds
        ax.set_position((x0, (y0 * height - low) / new, w, h * height / new))
    figure.set_size_inches(width, new)


def lengthen(figure: Figure, margin: float = MARGIN) -> None:
    """Lengthen the figure at the bottom until what is drawn below its edge lies
    ``margin`` points within it: the axes keep their size in inches and their place
    from the top, so nothing drawn moves or changes size (:func:`tighten`'s converse)."""
    boxes = [box for ax in figure.axes for box in drawn(ax)]
    if not boxes:
        return
    width, height = figure.get_size_inches()
    more = margin / 72 - min(b.y0 for b in boxes) / figure.dpi
    if more <= 0:
        return
    new = height + more
    for ax in figure.axes:
        x0, y0, w, h = ax.get_position().bounds
        ax.set_position((x0, (y0 * height + more) / new, w, h * height / new))
    figure.set_size_inches(width, new)


def svg_text(figure: Figure) -> str:
    """A figure as SVG with its text kept as text (searchable, selectable)."""
    from matplotlib import rc_context

    buffer = io.StringIO()
    with rc_context(PRINT):
        figure.savefig(buffer, format="svg", metadata=reproducible("svg", figure),
                       transparent=_transparent(figure))
    return finish_svg(buffer.getvalue())


def picture_bytes(figure: Figure, kind: str, dpi: int = 200, path: str = "picture") -> bytes:
    """``figure`` as a file of ``kind`` (svg, pdf, png, pgf)."""
    from matplotlib import rc_context

    if kind == "png":  # a bitmap is held whole in memory while it is drawn
        wide, high = (round(side * dpi) for side in figure.get_size_inches())
        if wide * high > MOST_PIXELS or max(wide, high) > 1 << 15:
            raise PictureTooLarge(tr("cannot draw {path}: {wide} × {high} pixels is more than a"
                                     " picture may have ({value} million pixels, 32768 a side):"
                                     " lower --dpi or --width",
                                     path=path, wide=wide, high=high, value=MOST_PIXELS // 10 ** 6))
    if kind == "svg":
        return svg_text(figure).encode("utf-8")
    if kind == "pgf":
        return _pgf(figure)
    buffer = io.BytesIO()
    with rc_context(PRINT), _laid_out(figure, visual):
        figure.savefig(buffer, format=kind, dpi=dpi, metadata=reproducible(kind, figure),
                       transparent=_transparent(figure))
    return buffer.getvalue()


def save(figure: Figure, path: str, fmt: str | None = None, dpi: int = 200) -> None:
    """Save with print settings (SVG text as text, fonts embedded in PDF), all at once:
    a failure leaves no partial file (:func:`pfn.files.write_atomic`)."""
    write_atomic(path, picture_bytes(figure, fmt or path.rsplit(".", 1)[-1], dpi, path))


def save_pages(figures: Iterable[Figure], path: str) -> None:
    """Figures as the pages of one PDF, each written as it comes and then let go (a
    long set never sits in memory whole); the file appears all at once at the end
    (:func:`pfn.files.write_atomic`)."""
    from matplotlib import rc_context
    from matplotlib.backends.backend_pdf import PdfPages

    def pages_into(out: TextIO) -> None:
        with rc_context(PRINT), PdfPages(out.buffer, metadata=reproducible("pdf")) as pages:
            for figure in figures:
                with _laid_out(figure, visual):
                    pages.savefig(figure, transparent=_transparent(figure))

    write_atomic(path, pages_into)


def _transparent(figure: Figure) -> bool:
    return figure.patch.get_alpha() == 0


class _laid_out:
    """Every text of a figure changed while it is saved (then put back)."""

    def __init__(self, figure: Figure, change: Any) -> None:
        self.texts = [(t, t.get_text()) for t in figure.findobj(Text)]
        self.change = change

    def __enter__(self) -> None:
        for text, said in self.texts:
            if said:
                text.set_text(self.change(said))

    def __exit__(self, *_: object) -> None:
        for text, said in self.texts:
            text.set_text(said)


class _on_baselines:
    """Every one-line text of a figure anchored at its baseline while it is written as
    PGF (then put back), where the PDF and PNG have it.

    matplotlib writes a text aligned at its top, bottom or centre as a ``\\pgftext``
    anchored at that side of TeX's box, and TeX's box is as high as the text's own
    glyphs, where matplotlib's is as high as a line of the face: a dash anchored at
    the top is drawn at cap height, a card anchored at the bottom drops by the face's
    descent.  Anchored at the baseline that matplotlib's layout gives it, each label
    sits on the line where the figure's other outputs draw it, in any face."""

    def __init__(self, figure: Figure) -> None:
        self.figure = figure
        self.kept: list[tuple[Text, Any, tuple[float, float]]] = []  # text, va, place

    def __enter__(self) -> None:
        from matplotlib.backends.backend_pdf import PdfFile, RendererPdf

        dpi = self.figure.dpi
        width, height = self.figure.get_size_inches()
        self.figure.dpi = 72  # measured in points by the PDF's renderer: the PDF's layout
        try:
            self._lower(RendererPdf(PdfFile(io.BytesIO()),  # type: ignore[no-untyped-call]
                                    72, height * 72, width * 72))
        finally:
            self.figure.dpi = dpi

    def _lower(self, renderer: Any) -> None:
        for text in self.figure.findobj(Text):
            said, va = text.get_text(), text.get_verticalalignment()
            if not said or "\n" in said or va in ("baseline", "center_baseline") or \
                    not text.get_visible() or (text.get_rotation() and
                                               text.get_rotation_mode() != "anchor"):
                continue  # placed by matplotlib's own layout, at its baseline already
            self.kept.append((text, va, text.get_position()))
            angle = text.get_rotation()
            text.set_rotation(0)
            before = text.get_window_extent(renderer).y0
            text.set_verticalalignment("baseline")
            lift = before - text.get_window_extent(renderer).y0
            text.set_rotation(angle)
            turn = math.radians(angle)
            place = text.get_transform()  # an annotation's: set when it was measured
            x, y = place.transform(text.get_unitless_position())
            text.set_position(tuple(place.inverted().transform(
                (x - lift * math.sin(turn), y + lift * math.cos(turn)))))

    def __exit__(self, *_: object) -> None:
        for text, va, position in reversed(self.kept):
            text.set_verticalalignment(va)
            text.set_position(position)


_TEX = {"\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "$": r"\$", "&": r"\&",
        "#": r"\#", "_": r"\_", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}",
        "%": r"\%", "\u2212": r"\char8722\relax{}"}
_TEX_SPECIAL = re.compile(r"[\\{}$&#_~^%\u2212]")


def _pgf(figure: Figure) -> bytes:
    from matplotlib import rc_context

    if shutil.which("lualatex") is None:
        raise NoLatex(tr("PGF needs LuaLaTeX to measure its labels (Debian: texlive-luatex);"
                         " SVG or PDF need nothing more"))
    buffer = io.BytesIO()
    # matplotlib's PGF backend passes text to TeX as it is, and already makes ^ and %
    # printable: the rest is escaped here
    with _on_baselines(figure), \
            rc_context({**PRINT, **PGF, "pgf.preamble": _measured_in(figure)}), \
            _laid_out(figure, _pgf_text):
        figure.savefig(buffer, format="pgf", transparent=_transparent(figure))
    text = _PGF_HEADER.sub("", buffer.getvalue().decode("utf-8"))
    return _PGF_PATH.sub(r"\1", text).encode("utf-8")


def _measured_in(figure: Figure) -> str:
    """The preamble of the LaTeX that measures the labels: the figure's own face, from
    its file (the document sets them in its face; where a label is placed after another,
    their widths in the figure's face are near enough)."""
    from matplotlib.font_manager import findfont

    texts = [t for t in figure.findobj(Text) if t.get_text()]
    if not texts:
        return ""
    path = Path(findfont(texts[0].get_fontproperties()))
    if not _SAFE_PATH.fullmatch(str(path)):
        return ""  # a folder TeX cannot be told of safely: its default face
    return r"\usepackage{fontspec}\setmainfont{" + path.name + "}[Path=" + f"{path.parent}/]"


_SAFE_PATH = re.compile(r"[\w./+-]+")


def _pgf_text(text: str) -> str:
    # matplotlib makes ^ and % active characters printing themselves
    return _TEX_SPECIAL.sub(lambda m: m.group() if m.group() in "^%" else _TEX[m.group()],
                            visual(text))


_PGF_HEADER = re.compile(r"^%% Creator: .*\n", re.MULTILINE)
"""The tool version matplotlib writes: left out, so the same input gives the same file."""
_PGF_PATH = re.compile(r"^(%%.*)\[Path=[^\]\n]*\]", re.MULTILINE)
"""Where the measuring face lies on the machine that made the file, in the header's
comment: left out (the file is the same wherever it is made, and tells no one's
folders)."""


FALLBACK = ("'DejaVu Sans', 'Bitstream Vera Sans', 'Noto Sans', 'Segoe UI Symbol', "
            "'Arial Unicode MS', sans-serif")
"""The fonts an SVG asks for after the chosen face: DejaVu Sans (which the layout was
measured in), then fonts that also have the suit symbols, then any sans-serif."""


def finish_svg(svg: str) -> str:
    """An SVG with a font fallback list for viewers without DejaVu Sans (its
    ``<title>`` comes from the figure's label, :func:`reproducible`), and the control
    characters a record's text may hold — which XML does not allow — shown as ``\x1b``:
    the file stays well-formed."""
    svg = _NOT_XML.sub(lambda m: f"\\x{ord(m.group()):02x}", svg)
    return svg.replace("'DejaVu Sans'", FALLBACK)


_NOT_XML = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
"""Characters XML 1.0 forbids (the SVG's own markup holds none)."""


def reproducible(kind: str, figure: Figure | None = None) -> dict[str, str | None] | None:
    """File metadata with no date and no tool version: the same input gives the same
    bytes (so that a regenerated gallery changes only what changed); the figure's label
    as the document's title (an SVG's ``<title>``, a PDF's Title)."""
    title = str(figure.get_label()) if figure is not None else ""
    if kind == "svg":
        return {"Date": None, "Creator": "pfn", **({"Title": title} if title else {})}
    if kind == "pdf":
        return {"CreationDate": None, "ModDate": None, "Creator": "pfn", "Producer": "pfn",
                **({"Title": title} if title else {})}
    if kind == "png":
        return {"Software": "pfn"}
    return None
