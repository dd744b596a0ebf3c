"""Recording a pool in the page: ``pfn record``'s own session (:mod:`pfn.recorder`), its
questions answered by the taps the page keeps.

The page holds no rule: it keeps the pool's file text and the answers given since the
last deal was written, and each tap runs the session again over them, on a file in
Pyodide's memory. The session asks what ``pfn record`` asks, offers what it offers (the
variant's ladder, the seats that play, the complete defences the engine lists), refuses
what it refuses, and writes the deal — its Result and Score worked out by the rules —
when it is right. The first question left unanswered is what the page shows next.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from pfn.i18n import N_, tr, use
from pfn.model import Record
from pfn.seats import Seat

QUESTIONS = {
    "players": N_("Players, in seat order A B C (D), separated by ';' or ','"),
    "variant": N_("Variant"),
    "rules": N_("House rules (key=value; ..., empty: none; `pfn rules` lists them)"),
    "target": N_("Target (the pool each player must close)"),
    "match": N_("Match id"),
    "dealer": N_("Who deals the first board (seat or name)"),
    "how": N_("The deal: r = its result, c = card by card, u = undo the last deal, end ="
              " end the pool"),
    "contract": N_("Contract (7S, 6NT, mis; pass: all-pass)"),
    "declarer": N_("Declarer (seat or name)"),
    "defence": N_("Defence, the calls in order"),
}
"""The session's questions (its own words, from the same catalog), by what the page
makes of each."""
TRICKS = N_("Tricks taken, {seats} (e.g. 6 2 2; - for a player who did not play)")
SETUP = ("players", "variant", "rules", "target", "match", "dealer")
"""The questions asked once, before the first deal: kept until a deal is written."""
SEATS = ("dealer", "declarer")
SUITS = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}


@dataclass
class Taps:
    """The session's :class:`pfn.recorder.Console`: the answers given, in order; where
    they run out, the question is kept for the page and the session stops."""

    script: list[str]
    setup: list[str] = field(default_factory=list)
    answers: list[str] = field(default_factory=list)
    """The answers to the deal being entered (none refused)."""
    said: list[str] = field(default_factory=list)
    """What the session said since the last answer."""
    question: dict[str, object] | None = None
    _last: tuple[str, str] | None = None
    """The question last answered, and its kind."""

    def kind(self, prompt: str) -> str:
        for kind, text in QUESTIONS.items():
            if prompt == tr(text):
                return kind
        before, _, after = tr(TRICKS, seats="\x00").partition("\x00")
        if prompt.startswith(before) and prompt.endswith(after):
            return "tricks"
        return "other"

    def ask(self, prompt: str, choices: Sequence[str] = (), default: str | None = None
            ) -> str:
        kind = self.kind(prompt)
        if self._last is not None and self._last[0] == prompt:
            # asked again straight after its answer: that answer was refused
            (self.setup if self._last[1] in SETUP else self.answers).pop()
        self._last = None
        if kind == "how":  # the deal before is written (or dropped): the next one, by result
            self.answers = []
            return "r"
        if not self.script:
            self.question = {"kind": kind, "prompt": prompt, "choices": list(choices),
                             "default": default}
            raise EOFError
        answer = self.script.pop(0)
        (self.setup if kind in SETUP else self.answers).append(answer)
        self._last = (prompt, kind)
        self.said = []
        return answer

    def say(self, text: str) -> None:
        if self.question is None and text.strip() and "\n" not in text.strip():
            self.said.append(text.strip())  # a table is the sheet's, shown by itself


def _choices(kind: str, choices: list[str], names: Sequence[str]) -> list[dict[str, str]]:
    """What the page offers for a question: a value to answer and a label to show."""
    from pfn.vocabulary import DEFENCE_CALLS

    if kind in SEATS:  # the session offers the names, then the same seats' letters
        half = len(choices) // 2
        return [{"value": letter, "label": f"{name} ({letter})"}
                for name, letter in zip(choices[:half], choices[half:], strict=True)]
    if kind == "defence":  # the complete defences, then every single call: only the former
        for k in range(len(choices) + 1):
            if choices[k:] == [c for c in DEFENCE_CALLS if c not in choices[:k]]:
                choices = choices[:k]
                break
    if kind == "contract":  # 6S as a score sheet writes it: 6♠
        return [{"value": c, "label": c[:-1] + SUITS[c[-1]]
                 if c[-1] in SUITS and c[:-1].isdigit() else c} for c in choices]
    return [{"value": c, "label": c} for c in choices]


def _dealer(records: Sequence[Record], setup: list[str], names: Sequence[str]) -> Seat | None:
    """Who deals the deal being entered: the rotation of the match so far, or the
    first dealer named."""
    from pfn.match import MatchChecker
    from pfn.recorder import Pool

    if records:
        checker = MatchChecker()
        for record in records:
            checker.check(record, True)
        state = checker.state
        return checker.next_dealer(state) if state is not None else None
    if len(setup) == len(SETUP):
        return Pool(tuple(names), "").seat(setup[-1])
    return None


def record(file: str, setup: str = "[]", answers: str = "[]", lang: str = "en") -> str:
    """Run ``pfn record``'s session on the pool ``file`` (its PFN text; empty: a new
    pool) with the page's answers: ``setup`` (JSON: the pool's questions, read while the
    file holds no deal) and ``answers`` (JSON: the deal being entered). The answer, as
    JSON: ``file`` (after a deal is written), ``deals``, ``setup`` and ``answers`` kept
    (a refused answer dropped), ``question`` (``kind``, ``prompt``, ``choices`` as
    ``value``/``label``, ``default``; for the tricks, ``seats`` with who plays; none when
    the pool is over), ``said`` (what the session said since the last answer) and
    ``sheet`` (the deals, the sheet and the settlement as ``pfn score`` prints them)."""
    from pfn.notation.reader import loads
    from pfn.recorder import Session
    from pfn.report import format_text, reports

    given = json.loads(setup), json.loads(answers)
    with use(lang), tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "pool.pfn"
        path.write_text(file, encoding="utf-8", newline="")
        had = [r for r in loads(file) if not r.empty]
        taps = Taps(([] if had else list(given[0])) + list(given[1]))
        session = Session(path, taps)
        error = None
        try:
            session.run()
        except Exception as failure:  # a file the session refuses: said, never a traceback
            from pfn.diagnostics import PfnError

            if not isinstance(failure, PfnError):
                raise
            error = str(failure).replace(str(path), "pool.pfn")
        text = path.read_text(encoding="utf-8")
        records = [r for r in loads(text) if not r.empty]
        names = session.pool.names if session.pool is not None else ()
        question = taps.question
        if question is not None:
            kind = str(question["kind"])
            question["choices"] = _choices(kind, list(question["choices"]),  # type: ignore[call-overload]
                                           names)
            if kind == "tricks":
                dealer = _dealer(records, taps.setup, names)
                question["tricks"] = 10  # the ten tricks of a deal, shared
                question["seats"] = [
                    {"seat": str(Seat(i)), "name": name,
                     "plays": len(names) == 3 or Seat(i) != dealer}
                    for i, name in enumerate(names)]
        said = [s.replace(str(path), "pool.pfn") for s in taps.said]
        return json.dumps({
            "file": text, "deals": len(records),
            "setup": list(given[0]) if had else taps.setup, "answers": taps.answers,
            "question": question, "said": [*said, *([error] if error else [])],
            "names": list(names),
            "match": session.pool.match if session.pool is not None else "",
            "sheet": format_text(reports(records)) if records else "",
        }, ensure_ascii=False)
