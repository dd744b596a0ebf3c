"""Export format: canonical, idempotent, lossless; and the JSON form."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from pfn.notation import jsonform
from pfn.notation.reader import loads, read
from pfn.notation.writer import WIDTH, dumps
from tests.conftest import EXAMPLE_FILES, EXAMPLES


def _comments(text: str) -> list[str]:
    """Every comment's words, in order (white space is not significant in comments)."""
    found = []
    for record in loads(text):
        found += [" ".join(c.split()) for c in _all_comments(record)]
    return found


def _all_comments(record: object) -> list[str]:
    out: list[str] = []

    def walk(value: object) -> None:
        if isinstance(value, str):
            return
        comments = getattr(value, "comments", None)
        if isinstance(comments, tuple):
            out.extend(c for c in comments if isinstance(c, str))
        if isinstance(value, (tuple, list)):
            for item in value:
                walk(item)
            return
        for name in getattr(value, "__slots__", ()):
            if name not in ("source", "diagnostics", "comments"):
                walk(getattr(value, name))

    walk(record)
    return out


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=lambda p: str(p.relative_to(EXAMPLES)))
def test_examples_round_trip_through_fmt(path: Path) -> None:
    records = list(read(path))
    text = dumps(records)
    again = loads(text)
    assert again == records  # same content, positions aside
    assert dumps(again) == text  # idempotent
    assert _comments(text) == _comments(path.read_text(encoding="utf-8-sig"))
    for line in text.splitlines():
        assert len(line) <= WIDTH or line.startswith("["), line


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=lambda p: str(p.relative_to(EXAMPLES)))
def test_examples_round_trip_through_json(path: Path) -> None:
    records = list(read(path))
    document = json.loads(jsonform.dumps_json(records))
    jsonform.validate(document)
    back = jsonform.loads_json(json.dumps(document))
    assert dumps(back) == dumps(records)
    assert all(not [d for d in r.diagnostics if d.code[4] == "E"] for r in back)


def test_json_lines_round_trip() -> None:
    import io

    records = list(read(EXAMPLES / "annotated.pfn"))
    buffer = io.StringIO()
    jsonform.dump_jsonl(records, buffer)
    for line in buffer.getvalue().splitlines():
        jsonform.validate(json.loads(line))
    assert dumps(jsonform.loads_json(buffer.getvalue())) == dumps(records)


def test_schema_rejects_malformed_json() -> None:
    document = json.loads(jsonform.dumps_json(read(EXAMPLES / "brief.pfn")))
    document["records"][0]["play"]["tricks"][0]["cards"][0] = "SX"
    with pytest.raises(jsonschema.ValidationError):
        jsonform.validate(document)


def test_json_calls_must_be_canonical() -> None:
    document = json.loads(jsonform.dumps_json(read(EXAMPLES / "brief.pfn")))
    document["records"][0]["auction"]["calls"][2]["call"] = "пас"
    record = jsonform.loads_json(json.dumps(document))[0]
    assert [d.code for d in record.diagnostics] == ["PFN-E108"]


def test_export_format_details() -> None:
    text = ('% PFN 1.0\n[ variant  "Сочи" ]\n[board "4"]\n[Event "A \\"quoted\\" name"]\n'
            '[Score "C:whist/A+4 A:pool+4"]\n')
    out = dumps(loads(text))
    assert out == ('% PFN 1.0\n[Event "A \\"quoted\\" name"]\n[Variant "sochi"]\n[Board "4"]\n'
                   '[Score "A:pool+4 C:whist/A+4"]\n\n')  # every record ends with a blank line


def test_comments_attach_to_the_token_they_follow() -> None:
    text = ('[Variant "sochi"]\n[Play "A"] { before the lead }\nSA { first } S9 S8 ; last\n'
            'SK ST C7\n')
    record = loads(text)[0]
    play_tag = next(t for t in record.tags if t.name == "Play")
    assert play_tag.comments == ("before the lead",)
    trick = record.play.tricks[0]
    assert trick.ann(0).comments == ("first",) and trick.ann(2).comments == ("last",)
    assert dumps([record]).splitlines()[-3:] == ["SA { first } S9 S8 { last }", "SK ST C7", ""]


def test_long_comments_wrap_inside_the_comment_only() -> None:
    words = " ".join(f"word{i}" for i in range(40))
    text = f'[Variant "sochi"]\n[Play "A"]\nSA S9 S8 {{ {words} }}\nSK ST C7\n'
    out = dumps(loads(text))
    assert all(len(line) <= WIDTH for line in out.splitlines())
    again = loads(out)[0]
    assert len(again.play.tricks) == 2  # the wrapped comment did not start a new trick
    assert again.play.tricks[0].ann(2).comments == (words,)


def test_fmt_keeps_empty_comment_blocks_and_directives() -> None:
    text = '% PFN 1.0\n% EXPORT\n{ a file comment }\n\n[Variant "sochi"]\n[Board "1"]\n'
    out = dumps(loads(text))
    assert "{ a file comment }" in out and "% EXPORT" in out
    assert dumps(loads(out)) == out


def test_records_that_did_not_parse_are_not_written() -> None:
    from pfn.notation.writer import UnwritableRecord

    with pytest.raises(UnwritableRecord):
        dumps(loads('[Variant "sochi"\n'))
