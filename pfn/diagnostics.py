"""Diagnostics: every problem pfn reports, with a stable code, a place and a hint.

Codes are grouped by stage, and syntax is apart from legality:

* ``PFN-E0xx`` input (files, encodings, directives),
* ``PFN-E1xx`` notation (syntax, tokens, tag values),
* ``PFN-E2xx`` structure (the deal and the cards, checked without rules),
* ``PFN-E3xx`` auction, ``PFN-E4xx`` talon, contract and defence,
  ``PFN-E5xx`` play, ``PFN-E6xx`` result and claims, ``PFN-E7xx`` score,
  ``PFN-E8xx`` match and sheet (the rules engine),
* ``PFN-Wxxx`` warnings and ``PFN-Ixxx`` notes about what could not be checked.

The table :data:`CODES` is the single source of the codes and their titles;
``docs/diagnostics.md`` is checked against it by the tests.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from typing import overload

from pfn.i18n import N_, ntr, tr


class Severity(Enum):
    """How bad a diagnostic is."""

    ERROR = "error"
    """The record is wrong: a syntax error or a broken rule."""
    WARNING = "warning"
    """Probably a mistake, or an assumption pfn had to make."""
    INFO = "info"
    """Something pfn could not check with the information given."""


CODES: dict[str, str] = {
    # input
    "PFN-E001": N_("cannot read input"),
    "PFN-E002": N_("invalid UTF-8"),
    "PFN-E003": N_("no PFN records found"),
    "PFN-E004": N_("unsupported PFN version"),
    "PFN-E005": N_("not valid JSON"),
    "PFN-E006": N_("JSON that is not a record"),
    "PFN-E007": N_("cannot be imported"),
    # notation
    "PFN-E101": N_("unexpected text"),
    "PFN-E102": N_("malformed tag"),
    "PFN-E103": N_("unterminated comment"),
    "PFN-E104": N_("unbalanced parentheses"),
    "PFN-E105": N_("text outside a section"),
    "PFN-E106": N_("malformed tag value"),
    "PFN-E107": N_("unknown card"),
    "PFN-E108": N_("unknown call"),
    "PFN-E109": N_("unknown variant"),
    "PFN-E110": N_("invalid seat"),
    "PFN-E111": N_("invalid number"),
    "PFN-E112": N_("duplicate tag"),
    "PFN-E113": N_("malformed note"),
    "PFN-E114": N_("annotation without a move"),
    "PFN-E115": N_("variation without a move"),
    "PFN-E116": N_("unknown or invalid house rule"),
    "PFN-E117": N_("unknown contract"),
    "PFN-E118": N_("note reference without a note"),
    "PFN-E119": N_("variations nested too deep"),
    "PFN-E120": N_("the same entry twice"),
    "PFN-E121": N_("would not read back the same"),
    "PFN-E122": N_("too many tags"),
    # structure
    "PFN-E201": N_("card dealt twice"),
    "PFN-E202": N_("wrong number of cards in a hand"),
    "PFN-E203": N_("wrong number of cards in the talon"),
    "PFN-E204": N_("card played twice"),
    "PFN-E205": N_("talon differs from the deal"),
    "PFN-E206": N_("discard not from the declarer's cards"),
    "PFN-E207": N_("the dealer holds cards at a table of four"),
    "PFN-E208": N_("seat not at this table"),
    "PFN-E209": N_("wrong number of players"),
    "PFN-E210": N_("tricks do not add up to ten"),
    "PFN-E211": N_("discarded card played"),
    "PFN-E212": N_("card played that nobody holds"),
    # auction
    "PFN-E301": N_("call out of turn"),
    "PFN-E302": N_("bid not higher than the last"),
    "PFN-E303": N_("jump not allowed"),
    "PFN-E304": N_("call after pass"),
    "PFN-E305": N_("hold not allowed"),
    "PFN-E306": N_("misère not allowed here"),
    "PFN-E307": N_("auction not finished"),
    "PFN-E308": N_("call after the auction ended"),
    "PFN-E309": N_("bid not in this variant"),
    "PFN-E310": N_("declarer does not match the auction"),
    # talon, contract, defence
    "PFN-E401": N_("wrong talon or discard"),
    "PFN-E402": N_("talon used in a game without it"),
    "PFN-E403": N_("contract lower than the winning bid"),
    "PFN-E404": N_("contract does not match the auction"),
    "PFN-E405": N_("defence call out of turn"),
    "PFN-E406": N_("defence call not allowed"),
    "PFN-E407": N_("defence not finished"),
    "PFN-E408": N_("contract below the exit from all-pass"),
    "PFN-E409": N_("no contract"),
    # play
    "PFN-E501": N_("wrong leader"),
    "PFN-E502": N_("card from the wrong hand"),
    "PFN-E503": N_("revoke"),
    "PFN-E504": N_("must trump"),
    "PFN-E505": N_("must head the trick"),
    "PFN-E506": N_("wrong number of cards in a trick"),
    "PFN-E507": N_("play where none is allowed"),
    "PFN-E508": N_("card already played"),
    "PFN-E509": N_("talon card must lead"),
    "PFN-E510": N_("too many tricks"),
    # result and claims
    "PFN-E601": N_("result differs from the play"),
    "PFN-E602": N_("result incomplete"),
    "PFN-E603": N_("claim not possible"),
    # score
    "PFN-E701": N_("score entry differs"),
    "PFN-E702": N_("score entry missing"),
    "PFN-E703": N_("unexpected score entry"),
    "PFN-E704": N_("settlement differs"),
    "PFN-E705": N_("settlement does not sum to zero"),
    # match
    "PFN-E801": N_("running sheet differs"),
    "PFN-E802": N_("wrong dealer"),
    "PFN-E803": N_("record after the end of the match"),
    "PFN-E804": N_("match rules changed within the match"),
    "PFN-E805": N_("wrong board number"),
    # warnings
    "PFN-W001": N_("no variant given"),
    "PFN-W002": N_("unknown directive"),
    "PFN-W003": N_("note never referenced"),
    "PFN-W004": N_("incomplete record"),
    "PFN-W005": N_("claim or result disputed by best play"),
    "PFN-W006": N_("stated chance disputed by the layouts"),
    # information
    "PFN-I001": N_("not checked"),
    "PFN-I002": N_("import note"),
    "PFN-I003": N_("errors that follow from the first"),
}

_SEVERITY_BY_LETTER = {"E": Severity.ERROR, "W": Severity.WARNING, "I": Severity.INFO}
SEVERITIES: dict[str, Severity] = {code: _SEVERITY_BY_LETTER[code[4]] for code in CODES}
"""The severity of every code: the letter after ``PFN-`` says it, read here once."""
NOTATION_ERRORS = frozenset(code for code in CODES if code[4:6] in ("E0", "E1"))
"""Input and notation errors: the text cannot be read as PFN."""
INPUT_ERRORS = frozenset(code for code in CODES if code[4:6] == "E0")
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
    """One problem, with where it is, what is wrong there and what would help."""

    code: str
    message: str
    file: str | None = None
    line: int | None = None
    col: int | None = None
    text: str | None = None
    """The offending text, underlined under the source line."""
    hint: str | None = None
    source_line: str | None = None
    """The whole source line, for the caret display."""

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
        }

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
    note = Diagnostic("PFN-I003", ntr(
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
class Problem:
    """What a stage of the rules found wrong, before it is placed in the text: a code, a
    message and a hint.  :meth:`at` turns it into a located :class:`Diagnostic`."""

    code: str
    message: str
    hint: str | None = None

    def at(self, pos: tuple[int, int] | None = None, text: str | None = None,
           prefix: str = "") -> Diagnostic:
        """The diagnostic of this problem at ``pos`` (line, column) quoting ``text``."""
        line, col = pos if pos is not None else (0, 0)
        return Diagnostic(self.code, prefix + self.message, None, line or None, col or None,
                          text, self.hint)


class PfnError(ValueError):
    """The root of every error pfn raises (a :class:`ValueError`, as lark's errors are).

    It carries a :class:`Diagnostic` when the error is about a place in a record.

    >>> import pfn
    >>> try:
    ...     pfn.replay(pfn.loads('[Deal "A:AKQJ7.AK.7.A7 B:T9.QJT.AKQ.KQ C:8.987.JT9.JT9'
    ...                          ' talon:..8.8"]\\n[Dealer "C"]\\n[Auction "A"]\\n6S 6C 6C')[0])
    ... except pfn.PfnError as error:
    ...     print(error.diagnostic.code, error.diagnostic.message)
    PFN-E302 6C is not higher than 6C
    """

    def __init__(self, problem: Diagnostic | str) -> None:
        diagnostic = problem if isinstance(problem, Diagnostic) else None
        super().__init__(diagnostic.message if diagnostic is not None else problem)
        self.diagnostic = diagnostic

    def __str__(self) -> str:
        return self.diagnostic.format() if self.diagnostic is not None else self.args[0]


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
