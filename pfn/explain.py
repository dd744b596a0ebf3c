"""``pfn explain`` and ``pfn rules``: what each diagnostic means and every house rule.

Every code of :data:`pfn.diagnostics.CODES` has an entry here: what it means, a
record that gives it (the tests check each one does), and the fix.
"""

from __future__ import annotations

from dataclasses import dataclass

from pfn.diagnostics import CODES, severity_of, title
from pfn.i18n import N_, tr

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


@dataclass(frozen=True)
class Entry:
    """One diagnostic explained."""

    meaning: str
    fix: str
    example: str | None = None
    """A record that gives this diagnostic (``None`` where it takes a file, not text)."""


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

ENTRIES: dict[str, Entry] = {
    "PFN-E001": Entry(N_("The file could not be opened or read: it does not exist, it is a"
                      " directory, or you may not read it."), N_("Check the path and the"
                      " permissions.")),
    "PFN-E002": Entry(N_("Some bytes are not UTF-8, so the text around them cannot be read"
                      " faithfully; they are shown as \ufffd."), N_("Save the file as UTF-8 (a"
                      " Windows-1251 or UTF-16 file must be converted first)."),
                      '[Event "Caf\xe9"]\n'.encode("latin-1").decode("utf-8",
                                                                     "surrogateescape")),
    "PFN-E003": Entry(N_("The input has no tag pair at all, so it holds no PFN record: it is"
                      " empty, or it is some other kind of file."), N_("Give a PFN file; a record"
                      " starts with tags such as [Event \"…\"].")),
    "PFN-E004": Entry(N_("The `% PFN` directive names a version of the notation this reader"
                      " does not read."), N_("Write `% PFN 1.0`, or use a newer pfn."),
                      '% PFN 2.0\n[Event "x"]\n'),
    "PFN-E005": Entry(N_("A JSON file (or line) is not valid JSON."), N_("Fix the JSON at the"
                      " place shown; `pfn convert` writes valid JSON from PFN.")),
    "PFN-E006": Entry(N_("The JSON is valid but is not a PFN record: it does not fit"
                      " schemas/pfn.schema.json, or holds a value no record can have."),
                      N_("Compare with the schema; the message gives the path to the part"
                      " that does not fit.")),
    "PFN-E007": Entry(N_("`pfn import` met something in the source file that PFN cannot say"
                      " faithfully (a field it does not know how to read, a card not in the"
                      " format's table, the same card twice); nothing is written."), N_("Correct"
                      " the source at the place shown, or import the other records by"
                      " removing this one.")),
    "PFN-E101": Entry(N_("Text the grammar does not allow at this place."), N_("See the caret;"
                      " quoted strings belong in tags, % only starts a line."),
                      '[Event "x"] "stray"\n'),
    "PFN-E102": Entry(N_("A tag pair is not [Name \"value\"] on one line: a quote or a"
                      " bracket is missing, or the value is."), N_("Write [Name \"value\"];"
                      ' "?" means unknown and "" not applicable.'), '[Event "x"\n'),
    "PFN-E103": Entry(N_("A { comment is never closed (or a } has no {); the record ends"
                      " at the next blank line."), N_("Close the comment with }; comments do"
                      " not nest."), '[Event "x"] { never closed\n'),
    "PFN-E104": Entry(N_("Parentheses of a variation do not match."), N_("A variation is ( … )"
                      " right after the move it replaces."),
                      _brief("6S 6C pass 6D pass", "6S 6C) pass 6D pass")),
    "PFN-E105": Entry(N_("Moves, or a variation, stand where no section is open: before the"
                      " first tag, or after a tag that opens no section."), N_("Put calls after"
                      " [Auction] or [Defence] and cards after [Play]."),
                      '[Event "x"]\n6S pass\n'),
    "PFN-E106": Entry(N_("A tag value is not in the form this tag takes."), N_("The message"
                      " says what the tag expects."), _brief('[Deal "A:AKQJ7.AK.7.A7',
                                                            '[Deal "A:AKQJ7.AK.7')),
    "PFN-E107": Entry(N_("A word in the Play section, the Talon or the Discard is not a"
                      " card."), N_("Cards are a suit letter and a rank: SA, HT, C7."),
                      _brief("SA S9 S8", "SA S9 S1")),
    "PFN-E108": Entry(N_("A word of the Auction or Defence section is not a call of the"
                      " record's variant."), N_("See docs/spec.md, section 5, for the calls"
                      " and their aliases."), _brief("whist whist", "whist dance")),
    "PFN-E109": Entry(N_("The Variant tag names no variant pfn knows."), N_("`pfn rules` lists"
                      " the variants; sochi, leningrad, rostov, russian-standard, serbian,"
                      " mailru, britannica, classic."), _brief('"sochi"', '"kalinka"')),
    "PFN-E110": Entry(N_("A seat that does not exist at this table (A B C, or D with four)."),
                      N_("Seats are A, B, C (and D) in playing order."),
                      _brief('[Dealer "C"]', '[Dealer "E"]')),
    "PFN-E111": Entry(N_("A number that is not one, out of range, or longer than nine"
                      " digits."), N_("Write a whole number (or an exact fraction where an"
                      " amount may be one)."), _brief('A:8 B:1 C:1', 'A:8 B:1 C:x')),
    "PFN-E112": Entry(N_("A tag other than Note is given twice in one record."), N_("Keep one;"
                      " only Note may repeat."), _brief('[Event "Friday pool"]',
                                                       '[Event "Friday pool"]\n[Event "x"]')),
    "PFN-E113": Entry(N_("A Note tag or a note reference is not in its form."), N_('Write'
                      ' [Note "1:text"] and refer to it with =1= after a move.'),
                      _brief('[Event "Friday pool"]', '[Event "Friday pool"]\n'
                             '[Note "first: text"]')),
    "PFN-E114": Entry(N_("A suffix, NAG or note reference with no move before it."), N_("Write"
                      " it right after the call or card it is about."),
                      _brief("SA S9 S8", "$1 SA S9 S8")),
    "PFN-E115": Entry(N_("A variation with no move before it to replace."), N_("Write ( … )"
                      " after the move it is an alternative to."),
                      _brief("6S 6C pass 6D pass", "(6C) 6S 6C pass 6D pass")),
    "PFN-E116": Entry(N_("A house rule that does not exist, or a value it does not take."),
                      N_("`pfn rules` lists every option and its values."),
                      _brief('[Variant "sochi"]', '[Variant "sochi"]\n'
                             '[Rules "whist=polite"]')),
    "PFN-E117": Entry(N_("The Contract tag names no contract."), N_("Contracts are 6S … 10NT,"
                      " mis, pass (all-pass), with -hand for a game without the talon."),
                      _brief('[Contract "7S"]', '[Contract "7X"]')),
    "PFN-E118": Entry(N_("A note reference =n= with no [Note \"n:…\"] in the record."),
                      N_("Add the Note tag, or remove the reference."),
                      _brief("SA S9 S8", "SA =1= S9 S8")),
    "PFN-E119": Entry(N_("Variations nested deeper than 64: the record is not read."),
                      N_("Flatten the variations."), _brief("6S 6C pass 6D pass",
                                                        "6S " + "6C (" * 70 + "6D"
                                                        + ")" * 70 + " 6C pass 6D pass")),
    "PFN-E120": Entry(N_("The same player, or the same figure of the sheet, is given twice"
                      " in one Result, Settlement or Sheet."), N_("Give each once."),
                      _brief('A:8 B:1 C:1', 'A:8 B:1 B:1')),
    "PFN-E121": Entry(N_("The record would not read back the same in export format, so `pfn"
                      " fmt` left the file as it was. This is a bug in pfn."), N_("Please"
                      " report it with the record.")),
    "PFN-E122": Entry(N_("One record has more tag pairs than any record needs (more than ten"
                      " thousand); the rest of them are not read, so that memory stays"
                      " bounded."), N_("Split the record, or keep such data outside PFN.")),
    "PFN-E201": Entry(N_("The same card is dealt twice (in two hands, or a hand and the"
                      " talon)."), N_("Each of the 32 cards is dealt once."),
                      _brief("B:T9.QJT.AKQ.KQ", "B:A9.QJT.AKQ.KQ")),
    "PFN-E202": Entry(N_("A hand does not hold ten cards (the dealer's none, at four)."),
                      N_("Give each hand its ten cards."), _brief("C:8.987.JT9.JT9",
                                                              "C:8.987.JT9.JT")),
    "PFN-E203": Entry(N_("The talon does not hold two cards."), N_("The talon has two cards."),
                      _brief("talon:..8.8", "talon:..8.")),
    "PFN-E204": Entry(N_("A card is played twice."), N_("Each card is played once; see which"
                      " trick plays it again."), _brief("S7 CQ DJ", "SA CQ DJ")),
    "PFN-E205": Entry(N_("The Talon tag does not give the talon of the Deal tag."), N_("Make"
                      " them agree."), _brief('[Talon "D8 H8"]', '[Talon "D8 H7"]')),
    "PFN-E206": Entry(N_("A card discarded is not one of the declarer's twelve."), N_("The"
                      " declarer discards two of his ten cards and the talon."),
                      _brief('[Discard "D7 D8"]', '[Discard "D7 DA"]')),
    "PFN-E207": Entry(N_("At a table of four the dealer holds cards; he takes none."), N_("Give"
                      " the dealer `-` in the Deal tag.")),
    "PFN-E208": Entry(N_("A seat that does not play at this table: the dealer at a table of"
                         " four, who sits the deal out, named the declarer."),
                      N_("Name the declarer among the three who play.")),
    "PFN-E209": Entry(N_("The Players tag names neither three nor four players."), N_("Name"
                      " three players, or four (the dealer sits out)."),
                      _brief('[Variant "sochi"]', '[Variant "sochi"]\n[Players "Ana; Bo"]')),
    "PFN-E210": Entry(N_("The Result's tricks do not add up to ten."), N_("The players' tricks"
                      " add up to ten."), _brief('A:8 B:1 C:1', 'A:8 B:1 C:2')),
    "PFN-E211": Entry(N_("A card the declarer discarded is played."), N_("A discarded card is"
                      " out of play."), _brief('[Discard "D7 D8"]', '[Discard "H7 D8"]')),
    "PFN-E212": Entry(N_("Reserved: a card played that nobody holds."), N_("—")),
    "PFN-E301": Entry(N_("A call out of turn: calls go round in playing order from the"
                      " player after the dealer, and a player who passed is skipped."),
                      N_("Start the auction with the eldest and follow the order."),
                      _brief('[Auction "A"]', '[Auction "B"]')),
    "PFN-E302": Entry(N_("A bid that is not higher than the standing bid."), N_("Each bid must"
                      " beat the last (or be held where the rules allow it)."),
                      _brief("6S 6C pass 6D pass", "6S 6S pass 6D pass")),
    "PFN-E303": Entry(N_("A bid skips rungs of the ladder where the rules want the next one."),
                      N_("Raise one step at a time (house rule jumps)."),
                      _brief("6S 6C pass 6D pass", "6S 6C pass 6D pass").replace(
                          '[Variant "sochi"]', '[Variant "sochi"]\n[Rules "jumps=off"]')
                      .replace("6S 6C pass 6D pass", "6S 7C pass 7D pass")),
    "PFN-E304": Entry(N_("Reserved: a call after a pass."), N_("—")),
    "PFN-E305": Entry(N_("Holding (\"here\") the standing bid where the rules do not allow"
                      " it."), N_("House rule hold says who may hold."),
                      _brief("6S 6C pass 6D pass", "6S hold pass 6D pass")),
    "PFN-E306": Entry(N_("Misère where it is not allowed: after a bid of one's own, or a"
                      " contract after misère."), N_("Misère is a player's first call."),
                      _brief("6S 6C pass 6D pass", "6S 6C pass mis pass")),
    "PFN-E307": Entry(N_("The auction stops before it is over."), N_("Give the remaining calls."),
                      _brief("6S 6C pass 6D pass", "6S 6C pass 6D")),
    "PFN-E308": Entry(N_("A call after the auction ended."), N_("Remove it."),
                      _brief("6S 6C pass 6D pass", "6S 6C pass 6D pass pass")),
    "PFN-E309": Entry(N_("A bid that is not on this variant's ladder."), N_("The message lists"
                      " the bids."), _brief("6S 6C pass 6D pass", "6S 6C pass 6D-hand pass")),
    "PFN-E310": Entry(N_("The Declarer tag names someone other than the winner of the"
                      " auction."), N_("The declarer is the player who won the auction."),
                      '[Event "x"]\n[Variant "sochi"]\n[Dealer "C"]\n[Declarer "B"]\n'
                      '[Contract "6S"]\n[Auction "A"]\n6S pass pass\n'),
    "PFN-E401": Entry(N_("The declarer discards a number of cards other than two."),
                      N_("Discard two cards."), _brief('[Discard "D7 D8"]', '[Discard "D7"]')),
    "PFN-E402": Entry(N_("A game without the talon has a discard."), N_("Without the talon there"
                      " is no discard.")),
    "PFN-E403": Entry(N_("The contract is lower than the winning bid."), N_("Play the bid or a"
                      " higher contract."), _brief('[Contract "7S"]', '[Contract "6S"]')),
    "PFN-E404": Entry(N_("The contract does not fit the auction: misère that was not bid, a"
                      " bid with the talon played without it, a contract this variant does"
                      " not have."), N_("The message says which."),
                      _brief('[Contract "7S"]', '[Contract "mis"]')),
    "PFN-E405": Entry(N_("A defence call out of turn: the defenders speak from the"
                      " declarer's left."), N_("Start the Defence section with the first"
                      " defender."), _brief('[Defence "B"]', '[Defence "C"]')),
    "PFN-E406": Entry(N_("A defence call the rules do not allow here."), N_("The hint lists what"
                      " may be said."), _brief("whist whist", "whist half")),
    "PFN-E407": Entry(N_("The defence stops before it is decided."), N_("Give both defenders'"
                      " calls."), _brief("whist whist", "whist")),
    "PFN-E408": Entry(N_("After all-passes in a row the contract is below the exit level."),
                      N_("House rule allpass-exit gives the levels."), None),
    "PFN-E409": Entry(N_("The play is given but no contract."), N_("Add [Contract \"…\"] (and"
                      " [Declarer \"…\"])."), _brief('[Contract "7S"]\n', "").replace(
                          '[Declarer "A"]\n', "").replace("[Auction \"A\"]\n6S 6C pass 6D"
                                                          " pass\n", "")),
    "PFN-E501": Entry(N_("The wrong player leads to the first trick."), N_("The eldest leads (in"
                      " no-trumps as the variant says)."), _brief('[Play "A"]', '[Play "B"]')),
    "PFN-E502": Entry(N_("A card played by a player who does not hold it."), N_("Check whose"
                      " turn it was and the hands."), _brief("SA S9 S8", "SA S8 S9")),
    "PFN-E503": Entry(N_("Revoke: a player did not follow suit though he could (or played a"
                      " suit he had shown out of)."), N_("Follow suit when you can."),
                      _brief("CA CT C8", "CA DK C8").replace("H8 DK HJ", "H8 CT HJ")),
    "PFN-E504": Entry(N_("A player out of the suit led did not trump though he held a"
                      " trump."), N_("With no card of the suit led, play a trump."),
                      _brief("DA DT SJ\nS7 CQ DJ\nH8 DK HJ\n", "DA DT H8 *\n").replace(
                          '[Result "A:8 B:1 C:1"]\n', "").replace(
                          '[Score "A:pool+4 B:whist/A+4 C:whist/A+4"]\n', "")),
    "PFN-E505": Entry(N_("Britannica: a player did not head the trick though he could."),
                      N_("Play higher than the best card so far when you can.")),
    "PFN-E506": Entry(N_("A trick with too many or too few cards."), N_("Write one trick per"
                      " line; - stands for a card not known."), _brief("SA S9 S8", "SA S9")),
    "PFN-E507": Entry(N_("A play where none is allowed (both defenders passed, or an"
                      " all-pass in a variant that does not play it)."), N_("Remove the Play"
                      " section."), _brief("whist whist", "pass pass")),
    "PFN-E508": Entry(N_("A card played that was already played."), N_("Each card is played"
                      " once."), None),
    "PFN-E509": Entry(N_("An all-pass trick opened by a talon card does not start with it."),
                      N_("Write the talon card first on each of the first two lines.")),
    "PFN-E510": Entry(N_("More than ten tricks."), N_("A deal has ten tricks.")),
    "PFN-E601": Entry(N_("The Result differs from the tricks the play gives."), N_("Make the"
                      " Result agree with the play."), _brief('A:8 B:1 C:1', 'A:7 B:2 C:1')),
    "PFN-E602": Entry(N_("Reserved: a result left incomplete."), N_("—")),
    "PFN-E603": Entry(N_("The Result is impossible from where the play stops (a claim that"
                      " cannot be)."), N_("Check the Result against the tricks played."),
                      _brief("H8 DK HJ", "*").replace("S7 CQ DJ", "S7 CQ DJ").replace(
                          'A:8 B:1 C:1', 'A:5 B:4 C:1')),
    "PFN-E701": Entry(N_("A score entry's amount differs from what the rules write."), N_("The"
                      " message gives the computed amount and the rule."),
                      _brief("A:pool+4", "A:pool+6")),
    "PFN-E702": Entry(N_("The rules write an entry the Score tag does not give."), N_("Add it."),
                      _brief(" C:whist/A+4", "")),
    "PFN-E703": Entry(N_("The Score tag gives an entry the rules do not write."), N_("Remove it."),
                      _brief("A:pool+4", "A:pool+4 A:mountain+2")),
    "PFN-E704": Entry(N_("A settlement amount differs from what the sheet gives."), N_("The"
                      " message gives the computed amount and the method.")),
    "PFN-E705": Entry(N_("The Settlement does not sum to zero."), N_("What one player wins the"
                      " others lose.")),
    "PFN-E801": Entry(N_("A figure of the running Sheet differs from what the match so far"
                      " gives."), N_("The message gives the computed figure."),
                      _MATCH + '[Sheet ""]\nA pool=4\n'),
    "PFN-E802": Entry(N_("The wrong player deals: the deal passes to the next player (after"
                      " an all-pass as the rules say)."), N_("House rule allpass-dealer;"
                      " check the Dealer tags of the match."),
                      _MATCH + '\n' + _MATCH.replace('[Board "1"]', '[Board "2"]')),
    "PFN-E803": Entry(N_("A record after the end of the match: every pool was closed."),
                      N_("Start a new [Match] for a new pool.")),
    "PFN-E804": Entry(N_("A match-wide tag (Variant, Rules, Target, Players) changes within"
                      " the match."), N_("Keep them the same, or start a new match."),
                      _MATCH + '\n' + _MATCH.replace('[Board "1"]', '[Board "2"]').replace(
                          '[Dealer "C"]', '[Dealer "A"]').replace('[Target "10"]',
                                                                  '[Target "20"]')),
    "PFN-E805": Entry(N_("Reserved: a board number out of order."), N_("—")),
    "PFN-W001": Entry(N_("No Variant tag: the record is read as Sochi."), N_('Add [Variant'
                      ' "sochi"] (or the variant played).'), '[Event "x"]\n'),
    "PFN-W002": Entry(N_("A % directive pfn does not know; it is kept."), N_("PFN knows `% PFN"
                      " 1.0`, `% EXPORT` and `% IMPORT`."), '% HELLO\n[Event "x"]\n'),
    "PFN-W003": Entry(N_("A Note that no =n= refers to."), N_("Refer to it after a move, or"
                      " remove it."), _brief('[Event "Friday pool"]',
                                            '[Event "Friday pool"]\n[Note "1:unused"]')),
    "PFN-W004": Entry(N_("The play stops before the tenth trick with no * and no Result."),
                      N_("End with * when the rest was claimed or not recorded."),
                      _brief("H8 DK HJ\n", "").replace("S7 CQ DJ\n", "").replace(
                          '[Result "A:8 B:1 C:1"]\n', "").replace(
                          '[Score "A:pool+4 B:whist/A+4 C:whist/A+4"]\n', "")),
    "PFN-W005": Entry(N_("With --analyse: the play stops with a claim (*) or a Result, and best"
                      " play from there gives the declarer another number of tricks than"
                      " the Result says; the hint shows a line of best play."),
                      N_("Correct the Result (or the claim's line); pfn solve FILE --trick K"
                      " shows every card's value from the claim.")),
    "PFN-W006": Entry(N_("With --analyse: the record states the declarer's chance of making"
                      " ([Chance \"62%\"]) or his expected tricks ([Expected \"7.4\"]), and the"
                      " layouts of the cards he has not seen, each weighted the same, with"
                      " open-hand play after his best card, give another figure (within"
                      " half a unit of the last digit stated, and a sample's margin)."),
                      N_("Correct the figure; pfn odds FILE --seat <declarer> shows each"
                      " card's chances.")),
    "PFN-I001": Entry(N_("Something the record does not let pfn check (a hidden hand, a"
                      " missing section); said so rather than assumed."), N_("Give more of the"
                      " record if you want it checked."),
                      _brief("[Defence \"B\"]\nwhist whist\n", "")),
    "PFN-I002": Entry(N_("Something `pfn import` did that the reader should know: the"
                      " encoding it read a file in, a field kept as an unknown tag."),
                      N_("Nothing to fix; check the imported record if in doubt.")),
    "PFN-I003": Entry(N_("After a deal's first broken rule of the auction, the defence or"
                      " the play, the errors of the course it set, of the result and of the"
                      " score follow from it: pfn check shows the first and says how many"
                      " follow (one mistake, one error)."),
                      N_("Fix the first error and check again; pfn check --all shows every"
                      " one.")),
}


def normalize(code: str) -> str:
    """``E503``, ``503``, ``pfn-e503`` → ``PFN-E503``."""
    text = code.strip().upper()
    if text.isdigit():
        text = "E" + text
    return text if text.startswith("PFN-") else "PFN-" + text


def explanation(code: str) -> str | None:
    """The text ``pfn explain`` prints for ``code`` (``None`` if there is no such code)."""
    key = normalize(code)
    if key not in CODES:
        return None
    entry = ENTRIES.get(key)
    severity = tr(severity_of(key).value)
    lines = [f"{key} ({severity}): {title(key)}", ""]
    if entry is not None:
        lines += [tr(entry.meaning), "", tr("Fix: {fix}", fix=tr(entry.fix))]
        if entry.example is not None:
            lines += ["", tr("Example:"), "",
                      *("    " + ln for ln in entry.example.splitlines())]
    return "\n".join(lines)


def _values_text(values: str) -> str:
    """An option's values as ``pfn rules`` shows them: the words typed stay as typed,
    "a number" and "e.g." are said in the run's language."""
    if values.startswith("e.g. "):
        return tr("e.g. {values}", values=values[len("e.g. "):])
    return "|".join(tr(N_("a number")) if v == "a number" else v for v in values.split("|"))


def rules_table(variant: str | None = None) -> str:
    """Every house-rule option with its values, description, source and default (of one
    variant, or of each)."""
    from pfn.rules.options import HouseRules
    from pfn.variants import VARIANTS, find_variant

    chosen = [find_variant(variant)] if variant is not None else list(VARIANTS)
    defaults = {v.name: v.default_rules() for v in chosen}
    out: list[str] = []
    if variant is not None:
        v = chosen[0]
        out += [f"{tr(v.title)} — {v.name}", tr("source: {source}", source=v.source), ""]
    for item in HouseRules.describe():
        key = item["key"]
        out.append(f"{key}  ({_values_text(item['values'])})")
        out.append("    " + tr(item["doc"]))
        if variant is not None:
            out.append("    " + tr("default: {value}",
                                    value=defaults[chosen[0].name].value_text(key)))
        else:
            out.append("    " + tr("defaults: {values}", values=", ".join(
                f"{name} {rules.value_text(key)}" for name, rules in defaults.items())))
        out.append("    " + tr("source: {source}", source=tr(item["source"])))
    out.append("")
    out.append(tr("Set them in a record with [Rules \"key=value; …\"] or on the command line"
                  " with --rule key=value."))
    return "\n".join(out) + "\n"
