"""``pfn explain`` and ``pfn rules``: what each diagnostic means and every house rule.

Every code of :data:`pfn.diagnostics.CODES` has an entry here: what it means, a
record that gives it (the tests check each one does), and the fix.
"""

from __future__ import annotations

from dataclasses import dataclass

from pfn.diagnostics import CODES, severity_of

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
    "PFN-E001": Entry("The file could not be opened or read: it does not exist, it is a"
                      " directory, or you may not read it.", "Check the path and the"
                      " permissions."),
    "PFN-E002": Entry("Some bytes are not UTF-8, so the text around them cannot be read"
                      " faithfully; they are shown as \ufffd.", "Save the file as UTF-8 (a"
                      " Windows-1251 or UTF-16 file must be converted first).",
                      '[Event "Caf\xe9"]\n'.encode("latin-1").decode("utf-8",
                                                                     "surrogateescape")),
    "PFN-E003": Entry("The input has no tag pair at all, so it holds no PFN record: it is"
                      " empty, or it is some other kind of file.", "Give a PFN file; a record"
                      " starts with tags such as [Event \"…\"]."),
    "PFN-E004": Entry("The `% PFN` directive names a version of the notation this reader"
                      " does not read.", "Write `% PFN 1.0`, or use a newer pfn.",
                      '% PFN 2.0\n[Event "x"]\n'),
    "PFN-E005": Entry("A JSON file (or line) is not valid JSON.", "Fix the JSON at the"
                      " place shown; `pfn convert` writes valid JSON from PFN."),
    "PFN-E006": Entry("The JSON is valid but is not a PFN record: it does not fit"
                      " schemas/pfn.schema.json, or holds a value no record can have.",
                      "Compare with the schema; the message gives the path to the part"
                      " that does not fit."),
    "PFN-E007": Entry("`pfn import` met something in the source file that PFN cannot say"
                      " faithfully (a field it does not know how to read, a card not in the"
                      " format's table, the same card twice); nothing is written.", "Correct"
                      " the source at the place shown, or import the other records by"
                      " removing this one."),
    "PFN-E101": Entry("Text the grammar does not allow at this place.", "See the caret;"
                      " quoted strings belong in tags, % only starts a line.",
                      '[Event "x"] "stray"\n'),
    "PFN-E102": Entry("A tag pair is not [Name \"value\"] on one line: a quote or a"
                      " bracket is missing, or the value is.", "Write [Name \"value\"];"
                      ' "?" means unknown and "" not applicable.', '[Event "x"\n'),
    "PFN-E103": Entry("A { comment is never closed (or a } has no {); the record ends"
                      " at the next blank line.", "Close the comment with }; comments do"
                      " not nest.", '[Event "x"] { never closed\n'),
    "PFN-E104": Entry("Parentheses of a variation do not match.", "A variation is ( … )"
                      " right after the move it replaces.",
                      _brief("6S 6C pass 6D pass", "6S 6C) pass 6D pass")),
    "PFN-E105": Entry("Moves, or a variation, stand where no section is open: before the"
                      " first tag, or after a tag that opens no section.", "Put calls after"
                      " [Auction] or [Defence] and cards after [Play].",
                      '[Event "x"]\n6S pass\n'),
    "PFN-E106": Entry("A tag value is not in the form this tag takes.", "The message"
                      " says what the tag expects.", _brief('[Deal "A:AKQJ7.AK.7.A7',
                                                            '[Deal "A:AKQJ7.AK.7')),
    "PFN-E107": Entry("A word in the Play section, the Talon or the Discard is not a"
                      " card.", "Cards are a suit letter and a rank: SA, HT, C7.",
                      _brief("SA S9 S8", "SA S9 S1")),
    "PFN-E108": Entry("A word of the Auction or Defence section is not a call of the"
                      " record's variant.", "See docs/spec.md, section 5, for the calls"
                      " and their aliases.", _brief("whist whist", "whist dance")),
    "PFN-E109": Entry("The Variant tag names no variant pfn knows.", "`pfn rules` lists"
                      " the variants; sochi, leningrad, rostov, russian-standard, serbian,"
                      " mailru, britannica, classic.", _brief('"sochi"', '"kalinka"')),
    "PFN-E110": Entry("A seat that does not exist at this table (A B C, or D with four).",
                      "Seats are A, B, C (and D) in playing order.",
                      _brief('[Dealer "C"]', '[Dealer "E"]')),
    "PFN-E111": Entry("A number that is not one, out of range, or longer than nine"
                      " digits.", "Write a whole number (or an exact fraction where an"
                      " amount may be one).", _brief('A:8 B:1 C:1', 'A:8 B:1 C:x')),
    "PFN-E112": Entry("A tag other than Note is given twice in one record.", "Keep one;"
                      " only Note may repeat.", _brief('[Event "Friday pool"]',
                                                       '[Event "Friday pool"]\n[Event "x"]')),
    "PFN-E113": Entry("A Note tag or a note reference is not in its form.", 'Write'
                      ' [Note "1:text"] and refer to it with =1= after a move.',
                      _brief('[Event "Friday pool"]', '[Event "Friday pool"]\n'
                             '[Note "first: text"]')),
    "PFN-E114": Entry("A suffix, NAG or note reference with no move before it.", "Write"
                      " it right after the call or card it is about.",
                      _brief("SA S9 S8", "$1 SA S9 S8")),
    "PFN-E115": Entry("A variation with no move before it to replace.", "Write ( … )"
                      " after the move it is an alternative to.",
                      _brief("6S 6C pass 6D pass", "(6C) 6S 6C pass 6D pass")),
    "PFN-E116": Entry("A house rule that does not exist, or a value it does not take.",
                      "`pfn rules` lists every option and its values.",
                      _brief('[Variant "sochi"]', '[Variant "sochi"]\n'
                             '[Rules "whist=polite"]')),
    "PFN-E117": Entry("The Contract tag names no contract.", "Contracts are 6S … 10NT,"
                      " mis, pass (all-pass), with -hand for a game without the talon.",
                      _brief('[Contract "7S"]', '[Contract "7X"]')),
    "PFN-E118": Entry("A note reference =n= with no [Note \"n:…\"] in the record.",
                      "Add the Note tag, or remove the reference.",
                      _brief("SA S9 S8", "SA =1= S9 S8")),
    "PFN-E119": Entry("Variations nested deeper than 64: the record is not read.",
                      "Flatten the variations.", _brief("6S 6C pass 6D pass",
                                                        "6S " + "6C (" * 70 + "6D"
                                                        + ")" * 70 + " 6C pass 6D pass")),
    "PFN-E120": Entry("The same player, or the same figure of the sheet, is given twice"
                      " in one Result, Settlement or Sheet.", "Give each once.",
                      _brief('A:8 B:1 C:1', 'A:8 B:1 B:1')),
    "PFN-E121": Entry("The record would not read back the same in export format, so `pfn"
                      " fmt` left the file as it was. This is a bug in pfn.", "Please"
                      " report it with the record."),
    "PFN-E122": Entry("One record has more tag pairs than any record needs (more than ten"
                      " thousand); the rest of them are not read, so that memory stays"
                      " bounded.", "Split the record, or keep such data outside PFN."),
    "PFN-E201": Entry("The same card is dealt twice (in two hands, or a hand and the"
                      " talon).", "Each of the 32 cards is dealt once.",
                      _brief("B:T9.QJT.AKQ.KQ", "B:A9.QJT.AKQ.KQ")),
    "PFN-E202": Entry("A hand does not hold ten cards (the dealer's none, at four).",
                      "Give each hand its ten cards.", _brief("C:8.987.JT9.JT9",
                                                              "C:8.987.JT9.JT")),
    "PFN-E203": Entry("The talon does not hold two cards.", "The talon has two cards.",
                      _brief("talon:..8.8", "talon:..8.")),
    "PFN-E204": Entry("A card is played twice.", "Each card is played once; see which"
                      " trick plays it again.", _brief("S7 CQ DJ", "SA CQ DJ")),
    "PFN-E205": Entry("The Talon tag does not give the talon of the Deal tag.", "Make"
                      " them agree.", _brief('[Talon "D8 H8"]', '[Talon "D8 H7"]')),
    "PFN-E206": Entry("A card discarded is not one of the declarer's twelve.", "The"
                      " declarer discards two of his ten cards and the talon.",
                      _brief('[Discard "D7 D8"]', '[Discard "D7 DA"]')),
    "PFN-E207": Entry("At a table of four the dealer holds cards; he takes none.", "Give"
                      " the dealer `-` in the Deal tag."),
    "PFN-E208": Entry("Reserved: a seat that is not at this table.", "—"),
    "PFN-E209": Entry("The Players tag names neither three nor four players.", "Name"
                      " three players, or four (the dealer sits out).",
                      _brief('[Variant "sochi"]', '[Variant "sochi"]\n[Players "Ana; Bo"]')),
    "PFN-E210": Entry("The Result's tricks do not add up to ten.", "The players' tricks"
                      " add up to ten.", _brief('A:8 B:1 C:1', 'A:8 B:1 C:2')),
    "PFN-E211": Entry("A card the declarer discarded is played.", "A discarded card is"
                      " out of play.", _brief('[Discard "D7 D8"]', '[Discard "H7 D8"]')),
    "PFN-E212": Entry("Reserved: a card played that nobody holds.", "—"),
    "PFN-E301": Entry("A call out of turn: calls go round in playing order from the"
                      " player after the dealer, and a player who passed is skipped.",
                      "Start the auction with the eldest and follow the order.",
                      _brief('[Auction "A"]', '[Auction "B"]')),
    "PFN-E302": Entry("A bid that is not higher than the standing bid.", "Each bid must"
                      " beat the last (or be held where the rules allow it).",
                      _brief("6S 6C pass 6D pass", "6S 6S pass 6D pass")),
    "PFN-E303": Entry("A bid skips rungs of the ladder where the rules want the next one.",
                      "Raise one step at a time (house rule jumps).",
                      _brief("6S 6C pass 6D pass", "6S 6C pass 6D pass").replace(
                          '[Variant "sochi"]', '[Variant "sochi"]\n[Rules "jumps=off"]')
                      .replace("6S 6C pass 6D pass", "6S 7C pass 7D pass")),
    "PFN-E304": Entry("Reserved: a call after a pass.", "—"),
    "PFN-E305": Entry("Holding (\"here\") the standing bid where the rules do not allow"
                      " it.", "House rule hold says who may hold.",
                      _brief("6S 6C pass 6D pass", "6S hold pass 6D pass")),
    "PFN-E306": Entry("Misère where it is not allowed: after a bid of one's own, or a"
                      " contract after misère.", "Misère is a player's first call.",
                      _brief("6S 6C pass 6D pass", "6S 6C pass mis pass")),
    "PFN-E307": Entry("The auction stops before it is over.", "Give the remaining calls.",
                      _brief("6S 6C pass 6D pass", "6S 6C pass 6D")),
    "PFN-E308": Entry("A call after the auction ended.", "Remove it.",
                      _brief("6S 6C pass 6D pass", "6S 6C pass 6D pass pass")),
    "PFN-E309": Entry("A bid that is not on this variant's ladder.", "The message lists"
                      " the bids.", _brief("6S 6C pass 6D pass", "6S 6C pass 6D-hand pass")),
    "PFN-E310": Entry("The Declarer tag names someone other than the winner of the"
                      " auction.", "The declarer is the player who won the auction.",
                      '[Event "x"]\n[Variant "sochi"]\n[Dealer "C"]\n[Declarer "B"]\n'
                      '[Contract "6S"]\n[Auction "A"]\n6S pass pass\n'),
    "PFN-E401": Entry("The declarer discards a number of cards other than two.",
                      "Discard two cards.", _brief('[Discard "D7 D8"]', '[Discard "D7"]')),
    "PFN-E402": Entry("A game without the talon has a discard.", "Without the talon there"
                      " is no discard."),
    "PFN-E403": Entry("The contract is lower than the winning bid.", "Play the bid or a"
                      " higher contract.", _brief('[Contract "7S"]', '[Contract "6S"]')),
    "PFN-E404": Entry("The contract does not fit the auction: misère that was not bid, a"
                      " bid with the talon played without it, a contract this variant does"
                      " not have.", "The message says which.",
                      _brief('[Contract "7S"]', '[Contract "mis"]')),
    "PFN-E405": Entry("A defence call out of turn: the defenders speak from the"
                      " declarer's left.", "Start the Defence section with the first"
                      " defender.", _brief('[Defence "B"]', '[Defence "C"]')),
    "PFN-E406": Entry("A defence call the rules do not allow here.", "The hint lists what"
                      " may be said.", _brief("whist whist", "whist half")),
    "PFN-E407": Entry("The defence stops before it is decided.", "Give both defenders'"
                      " calls.", _brief("whist whist", "whist")),
    "PFN-E408": Entry("After all-passes in a row the contract is below the exit level.",
                      "House rule allpass-exit gives the levels.", None),
    "PFN-E409": Entry("The play is given but no contract.", "Add [Contract \"…\"] (and"
                      " [Declarer \"…\"]).", _brief('[Contract "7S"]\n', "").replace(
                          '[Declarer "A"]\n', "").replace("[Auction \"A\"]\n6S 6C pass 6D"
                                                          " pass\n", "")),
    "PFN-E501": Entry("The wrong player leads to the first trick.", "The eldest leads (in"
                      " no-trumps as the variant says).", _brief('[Play "A"]', '[Play "B"]')),
    "PFN-E502": Entry("A card played by a player who does not hold it.", "Check whose"
                      " turn it was and the hands.", _brief("SA S9 S8", "SA S8 S9")),
    "PFN-E503": Entry("Revoke: a player did not follow suit though he could (or played a"
                      " suit he had shown out of).", "Follow suit when you can.",
                      _brief("CA CT C8", "CA DK C8").replace("H8 DK HJ", "H8 CT HJ")),
    "PFN-E504": Entry("A player out of the suit led did not trump though he held a"
                      " trump.", "With no card of the suit led, play a trump.",
                      _brief("DA DT SJ\nS7 CQ DJ\nH8 DK HJ\n", "DA DT H8 *\n").replace(
                          '[Result "A:8 B:1 C:1"]\n', "").replace(
                          '[Score "A:pool+4 B:whist/A+4 C:whist/A+4"]\n', "")),
    "PFN-E505": Entry("Britannica: a player did not head the trick though he could.",
                      "Play higher than the best card so far when you can."),
    "PFN-E506": Entry("A trick with too many or too few cards.", "Write one trick per"
                      " line; - stands for a card not known.", _brief("SA S9 S8", "SA S9")),
    "PFN-E507": Entry("A play where none is allowed (both defenders passed, or an"
                      " all-pass in a variant that does not play it).", "Remove the Play"
                      " section.", _brief("whist whist", "pass pass")),
    "PFN-E508": Entry("A card played that was already played.", "Each card is played"
                      " once.", None),
    "PFN-E509": Entry("An all-pass trick opened by a talon card does not start with it.",
                      "Write the talon card first on each of the first two lines."),
    "PFN-E510": Entry("More than ten tricks.", "A deal has ten tricks."),
    "PFN-E601": Entry("The Result differs from the tricks the play gives.", "Make the"
                      " Result agree with the play.", _brief('A:8 B:1 C:1', 'A:7 B:2 C:1')),
    "PFN-E602": Entry("Reserved: a result left incomplete.", "—"),
    "PFN-E603": Entry("The Result is impossible from where the play stops (a claim that"
                      " cannot be).", "Check the Result against the tricks played.",
                      _brief("H8 DK HJ", "*").replace("S7 CQ DJ", "S7 CQ DJ").replace(
                          'A:8 B:1 C:1', 'A:5 B:4 C:1')),
    "PFN-E701": Entry("A score entry's amount differs from what the rules write.", "The"
                      " message gives the computed amount and the rule.",
                      _brief("A:pool+4", "A:pool+6")),
    "PFN-E702": Entry("The rules write an entry the Score tag does not give.", "Add it.",
                      _brief(" C:whist/A+4", "")),
    "PFN-E703": Entry("The Score tag gives an entry the rules do not write.", "Remove it.",
                      _brief("A:pool+4", "A:pool+4 A:mountain+2")),
    "PFN-E704": Entry("A settlement amount differs from what the sheet gives.", "The"
                      " message gives the computed amount and the method."),
    "PFN-E705": Entry("The Settlement does not sum to zero.", "What one player wins the"
                      " others lose."),
    "PFN-E801": Entry("A figure of the running Sheet differs from what the match so far"
                      " gives.", "The message gives the computed figure.",
                      _MATCH + '[Sheet ""]\nA pool=4\n'),
    "PFN-E802": Entry("The wrong player deals: the deal passes to the next player (after"
                      " an all-pass as the rules say).", "House rule allpass-dealer;"
                      " check the Dealer tags of the match.",
                      _MATCH + '\n' + _MATCH.replace('[Board "1"]', '[Board "2"]')),
    "PFN-E803": Entry("A record after the end of the match: every pool was closed.",
                      "Start a new [Match] for a new pool."),
    "PFN-E804": Entry("A match-wide tag (Variant, Rules, Target, Players) changes within"
                      " the match.", "Keep them the same, or start a new match.",
                      _MATCH + '\n' + _MATCH.replace('[Board "1"]', '[Board "2"]').replace(
                          '[Dealer "C"]', '[Dealer "A"]').replace('[Target "10"]',
                                                                  '[Target "20"]')),
    "PFN-E805": Entry("Reserved: a board number out of order.", "—"),
    "PFN-W001": Entry("No Variant tag: the record is read as Sochi.", 'Add [Variant'
                      ' "sochi"] (or the variant played).', '[Event "x"]\n'),
    "PFN-W002": Entry("A % directive pfn does not know; it is kept.", "PFN knows `% PFN"
                      " 1.0`, `% EXPORT` and `% IMPORT`.", '% HELLO\n[Event "x"]\n'),
    "PFN-W003": Entry("A Note that no =n= refers to.", "Refer to it after a move, or"
                      " remove it.", _brief('[Event "Friday pool"]',
                                            '[Event "Friday pool"]\n[Note "1:unused"]')),
    "PFN-W004": Entry("The play stops before the tenth trick with no * and no Result.",
                      "End with * when the rest was claimed or not recorded.",
                      _brief("H8 DK HJ\n", "").replace("S7 CQ DJ\n", "").replace(
                          '[Result "A:8 B:1 C:1"]\n', "").replace(
                          '[Score "A:pool+4 B:whist/A+4 C:whist/A+4"]\n', "")),
    "PFN-W005": Entry("With --analyse: the play stops with a claim (*) or a Result, and best"
                      " play from there gives the declarer another number of tricks than"
                      " the Result says; the hint shows a line of best play.",
                      "Correct the Result (or the claim's line); pfn solve FILE --trick K"
                      " shows every card's value from the claim."),
    "PFN-W006": Entry("With --analyse: the record states the declarer's chance of making"
                      " ([Chance \"62%\"]) or his expected tricks ([Expected \"7.4\"]), and the"
                      " layouts of the cards he has not seen, each weighted the same, with"
                      " open-hand play after his best card, give another figure (within"
                      " half a unit of the last digit stated, and a sample's margin).",
                      "Correct the figure; pfn odds FILE --seat <declarer> shows each"
                      " card's chances."),
    "PFN-I001": Entry("Something the record does not let pfn check (a hidden hand, a"
                      " missing section); said so rather than assumed.", "Give more of the"
                      " record if you want it checked.",
                      _brief("[Defence \"B\"]\nwhist whist\n", "")),
    "PFN-I002": Entry("Something `pfn import` did that the reader should know: the"
                      " encoding it read a file in, a field kept as an unknown tag.",
                      "Nothing to fix; check the imported record if in doubt."),
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
    lines = [f"{key} ({severity_of(key).value}): {CODES[key]}", ""]
    if entry is not None:
        lines += [entry.meaning, "", f"Fix: {entry.fix}"]
        if entry.example is not None:
            lines += ["", "Example:", "", *("    " + ln for ln in entry.example.splitlines())]
    return "\n".join(lines)


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
        out += [f"{v.title} — {v.name}", f"source: {v.source}", ""]
    for item in HouseRules.describe():
        key = item["key"]
        out.append(f"{key}  ({item['values']})")
        out.append(f"    {item['doc']}")
        if variant is not None:
            out.append(f"    default: {defaults[chosen[0].name].value_text(key)}")
        else:
            out.append("    defaults: " + ", ".join(
                f"{name} {rules.value_text(key)}" for name, rules in defaults.items()))
        out.append(f"    source: {item['source']}")
    out.append("")
    out.append("Set them in a record with [Rules \"key=value; …\"] or on the command line"
               " with --rule key=value.")
    return "\n".join(out) + "\n"
