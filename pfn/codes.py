"""Every diagnostic code pfn reports, each a value with all that is said about it.

A code is a :class:`Code`: its identifier (``PFN-E503``, a ``str`` so it reads and
compares as written), its short title, what it means, how to fix it and, where text
can show it, a record that gives it (the tests check each one does).  The code is named
once, here; everything else refers to the value (``codes.E503``), so a mistyped code is
an ``AttributeError`` at the line that uses it and an error under ``mypy --strict``, and
a code defined twice or malformed fails when this module is imported.  As ruff's
violation types, one table per code; ``pfn explain``, ``docs/diagnostics.md`` and the
severities are read from it.

Codes are grouped by stage, and syntax is apart from legality:

* ``PFN-E0xx`` input (files, encodings, directives),
* ``PFN-E1xx`` notation (syntax, tokens, tag values),
* ``PFN-E2xx`` structure (the deal and the cards, checked without rules),
* ``PFN-E3xx`` auction, ``PFN-E4xx`` talon, contract and defence,
  ``PFN-E5xx`` play, ``PFN-E6xx`` result and claims, ``PFN-E7xx`` score,
  ``PFN-E8xx`` match and sheet (the rules engine),
* ``PFN-Wxxx`` warnings and ``PFN-Ixxx`` notes about what could not be checked.
"""

from __future__ import annotations

import re
from enum import Enum

from pfn.i18n import N_


class Severity(Enum):
    """How bad a diagnostic is."""

    ERROR = "error"
    """The record is wrong: a syntax error or a broken rule."""
    WARNING = "warning"
    """Probably a mistake, or an assumption pfn had to make."""
    INFO = "info"
    """Something pfn could not check with the information given."""


_FORM = re.compile(r"PFN-([EWI])\d{3}")
_SEVERITY_BY_LETTER = {"E": Severity.ERROR, "W": Severity.WARNING, "I": Severity.INFO}

ALL: dict[str, Code] = {}
"""Every code by its identifier, in the order they are defined."""


class Code(str):
    """One diagnostic code: the identifier it is written as, and what pfn says of it
    (texts marked for the catalogs, translated where they are shown)."""

    summary: str
    """Its short title (``revoke``)."""
    meaning: str
    """What it means, for ``pfn explain``."""
    fix: str
    """How to put it right."""
    example: str | None
    """A record that gives it (``None`` where it takes a file, not text)."""
    severity: Severity
    """Error, warning or information: the letter after ``PFN-`` says it."""

    def __new__(cls, code: str, summary: str, *, meaning: str, fix: str,
                example: str | None = None) -> Code:
        form = _FORM.fullmatch(code)
        if form is None:
            raise ValueError(f"malformed diagnostic code {code!r}")
        if code in ALL:
            raise ValueError(f"diagnostic code {code} defined twice")
        self = super().__new__(cls, code)
        self.summary, self.meaning, self.fix, self.example = summary, meaning, fix, example
        self.severity = _SEVERITY_BY_LETTER[form.group(1)]
        ALL[code] = self
        return self

    @property
    def is_input(self) -> bool:
        """An input error (``PFN-E0xx``): the input cannot be used at all."""
        return self.startswith("PFN-E0")

    @property
    def is_notation(self) -> bool:
        """An input or notation error (``PFN-E0xx``, ``PFN-E1xx``): the text cannot be
        read as PFN."""
        return self.startswith(("PFN-E0", "PFN-E1"))

    def __reduce__(self) -> tuple[object, ...]:
        # a code travels (to a worker and back) as its identifier, and is the same value
        # on arrival
        return find, (str(self),)


def find(code: str) -> Code:
    """The code written ``code`` (``PFN-E503``); ``KeyError`` if there is none."""
    return ALL[code]


def find_loose(code: str) -> Code | None:
    """The code a person typed: ``E503``, ``503``, ``pfn-e503``; ``None`` if there is
    none."""
    text = code.strip().upper()
    if text.isdigit():
        text = "E" + text
    return ALL.get(text if text.startswith("PFN-") else "PFN-" + text)


BRIEF = """[Event "Friday pool"]
[Variant "sochi"]
[Dealer "C"]
[Deal "A:AKQJ7.AK.7.A7 B:T9.QJT.AKQ.KQ C:8.987.JT9.JT9 talon:..8.8"]
[Declarer "A"]
[Contract "7S"]
[Result "A:8 B:1 C:1"]
[Auction "A"]
6S 6C pass 6D pass
[Talon "D8 H8"]
[Discard "D7 D8"]
[Defence "B"]
whist whist
[Play "A"]
SA S9 S8
SK ST C7
SQ DQ D9
CA CT C8
CK CJ C9
HA HQ H9
H7 HK HT
DA DT SJ
S7 CQ DJ
H8 DK HJ
[Score "A:pool+4 B:whist/A+4 C:whist/A+4"]
"""
"""The brief's first normative record: the examples below change one thing in it."""


def _brief(old: str, new: str) -> str:
    assert old in BRIEF, old
    return BRIEF.replace(old, new, 1)


_MATCH = """[Event "Pool"]
[Variant "sochi"]
[Match "m1"]
[Target "10"]
[Board "1"]
[Dealer "C"]
[Declarer "A"]
[Contract "6S"]
[Result "A:6 B:4 C:0"]
[Defence "B"]
whist pass
[Score "A:pool+2 B:whist/A+8"]
"""

# -- the codes ---------------------------------------------------------------------------

# input
E001 = Code("PFN-E001", N_("cannot read input"),
    meaning=N_("The file could not be opened or read: it does not exist, it is a directory, or "
               "you may not read it."),
    fix=N_("Check the path and the permissions."))
E002 = Code("PFN-E002", N_("invalid UTF-8"),
    meaning=N_("Some bytes are not UTF-8, so the text around them cannot be read faithfully; "
               "they are shown as �."),
    fix=N_("Save the file as UTF-8 (a Windows-1251 or UTF-16 file must be converted first)."),
    example='[Event "Caf\xe9"]\n'.encode("latin-1").decode("utf-8", "surrogateescape"))
E003 = Code("PFN-E003", N_("no PFN records found"),
    meaning=N_("The input has no tag pair at all, so it holds no PFN record: it is empty, or it "
               "is some other kind of file."),
    fix=N_('Give a PFN file; a record starts with tags such as [Event "…"].'))
E004 = Code("PFN-E004", N_("unsupported PFN version"),
    meaning=N_("The `% PFN` directive names a version of the notation this reader does not read."),
    fix=N_("Write `% PFN 1.0`, or use a newer pfn."),
    example='% PFN 2.0\n[Event "x"]\n')
E005 = Code("PFN-E005", N_("not valid JSON"),
    meaning=N_("A JSON file (or line) is not valid JSON."),
    fix=N_("Fix the JSON at the place shown; `pfn convert` writes valid JSON from PFN."))
E006 = Code("PFN-E006", N_("JSON that is not a record"),
    meaning=N_("The JSON is valid but is not a PFN record: it does not fit "
               "schemas/pfn.schema.json, or holds a value no record can have."),
    fix=N_("Compare with the schema; the message gives the path to the part that does not fit."))
E007 = Code("PFN-E007", N_("cannot be imported"),
    meaning=N_("`pfn import` met something in the source file that PFN cannot say faithfully (a "
               "field it does not know how to read, a card not in the format's table, the same "
               "card twice); nothing is written."),
    fix=N_("Correct the source at the place shown, or import the other records by removing this "
           "one."))

# notation
E101 = Code("PFN-E101", N_("unexpected text"),
    meaning=N_("Text the grammar does not allow at this place."),
    fix=N_("See the caret; quoted strings belong in tags, % only starts a line."),
    example='[Event "x"] "stray"\n')
E102 = Code("PFN-E102", N_("malformed tag"),
    meaning=N_('A tag pair is not [Name "value"] on one line: a quote or a bracket is missing, '
               "or the value is."),
    fix=N_('Write [Name "value"]; "?" means unknown and "" not applicable.'),
    example='[Event "x"\n')
E103 = Code("PFN-E103", N_("unterminated comment"),
    meaning=N_("A { comment is never closed (or a } has no {); the record ends at the next blank "
               "line."),
    fix=N_("Close the comment with }; comments do not nest."),
    example='[Event "x"] { never closed\n')
E104 = Code("PFN-E104", N_("unbalanced parentheses"),
    meaning=N_("Parentheses of a variation do not match."),
    fix=N_("A variation is ( … ) right after the move it replaces."),
    example=_brief("6S 6C pass 6D pass", "6S 6C) pass 6D pass"))
E105 = Code("PFN-E105", N_("text outside a section"),
    meaning=N_("Moves, or a variation, stand where no section is open: before the first tag, or "
               "after a tag that opens no section."),
    fix=N_("Put calls after [Auction] or [Defence] and cards after [Play]."),
    example='[Event "x"]\n6S pass\n')
E106 = Code("PFN-E106", N_("malformed tag value"),
    meaning=N_("A tag value is not in the form this tag takes."),
    fix=N_("The message says what the tag expects."),
    example=_brief('[Deal "A:AKQJ7.AK.7.A7',
    '[Deal "A:AKQJ7.AK.7'))
E107 = Code("PFN-E107", N_("unknown card"),
    meaning=N_("A word in the Play section, the Talon or the Discard is not a card."),
    fix=N_("Cards are a suit letter and a rank: SA, HT, C7."),
    example=_brief("SA S9 S8", "SA S9 S1"))
E108 = Code("PFN-E108", N_("unknown call"),
    meaning=N_("A word of the Auction or Defence section is not a call of the record's variant."),
    fix=N_("See docs/spec.md, section 5, for the calls and their aliases."),
    example=_brief("whist whist", "whist dance"))
E109 = Code("PFN-E109", N_("unknown variant"),
    meaning=N_("The Variant tag names no variant pfn knows."),
    fix=N_("`pfn rules` lists the variants; sochi, leningrad, rostov, russian-standard, serbian, "
           "mailru, britannica, classic."),
    example=_brief('"sochi"', '"kalinka"'))
E110 = Code("PFN-E110", N_("invalid seat"),
    meaning=N_("A seat that does not exist at this table (A B C, or D with four)."),
    fix=N_("Seats are A, B, C (and D) in playing order."),
    example=_brief('[Dealer "C"]', '[Dealer "E"]'))
E111 = Code("PFN-E111", N_("invalid number"),
    meaning=N_("A number that is not one, out of range, or longer than nine digits."),
    fix=N_("Write a whole number (or an exact fraction where an amount may be one)."),
    example=_brief('A:8 B:1 C:1', 'A:8 B:1 C:x'))
E112 = Code("PFN-E112", N_("duplicate tag"),
    meaning=N_("A tag other than Note is given twice in one record."),
    fix=N_("Keep one; only Note may repeat."),
    example=_brief('[Event "Friday pool"]',
    '[Event "Friday pool"]\n[Event "x"]'))
E113 = Code("PFN-E113", N_("malformed note"),
    meaning=N_("A Note tag or a note reference is not in its form."),
    fix=N_('Write [Note "1:text"] and refer to it with =1= after a move.'),
    example=_brief('[Event "Friday pool"]', '[Event "Friday pool"]\n'
    '[Note "first: text"]'))
E114 = Code("PFN-E114", N_("annotation without a move"),
    meaning=N_("A suffix, NAG or note reference with no move before it."),
    fix=N_("Write it right after the call or card it is about."),
    example=_brief("SA S9 S8", "$1 SA S9 S8"))
E115 = Code("PFN-E115", N_("variation without a move"),
    meaning=N_("A variation with no move before it to replace."),
    fix=N_("Write ( … ) after the move it is an alternative to."),
    example=_brief("6S 6C pass 6D pass", "(6C) 6S 6C pass 6D pass"))
E116 = Code("PFN-E116", N_("unknown or invalid house rule"),
    meaning=N_("A house rule that does not exist, or a value it does not take."),
    fix=N_("`pfn rules` lists every option and its values."),
    example=_brief('[Variant "sochi"]', '[Variant "sochi"]\n'
    '[Rules "whist=polite"]'))
E117 = Code("PFN-E117", N_("unknown contract"),
    meaning=N_("The Contract tag names no contract."),
    fix=N_("Contracts are 6S … 10NT, mis, pass (all-pass), with -hand for a game without the "
           "talon."),
    example=_brief('[Contract "7S"]', '[Contract "7X"]'))
E118 = Code("PFN-E118", N_("note reference without a note"),
    meaning=N_('A note reference =n= with no [Note "n:…"] in the record.'),
    fix=N_("Add the Note tag, or remove the reference."),
    example=_brief("SA S9 S8", "SA =1= S9 S8"))
E119 = Code("PFN-E119", N_("variations nested too deep"),
    meaning=N_("Variations nested deeper than 64: the record is not read."),
    fix=N_("Flatten the variations."),
    example=_brief("6S 6C pass 6D pass",
    "6S " + "6C (" * 70 + "6D"
    + ")" * 70 + " 6C pass 6D pass"))
E120 = Code("PFN-E120", N_("the same entry twice"),
    meaning=N_("The same player, or the same figure of the sheet, is given twice in one Result, "
               "Settlement or Sheet."),
    fix=N_("Give each once."),
    example=_brief('A:8 B:1 C:1', 'A:8 B:1 B:1'))
E121 = Code("PFN-E121", N_("would not read back the same"),
    meaning=N_("The record would not read back the same in export format, so `pfn fmt` left the "
               "file as it was. This is a bug in pfn."),
    fix=N_("Please report it with the record."))
E122 = Code("PFN-E122", N_("too many tags"),
    meaning=N_("One record has more tag pairs than any record needs (more than ten thousand); "
               "the rest of them are not read, so that memory stays bounded."),
    fix=N_("Split the record, or keep such data outside PFN."))

# structure
E201 = Code("PFN-E201", N_("card dealt twice"),
    meaning=N_("The same card is dealt twice (in two hands, or a hand and the talon)."),
    fix=N_("Each of the 32 cards is dealt once."),
    example=_brief("B:T9.QJT.AKQ.KQ", "B:A9.QJT.AKQ.KQ"))
E202 = Code("PFN-E202", N_("wrong number of cards in a hand"),
    meaning=N_("A hand does not hold ten cards (the dealer's none, at four)."),
    fix=N_("Give each hand its ten cards."),
    example=_brief("C:8.987.JT9.JT9",
    "C:8.987.JT9.JT"))
E203 = Code("PFN-E203", N_("wrong number of cards in the talon"),
    meaning=N_("The talon does not hold two cards."),
    fix=N_("The talon has two cards."),
    example=_brief("talon:..8.8", "talon:..8."))
E204 = Code("PFN-E204", N_("card played twice"),
    meaning=N_("A card is played twice."),
    fix=N_("Each card is played once; see which trick plays it again."),
    example=_brief("S7 CQ DJ", "SA CQ DJ"))
E205 = Code("PFN-E205", N_("talon differs from the deal"),
    meaning=N_("The Talon tag does not give the talon of the Deal tag."),
    fix=N_("Make them agree."),
    example=_brief('[Talon "D8 H8"]', '[Talon "D8 H7"]'))
E206 = Code("PFN-E206", N_("discard not from the declarer's cards"),
    meaning=N_("A card discarded is not one of the declarer's twelve."),
    fix=N_("The declarer discards two of his ten cards and the talon."),
    example=_brief('[Discard "D7 D8"]', '[Discard "D7 DA"]'))
E207 = Code("PFN-E207", N_("the dealer holds cards at a table of four"),
    meaning=N_("At a table of four the dealer holds cards; he takes none."),
    fix=N_("Give the dealer `-` in the Deal tag."))
E208 = Code("PFN-E208", N_("seat not at this table"),
    meaning=N_("A seat that does not play at this table: the dealer at a table of four, who sits "
               "the deal out, named the declarer."),
    fix=N_("Name the declarer among the three who play."))
E209 = Code("PFN-E209", N_("wrong number of players"),
    meaning=N_("The Players tag names neither three nor four players."),
    fix=N_("Name three players, or four (the dealer sits out)."),
    example=_brief('[Variant "sochi"]', '[Variant "sochi"]\n[Players "Ana; Bo"]'))
E210 = Code("PFN-E210", N_("tricks do not add up to ten"),
    meaning=N_("The Result's tricks do not add up to ten."),
    fix=N_("The players' tricks add up to ten."),
    example=_brief('A:8 B:1 C:1', 'A:8 B:1 C:2'))
E211 = Code("PFN-E211", N_("discarded card played"),
    meaning=N_("A card the declarer discarded is played."),
    fix=N_("A discarded card is out of play."),
    example=_brief('[Discard "D7 D8"]', '[Discard "H7 D8"]'))
E212 = Code("PFN-E212", N_("card played that nobody holds"),
    meaning=N_("Reserved: a card played that nobody holds."),
    fix=N_("—"))

# auction
E301 = Code("PFN-E301", N_("call out of turn"),
    meaning=N_("A call out of turn: calls go round in playing order from the player after the "
               "dealer, and a player who passed is skipped."),
    fix=N_("Start the auction with the eldest and follow the order."),
    example=_brief('[Auction "A"]', '[Auction "B"]'))
E302 = Code("PFN-E302", N_("bid not higher than the last"),
    meaning=N_("A bid that is not higher than the standing bid."),
    fix=N_("Each bid must beat the last (or be held where the rules allow it)."),
    example=_brief("6S 6C pass 6D pass", "6S 6S pass 6D pass"))
E303 = Code("PFN-E303", N_("jump not allowed"),
    meaning=N_("A bid skips rungs of the ladder where the rules want the next one."),
    fix=N_("Raise one step at a time (house rule jumps)."),
    example=_brief("6S 6C pass 6D pass", "6S 6C pass 6D pass").replace(
    '[Variant "sochi"]', '[Variant "sochi"]\n[Rules "jumps=off"]')
    .replace("6S 6C pass 6D pass", "6S 7C pass 7D pass"))
E304 = Code("PFN-E304", N_("call after pass"),
    meaning=N_("Reserved: a call after a pass."),
    fix=N_("—"))
E305 = Code("PFN-E305", N_("hold not allowed"),
    meaning=N_('Holding ("here") the standing bid where the rules do not allow it.'),
    fix=N_("House rule hold says who may hold."),
    example=_brief("6S 6C pass 6D pass", "6S hold pass 6D pass"))
E306 = Code("PFN-E306", N_("misère not allowed here"),
    meaning=N_("Misère where it is not allowed: after a bid of one's own, or a contract after "
               "misère."),
    fix=N_("Misère is a player's first call."),
    example=_brief("6S 6C pass 6D pass", "6S 6C pass mis pass"))
E307 = Code("PFN-E307", N_("auction not finished"),
    meaning=N_("The auction stops before it is over."),
    fix=N_("Give the remaining calls."),
    example=_brief("6S 6C pass 6D pass", "6S 6C pass 6D"))
E308 = Code("PFN-E308", N_("call after the auction ended"),
    meaning=N_("A call after the auction ended."),
    fix=N_("Remove it."),
    example=_brief("6S 6C pass 6D pass", "6S 6C pass 6D pass pass"))
E309 = Code("PFN-E309", N_("bid not in this variant"),
    meaning=N_("A bid that is not on this variant's ladder."),
    fix=N_("The message lists the bids."),
    example=_brief("6S 6C pass 6D pass", "6S 6C pass 6D-hand pass"))
E310 = Code("PFN-E310", N_("declarer does not match the auction"),
    meaning=N_("The Declarer tag names someone other than the winner of the auction."),
    fix=N_("The declarer is the player who won the auction."),
    example='[Event "x"]\n[Variant "sochi"]\n[Dealer "C"]\n[Declarer "B"]\n'
    '[Contract "6S"]\n[Auction "A"]\n6S pass pass\n')

# talon, contract, defence
E401 = Code("PFN-E401", N_("wrong talon or discard"),
    meaning=N_("The declarer discards a number of cards other than two."),
    fix=N_("Discard two cards."),
    example=_brief('[Discard "D7 D8"]', '[Discard "D7"]'))
E402 = Code("PFN-E402", N_("talon used in a game without it"),
    meaning=N_("A game without the talon has a discard."),
    fix=N_("Without the talon there is no discard."))
E403 = Code("PFN-E403", N_("contract lower than the winning bid"),
    meaning=N_("The contract is lower than the winning bid."),
    fix=N_("Play the bid or a higher contract."),
    example=_brief('[Contract "7S"]', '[Contract "6S"]'))
E404 = Code("PFN-E404", N_("contract does not match the auction"),
    meaning=N_("The contract does not fit the auction: misère that was not bid, a bid with the "
               "talon played without it, a contract this variant does not have."),
    fix=N_("The message says which."),
    example=_brief('[Contract "7S"]', '[Contract "mis"]'))
E405 = Code("PFN-E405", N_("defence call out of turn"),
    meaning=N_("A defence call out of turn: the defenders speak from the declarer's left."),
    fix=N_("Start the Defence section with the first defender."),
    example=_brief('[Defence "B"]', '[Defence "C"]'))
E406 = Code("PFN-E406", N_("defence call not allowed"),
    meaning=N_("A defence call the rules do not allow here."),
    fix=N_("The hint lists what may be said."),
    example=_brief("whist whist", "whist half"))
E407 = Code("PFN-E407", N_("defence not finished"),
    meaning=N_("The defence stops before it is decided."),
    fix=N_("Give both defenders' calls."),
    example=_brief("whist whist", "whist"))
E408 = Code("PFN-E408", N_("contract below the exit from all-pass"),
    meaning=N_("After all-passes in a row the contract is below the exit level."),
    fix=N_("House rule allpass-exit gives the levels."))
E409 = Code("PFN-E409", N_("no contract"),
    meaning=N_("The play is given but no contract."),
    fix=N_('Add [Contract "…"] (and [Declarer "…"]).'),
    example=_brief('[Contract "7S"]\n', "").replace(
    '[Declarer "A"]\n', "").replace("[Auction \"A\"]\n6S 6C pass 6D"
    " pass\n", ""))

# play
E501 = Code("PFN-E501", N_("wrong leader"),
    meaning=N_("The wrong player leads to the first trick."),
    fix=N_("The eldest leads (in no-trumps as the variant says)."),
    example=_brief('[Play "A"]', '[Play "B"]'))
E502 = Code("PFN-E502", N_("card from the wrong hand"),
    meaning=N_("A card played by a player who does not hold it."),
    fix=N_("Check whose turn it was and the hands."),
    example=_brief("SA S9 S8", "SA S8 S9"))
E503 = Code("PFN-E503", N_("revoke"),
    meaning=N_("Revoke: a player did not follow suit though he could (or played a suit he had "
               "shown out of)."),
    fix=N_("Follow suit when you can."),
    example=_brief("CA CT C8", "CA DK C8").replace("H8 DK HJ", "H8 CT HJ"))
E504 = Code("PFN-E504", N_("must trump"),
    meaning=N_("A player out of the suit led did not trump though he held a trump."),
    fix=N_("With no card of the suit led, play a trump."),
    example=_brief("DA DT SJ\nS7 CQ DJ\nH8 DK HJ\n", "DA DT H8 *\n").replace(
    '[Result "A:8 B:1 C:1"]\n', "").replace(
    '[Score "A:pool+4 B:whist/A+4 C:whist/A+4"]\n', ""))
E505 = Code("PFN-E505", N_("must head the trick"),
    meaning=N_("Britannica: a player did not head the trick though he could."),
    fix=N_("Play higher than the best card so far when you can."))
E506 = Code("PFN-E506", N_("wrong number of cards in a trick"),
    meaning=N_("A trick with too many or too few cards."),
    fix=N_("Write one trick per line; - stands for a card not known."),
    example=_brief("SA S9 S8", "SA S9"))
E507 = Code("PFN-E507", N_("play where none is allowed"),
    meaning=N_("A play where none is allowed (both defenders passed, or an all-pass in a variant "
               "that does not play it)."),
    fix=N_("Remove the Play section."),
    example=_brief("whist whist", "pass pass"))
E508 = Code("PFN-E508", N_("card already played"),
    meaning=N_("A card played that was already played."),
    fix=N_("Each card is played once."))
E509 = Code("PFN-E509", N_("talon card must lead"),
    meaning=N_("An all-pass trick opened by a talon card does not start with it."),
    fix=N_("Write the talon card first on each of the first two lines."))
E510 = Code("PFN-E510", N_("too many tricks"),
    meaning=N_("More than ten tricks."),
    fix=N_("A deal has ten tricks."))

# result and claims
E601 = Code("PFN-E601", N_("result differs from the play"),
    meaning=N_("The Result differs from the tricks the play gives."),
    fix=N_("Make the Result agree with the play."),
    example=_brief('A:8 B:1 C:1', 'A:7 B:2 C:1'))
E602 = Code("PFN-E602", N_("result incomplete"),
    meaning=N_("Reserved: a result left incomplete."),
    fix=N_("—"))
E603 = Code("PFN-E603", N_("claim not possible"),
    meaning=N_("The Result is impossible from where the play stops (a claim that cannot be)."),
    fix=N_("Check the Result against the tricks played."),
    example=_brief("H8 DK HJ", "*").replace("S7 CQ DJ", "S7 CQ DJ").replace(
    'A:8 B:1 C:1', 'A:5 B:4 C:1'))

# score
E701 = Code("PFN-E701", N_("score entry differs"),
    meaning=N_("A score entry's amount differs from what the rules write."),
    fix=N_("The message gives the computed amount and the rule."),
    example=_brief("A:pool+4", "A:pool+6"))
E702 = Code("PFN-E702", N_("score entry missing"),
    meaning=N_("The rules write an entry the Score tag does not give."),
    fix=N_("Add it."),
    example=_brief(" C:whist/A+4", ""))
E703 = Code("PFN-E703", N_("unexpected score entry"),
    meaning=N_("The Score tag gives an entry the rules do not write."),
    fix=N_("Remove it."),
    example=_brief("A:pool+4", "A:pool+4 A:mountain+2"))
E704 = Code("PFN-E704", N_("settlement differs"),
    meaning=N_("A settlement amount differs from what the sheet gives."),
    fix=N_("The message gives the computed amount and the method."))
E705 = Code("PFN-E705", N_("settlement does not sum to zero"),
    meaning=N_("The Settlement does not sum to zero."),
    fix=N_("What one player wins the others lose."))

# match
E801 = Code("PFN-E801", N_("running sheet differs"),
    meaning=N_("A figure of the running Sheet differs from what the match so far gives."),
    fix=N_("The message gives the computed figure."),
    example=_MATCH + '[Sheet ""]\nA pool=4\n')
E802 = Code("PFN-E802", N_("wrong dealer"),
    meaning=N_("The wrong player deals: the deal passes to the next player (after an all-pass as "
               "the rules say)."),
    fix=N_("House rule allpass-dealer; check the Dealer tags of the match."),
    example=_MATCH + '\n' + _MATCH.replace('[Board "1"]', '[Board "2"]'))
E803 = Code("PFN-E803", N_("record after the end of the match"),
    meaning=N_("A record after the end of the match: every pool was closed."),
    fix=N_("Start a new [Match] for a new pool."))
E804 = Code("PFN-E804", N_("match rules changed within the match"),
    meaning=N_("A match-wide tag (Variant, Rules, Target, Players) changes within the match."),
    fix=N_("Keep them the same, or start a new match."),
    example=_MATCH + '\n' + _MATCH.replace('[Board "1"]', '[Board "2"]').replace(
    '[Dealer "C"]', '[Dealer "A"]').replace('[Target "10"]',
    '[Target "20"]'))
E805 = Code("PFN-E805", N_("wrong board number"),
    meaning=N_("Reserved: a board number out of order."),
    fix=N_("—"))

# warnings
W001 = Code("PFN-W001", N_("no variant given"),
    meaning=N_("No Variant tag: the record is read as Sochi."),
    fix=N_('Add [Variant "sochi"] (or the variant played).'),
    example='[Event "x"]\n')
W002 = Code("PFN-W002", N_("unknown directive"),
    meaning=N_("A % directive pfn does not know; it is kept."),
    fix=N_("PFN knows `% PFN 1.0`, `% EXPORT` and `% IMPORT`."),
    example='% HELLO\n[Event "x"]\n')
W003 = Code("PFN-W003", N_("note never referenced"),
    meaning=N_("A Note that no =n= refers to."),
    fix=N_("Refer to it after a move, or remove it."),
    example=_brief('[Event "Friday pool"]',
    '[Event "Friday pool"]\n[Note "1:unused"]'))
W004 = Code("PFN-W004", N_("incomplete record"),
    meaning=N_("The play stops before the tenth trick with no * and no Result."),
    fix=N_("End with * when the rest was claimed or not recorded."),
    example=_brief("H8 DK HJ\n", "").replace("S7 CQ DJ\n", "").replace(
    '[Result "A:8 B:1 C:1"]\n', "").replace(
    '[Score "A:pool+4 B:whist/A+4 C:whist/A+4"]\n', ""))
W005 = Code("PFN-W005", N_("claim or result disputed by best play"),
    meaning=N_("With --analyse: the play stops with a claim (*) or a Result, and best play from "
               "there gives the declarer another number of tricks than the Result says; the "
               "hint shows a line of best play."),
    fix=N_("Correct the Result (or the claim's line); pfn solve FILE --trick K shows every "
           "card's value from the claim."))
W006 = Code("PFN-W006", N_("stated chance disputed by the layouts"),
    meaning=N_("With --analyse: the record states the declarer's chance of making ([Chance "
               '"62%"]) or his expected tricks ([Expected "7.4"]), and the layouts of the cards '
               "he has not seen, each weighted the same, with open-hand play after his best "
               "card, give another figure (within half a unit of the last digit stated, and a "
               "sample's margin)."),
    fix=N_("Correct the figure; pfn odds FILE --seat <declarer> shows each card's chances."))

# information
I001 = Code("PFN-I001", N_("not checked"),
    meaning=N_("Something the record does not let pfn check (a hidden hand, a missing section); "
               "said so rather than assumed."),
    fix=N_("Give more of the record if you want it checked."),
    example=_brief("[Defence \"B\"]\nwhist whist\n", ""))
I002 = Code("PFN-I002", N_("import note"),
    meaning=N_("Something `pfn import` did that the reader should know: the encoding it read a "
               "file in, a field kept as an unknown tag."),
    fix=N_("Nothing to fix; check the imported record if in doubt."))
I003 = Code("PFN-I003", N_("errors that follow from the first"),
    meaning=N_("After a deal's first broken rule of the auction, the defence or the play, the "
               "errors of the course it set, of the result and of the score follow from it: "
               "pfn check shows the first and says how many follow (one mistake, one error)."),
    fix=N_("Fix the first error and check again; pfn check --all shows every one."))
