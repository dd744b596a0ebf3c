"""What the language server answers, worked out by pfn itself: the check's diagnostics,
completion (tag names and values, the variant's words, the legal calls and cards at
the cursor, from a :class:`pfn.Board`), hover (the hands at a card, a trick's winner
and the tallies; how the rules wrote a Score entry), formatting (``pfn fmt``), the
boards as symbols, and quick fixes where a diagnostic's hint says exactly what to
write.  Each function takes a :class:`~pfn.lsp.document.Document` and returns
``lsprotocol`` values; nothing here keeps state between requests."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from lsprotocol import converters
from lsprotocol import types as lsp

from pfn import codes
from pfn.cards import CARDS, CardSet, cards_of
from pfn.diagnostics import Diagnostic, PfnError, Severity, follow_on
from pfn.i18n import ntr, tr
from pfn.lsp.document import Document, Token
from pfn.model import Record
from pfn.seats import Seat

_SEVERITY = {Severity.ERROR: lsp.DiagnosticSeverity.Error,
             Severity.WARNING: lsp.DiagnosticSeverity.Warning,
             Severity.INFO: lsp.DiagnosticSeverity.Information}


_converter = converters.get_converter()
"""Turns the protocol's values into JSON and back (a quick fix's edit rides in a
diagnostic's ``data``)."""


def _range(line: int, start: int, end: int) -> lsp.Range:
    return lsp.Range(lsp.Position(line, start), lsp.Position(line, end))


# -- diagnostics ----------------------------------------------------------------------


def diagnostics(doc: Document) -> list[lsp.Diagnostic]:
    """Everything ``pfn check`` finds, each at the text it is about, with its hint."""

    out = []
    for found in _checked(doc):
        out += _fold(found, [_diagnostic(doc, d) for d in found])
    return out


@dataclass(frozen=True)
class _Checked:
    """One record's diagnostics and the match's state after it."""

    record: Record
    found: list[Diagnostic]
    after: Any


def _checked(doc: Document) -> list[list[Diagnostic]]:
    """Each record's diagnostics, as ``pfn check`` gives them.  The records the version
    before checked, read again as the same objects (nothing above them changed), keep
    their diagnostics; the check goes on from the match's state after the last of them,
    so a keystroke in one deal checks that deal and the ones after it in its match."""
    import copy

    from pfn.check import CheckOptions, check_records
    from pfn.match import MatchChecker

    records = doc.records
    kept: list[_Checked] = []
    for prior, record in zip(doc.prior_checks or (), records, strict=False):
        if prior.record is not record:
            break
        kept.append(prior)
    matches = copy.deepcopy(kept[-1].after) if kept else MatchChecker()
    out = [c.found for c in kept]
    for report in check_records(records[len(kept):], CheckOptions(), matches):
        out.append(report.diagnostics)
        if len(kept) < len(records):
            # the check stands after this record: keep the match's state (its last
            # deal's replay and score left out: no later record reads them)
            leave = {id(matches.last): None, id(matches.scored): None,
                     id(matches.written): None}
            kept.append(_Checked(records[len(kept)], report.diagnostics,
                                 copy.deepcopy(matches, leave)))
    doc.checks, doc.prior_checks = kept, None
    return out


def _fold(found: Sequence[Diagnostic], shown: list[lsp.Diagnostic]) -> list[lsp.Diagnostic]:
    """One mistake, one error: after a record's first broken rule of the auction,
    defence or play, the errors of its course, result and score that follow are shown
    as hints (one red mark, the rest still listed), and the first says how many."""
    head, after = follow_on(found)
    for at in after:
        shown[at].severity = lsp.DiagnosticSeverity.Hint
    folded = len(after)
    if head is not None and folded:
        shown[head].message += "\n" + ntr(
            "{n} more error below may follow from this one (shown as a hint)",
            "{n} more errors below may follow from this one (shown as hints)", folded)
    return shown


def too_large(limit: int) -> lsp.Diagnostic:
    """What the editor is told of a document too large to check as it is typed."""
    said = tr("not checked: {what}", what=tr(
        "a document of more than {size} MB in the editor (pfn check checks it)",
        size=limit // (1024 * 1024)))
    return lsp.Diagnostic(_range(0, 0, 1), said, severity=lsp.DiagnosticSeverity.Information,
                          code=codes.I001, source="pfn")


def _diagnostic(doc: Document, found: Diagnostic) -> lsp.Diagnostic:
    line = max(0, (found.line or 1) - 1)
    start = max(0, (found.col or 1) - 1)
    text = doc.lines[line] if line < len(doc.lines) else ""
    if found.text and not text.startswith(found.text, start):
        # some checks place a diagnostic at its tag: point at the text it is about
        at = text.find(found.text, start)
        start = at if at >= 0 else start
    end = start + len(found.text) if found.text else len(text)
    if end <= start:
        end = len(text)
    message = found.message + (f"\n{tr('hint')}: {found.hint}" if found.hint else "")
    shown = _range(line, start, max(end, start + 1))
    data = None
    if found.fix is not None:  # the edit travels with the diagnostic to its code action
        place = found.fix.place
        where = shown if place is None else lsp.Range(
            lsp.Position(place[0] - 1, place[1] - 1), lsp.Position(place[2] - 1, place[3] - 1))
        data = {"fix": {"newText": found.fix.text, "range": _converter.unstructure(where)},
                "title": found.hint or found.fix.text}
    return lsp.Diagnostic(shown, message,
                          severity=_SEVERITY.get(found.severity, lsp.DiagnosticSeverity.Error),
                          code=found.code, source="pfn", data=data)


# -- completion -----------------------------------------------------------------------


def completions(doc: Document, line: int, column: int) -> list[lsp.CompletionItem]:
    """What may be written at the cursor: tag names after ``[``; a tag's values; in an
    Auction, Defence or Play line the calls or cards that are legal there."""
    from pfn.notation.build import KNOWN_TAGS

    text = doc.lines[line][:column] if line < len(doc.lines) else ""
    if re.fullmatch(r"\s*\[\w*", text):
        return [lsp.CompletionItem(name, kind=lsp.CompletionItemKind.Keyword,
                                   insert_text=f'{name} "') for name in KNOWN_TAGS]
    tag = re.fullmatch(r'\s*\[(\w+)\s*"[^"]*', text)
    if tag is not None:
        return _tag_values(doc, line, tag.group(1))
    section = doc.section_of(line)
    if section is None:
        return []
    legal = _legal(doc, line, column)
    if legal is not None:
        kind = lsp.CompletionItemKind.Value
        detail = {"Auction": tr("legal in the auction"), "Defence": tr("legal in the defence"),
                  "Play": tr("legal in the play")}.get(section[0], "")
        return [lsp.CompletionItem(move, kind=kind, detail=detail) for move in legal]
    return _words(doc, line, section[0])


def _tag_values(doc: Document, line: int, name: str) -> list[lsp.CompletionItem]:
    from pfn.variants import VARIANTS

    span = doc.record_at(line)
    record = span[0] if span is not None else None
    players = record.players if record is not None else 3
    values: list[str] = []
    if name == "Variant":
        values = [v.name for v in VARIANTS]
    elif name in ("Dealer", "Declarer", "Auction", "Defence", "Play"):
        values = list("ABCD"[:players])
    elif name == "Contract":
        family = _family(record)
        values = [*family.ladder.bids, "pass"] if family is not None else []
    elif name == "Rules":
        from pfn.rules.options import HouseRules

        values = [f"{key}=" for key in HouseRules.option_names()]
    return [lsp.CompletionItem(v, kind=lsp.CompletionItemKind.EnumMember) for v in values]


def _family(record: Record | None) -> Any:
    """The rule family of ``record`` (Sochi where no record is found); ``None`` for a
    variant pfn does not know: its contracts are not known either (the diagnostics
    say so, and completion on the Variant tag offers the known ones)."""
    from pfn.diagnostics import UnknownVariant
    from pfn.variants import find_variant

    try:
        return find_variant(record.variant if record is not None else "sochi")
    except UnknownVariant:
        return None


def _words(doc: Document, line: int, section: str) -> list[lsp.CompletionItem]:
    """The variant's words for a section when the legal moves cannot be worked out (no
    cards given)."""
    from pfn.vocabulary import DEFENCE_CALLS

    span = doc.record_at(line)
    record = span[0] if span is not None else None
    if section == "Defence":
        words = list(DEFENCE_CALLS)
    elif section == "Auction":
        family = _family(record)
        words = [*family.ladder.bids, "pass", "hold"] if family is not None else []
    else:
        return []
    return [lsp.CompletionItem(w, kind=lsp.CompletionItemKind.Keyword) for w in words]


def _cut(doc: Document, line: int, column: int) -> tuple[Record, Record] | None:
    """The record at the cursor and the same record written only as far as the cursor
    (its figures left out: they judge a whole deal); ``None`` without a deal."""
    span = doc.record_at(line)
    if span is None:
        return None
    record, first, _ = span
    if record.deal is None or record.dealer is None:
        return None
    kept = [text for text in doc.lines[first:line]
            if not re.match(r'\s*\[(Result|Score|Sheet|Settlement)\b', text)]
    before = " ".join(t.text for t in doc.tokens(line) if t.end < column)
    section = doc.section_of(line)
    cut = "\n".join([*kept, before + (" *" if section and section[0] == "Play" else "")])
    from pfn.notation.reader import loads

    found = [r for r in loads(cut + "\n") if not r.empty]
    return (record, found[0]) if found else None


def board_at(doc: Document, line: int, column: int) -> Any:
    """The board of the record at the cursor, with every move written before it made
    (``None`` when the record gives no deal or its moves break a rule before it)."""
    from pfn.board import Board
    from pfn.board.record import moves_of
    from pfn.deal import replay
    from pfn.rules.playstart import talon_order

    cut = _cut(doc, line, column)
    if cut is None:
        return None
    record, partial = cut
    # the moves written before the cursor, as the replay read them (a section not yet
    # finished is no error here), each pushed on a board that checks it
    read = replay(partial, on_error="collect")
    try:
        board = Board(str(record.deal), dealer=record.dealer, variant=record.variant,
                      rules=record.rules, names=record.names,
                      talon=[CARDS[c] for c in talon_order(read) or ()])
        for _, move in moves_of(read):
            if board.is_over():
                break
            board.push(move)
    except PfnError:
        return None
    return board


@dataclass(frozen=True)
class Spot:
    """Where the play stands at the cursor: what the hover shows and the completion
    offers."""

    hands: dict[Seat, CardSet]
    turn: Seat | None
    trick: int
    taken: dict[Seat, int]
    legal: list[str]
    recovered: bool = False
    """Worked out past a broken rule, as the check's replay carries on after it."""


def spot_at(doc: Document, line: int, column: int) -> Spot | str:
    """The play at the cursor, from the board; after a broken rule earlier in the deal,
    from the check's replay, which plays each card as written and goes on (a revoke
    is reported, not undone).  Where neither reaches the cursor: the reason, in words."""
    board = board_at(doc, line, column)
    if board is not None:
        if board.stage != "play":
            return tr("the play has not begun here")
        legal = [str(getattr(m, "token", m)) for m in board.legal_moves]
        return Spot(board.hands(), board.turn, board.trick, board.tricks_taken, legal)
    return _recovered(doc, line, column)


def _recovered(doc: Document, line: int, column: int) -> Spot | str:
    from pfn.deal import replay

    cut = _cut(doc, line, column)
    if cut is None:
        return tr("the record gives no deal and dealer here")
    _, partial = cut
    played = replay(partial, on_error="collect")
    # the last error, or the note of where the replay stopped checking
    errors = [d for d in (*partial.diagnostics, *played.diagnostics)
              if d.is_error or d.code == codes.I001]
    why = tr("no position is known here: {reason}",
             reason=errors[-1].message if errors else tr("the play does not reach this card"))
    section = doc.section_of(line)
    rules, order = played.play_rules, played.participants
    if section is None or rules is None or not order:
        return why
    index = sum(1 for at in range(section[1] + 1, line) if doc.tokens(at))
    typed = sum(1 for t in doc.tokens(line) if t.end < column)
    tricks = played.tricks
    if index < len(tricks):  # a trick the replay played: its first cards on the table
        trick = tricks[index]
        masks = [int(m) for m in trick.before]
        table = list(zip(trick.seats, trick.cards, strict=True))[:typed]
        number = trick.number
    elif index == len(tricks):  # the trick after the last one played, or the first
        runs = partial.play.tricks if partial.play is not None else ()
        if typed and len(runs) <= index:
            return why
        if tricks:
            last = tricks[-1]
            full = len(last.cards) == len(order) + last.talon_lead
            after = rules.next_leader(last.number, None if last.winner is None else
                                      last.winner.index, order[0].index) if full else None
            leader = None if after is None else Seat(after)
            masks = [int(m) for m in last.before]
            for seat, card in zip(last.seats, last.cards, strict=True):
                if seat is not None and card is not None:
                    masks[seat] &= ~(1 << card)
            number = last.number + 1
        else:
            leader = played.first_leader or played.leader
            masks = [int(m) for m in played.hands]
            number = partial.first_trick
        if leader is None or leader not in order or number > 10:
            return why
        typed_cards = list(runs[index].cards[:typed]) if typed else []
        table = []
        if number <= rules.talon_leads:  # the talon's card opens it
            if not typed_cards:
                return why
            table.append((None, typed_cards.pop(0)))
        start = order.index(leader)
        table += [(order[(start + at) % len(order)], card)
                  for at, card in enumerate(typed_cards)]
    else:
        return why
    for seat, card in table:
        if seat is not None and card is not None:
            if not masks[seat] >> card & 1:
                return why
            masks[seat] &= ~(1 << card)
    if len(table) >= len(order) + (table[0][0] is None if table else 0):
        return why  # the trick is full: the next card opens the next line
    turn: Seat | None
    if index < len(tricks):
        turn = tricks[index].seats[len(table)]  # as the replay had the trick played
    elif table and table[-1][0] is not None:
        turn = order[(order.index(table[-1][0]) + 1) % len(order)]
    else:
        turn = leader
    if turn is None:
        return why  # the talon's card is next: nobody chooses it
    taken = {seat: sum(t.winner == seat for t in tricks[:index]) for seat in sorted(order)}
    legal = rules.legal(masks[turn], [None if c is None else int(c) for _, c in table],
                        [None if s is None else int(s) for s, _ in table])
    return Spot({Seat(s): CardSet(m) for s, m in enumerate(masks)}, turn, number, taken,
                [str(c) for c in cards_of(legal)], recovered=True)


def _legal(doc: Document, line: int, column: int) -> list[str] | None:
    board = board_at(doc, line, column)
    if board is None:
        found = _recovered(doc, line, column)
        return found.legal if isinstance(found, Spot) else None
    if board.is_over():
        return None
    # a call as it is written in the section (6D, whist), not with its seat
    return [str(getattr(move, "token", move)) for move in board.legal_moves]


# -- hover ----------------------------------------------------------------------------


def hover(doc: Document, line: int, column: int) -> lsp.Hover | None:
    """On a card or a trick: the hands before it, the trick's winner, the tallies; on a
    Score entry: how the rules computed it."""
    token = doc.token_at(line, column)
    if token is None:
        return None
    tag = doc.tag_at(line)
    if tag is not None and tag[0] == "Score":
        return _score_hover(doc, line, column)
    section = doc.section_of(line)
    if section is None or section[0] != "Play":
        return None
    return _card_hover(doc, line, token)


def _card_hover(doc: Document, line: int, token: Token) -> lsp.Hover | None:
    from pfn.deal import replay
    from pfn.seats import SEATS

    where = _range(line, token.start, token.end)
    spot = spot_at(doc, line, token.start)
    if isinstance(spot, str):
        return lsp.Hover(lsp.MarkupContent(lsp.MarkupKind.Markdown, _plain(spot)), where)
    rows = [f"{seat}  {held}" for seat, held in spot.hands.items() if int(held)]
    tally = ", ".join(f"{seat} {n}" for seat, n in spot.taken.items())
    said = [tr("**Before {card}** (trick {n}, {seat} to play)", card=_plain(token.text),
               n=spot.trick, seat=spot.turn), "",
            "```", *rows, "```", tr("tricks so far: {tally}", tally=tally)]
    if spot.recovered:
        said.append(tr("(as the play goes on after the error above)"))
    span = doc.record_at(line)
    if span is not None:
        section = doc.section_of(line)
        index = sum(1 for at in range(section[1] + 1, line) if doc.tokens(at)) \
            if section is not None else 0
        played = replay(span[0], on_error="collect")
        if index < len(played.tricks):
            trick = played.tricks[index]
            said.append(tr("nobody takes trick {n}", n=trick.number) if trick.winner is None
                        else tr("trick {n} is taken by {seat}", n=trick.number,
                                seat=SEATS[trick.winner]))
    return lsp.Hover(lsp.MarkupContent(lsp.MarkupKind.Markdown, "\n".join(said)), where)


def _plain(text: str) -> str:
    """A record's text in Markdown, every sign that would format it escaped: it shows
    as written, never as a link, an image or markup."""
    return re.sub(r"([\\`*_{}\[\]()<>#+\-.!|~&])", r"\\\1", text)


def _score_hover(doc: Document, line: int, column: int) -> lsp.Hover | None:
    from pfn.check import CheckOptions, check_records
    from pfn.scoring.ledger import entry_label, totals

    span = doc.record_at(line)
    token = doc.token_at(line, column)
    if span is None or token is None:
        return None
    entry = token.text.strip('"')
    label = re.match(r"([A-D]:[a-z]+(?:/[A-D])?)", entry)
    if label is None:
        return None
    reports = list(check_records(doc.records, CheckOptions(keep=True)))
    report = next((r for r in reports if r.record is span[0]), None)
    if report is None or report.written is None:
        return None
    why = [e for e in report.written if entry_label(e.key) == label.group(1)]
    if not why:
        text = tr("{entry}: the rules write nothing here", entry=label.group(1))
    else:
        from pfn.model import format_amount

        total = totals(why).get(why[0].key, 0)
        text = f"**{label.group(1)}{format_amount(total, True)}**\n\n" + "\n".join(
            f"- {e.rule}: {format_amount(e.value, True)}" for e in why)
    return lsp.Hover(lsp.MarkupContent(lsp.MarkupKind.Markdown, text),
                     _range(line, token.start, token.end))


# -- formatting, symbols, quick fixes -------------------------------------------------------


def formatting(doc: Document) -> list[lsp.TextEdit]:
    """The whole document in export format (``pfn fmt``), as one edit; none when it is
    already, or when it cannot be formatted (its errors are the diagnostics)."""
    import io

    from pfn.formatting import NotFormatted, export, formatted

    buffer = io.StringIO()
    try:
        export(formatted(io.StringIO(doc.text, newline=None), doc.name), buffer, doc.name)
    except NotFormatted:
        return []
    after = buffer.getvalue()
    if after == doc.text:
        return []
    end = lsp.Position(len(doc.lines), 0)
    return [lsp.TextEdit(lsp.Range(lsp.Position(0, 0), end), after)]


def symbols(doc: Document) -> list[lsp.DocumentSymbol]:
    """Each record a symbol: ``Board 3 · 7S by A``, its lines."""
    out = []
    for record, first, last in doc.spans():
        board = record.tag("Board")
        what = repr(record).removeprefix("<Record ").removesuffix(">")
        name = f"Board {board}" if board else what
        width = len(doc.lines[last]) if last < len(doc.lines) else 0
        whole = _range(first, 0, 0)
        whole.end = lsp.Position(last, width)
        out.append(lsp.DocumentSymbol(name, lsp.SymbolKind.Struct, whole,
                                      _range(first, 0, len(doc.lines[first])),
                                      detail=what))
    return out


def code_actions(doc: Document, found: Sequence[lsp.Diagnostic], uri: str
                 ) -> list[lsp.CodeAction]:
    """A quick fix for each diagnostic that carries the edit putting it right (its
    problem's :class:`~pfn.diagnostics.Fix`: ``A:8`` in place of ``A:7``, an entry added
    to the Score tag), titled with its hint."""
    out = []
    for item in found:
        data = item.data if isinstance(item.data, dict) else {}
        fix = data.get("fix")
        if not isinstance(fix, dict):
            continue
        edit = _converter.structure(fix, lsp.TextEdit)
        title = str(data.get("title") or edit.new_text)
        out.append(lsp.CodeAction(
            title[0].upper() + title[1:], kind=lsp.CodeActionKind.QuickFix,
            diagnostics=[item], is_preferred=True,
            edit=lsp.WorkspaceEdit(changes={uri: [edit]})))
    return out
