"""The JSON form of PFN (spec, section 9), described by ``schemas/pfn.schema.json``.

A record's ``tags`` carry their canonical values and are authoritative; the
sections (auction, defence, play, sheet) are structured.  The typed views
(``deal``, ``contract``, ``result``, ``score`` …) are written for convenience and
ignored on import, so PFN → JSON → PFN gives exactly what ``pfn fmt`` gives.
Amounts are integers, or strings such as ``"37/3"`` when not whole (exact).
"""

from __future__ import annotations

import functools
import io
import json
import re
from collections.abc import Iterable, Iterator
from fractions import Fraction
from typing import IO, Any

from pfn import codes
from pfn.cards import Card, parse_card
from pfn.codes import Code
from pfn.diagnostics import Diagnostic, NotationError
from pfn.i18n import N_, tr
from pfn.messages import Text, msg
from pfn.model import (
    Amount,
    Annotation,
    Call,
    CallNode,
    CallSection,
    CardRun,
    Play,
    Record,
    ScoreEntry,
    Section,
    Source,
    Tag,
    Variation,
    exact,
)
from pfn.notation.build import RecordBuilder
from pfn.notation.canonical import sorted_entries as _entries
from pfn.notation.sections import TagEntry
from pfn.notation.writer import _ORDER, tag_value
from pfn.resources import resource
from pfn.seats import SEAT_BY_NAME, Seat

JSON_VERSION = "1.0"


def _amount(value: Amount) -> int | str:
    return value.numerator if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def _parse_amount(value: int | str) -> Amount:
    return exact(Fraction(value))


# ---------------------------------------------------------------------------
# Record → JSON


def _ann_json(ann: Annotation | None) -> dict[str, Any]:
    if ann is None:
        return {}
    out: dict[str, Any] = {}
    if ann.suffix:
        out["suffix"] = ann.suffix
    if ann.nags:
        out["nags"] = list(ann.nags)
    if ann.notes:
        out["notes"] = list(ann.notes)
    if ann.comments:
        out["comments"] = list(ann.comments)
    if ann.variations:
        out["variations"] = [_variation_json(v) for v in ann.variations]
    return out


def _variation_json(variation: Variation) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if variation.comments:
        out["comments"] = list(variation.comments)
    if isinstance(variation.moves, CardRun):
        out.update(_run_json(variation.moves))
    else:
        out["calls"] = [_call_json(c) for c in variation.moves]
    return out


def _call_json(node: CallNode) -> dict[str, Any]:
    out: dict[str, Any] = {"call": node.call.token}
    if node.call.seat is not None:
        out["seat"] = str(node.call.seat)
    out.update(_ann_json(node.ann))
    return out


def _run_json(run: CardRun) -> dict[str, Any]:
    out: dict[str, Any] = {"cards": [None if c is None else c.name for c in run.cards]}
    if run.anns is not None:
        out["annotations"] = [_ann_json(a) or None for a in run.anns]
    if run.claim is not None:
        out["claim"] = _ann_json(run.claim)
    return out


def _calls_json(section: CallSection) -> dict[str, Any]:
    return {"first": None if section.first is None else str(section.first),
            "calls": [_call_json(c) for c in section.nodes]}


def _entry_json(entry: ScoreEntry) -> dict[str, Any]:
    out: dict[str, Any] = {"seat": str(entry.seat), "column": entry.column}
    if entry.against is not None:
        out["against"] = str(entry.against)
    out["value"] = _amount(entry.value)
    return out


def record_to_json(record: Record) -> dict[str, Any]:
    """The JSON form of one record (a dict ready for :func:`json.dumps`)."""
    if not record.syntax_ok:
        raise NotationError(Diagnostic(codes.E101,
                                       msg("cannot convert a record that did not parse")))
    tags = []
    known = sorted((t for t in record.tags if t.name in _ORDER), key=lambda t: _ORDER[t.name])
    for tag in known + [t for t in record.tags if t.name not in _ORDER]:
        item: dict[str, Any] = {"name": tag.name, "value": tag_value(record, tag)}
        if tag.inherited:
            item["value"] = tag.value
            item["inherited"] = True
        if tag.implied:  # kept, so that each JSON record says its match's rules
            item["implied"] = True
        if tag.comments:
            item["comments"] = list(tag.comments)
        tags.append(item)
    out: dict[str, Any] = {"tags": tags, "variant": record.variant, "players": record.players}
    if record.dealer is not None:
        out["dealer"] = str(record.dealer)
    if record.deal is not None:
        deal: dict[str, str | None] = {str(Seat(i)): None if h is None else str(h)
                                       for i, h in enumerate(record.deal.hands)}
        deal["talon"] = None if record.deal.talon is None else str(record.deal.talon)
        out["deal"] = deal
    if record.declarer is not None:
        out["declarer"] = str(record.declarer)
    if record.contract is not None:
        out["contract"] = str(record.contract)
    for name in ("talon", "discard"):
        cards = getattr(record, name)
        if cards is not None:
            out[name] = [str(c) for c in cards]
    if record.result is not None:
        out["result"] = {str(s): n for s, n in sorted(record.result)}
    if record.score is not None:
        out["score"] = [_entry_json(e) for e in _entries(record.score)]
    if record.settlement is not None:
        out["settlement"] = {str(s): _amount(v) for s, v in sorted(record.settlement)}
    if record.rules:
        out["rules"] = [[k, v] for k, v in record.rules]
    if record.notes:
        out["notes"] = [{"number": n, "text": t} for n, t in record.notes]
    if record.auction is not None:
        out["auction"] = _calls_json(record.auction)
    if record.defence is not None:
        out["defence"] = _calls_json(record.defence)
    if record.play is not None:
        out["play"] = {"leader": None if record.play.leader is None else str(record.play.leader),
                       "tricks": [_run_json(t) for t in record.play.tricks]}
    if record.sheet is not None:
        out["sheet"] = [_entry_json(e) for e in _entries(record.sheet)]
    if record.sections:
        out["sections"] = [{"name": n, "lines": list(s.lines)} for n, s in record.sections]
    if record.comments:
        out["comments"] = list(record.comments)
    directives = [d for d in record.directives
                  if not d.lstrip("%").strip().upper().startswith("PFN")]
    if directives:
        out["directives"] = directives
    return out


# ---------------------------------------------------------------------------
# JSON → Record


def _seat(value: str | None) -> Seat | None:
    return None if value is None else SEAT_BY_NAME[value]


_ANN_KEYS = ("suffix", "nags", "notes", "comments", "variations")


def _ann(obj: dict[str, Any] | None, section: str) -> Annotation | None:
    if not obj or not any(obj.get(key) for key in _ANN_KEYS):  # nothing written on it
        return None
    return Annotation(obj.get("suffix", ""), tuple(obj.get("nags", ())),
                      tuple(obj.get("notes", ())), tuple(obj.get("comments", ())),
                      tuple(_variation(v, section) for v in obj.get("variations", ())))


def _variation(obj: dict[str, Any], section: str) -> Variation:
    comments = tuple(obj.get("comments", ()))
    if section == "play":
        return Variation(_run(obj), comments)
    return Variation(tuple(_call(c, section) for c in obj.get("calls", ())), comments)


def _call(obj: dict[str, Any], section: str) -> CallNode:
    return CallNode(Call(obj["call"], _seat(obj.get("seat"))), _ann(obj, section))


def _card(name: str | None) -> Card | None:
    if name is None:
        return None
    card = parse_card(name)
    if card is None:
        raise NotationError(Diagnostic(codes.E107, msg("unknown card {text}", text=repr(name)),
                                       text=name))
    return card


def _run(obj: dict[str, Any]) -> CardRun:
    anns = obj.get("annotations")
    claim = obj.get("claim")
    return CardRun(tuple(_card(c) for c in obj.get("cards", ())),
                   None if anns is None else tuple(_ann(a, "play") for a in anns),
                   None if claim is None else (_ann(claim, "play") or Annotation()))


def _entries_from(items: list[dict[str, Any]], total: bool) -> tuple[ScoreEntry, ...]:
    return tuple(ScoreEntry(SEAT_BY_NAME[i["seat"]], i["column"], _seat(i.get("against")),
                            _parse_amount(i["value"]), total) for i in items)


_LINE_BREAK = re.compile(r"[\r\n]")
"""What a tag value in PFN cannot hold: a line end (a tag pair is one line)."""


def record_from_json(obj: dict[str, Any], name: str | None = None) -> Record:
    """A record from its JSON form (which should be valid against the schema).

    Tag values are read exactly as the text reader reads them; problems come back
    in ``record.diagnostics``.
    """
    builder = RecordBuilder()
    builder.reset(name, 1, 0, "")
    for tag in obj.get("tags", ()):
        if _LINE_BREAK.search(tag["value"]):  # a tag pair is one line in PFN
            raise NotationError(Diagnostic(
                codes.E006, msg("tag {name}: a value cannot hold a line break ({text}): a tag"
                               " pair is one line in PFN", name=tag["name"],
                               text=repr(tag["value"][:40]))))
    entries = [TagEntry(t["name"], t["value"], inherited=t.get("inherited", False),
                        implied=t.get("implied", False)) for t in obj.get("tags", ())]
    fields = builder.tag_fields(entries)
    fields.pop("vocabulary")
    vocabulary_check = _vocabulary_problems(obj, fields["variant"])
    auction = obj.get("auction")
    defence = obj.get("defence")
    play = obj.get("play")
    tags = tuple(Tag(e.name, e.value, tuple(t.get("comments", ())), e.inherited,
                     implied=e.implied) for e, t in zip(entries, obj.get("tags", ()), strict=True))
    return Record(
        tags=tags,
        auction=None if auction is None else CallSection(
            _seat(auction.get("first")), tuple(_call(c, "auction") for c in auction["calls"])),
        defence=None if defence is None else CallSection(
            _seat(defence.get("first")), tuple(_call(c, "defence") for c in defence["calls"])),
        play=None if play is None else Play(
            _seat(play.get("leader")), tuple(_run(t) for t in play["tricks"])),
        sheet=None if "sheet" not in obj else _entries_from(obj["sheet"], True),
        sections=tuple((s["name"], Section(tuple(s["lines"]))) for s in obj.get("sections", ())),
        comments=tuple(obj.get("comments", ())),
        directives=tuple(obj.get("directives", ())),
        source=Source(name, 1, 0, ""),
        diagnostics=(*builder._diagnostics, *vocabulary_check),
        **fields,
    )


def _vocabulary_problems(obj: dict[str, Any], variant: str) -> list[Diagnostic]:
    """Calls in JSON must already be canonical tokens of the variant's vocabulary."""
    from pfn.notation.words import family_words
    from pfn.vocabulary import RUSSIAN

    found = family_words(variant)
    vocabulary = found[1] if found is not None else RUSSIAN
    problems = []
    for key, lookup in (("auction", vocabulary.call), ("defence", vocabulary.defence_call)):
        section = obj.get(key)
        for call in _all_calls(section["calls"] if section else []):
            if lookup(call["call"]) != call["call"]:
                problems.append(Diagnostic(codes.E108, msg("{section}: {text} is not a canonical"
                                                              " {variant} call", section=key,
                                                              text=repr(call["call"]),
                                                              variant=variant),
                                           text=call["call"]))
    return problems


def _all_calls(calls: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for call in calls:
        yield call
        for variation in call.get("variations", ()):
            yield from _all_calls(variation.get("calls", []))


# ---------------------------------------------------------------------------
# Files


@functools.cache
def schema() -> dict[str, Any]:
    """The JSON Schema of the JSON form (``schemas/pfn.schema.json``)."""
    loaded: dict[str, Any] = json.loads(resource("schemas", "pfn.schema.json"))
    return loaded


def validate(document: dict[str, Any]) -> None:
    """Validate a JSON file document (or one record) against the schema;
    ``jsonschema.ValidationError`` if it does not conform."""
    import jsonschema

    full = schema()
    if "records" in document:
        jsonschema.validate(document, full)
    else:
        jsonschema.validate(document, {"$schema": full["$schema"], "$defs": full["$defs"],
                                       "$ref": "#/$defs/record"})


def dumps_json(records: Iterable[Record]) -> str:
    """A whole file of records as one JSON document ``{"pfn": "1.0", "records": […]}``."""
    buffer = io.StringIO()
    dump_json(records, buffer)
    return buffer.getvalue()


def dump_json(records: Iterable[Record], handle: IO[str]) -> None:
    """The JSON document of :func:`dumps_json`, written one record at a time (the same
    bytes as ``json.dumps(document, indent=1)``, in constant memory)."""
    handle.write(f'{{\n "pfn": {json.dumps(JSON_VERSION)},\n "records": [')  # data
    first = True
    for record in records:
        text = json.dumps(record_to_json(record), ensure_ascii=False, indent=1)
        handle.write(("\n" if first else ",\n") + "  " + text.replace("\n", "\n  "))
        first = False
    handle.write("]\n}\n" if first else "\n ]\n}\n")


def dump_jsonl(records: Iterable[Record], handle: IO[str]) -> None:
    """Records as JSON Lines: one record object per line, streamed."""
    for record in records:
        handle.write(json.dumps(record_to_json(record), ensure_ascii=False) + "\n")


TOO_DEEP = N_("not JSON pfn can read: arrays or objects nested too deeply (a record is flat)")


def read_jsonl(lines: Iterable[str], name: str | None = None) -> Iterator[Record]:
    """Records from JSON Lines, one line at a time; a line that is not JSON, or not a
    record of the schema, comes back as a record that did not parse, with its
    diagnostic (``PFN-E005``, ``PFN-E006``)."""
    for number, line in enumerate(lines, start=1):
        if line.strip():
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as error:
                yield _unreadable(name, number, error.colno, codes.E005,
                                  msg("not JSON: {error}", error=error.msg), line.rstrip("\r\n"))
                continue
            except RecursionError:
                yield _unreadable(name, number, 1, codes.E005, msg(TOO_DEEP))
                continue
            yield checked_record(obj, name, number)


def loads_json(text: str, name: str | None = None) -> list[Record]:
    """Records from a JSON document (``{"pfn": …, "records": […]}``, a list of records
    or one record) or from JSON Lines; what is not JSON or does not fit the schema comes
    back as records that did not parse, with their diagnostics."""
    try:
        document = json.loads(text)
    except RecursionError:
        return [_unreadable(name, 1, 1, codes.E005, msg(TOO_DEEP))]
    except json.JSONDecodeError as error:
        if error.msg == "Extra data":
            return list(read_jsonl(text.split("\n"), name))
        lines = text.split("\n")
        shown = lines[error.lineno - 1] if 0 < error.lineno <= len(lines) else None
        return [_unreadable(name, error.lineno, error.colno, codes.E005,
                            msg("not JSON: {error}", error=error.msg), shown)]
    if isinstance(document, list):
        items = document
    elif isinstance(document, dict) and "records" in document:
        problem = _schema_problem(document, top=True)
        if problem is not None:
            return [_unreadable(name, 1, 1, codes.E006, problem)]
        items = document["records"]
    else:
        items = [document]
    return [checked_record(item, name, 1, index + 1 if len(items) > 1 else None)
            for index, item in enumerate(items)]


def checked_record(obj: Any, name: str | None, line: int = 1, index: int | None = None
                   ) -> Record:
    """A record from its JSON form once it is known to fit the schema and to hold
    values a record can have; otherwise a record that did not parse, saying why."""
    where = tr("record {n}: ", n=index) if index is not None else ""
    problem = _schema_problem(obj, top=False)
    if problem is not None:
        return _unreadable(name, line, 1, codes.E006, where + problem)
    try:
        return record_from_json(obj, name)
    except NotationError as error:
        message = error.diagnostic.message if error.diagnostic else str(error)
        return _unreadable(name, line, 1, codes.E006, where + message)
    except (ValueError, ZeroDivisionError) as error:
        return _unreadable(name, line, 1, codes.E006,
                           where + msg("a value a record cannot hold: {error}", error=error))


def _schema_problem(obj: Any, top: bool) -> str | None:
    """The first way ``obj`` breaks the schema (a file document or one record)."""
    import jsonschema

    validator = _validators()[0 if top else 1]
    error = jsonschema.exceptions.best_match(validator.iter_errors(obj))
    if error is None:
        return None
    path = "/".join(str(p) for p in error.absolute_path)
    return tr("at {path}: {error}", path=path, error=error.message) if path else error.message


@functools.cache
def _validators() -> tuple[Any, Any]:
    import jsonschema

    full = schema()
    record = {"$schema": full["$schema"], "$defs": full["$defs"], "$ref": "#/$defs/record"}
    cls = jsonschema.validators.validator_for(full)
    return cls(full), cls(record)


def _unreadable(name: str | None, line: int, col: int, code: Code, message: Text,
                shown: str | None = None) -> Record:
    """A record standing for input that could not be read as a record."""
    diagnostic = Diagnostic(code, message, name, line, col, None,
                            msg("see docs/spec.md, section 9, and schemas/pfn.schema.json"),
                            shown)
    return Record(source=Source(name, line, 0, ""), diagnostics=(diagnostic,),
                  syntax_ok=False)
