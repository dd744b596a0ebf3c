"""Diagrams from PFN in Sphinx: the ``pfn`` directive (``pip install 'pfn[sphinx]'``).

In ``conf.py``: ``extensions = ["pfn.sphinx"]``; in a page::

    .. pfn::
       :board: 1
       :trick: 2
       :style: book
       :caption: After the second trick

       [Variant "sochi"]
       …

or ``.. pfn:: pools/club.pfn`` to draw from a file (relative to the page).  The
options are ``pfn render``'s (``:board:``, ``:trick:``, ``:final:``, ``:style:``,
``:hide:``, ``:bottom:``, ``:played:``, ``:lang:``, ``:width:``, ``:dd:``,
``:caption:``, ``:title: no``, ``:font:``, ``:sheet:``, ``:four-colour:``).  The
record is checked when the page is read: one that does not check is an error located
in the page, with pfn's diagnostics, and the build ends with status 1.  HTML gets the
diagram as inline SVG; LaTeX a PDF of it; other builders the caption.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from pfn.diagnostics import PfnError
from pfn.i18n import reason, tr
from pfn.render.embed import FLAGS, OPTIONS, block_figure

logger = logging.getLogger(__name__)


class pfn_diagram(nodes.General, nodes.Element):
    """A diagram to draw: the block's text and options, drawn by each builder."""


class PfnDirective(SphinxDirective):
    """``.. pfn::`` — a record (the content, or a file) drawn as a diagram."""

    has_content = True
    optional_arguments = 1
    final_argument_whitespace = True
    option_spec: ClassVar[dict[str, Any]] = {
        name: directives.flag if name in FLAGS else directives.unchanged
        for name in OPTIONS}

    def run(self) -> list[nodes.Node]:
        source, _ = self.get_source_info()
        if self.arguments:
            path = Path(self.env.relfn2path(self.arguments[0])[1])
            self.env.note_dependency(str(path))
            try:
                text, name, first = path.read_text(encoding="utf-8"), str(path), 1
            except OSError as error:
                return self._failed(tr("cannot read {name}: {error}", name=self.arguments[0],
                                       error=reason(error)))
        else:
            text, name, first = "\n".join(self.content), source, self.content_offset + 1
        given = {k: (None if v is None else str(v)) for k, v in self.options.items()}
        try:  # checked (and drawn once) while the page is read
            block_figure(text, given, name, first, "" if self.arguments else self._indent())
        except PfnError as error:
            return self._failed(str(error))
        node = pfn_diagram()
        node["text"], node["options"], node["name"], node["first"] = text, given, name, first
        node["alt"] = given.get("caption") or f"PFN diagram, board {given.get('board') or 1}"
        return [node]


    def _indent(self) -> str:
        """What stands before the content's lines in the document: docutils gives the
        content without it, the author's editor counts columns with it."""
        written = self.block_text.splitlines()
        for line in self.content:
            if line.strip():
                found = next((w for w in written if w.strip() == line.strip()
                              and w.endswith(line)), None)
                if found is not None:
                    return found[:len(found) - len(line)]
                break
        return ""

    def _failed(self, message: str) -> list[nodes.Node]:
        """The build fails (its status 1, the rest still built): the message logged as
        an error at the directive, and shown on the page in the diagram's place."""
        logger.error("pfn: %s", message, location=self.get_location())
        failed: set[str] = getattr(self.env, "pfn_failed", set())
        failed.add(self.env.docname)
        self.env.pfn_failed = failed  # type: ignore[attr-defined]
        return [nodes.literal_block(message, message, classes=["pfn-error"])]


def _purge(app: Sphinx, env: BuildEnvironment, docname: str) -> None:
    getattr(env, "pfn_failed", set()).discard(docname)


def _merge(app: Sphinx, env: BuildEnvironment, docnames: set[str],
           other: BuildEnvironment) -> None:
    env.pfn_failed = getattr(env, "pfn_failed", set()) | getattr(  # type: ignore[attr-defined]
        other, "pfn_failed", set())


def _finished(app: Sphinx, exception: Exception | None) -> None:
    failed = sorted(getattr(app.env, "pfn_failed", set()))
    if failed and exception is None:
        logger.error("pfn: %d page(s) with a record that does not check: %s",
                     len(failed), ", ".join(failed))
        app.statuscode = 1


def _html(self: Any, node: pfn_diagram) -> None:
    from pfn.render.picture import svg_text

    svg = svg_text(block_figure(node["text"], node["options"], node["name"], node["first"]))
    self.body.append(f'<figure class="pfn">{svg[svg.index("<svg"):]}</figure>')
    raise nodes.SkipNode


def _latex(self: Any, node: pfn_diagram) -> None:
    from pfn.render.picture import picture_bytes

    data = picture_bytes(block_figure(node["text"], node["options"], node["name"],
                                      node["first"]), "pdf")
    name = f"pfn-{hashlib.sha256(data).hexdigest()[:16]}.pdf"
    (Path(self.builder.outdir) / name).write_bytes(data)
    self.body.append(f"\n\n\\begin{{center}}\\sphinxincludegraphics{{{name}}}"
                     "\\end{center}\n\n")
    raise nodes.SkipNode


def _text(self: Any, node: pfn_diagram) -> None:
    self.add_text(f"[{node['alt']}]")
    raise nodes.SkipNode


def _skip(self: Any, node: pfn_diagram) -> None:
    raise nodes.SkipNode


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directive and how each builder draws it."""
    from pfn import __version__

    app.add_node(pfn_diagram, html=(_html, None), latex=(_latex, None), text=(_text, None),
                 man=(_skip, None), texinfo=(_skip, None))
    app.add_directive("pfn", PfnDirective)
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
    app.connect("build-finished", _finished)
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True}
