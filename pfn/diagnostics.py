"""Diagnostics: every problem pfn reports, with a stable code, a place and a hint.

The codes themselves, with their titles and explanations, are values of
:mod:`pfn.codes`; ``docs/diagnostics.md`` is checked against them by the tests.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import overload

from pfn.codes import ALL, I003, Code
from pfn.codes import Severity as Severity  # re-exported: diagnostics have a severity
from pfn.errors import PfnError as PfnError  # re-exported: the errors' root
from pfn.i18n import N_, tr
from pfn.messages import Text, nmsg
from pfn.messages import args as args_of

CODES: dict[str, str] = {code: found.summary for code, found in ALL.items()}
"""Every code and its title (marked for the catalogs), from :mod:`pfn.codes`."""
SEVERITIES: dict[str, Severity] = {code: found.severity for code, found in ALL.items()}
"""The severity of every code."""
NOTATION_ERRORS = frozenset(code for code in ALL.values() if code.is_notation)
"""Input and notation errors: the text cannot be read as PFN."""
INPUT_ERRORS = frozenset(code for code in ALL.values() if code.is_input)
"""Input errors: the input (a file, its encoding, its JSON) cannot be used at all."""


def title(code: str) -> str:
    """The code's short title in the current language."""
    found = CODES.get(code)
    return tr(found) if found else ""


def severity_of(code: str) -> Severity:
    """The severity of a diagnostic code (an unregistered code counts as an error)."""
    return SEVERITIES.get(code, Severity.ERROR)

SHOWN = 160
"""Longest text a diagnostic quotes; longer text (a megabyte line) is cut in the middle."""


def text_lines(text: str) -> list[str]:
    """The lines of a text as a PFN reader counts them: at ``\n`` only (``\r\n`` too),
    never at form feeds, U+0085 or U+2028, which ``str.splitlines`` would also break."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [line[:-1] if line.endswith("\r") else line for line in lines]


@overload
def printable(text: str) -> str: ...


@overload
def printable(text: None) -> None: ...


def printable(text: str | None) -> str | None:
    """``text`` safe for a terminal: the bytes that were not UTF-8 (kept as surrogates)
    shown as U+FFFD, and control characters (an escape sequence, a bell) shown as
    ``\x1b``, never sent raw; line ends and tabs are kept."""
    if text is None:
        return text
    if not text.isascii():
        text = text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    if _CONTROLS.search(text):
        text = text.translate(_ESCAPED)
    return text


_CONTROLS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_ESCAPED = {c: f"\\x{c:02x}" for c in (*range(0x09), *range(0x0b, 0x20), *range(0x7f, 0xa0))}


def shorten(text: str | None, limit: int = SHOWN) -> str | None:
    """``text`` cut to about ``limit`` characters with ``…`` in the middle."""
    if text is None or len(text) <= limit:
        return text
    half = limit // 2
    return f"{text[:half]}…{text[-half:]}"


_SEVERITY_WORDS = {"error": N_("error"), "warning": N_("warning"), "info": N_("info")}
"""How a diagnostic's severity is printed (translated; JSON keeps the English value)."""


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem, with where it is, what is wrong there and what would help.

    What it says is kept as :mod:`pfn.messages` values and put into words when shown:
    :attr:`message` and :attr:`hint` are the words in the language of the moment,
    :attr:`args` the values they say."""

    code: Code
    said: Text
    """What is wrong (read it as :attr:`message`)."""
    file: str | None = None
    line: int | None = None
    col: int | None = None
    text: str | None = None
    """The offending text, underlined under the source line."""
    advice: Text | None = None
    """What would help (read it as :attr:`hint`)."""
    source_line: str | None = None
    """The whole source line, for the caret display."""
    fix: Fix | None = None
    """The edit that puts it right, where there is one (an editor offers it)."""

    @property
    def message(self) -> str:
        """What is wrong, in the language of the moment."""
        return str(self.said)

    @property
    def hint(self) -> str | None:
        """What would help, in the language of the moment."""
        return None if self.advice is None else str(self.advice)

    @property
    def args(self) -> dict[str, object]:
        """The values the message says (a card, a seat, a number), as JSON carries them."""
        return args_of(self.said)

    @property
    def severity(self) -> Severity:
        """Error, warning or information (from the code table)."""
        return severity_of(self.code)

    @property
    def is_error(self) -> bool:
        """Whether this is an error (not a warning or a note)."""
        return severity_of(self.code) is Severity.ERROR

    @property
    def is_input(self) -> bool:
        """An input error (``PFN-E0xx``): unusable input, exit code 2."""
        return self.code in INPUT_ERRORS

    @property
    def is_notation(self) -> bool:
        """An input or notation error (``PFN-E0xx``, ``PFN-E1xx``): the text itself is not
        usable, so nothing that rewrites it may run."""
        return self.code in NOTATION_ERRORS

    @property
    def title(self) -> str:
        """The code's short title (in the current language)."""
        return title(self.code)

    def located(self, file: str | None = None, lines: Sequence[str] | None = None,
                first_line: int = 1) -> Diagnostic:
        """This diagnostic with its file name and source line filled in.

        ``lines`` are the source lines starting at line ``first_line``.
        """
        source = self.source_line
        if source is None and lines is not None and self.line is not None:
            index = self.line - first_line
            if 0 <= index < len(lines):
                source = lines[index].rstrip("\r\n")
        return replace(self, file=self.file or file, source_line=source)

    def format(self, color: bool = False) -> str:
        """The diagnostic as text (see :meth:`_format`): what came from the input made
        :func:`printable` (valid UTF-8, no raw control characters)."""
        return self._format(color)

    def _format(self, color: bool = False) -> str:
        """The diagnostic as text: ``file:line:col: severity[code]: message``, the source
        line with a caret under the offending text, and the hint."""
        where = printable(":".join(str(p) for p in (self.file or "<input>", self.line,
                                                       self.col) if p is not None))
        sev = self.severity.value
        message = printable(shorten(self.message, 2 * SHOWN))
        word = tr(_SEVERITY_WORDS[sev])
        if color:
            tint = {"error": "31", "warning": "33", "info": "36"}[sev]
            head = (f"\x1b[1m{where}:\x1b[0m \x1b[1;{tint}m{word}[{self.code}]\x1b[0m:"
                    f" {message}")
        else:
            head = f"{where}: {word}[{self.code}]: {message}"
        out = [head]
        if self.source_line is not None and self.line is not None:
            number = str(self.line)
            pad = " " * len(number)
            line = self.source_line.expandtabs(1)
            if _CONTROLS.search(line):  # shown escaped: the caret moves with the text
                at = (self.col or 1) - 1
                before = printable(line[:at]) or ""
                line = before + (printable(line[at:]) or "")
                col_shift = len(before) - at
            else:
                col_shift = 0
            col = (self.col or 1) + col_shift
            if len(line) > 200:  # keep the caret display readable on huge lines
                start = max(0, col - 60)
                line = line[start:start + 160]
                col -= start
            out.append(f" {number} | {printable(line)}")
            width = max(1, min(len(self.text or "x"), len(line) - col + 1))
            out.append(f" {pad} | {' ' * (col - 1)}{'^' * width}")
        if self.hint:
            said = tr("hint")
            out.append(f"  = {said}: {printable(self.hint)}")
        return "\n".join(out)

    def to_json(self) -> dict[str, object]:
        """A JSON-ready dict of every field, with the severity spelled out."""
        return {
            "code": self.code,
            "severity": self.severity.value,
            "message": printable(shorten(self.message, 2 * SHOWN)),
            "file": printable(self.file),
            "line": self.line,
            "col": self.col,
            "text": printable(shorten(self.text)),
            "hint": self.hint,
            "args": self.args,
            "fix": self._fix_json(),
        }

    def _fix_json(self) -> dict[str, object] | None:
        """The fix as JSON carries it, its place given even where it is the text the
        diagnostic is about."""
        if self.fix is None:
            return None
        if self.fix.place is None and self.line and self.col and self.text:
            col = self.col  # a check that places it at its tag: the text it is about
            if self.source_line is not None and not self.source_line.startswith(self.text,
                                                                                 col - 1):
                found = self.source_line.find(self.text, col - 1)
                col = found + 1 if found >= 0 else col
            place = (self.line, col, self.line, col + len(self.text))
            return Fix(self.fix.text, place).to_json()
        return self.fix.to_json()

    def __str__(self) -> str:
        return self.format()


_COURSE = ("PFN-E3", "PFN-E4", "PFN-E5")
"""The auction's, the defence's and the play's rules: break one, and the deal takes
another course from there."""
_FOLLOWS = (*_COURSE, "PFN-E6", "PFN-E7")
"""What a deal's course decides: the other calls and cards, the result, the score."""


def follow_on(found: Sequence[Diagnostic]) -> tuple[int | None, list[int]]:
    """One mistake, one error: where in one record's diagnostics its first broken rule
    of the auction, defence or play is (``None`` if none is), and where the errors of
    its course, result and score that follow from it are — what ``pfn check`` folds
    under the first (``--all`` shows them) and the language server shows as hints."""
    head = next((at for at, d in enumerate(found)
                 if d.is_error and d.code.startswith(_COURSE)), None)
    if head is None:
        return None, []
    return head, [at for at in range(head + 1, len(found))
                  if found[at].is_error and found[at].code.startswith(_FOLLOWS)]


def folded(found: Sequence[Diagnostic]) -> list[Diagnostic]:
    """One record's diagnostics with the errors that follow from its first broken rule
    (:func:`follow_on`) left out, and a note after that first one saying how many."""
    head, after = follow_on(found)
    if head is None or not after:
        return list(found)
    first = found[head]
    note = Diagnostic(I003, nmsg(
        "{n} more error follows from this one (pfn check --all shows it)",
        "{n} more errors follow from this one (pfn check --all shows them)", len(after)),
        first.file, first.line, first.col)
    dropped = set(after)
    out = [d for at, d in enumerate(found) if at not in dropped]
    out.insert(out.index(first) + 1, note)
    return out


def diagnostics_json(diagnostics: Iterable[Diagnostic]) -> str:
    """Diagnostics as a JSON array."""
    import json

    return json.dumps([d.to_json() for d in diagnostics], ensure_ascii=False, indent=1)


@dataclass(frozen=True, slots=True)
class Fix:
    """An edit that puts a problem right: ``text`` written in place of the text the
    problem is about, or, with ``place`` (line, column, end line, end column, as a
    diagnostic counts them), in place of that span."""

    text: str
    place: tuple[int, int, int, int] | None = None

    def to_json(self) -> dict[str, object]:
        """The edit as JSON carries it."""
        out: dict[str, object] = {"text": self.text}
        if self.place is not None:
            out.update(zip(("line", "col", "end_line", "end_col"), self.place, strict=True))
        return out


@dataclass(frozen=True, slots=True)
class Problem:
    """What a stage of the rules found wrong, before it is placed in the text: a code, a
    message, a hint and the edit that fixes it.  :meth:`at` turns it into a located
    :class:`Diagnostic`."""

    code: Code
    message: Text
    hint: Text | None = None
    fix: Fix | None = None

    def at(self, pos: tuple[int, int] | None = None, text: str | None = None,
           prefix: Text = "") -> Diagnostic:
        """The diagnostic of this problem at ``pos`` (line, column) quoting ``text``."""
        line, col = pos if pos is not None else (0, 0)
        return Diagnostic(self.code, prefix + self.message if prefix else self.message, None,
                          line or None, col or None, text, self.hint, fix=self.fix)


class NotationError(PfnError):
    """The text is not well-formed PFN (codes ``PFN-E0xx`` to ``PFN-E1xx``)."""


class RuleError(PfnError):
    """A record, or a move on a :class:`pfn.Board`, breaks the rules of its variant
    (codes ``PFN-E2xx`` and up).

    >>> import pfn
    >>> board = pfn.Board("A:AKQJ7.AK.7.A7 B:T9.QJT.AKQ.KQ C:8.987.JT9.JT9 talon:..8.8",
    ...                   dealer="C")
    >>> try:
    ...     board.push("HA")
    ... except pfn.RuleError as error:
    ...     print(error)
    board: error[PFN-E307]: the auction is not finished: A calls, not HA
    """


class UnknownVariant(PfnError):
    """No variant has this name or alias."""


class OptionError(PfnError):
    """A house-rule option that does not exist, or a value it does not take."""
