"""Reading PFN: files and strings to :class:`~pfn.model.Record` objects, one at a time.

``read`` streams: it holds one record's text at a time, so memory stays flat on
files of any size.  A record that does not parse is yielded with its syntax
diagnostic and reading goes on with the next record.
"""

from __future__ import annotations

import errno
import functools
import io
import itertools
import os
import re
import stat
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, cast

from pfn import codes
from pfn.codes import Code
from pfn.diagnostics import Diagnostic, text_lines
from pfn.i18n import N_
from pfn.messages import Message, Text, msg
from pfn.model import Record, Source
from pfn.notation.build import SESSION_TAGS, MatchHeader, RecordBuilder
from pfn.notation.scan import scan
from pfn.notation.sections import MAX_NESTING, TooDeep
from pfn.notation.split import Chunk, split_records
from pfn.resources import resource

if TYPE_CHECKING:
    from lark import Lark
    from lark.exceptions import UnexpectedInput

PFN_VERSION = "1.0"
_BAD_BYTES = re.compile("[\udc80-\udcff]+")
_DIRECTIVE_RE = re.compile(r"^%\s*PFN\s+(\S+)", re.IGNORECASE)
_KNOWN_DIRECTIVES = re.compile(r"^%\s*(EXPORT|IMPORT)?\s*$", re.IGNORECASE)
"""``% EXPORT`` and ``% IMPORT`` say which format a file is in (as in PBN); ``%`` alone is
an empty directive."""


def _plugins() -> dict[str, Any]:
    """lark-cython's plugins when it is installed (the ``fast`` extra), unless
    ``PFN_PURE_PYTHON`` is set."""
    if os.environ.get("PFN_PURE_PYTHON"):
        return {}
    try:
        import lark_cython  # type: ignore[import-untyped]
    except ImportError:
        return {}
    plugins: dict[str, Any] = lark_cython.plugins
    return plugins


@functools.cache
def _builder() -> RecordBuilder:
    """The builder the fast path's scanner calls."""
    return RecordBuilder()


@functools.cache
def _parser() -> tuple[Lark, RecordBuilder]:
    """Lark, for records the scanner does not take (imported only then)."""
    from lark import Lark, Transformer

    class LarkBuilder(RecordBuilder, Transformer[Any, Record]):
        """The builder as Lark's inline transformer."""

        def __init__(self) -> None:
            Transformer.__init__(self, visit_tokens=False)
            RecordBuilder.__init__(self)

    builder = LarkBuilder()
    grammar = resource("grammars", "pfn.lark")
    try:  # Lark keeps the analysed grammar in a temporary file: much faster start-up
        parser = Lark(grammar, parser="lalr", lexer="contextual", transformer=builder,
                      _plugins=_plugins(), cache=True)
    except OSError:  # no writable temporary directory
        parser = Lark(grammar, parser="lalr", lexer="contextual", transformer=builder,
                      _plugins=_plugins())
    return parser, builder


@functools.cache
def _plain_parser() -> Lark:
    """The same grammar without a transformer, for classifying syntax errors."""
    from lark import Lark

    return Lark(resource("grammars", "pfn.lark"), parser="lalr", lexer="contextual")


def accelerated() -> bool:
    """Whether parsing uses lark-cython."""
    return bool(_plugins())


# ---------------------------------------------------------------------------


class Reader:
    """Reads the records of one stream, carrying ``#`` tag values and directives
    from record to record."""

    def __init__(self, name: str | None = None) -> None:
        self.name = name
        self.previous: dict[str, str] = {}
        self.header = MatchHeader()

    def records(self, lines: Iterable[str]) -> Iterator[Record]:
        """Parse each record of ``lines`` (text lines with their line ends)."""
        for chunk in split_records(strip_bom(lines)):
            record = self.parse(chunk)
            if record is not None:
                yield record

    def parse(self, chunk: Chunk) -> Record | None:
        """Parse one chunk; ``None`` for a trailing run of directives alone."""
        problems = self._directives(chunk)
        if not chunk.text:
            if problems:
                return Record(directives=tuple(t for _, t in chunk.directives),
                              source=Source(self.name, chunk.line, chunk.offset, ""),
                              diagnostics=tuple(problems))
            return _trailing(chunk, self.name)
        text = chunk.text
        if _BAD_BYTES.search(text):
            problems += _bad_bytes(text, chunk, self.name)
            text = _BAD_BYTES.sub("\ufffd", text)
        notes = [t for _, t in chunk.directives if not _DIRECTIVE_RE.match(t)]
        builder = _builder()
        builder.reset(self.name, chunk.line, chunk.offset, text, notes, self.previous,
                      self.header)
        try:
            found = scan(text, builder)  # the fast path: a well-formed record
            if found is None:  # Lark decides, and says what is wrong
                from lark.exceptions import UnexpectedInput

                parser, lark_builder = _parser()
                lark_builder.reset(self.name, chunk.line, chunk.offset, text, notes,
                                   self.previous, self.header)
                try:
                    found = cast(Record, parser.parse(text))  # the transformer builds it
                except UnexpectedInput as error:
                    return Record(directives=tuple(t for _, t in chunk.directives),
                                  source=Source(self.name, chunk.line, chunk.offset, text),
                                  diagnostics=(*problems, syntax_diagnostic(
                                      error, text, chunk.line, self.name)), syntax_ok=False)
            record = found
        except TooDeep as error:
            return Record(directives=tuple(t for _, t in chunk.directives),
                          source=Source(self.name, chunk.line, chunk.offset, text),
                          diagnostics=(*problems, _too_deep(error, text, chunk.line,
                                                            self.name)), syntax_ok=False)
        if problems:
            from dataclasses import replace
            record = replace(record, diagnostics=(*problems, *record.diagnostics))
        for tag in record.tags:
            if tag.name in SESSION_TAGS and not tag.implied:
                self.previous[tag.name] = tag.value
        self.header.update(record)
        return record

    def _directives(self, chunk: Chunk) -> list[Diagnostic]:
        problems: list[Diagnostic] = []
        for line, text in chunk.directives:
            if _BAD_BYTES.search(text):
                problems += _bad_bytes(text, Chunk(text, line, 0), self.name)
            m = _DIRECTIVE_RE.match(text)
            if m is None and _KNOWN_DIRECTIVES.match(text):
                continue
            if m is None:
                problems.append(Diagnostic(codes.W002, msg("unknown directive {text}",
                                                              text=repr(text)), self.name,
                                           line, 1, text, msg("PFN knows `% PFN 1.0`, `% EXPORT`"
                                                             " and `% IMPORT`"), text))
            elif m.group(1).split(".")[0] != PFN_VERSION.split(".")[0]:
                problems.append(Diagnostic(codes.E004, msg("PFN version {found} is not supported"
                                                              " (this reader knows {known})",
                                                              found=m.group(1),
                                                              known=PFN_VERSION),
                                           self.name, line, 1, text))
        return problems


def _trailing(chunk: Chunk, name: str | None) -> Record | None:
    if not chunk.directives:
        return None
    return Record(directives=tuple(t for _, t in chunk.directives),
                  source=Source(name, chunk.line, chunk.offset, ""))


def strip_bom(lines: Iterable[str]) -> Iterator[str]:
    """``lines`` without a byte-order mark at the start (the rest passed on untouched)."""
    rest = iter(lines)
    first = next(rest, None)
    if first is None:
        return rest
    return itertools.chain((first.removeprefix("\ufeff"),), rest)


def _bad_bytes(text: str, chunk: Chunk, name: str | None) -> list[Diagnostic]:
    out = []
    for number, line in enumerate(text_lines(text), start=chunk.line):
        for m in _BAD_BYTES.finditer(line):
            raw = m.group().encode("utf-8", "surrogateescape")
            out.append(Diagnostic(codes.E002, msg("bytes {bytes} are not UTF-8",
                                                     bytes=raw.hex(" ")), name,
                                  number, m.start() + 1, m.group(), _encoding_hint(raw, line),
                                  _BAD_BYTES.sub("\ufffd", line)))
    return out


def _encoding_hint(raw: bytes, line: str) -> Message:
    """What the bad bytes suggest the file is, and how to make it UTF-8."""
    if raw[:2] in (b"\xff\xfe", b"\xfe\xff") or "\x00" in line:
        return msg("this looks like UTF-16: save the file as UTF-8 (iconv -f UTF-16 -t UTF-8)")
    if all(b >= 0xC0 or b in (0xA8, 0xB8) for b in raw):
        return msg("this looks like a one-byte encoding such as Windows-1251 (Cyrillic) or"
                  " Latin-1: save the file as UTF-8 (iconv -f CP1251 -t UTF-8)")
    return msg("PFN files are UTF-8; re-save the file as UTF-8")


# ---------------------------------------------------------------------------
# Friendly syntax errors

_EXAMPLES: dict[tuple[Code, str], list[str]] = {
    (codes.E105, N_("moves before the first tag")): [
        "SA S9 S8\n", "6S pass\n[Event \"x\"]\n", "{ c }\nSA\n", "\nSA\n", "; c\nSA\n",
    ],
    (codes.E105, N_("a variation before the first tag")): ["(SA)\n", "{ c }\n(SA)\n"],
}
"""Known mistakes, for Lark's ``match_examples``."""


def _too_deep(error: TooDeep, text: str, first_line: int, name: str | None) -> Diagnostic:
    token = error.token
    line = token.line if token is not None else 1
    col = token.column if token is not None else 1
    lines = text_lines(text)
    return Diagnostic(codes.E119, msg("variations nested more than {n} deep", n=MAX_NESTING),
                      name, first_line + line - 1, col, None,
                      msg("a variation may hold variations, up to that depth"),
                      lines[line - 1] if line <= len(lines) else None)


def _example_label(text: str) -> tuple[Code, str] | None:
    """Match a failing text against :data:`_EXAMPLES` with the pure-Python parser (its
    parser states compare; lark-cython's do not)."""
    from lark.exceptions import UnexpectedInput

    try:
        _plain_parser().parse(text)
    except UnexpectedInput as error:
        examples = cast(Any, _EXAMPLES)
        label = error.match_examples(_plain_parser().parse, examples, use_accepts=True)
        return label if isinstance(label, tuple) else None
    return None


def syntax_diagnostic(error: UnexpectedInput, text: str, first_line: int,
                      name: str | None) -> Diagnostic:
    """A friendly diagnostic for a Lark parse error in a record starting at ``first_line``."""
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF

    lines = text_lines(text)
    line = getattr(error, "line", 1) or 1
    col = getattr(error, "column", 1) or 1
    token = getattr(error, "token", None)
    at_end = isinstance(error, UnexpectedEOF) or (token is not None and token.type == "$END")
    if at_end:
        line, col = len(lines), len(lines[-1]) + 1 if lines else 1
    source = lines[line - 1] if 0 < line <= len(lines) else ""
    at = source[col - 1:] if col > 0 else source
    message: Text
    hint: Text | None
    code, message, shown, hint = codes.E101, msg("unexpected text"), (
        at.split()[0] if at.split() else None), None
    if isinstance(error, UnexpectedCharacters):
        code, message, shown, hint = _character_problem(error.char, at)
    elif token is not None and token.type == "RPAR":
        code, message, shown = codes.E104, msg("')' without a matching '('"), ")"
        hint = msg("a variation is written ( … ) right after the move it replaces")
    elif at_end and _open_paren(lines) is not None:
        code, message = codes.E104, msg("'(' is never closed")
        line, col, shown = _open_paren(lines) or (line, col, "(")
        hint = msg("close the variation with ')'")
        source = lines[line - 1]
    elif at.startswith("\ufeff"):
        code, message, shown = codes.E101, msg("a byte-order mark inside the text"), "\ufeff"
        hint = msg("the file was saved with two byte-order marks (U+FEFF); remove the extra one")
    else:
        label = _example_label(text)
        if label is not None:
            code, message = label[0], msg(label[1])
            hint = msg("a record starts with its tags, e.g. [Event \"…\"]; moves go after"
                      " [Auction], [Defence] or [Play]")
    return Diagnostic(code, message, name, line + first_line - 1, col, shown, hint, source)


def _character_problem(char: str, at: str) -> tuple[Code, Text, str | None, Text | None]:
    if char == "[":
        shown = at.split("\n")[0]
        if re.match(r'\[[ \t]*[A-Za-z]\w*[ \t]*"[^"\\\n]*+(?:\\.[^"\\\n]*+)*+$', shown):
            return (codes.E102, msg("unterminated tag: the value has no closing quote"), shown,
                    msg('a tag is [Name "value"] on one line'))
        if re.match(r'\[[ \t]*[A-Za-z]\w*[ \t]*"[^"\\\n]*+(?:\\.[^"\\\n]*+)*+"[ \t]*$', shown):
            return (codes.E102, msg("unterminated tag: missing ']'"), shown,
                    msg('a tag is [Name "value"] on one line'))
        if re.match(r"\[[ \t]*[A-Za-z]\w*[ \t]*\]", shown):
            return (codes.E102, msg("tag without a value"), shown,
                    msg('write [Name "value"]; "?" means unknown and "" not applicable'))
        return (codes.E102, msg("malformed tag"), shown, msg('a tag is [Name "value"] on one line'))
    if char == "{":
        return (codes.E103, msg("comment never closed: '{' without '}'"), "{",
                msg("close the comment with '}' (comments do not nest)"))
    if char == "}":
        return (codes.E103, msg("'}' without a matching '{'"), "}", None)
    if char == '"':
        return (codes.E101, msg("a quoted string outside a tag"), '"',
                msg('quoted values belong inside tags: [Name "value"]'))
    if char == "]":
        return (codes.E102, msg("']' without a matching '['"), "]", None)
    if char == "%":
        return (codes.E101, msg("'%' starts a directive only in the first column"), "%", None)
    if char == "\ufeff":
        return (codes.E101, msg("a second byte-order mark"), char,
                msg("the file was saved with two byte-order marks (U+FEFF); remove the extra one"))
    if char == "\x00":
        return (codes.E101, msg("a NUL character"), "\\0",
                msg("a file with NUL bytes is usually UTF-16: save it as UTF-8"))
    return (codes.E101, msg("unexpected character {char}", char=repr(char)), char, None)


def _open_paren(lines: list[str]) -> tuple[int, int, str] | None:
    """Line, column and text of the last '(' left open, outside comments."""
    stack: list[tuple[int, int]] = []
    in_comment = False
    for number, line in enumerate(lines, start=1):
        in_string = False
        for index, ch in enumerate(line):
            if in_comment:
                in_comment = ch != "}"
            elif ch == '"':
                in_string = not in_string
            elif in_string:
                continue
            elif ch == "{":
                in_comment = True
            elif ch == ";":
                break
            elif ch == "(":
                stack.append((number, index + 1))
            elif ch == ")" and stack:
                stack.pop()
    if stack:
        at_line, at_col = stack[-1]
        return at_line, at_col, "("
    return None


# ---------------------------------------------------------------------------
# Public entry points


def open_input(path: str | os.PathLike[str], mode: str = "r", **options: object) -> IO[Any]:
    """Open an input file: a regular file only.  A FIFO, a device or a socket would
    block or never end; it is an ``OSError`` that says to pipe it in with ``-``."""
    found = os.stat(path)
    if not stat.S_ISREG(found.st_mode) and not stat.S_ISDIR(found.st_mode):
        raise OSError(errno.EINVAL, "not a regular file (a FIFO, a device or a socket):"
                      " give it on standard input, as '-'", str(path))
    return open(path, mode, **options)  # type: ignore[call-overload, no-any-return]


def read(source: str | os.PathLike[str] | IO[str], *, name: str | None = None) -> Iterator[Record]:
    """Yield the records of a PFN file (a path or an open text file), one at a time.

    Files are read as UTF-8 (a BOM is skipped, CRLF accepted); bytes that are not
    UTF-8 are reported (``PFN-E002``) and replaced, not fatal.

    >>> import pfn
    >>> for record in pfn.read("examples/brief.pfn"):
    ...     print(repr(record))
    <Record board 1 · sochi · 7S by A>
    <Record board 2 · sochi · 9S by A>
    <Record board 3 · sochi · 6H by B>
    """
    if isinstance(source, (str, os.PathLike)):
        with open_input(Path(source), encoding="utf-8", errors="surrogateescape") as handle:
            yield from Reader(name or str(source)).records(handle)
    else:
        yield from Reader(name or getattr(source, "name", None)).records(source)


def loads(text: str, *, name: str | None = None) -> list[Record]:
    """Every record of a PFN string.

    >>> import pfn
    >>> [record] = pfn.loads('[Contract "7S"]\\n[Declarer "A"]')
    >>> record.contract, record.declarer
    (Contract.parse('7S'), Seat.A)
    """
    return list(Reader(name).records(io.StringIO(text, newline=None)))


def load(path: str | os.PathLike[str]) -> list[Record]:
    """Every record of a PFN file (:func:`read` streams them instead).

    >>> import pfn
    >>> [record.tag("Board") for record in pfn.load("examples/brief.pfn")]
    ['1', '2', '3']
    """
    return list(read(path))


def find_board(records: Iterable[Record], board: str | None, any_record: bool = False
               ) -> Record | None:
    """The record whose Board tag is ``board``; without a board the first deal (or with
    ``any_record`` the first record of any kind)."""
    for record in records:
        if not record.syntax_ok or record.empty:
            continue
        if board is not None:
            if record.tag("Board") == board:
                return record
        elif any_record or record.deal is not None or record.contract is not None:
            return record
    return None
