"""Diagrams from PFN fences in Markdown: Python-Markdown and MkDocs, through the custom
fences of ``pymdownx.superfences`` (``pip install 'pfn[markdown]'``).

A fence with options is drawn as an inline SVG diagram, checked first: a record that
does not check stops the build with pfn's diagnostics.  A fence without options is
the record's text, highlighted by pfn's lexer.  In ``mkdocs.yml``::

    markdown_extensions:
      - pymdownx.superfences:
          custom_fences:
            - name: pfn
              class: pfn
              validator: !!python/name:pfn.markdown.fence_validator
              format: !!python/name:pfn.markdown.fence_format

then in a page::

    ```pfn board="1" trick="2" style="book"
    [Variant "sochi"]
    …
    ```

Superfences reads quoted values only; with ``pfn.markdown`` in the extensions too
(``- pfn.markdown`` before ``pymdownx.superfences``), a fence's options may be written
as on the command line: ```` ```pfn board=1 trick=2 style=book ````.

The options are ``pfn render``'s: ``board``, ``trick``, ``final``, ``style``
(screen, book), ``hide`` (B,C), ``bottom``, ``played`` (hide, grey), ``lang``,
``width`` (8.5cm), ``dd``, ``caption``, ``title=no``, ``font``, ``sheet``,
``four-colour``; ``diagram`` alone draws with every default.
"""

from __future__ import annotations

import html
import re
from typing import Any, cast

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor

from pfn.i18n import tr
from pfn.render.embed import OPTIONS, BlockError, block_svg

_HEADER = re.compile(
    r"^(?P<lead>[ \t>]*(?:`{3,}|~{3,})[ \t]*pfn)(?P<options>(?:[ \t]+\S+)+)[ \t]*$")
_OPTION = re.compile(r"""(?P<key>[A-Za-z][\w-]*)(?:=(?P<value>"[^"]*"|'[^']*'|\S+))?""")


class _Quoted(Preprocessor):
    """``pfn board=3 trick=5`` headers written as superfences reads them
    (``pfn board="3" trick="5"``), before it looks for fences."""

    def run(self, lines: list[str]) -> list[str]:
        return [_quoted(line) for line in lines]


def _quoted(line: str) -> str:
    found = _HEADER.match(line)
    if found is None:
        return line
    parts = []
    for option in _OPTION.finditer(found.group("options")):
        key, value = option.group("key").replace("-", "_"), option.group("value")
        if value is None:
            parts.append(key)
        elif value[:1] in "\"'":
            parts.append(f"{key}={value}")
        else:
            parts.append(f'{key}="{value}"')
    return f"{found.group('lead')} {' '.join(parts)}"


class PfnExtension(Extension):
    """``pfn.markdown`` as a Markdown extension: fence options without quotes."""

    def extendMarkdown(self, md: Markdown) -> None:
        # before superfences (priority 25) and the standard fenced code (25)
        md.preprocessors.register(_Quoted(md), "pfn_fence_options", 40)


def makeExtension(**kwargs: Any) -> PfnExtension:
    """What ``markdown.Markdown(extensions=["pfn.markdown"])`` loads."""
    return PfnExtension(**kwargs)


def _stopped(message: str) -> Exception:
    """The build stopped with pfn's message.  SuperFences lets only its own exception
    through; MkDocs prints a ``BuildError`` as its message alone (any other exception
    with a Python traceback): where MkDocs is installed the exception is both."""
    from pymdownx.superfences import SuperFencesException

    try:
        from mkdocs.exceptions import BuildError
    except ImportError:
        return cast(Exception, SuperFencesException(message))

    class FenceError(SuperFencesException, BuildError):  # type: ignore[misc]
        """A pfn fence that cannot be drawn."""

    return FenceError(message)


def fence_validator(language: str, inputs: dict[str, str], options: dict[str, str],
                    attrs: dict[str, str], md: Any) -> bool:
    """Take the fence's options (``board=3 trick=5``): each known one, checked when the
    fence is drawn; an unknown one stops the build there."""
    for key, value in inputs.items():
        key = key.replace("_", "-")
        if key not in (*OPTIONS, "diagram"):
            raise _stopped(tr("pfn fence: unknown option {key} (the options are {items})",
                              key=repr(key), items=', '.join(OPTIONS)))
        options[key] = value
    return True


def fence_format(source: str, language: str, css_class: str, options: dict[str, str],
                 md: Any, **kwargs: Any) -> str:
    """The fence as HTML: with options, the diagram (a ``<figure>`` holding an inline
    ``<svg>``); without, the record's text highlighted."""
    if not options:
        return _listing(source, md)
    # a flag alone comes as its own name (``final``), or as written (``final=yes``)
    given = {k: (None if v in ("", k) else v) for k, v in options.items() if k != "diagram"}
    try:
        svg = block_svg(source, given, name="pfn fence")
    except BlockError as error:
        head = " ".join(f"{k}={v}" if v else k for k, v in options.items())
        raise _stopped(tr("pfn fence ({head}): {error}",
                          head=head, error=error)) from None
    return f'<figure class="{html.escape(css_class or "pfn")}">{svg}</figure>'


def _listing(source: str, md: Any) -> str:
    """The record's text, highlighted by pfn's lexer in the class the page's other code
    blocks have (``pymdownx.highlight``'s ``css_class``)."""
    from pygments import highlight
    from pygments.formatters import HtmlFormatter

    from pfn.notation.highlight import PfnLexer

    wrapper = "highlight"
    for extension in getattr(md, "registeredExtensions", []):
        if type(extension).__module__ == "pymdownx.highlight":
            wrapper = extension.getConfig("css_class") or wrapper
    return str(highlight(source, PfnLexer(), HtmlFormatter(cssclass=wrapper)))
