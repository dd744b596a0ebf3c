"""A self-contained HTML replay page: one file, no network, opens from ``file://``.

The page holds the deals as JSON (hands before the lead, every card with its player,
the tricks' winners, what was written about each card, the auction and the defence)
and a small script that steps through them card by card and trick by trick — buttons,
the arrow keys, a trick list to jump from, each hand shown or hidden — and, for a
match, the score sheet as a second view (the SVG of :mod:`pfn.render.sheet`, inline).
Everything the page shows was established by the replay; the script only counts.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from importlib import resources
from typing import Any

from pfn.cards import CARDS, SUITS, Card, cards_of
from pfn.diagnostics import PfnError, printable
from pfn.i18n import current, plural_forms, tr, use
from pfn.model import Record
from pfn.outcome import outcome_of
from pfn.render.bidi import isolate
from pfn.render.lines import variation_lines
from pfn.render.look import Style as DiagramStyle
from pfn.render.position import (
    NAG_GLYPHS,
    annotation_words,
    card_text,
    deal_line,
    outcome,
    positions,
    short_name,
    talon_cards,
    title,
)
from pfn.render.seating import places, talon_card_place
from pfn.render.steps import STEP_TAGS, auction_table, before_play, tag_note
from pfn.render.words import Words, words_for
from pfn.rules.replay import Replay
from pfn.seats import SEATS, Seat

GLYPHS = NAG_GLYPHS
"""NAGs on the page: a browser finds a font for ⩲ and ⩱, which the pictures' font lacks."""


def _nag_names() -> dict[str, str]:
    """What each glyph on the page means, shown as its title (PGN's names; the side that
    stands better is the declarer's or the defenders')."""
    said = {1: tr("a good card"), 2: tr("a mistake"), 3: tr("a very good card"),
            4: tr("a blunder"), 5: tr("an interesting card"), 6: tr("a dubious card"),
            7: tr("the only card"), 10: tr("an even position"),
            13: tr("an unclear position"), 14: tr("the declarer stands slightly better"),
            15: tr("the defenders stand slightly better"),
            16: tr("the declarer stands better"), 17: tr("the defenders stand better"),
            18: tr("the declarer stands to win"), 19: tr("the defenders stand to win")}
    return {GLYPHS[n]: name for n, name in said.items()}


def _plain(text: str) -> str:
    """A record's text for a line of the page: no control character, no direction
    override that could reverse the text after it (pfn.render.bidi)."""
    return printable(isolate(text))


def _words() -> Words:
    """The page's words: those of the language it is written in (see :func:`language`)."""
    return words_for(current())


def language(replays: Sequence[Replay]) -> str:
    """The one language of a page: the run's (``--lang``, ``PFN_LANG``, the locale), else
    its first deal's variant's own (a Serbian pool's page is in Serbian), else English."""
    default = replays[0].variant.language if replays else None
    return words_for(None, default).lang


def page_text() -> dict[str, Any]:
    """Every text the page's script writes, in the language of the run."""
    words = _words()
    return {
        "lang": words.lang, "printed": dict(words.ranks),
        "call": tr("auction: {who} {text}"), "talon": tr("{who} takes the talon: {text}"),
        "discard": tr("{who} discards two cards, face down"),
        "contract": tr("{who} plays {text}"), "defence": tr("defence: {who} {text}"),
        "winning": tr(", winning"), "notShown": tr("not shown"), "hidden": tr("hidden"),
        "talonLine": tr("talon {cards}"), "discardLine": tr("discard {cards}"),
        "show": tr("show"), "hide": tr("hide"), "toPlay": tr(" ▸ to play"),
        "showHand": tr("show {name}'s hand"), "hideHand": tr("hide {name}'s hand"),
        "handOf": tr("{name}'s hand"),
        "talonLabel": tr("talon"), "theTalon": tr("the talon"),
        "before": tr("before the lead"), "where": tr("trick {trick}, card {card} of {total}"),
        "tricks": plural_forms("{n} trick", "{n} tricks"),
        "seen": plural_forms("Seen from {name}'s seat, over {n} layout",
                             "Seen from {name}'s seat, over {n} layouts"),
        "sample": tr(" (a sample)"),
        "expected": tr(": {name}'s expected tricks and the chance of making: "),
        "values": tr("{name} to play; {counted}'s tricks with best play after each card: "),
        "end": tr("the end of the play"), "noChoice": tr("no card to choose here"),
        "ask": tr("What would {name} play?"),
        "answer": tr("You: {card} ({value}). Played: {played} ({pvalue}). Best: {best}"
                     " ({bvalue}); {name}'s tricks with best play."),
        "on": tr("on"), "play": tr("play"), "pause": tr("pause"),
        "board": tr("Board {board}"), "deal": tr("Deal {n}"),
        "usual": tr("the usual seat at the bottom"),
        "table": tr("Table"), "sheet": tr("Score sheet"), "copied": tr("copied"),
        "spoken": tr("the {rank} of {suit}"),
        "ranks": {"A": tr("ace"), "K": tr("king"), "Q": tr("queen"), "J": tr("jack"),
                  "10": tr("ten"), "9": tr("nine"), "8": tr("eight"), "7": tr("seven")},
        "suits": {"♠": tr("spades"), "♣": tr("clubs"), "♦": tr("diamonds"),
                  "♥": tr("hearts")},
        "nags": _nag_names(), "watchAll": tr("every hand"),
        "inLine": tr("a line not played: card {n} of {total}"),
        "backToPlay": tr("back to the play"),
        "watch": tr("{name}'s seat"), "bottomOf": tr("{name} at the bottom"),
    }


def _static() -> dict[str, str]:
    """The page's own labels (buttons, their titles, headings), escaped for HTML."""
    said = {
        "board_label": tr("board"), "steps": tr("step through the play"),
        "first_title": tr("the start (Home)"), "first": tr("the start"),
        "prev_trick_title": tr("a trick back (Page Up, ↑)"), "prev_trick": tr("a trick back"),
        "prev_title": tr("a card back (←)"), "prev": tr("a card back"),
        "next_title": tr("a card on (→)"), "next": tr("a card on"),
        "next_trick_title": tr("a trick on (Page Down, ↓)"), "next_trick": tr("a trick on"),
        "last_title": tr("the end (End)"), "last": tr("the end"),
        "play_title": tr("play the cards one by one (space)"), "autoplay": tr("autoplay"),
        "play": tr("play"), "speed": tr("autoplay speed"), "slow": tr("slow"),
        "normal": tr("normal"), "fast": tr("fast"), "keys_title": tr("the keys (?)"),
        "keys": tr("the keys"), "bottom": tr("who sits at the bottom"),
        "keys_list": tr("→ ← a card on or back · ↓ ↑ (Page Down, Page Up) a trick · Home,"
                        " End the start and the end · space autoplay · ? this list · on a"
                        " phone, swipe left or right; the mouse wheel steps too"),
        "close": tr("close"), "graph": tr("the value with best play, card by card"),
        "tricks": tr("Tricks"), "auction": tr("Auction"), "copy": tr("copy PFN"),
        "watch": tr("whose seat to watch"), "played": tr("played cards"),
        "pictures": tr("cards as pictures"),
    }
    return {key: html.escape(value) for key, value in said.items()}


def double_dummy(replay: Replay, tricks: list[dict[str, Any]]) -> list[Any] | None:
    """Before each card of the page's play: the mover's legal cards with their
    open-hand values (the declarer's tricks in the deal; an all-pass: the mover's own),
    the best of them, and what the card played kept; ``None`` where nobody chooses (a
    talon card) or the record does not let the solver see every card."""
    from pfn.analysis.position import NotAnalysable, main_line, start_of
    from pfn.analysis.solve import Solver

    words = _words()
    try:
        solver = Solver(start_of(replay))
        line = main_line(replay)
        out: list[Any] = []
        for trick in tricks:
            for play in trick["plays"]:
                if play["seat"] is None:
                    out.append(None)
                    continue
                found = next(line, None)
                if found is None:
                    out.append(None)
                    continue
                position, card = found[0], found[1]
                target = solver.target(position)
                values = solver.card_values(position, target)
                best = solver.best(values, position.turn, target)
                out.append({"seat": str(SEATS[position.turn]),
                            "counted": str(SEATS[target]),
                            "values": {card_text(CARDS[c], words): v
                                       for c, v in sorted(values.items())},
                            "best": best, "played": values.get(card)})
        return out
    except NotAnalysable:
        return None


def chances(replay: Replay, tricks: list[dict[str, Any]]) -> list[Any]:
    """Before each card of the page's play, the chances from its player's seat
    (:func:`pfn.analysis.odds.odds`): each legal card's expected tricks in the deal and
    how often the contract makes, over the layouts he could not tell apart (every one
    up to 2,000, else a sample of 200 seeded by the card's place); ``None`` where he
    does not choose or the record does not give his hand."""
    from pfn.analysis.odds import odds
    from pfn.analysis.position import NotAnalysable

    words = _words()
    out: list[Any] = []
    index = 0
    for trick in tricks:
        played = 0
        for play in trick["plays"]:
            if play["seat"] is None:
                out.append(None)
                continue
            try:
                found = odds(replay, Seat[play["seat"]], trick["number"], played,
                             limit=2_000, sample=200, seed=index)
            except NotAnalysable:
                found = None
            played += 1
            index += 1
            if found is None or not found.cards:
                out.append(None)
                continue
            out.append({"seat": play["seat"], "layouts": found.layouts,
                        "exhaustive": found.exhaustive, "counted": str(found.counted),
                        "cards": {card_text(c, words): [round(found.taken + o.expected, 2),
                                                        None if o.makes is None
                                                        else round(o.makes, 3)]
                                  for c, o in found.cards.items()},
                        "best": [card_text(c, words) for c in found.best]})
    return out


def deal_data(replay: Replay, bottom: Seat | None = None,
              hidden: frozenset[Seat] = frozenset(), dd: bool = False,
              odds: bool = False) -> dict[str, Any]:
    """What the page needs of one replayed deal, as JSON-ready values; ``bottom``: the
    seat drawn at the bottom; ``hidden``: hands left out of the page (a problem's), as
    if unknown.  Its words are in the language of the run."""
    words = _words()
    record = replay.record
    where = places(replay, DiagramStyle(bottom=bottom))
    start = positions(replay)[0]
    hands: dict[str, list[str] | None] = {}
    for seat in where:
        if start.known(seat) and seat not in hidden:
            cards = sorted(cards_of(start.held.get(seat, 0)), key=lambda c: (c.suit, -c.rank))
            hands[str(seat)] = [str(c) for c in cards]
        else:
            hands[str(seat)] = None
    # cards of a known suit whose rank is not given (x), or a suit not given at all (?)
    unknown = {str(seat): list(given.unknown) for seat in where
               if hands[str(seat)] is not None and record.deal is not None
               and (given := record.deal.hand(seat)) is not None and any(given.unknown)}
    tricks: list[dict[str, Any]] = []
    notes = dict(record.notes)
    branches: dict[tuple[int, int], list[Any]] = {}  # (trick, card): its variations
    for trick in replay.tricks:
        plays = []
        for index, (who, card) in enumerate(zip(trick.seats, trick.cards, strict=True)):
            ann = trick.run.ann(index) if trick.run is not None else None
            # ! ? and the NAGs as their glyphs (⩲, not $14), the comments, the
            # variations and the notes the card refers to
            marks, texts = annotation_words(ann, notes, GLYPHS) if ann is not None else ("", [])
            note = (marks + " " + " ".join(_plain(t) for t in texts)).strip()
            if ann is not None and ann.variations:
                branches[(len(tricks), index)] = list(ann.variations)
            plays.append({"seat": None if who is None else str(who),
                          "card": None if card is None else str(card),
                          "text": card_text(card, words), "note": note})
        talon_place, talon_wins = talon_card_place(replay, trick, where)
        tricks.append({"number": trick.number, "plays": plays,
                       "winner": None if trick.winner is None else str(trick.winner),
                       "talon_place": talon_place, "talon_wins": talon_wins})
    if branches:
        variation_lines(replay, tricks, branches)
    names = {str(s): short_name(replay, s) for s in where}
    auction = []
    if record.auction is not None and record.auction.calls:
        first = record.auction.first
        opener = f"{short_name(replay, first)} first: " if first is not None else ""
        auction = [opener + " ".join(str(c) for c in record.auction.calls)]
    defence = deal_line(replay, words)
    said = outcome(replay, words)
    bidding = auction_table(replay)
    if said is None and replay.contract is not None and not replay.tricks:
        found = outcome_of(replay)  # no play: how the deal ended, in words
        said = f"{words.contract(str(replay.contract))} {found}" if found.kind != "unknown" \
            else None
    play = record.play
    # a claim: the Result tag says how the rest went, so the end counts it
    final = {str(s): n for s, n in replay.result.items() if n is not None} \
        if play is not None and play.claimed else {}
    talon = [card_text(c, words) if isinstance(c, Card) else "?" for c in talon_cards(replay)]
    discard = [card_text(c, words) for c in cards_of(replay.discard)] \
        if replay.discard.bit_count() == 2 else []
    about = " · ".join(_plain(x) for x in (record.tag("Event"), ", ".join(
        n for n in record.names if n), record.tag("Date")) if x and x != "?" and "??" not in x)
    return {"board": record.tag("Board") or "", "title": title(replay, words), "about": about,
            "line": defence, "unknown": unknown,
            # (the record's text would show the hands --hide leaves out)
            "pfn": str(record) if record.syntax_ok and not hidden else "",
            "talon": talon, "discard": discard, "final": final,
            "dd": double_dummy(replay, tricks) if dd else None,
            "chances": chances(replay, tricks) if odds else None,
            "places": {str(s): p for s, p in where.items()}, "names": names,
            "hands": hands, "tricks": tricks, "auction": auction, "bidding": bidding,
            "pre": [dict(p, note=_plain(p["note"])) for p in before_play(replay)],
            "opening": _plain(tag_note(record, "Play")),
            "result": said or "", "comments": [_plain(c) for c in list(record.comments) + [
                c for tag in record.tags if tag.name not in STEP_TAGS for c in tag.comments]],
            "suits": [s.symbol for s in SUITS]}


def page(replays: Sequence[Replay], sheets: Sequence[Sheet] = (),
         heading: str = "pfn replay",
         bottom: Seat | None = None, hidden: frozenset[Seat] = frozenset(),
         dd: bool = False, quiz: bool = False, odds: bool = False) -> str:
    """The page for ``replays`` (one board or several matches), with each match's score
    sheet if given, and with ``dd`` each card's open-hand value at every step (worked out
    here, not in the browser)."""
    with use(language(replays)):
        return _page(replays, sheets, heading, bottom, hidden, dd, quiz, odds)


def _page(replays: Sequence[Replay], sheets: Sequence[Sheet], heading: str,
          bottom: Seat | None, hidden: frozenset[Seat], dd: bool, quiz: bool,
          odds: bool) -> str:
    data = _deals(replays, bottom, hidden, dd, quiz, odds)
    matches = [s.match for s in sheets]
    for one, played in zip(data, replays, strict=True):
        match = played.record.match
        one["match"] = match or ""
        one["sheet"] = matches.index(match) if match in matches else -1
    script = ("const PFN_DEALS = " + script_json(data) + ";\nconst PFN_PAGE = " +
              script_json({"text": page_text(), "matches": matches}) + ";\n" + _SCRIPT)
    sheet_view = ""
    sheet_button = html.escape(tr("Score sheet"))
    if sheets:
        parts = []
        for index, sheet in enumerate(sheets):
            svg = re.sub(r"<metadata>.*?</metadata>", "", sheet.svg[sheet.svg.find("<svg"):],
                         flags=re.S)
            svg = re.sub(r'<svg ([^>]*?)width="[^"]*" height="[^"]*"', r'<svg \1', svg,
                         count=1)
            parts.append(f'<div class="sheet-at" data-sheet="{index}" hidden>{svg}</div>')
        # reached by Tab: on a phone the sheet scrolls sideways
        sheet_view = (f'<section id="sheet" hidden tabindex="0" aria-label="{sheet_button}">'
                      f'{"".join(parts)}</section>')
    body = _BODY.format(sheet_button=f'<button id="show-sheet">{sheet_button}</button>'
                        if sheets else "", sheet=sheet_view, **_static())
    return _PAGE.format(title=html.escape(heading), style=_STYLE, script=script, body=body,
                        lang=html.escape(_words().lang))


def _deals(replays: Sequence[Replay], bottom: Seat | None, hidden: frozenset[Seat],
           dd: bool, quiz: bool, odds: bool = False) -> list[dict[str, Any]]:
    """Every deal's data.  A quiz asks before each card of a hand the page shows, with
    the solver's values to tell once answered; ``--dd`` and ``--chances`` are left out
    with hidden hands (values worked out from them would give them away) and in a quiz
    (they would give the answer).  A secret page (hidden hands, a quiz) keeps the play
    to itself until it is played: no record's text, no deal comment before the end."""
    secret = quiz or bool(hidden)
    data = [deal_data(r, bottom, hidden, quiz or (dd and not hidden),
                      odds and not secret) for r in replays]
    for one in data:
        one["quiz"], one["secret"] = quiz, secret
        if secret:
            one["pfn"] = ""
        if quiz and one["dd"] is not None:  # a hidden hand's card is not asked
            one["dd"] = [None if here is None or here["seat"] in {str(s) for s in hidden}
                         else here for here in one["dd"]]
    return data


def fragment(replays: Sequence[Replay], bottom: Seat | None = None,
             hidden: frozenset[Seat] = frozenset(), dd: bool = False,
             quiz: bool = False, odds: bool = False) -> str:
    """A block to paste into a blog or a CMS: a ``<pfn-replay>`` element holding the
    deals as JSON, and the small script that defines the element (once, however many
    blocks a page holds).  Each element draws into its own shadow root, so its styles
    and its ids neither leak into the host page nor take any of the host's."""
    with use(language(replays)):
        if not replays:
            raise NoDeal(tr("no deal for a block to show (pfn render --sheet draws the"
                            " score sheet)"))
        data = _deals(replays, bottom, hidden, dd, quiz, odds)
        page_data = {"text": page_text(), "matches": []}
        markup = _BODY.format(sheet_button="", sheet="", **_static())
    style = _STYLE.replace("body{", ":host{display:block;")
    element = _ELEMENT.replace("__MOUNT__", _SCRIPT).replace(
        "__TEMPLATE__", script_json(f"<style>{style}</style>{markup}"))
    block = script_json({"deals": data, "page": page_data})
    return (f'<pfn-replay><script type="application/json">{block}</script>'
            f"</pfn-replay>\n<script>{element}</script>\n")


_ELEMENT = """(() => {
if (window.customElements.get("pfn-replay")) return;  // a second block: defined already
__MOUNT__
const TEMPLATE = __TEMPLATE__;
window.customElements.define("pfn-replay", class extends HTMLElement {
  connectedCallback() {
    if (this.shadowRoot) return;
    const source = this.querySelector('script[type="application/json"]');
    if (!source) {  // defined already when this one's start tag was read: its data comes next
      document.addEventListener("DOMContentLoaded", () => this.connectedCallback(),
                                {once: true});
      return;
    }
    const block = JSON.parse(source.textContent);
    const root = this.attachShadow({mode: "open"});
    root.innerHTML = TEMPLATE;  // pfn's own markup: no text of a record is in it
    if (!this.hasAttribute("tabindex")) this.tabIndex = 0;
    pfnMount(root, block.deals, block.page, this, false);
  }
});
})();"""


def script_json(data: Any) -> str:
    """``data`` as JSON that is inert inside a ``<script>`` element: ``<``, ``>`` and
    ``&`` escaped (no ``</script>``, ``<!--`` or ``<script`` can end or bend the block),
    and U+2028/U+2029 too (line ends to older JavaScript)."""
    text = json.dumps(data, ensure_ascii=False)
    for char, escaped in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"),
                          ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):
        text = text.replace(char, escaped)
    return text


def replay_page(records: Sequence[Record], chosen: Sequence[Record],
                bottom: Seat | None = None, hidden: frozenset[Seat] = frozenset(),
                dd: bool = False, embed: bool = False, quiz: bool = False,
                odds: bool = False, sheets: bool = True) -> str:
    """The page for the ``chosen`` records (replayed here); the deals of one match get
    its sheet (``sheets``: drawn, which needs matplotlib; the static site has none)."""
    from pfn.deal import replay

    replays = [replay(r, on_error="collect") for r in chosen]
    if embed:
        return fragment(replays, bottom, hidden, dd, quiz, odds)
    with use(language(replays)):  # the sheets in the page's language too
        return _records_page(records, chosen, replays, bottom, hidden, dd, quiz, odds,
                             sheets)


def _records_page(records: Sequence[Record], chosen: Sequence[Record],
                  replays: list[Replay], bottom: Seat | None, hidden: frozenset[Seat],
                  dd: bool, quiz: bool, odds: bool, drawn: bool = True) -> str:
    from pfn.report import reports

    # one sheet a match, as it stood after its last deal on the page (a sheet a deal
    # made a pool of 100 deals weigh 8 MB): drawn once, shown beside each of its deals
    sheets: list[Sheet] = []
    named: list[str] = []  # the matches the page shows, their sheets drawn or not
    for match in dict.fromkeys(r.match for r in chosen or records if r.match is not None):
        mine = [r for r in records if r.match == match]
        found = [m for m in reports(mine) if m.id == match]
        if not found:
            continue
        named.append(match)
        if not drawn:
            continue
        last = max((i for i, r in enumerate(mine) if any(r is c for c in chosen)),
                   default=len(mine) - 1)
        report, upto = found[0], None
        if last < len(mine) - 1:
            board = mine[last].tag("Board")
            boards = [row.board for row in report.rows]
            upto = boards.index(board) + 1 if board in boards else None
            partial = next(iter(reports(mine[:last + 1])), report)
            report = replace(report, settlement=partial.settlement)
        from pfn.render.picture import svg_text  # matplotlib: only where a sheet is drawn
        from pfn.render.sheet import sheet_figure

        sheets.append(Sheet(match, svg_text(sheet_figure(report, upto))))
    if not replays and not sheets:
        raise NoDeal(tr("no deal to draw"))
    names = named
    first = replays[0].record if replays else None
    event = first.tag("Event") if first is not None else None
    board = first.tag("Board") if first is not None else None
    heading = f"{names[0]} — pfn replay" if len(names) == 1 else " — ".join(
        x for x in (event, board and f"{_words().board} {board}", "pfn replay") if x)
    return page(replays, sheets, heading, bottom, hidden, dd, quiz, odds)


@dataclass(frozen=True)
class Sheet:
    """A match's score sheet on the page: the match's name and the SVG."""

    match: str
    svg: str


class NoDeal(PfnError):
    """Nothing for a page: no deal and no match's sheet."""


_PAGE = """<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>{style}</style>
</head>
<body>
{body}
<script>{script}
pfnMount(document, PFN_DEALS, PFN_PAGE, document, true);</script>
</body>
</html>
"""

_BODY = """<header>
<select id="board" aria-label="{board_label}"></select>
<h1 id="title"></h1>
{sheet_button}
</header>
<p id="line"></p>
<p id="talon"></p>
<p id="comment"></p>
<main id="table-view">
<div id="table">
<div class="seat" data-place="top"></div>
<div class="seat" data-place="left"></div>
<div id="centre"><div id="trick"></div><div id="result"></div></div>
<div class="seat" data-place="right"></div>
<div class="seat" data-place="bottom"></div>
</div>
<nav aria-label="{steps}">
<button id="first" title="{first_title}" aria-label="{first}">|◀</button>
<button id="prev-trick" title="{prev_trick_title}" aria-label="{prev_trick}">◀◀</button>
<button id="prev" title="{prev_title}" aria-label="{prev}">◀</button>
<span id="where" aria-live="polite"></span>
<button id="next" title="{next_title}" aria-label="{next}">▶</button>
<button id="next-trick" title="{next_trick_title}" aria-label="{next_trick}">▶▶</button>
<button id="last" title="{last_title}" aria-label="{last}">▶|</button>
<button id="play" title="{play_title}">{play}</button>
<select id="speed" aria-label="{speed}"><option value="2000">{slow}</option>
<option value="1000" selected>{normal}</option><option value="400">{fast}</option></select>
<button id="help" title="{keys_title}" aria-label="{keys}">?</button>
</nav>
<div id="options">
<select id="bottom-seat" aria-label="{bottom}"></select>
<select id="watch" aria-label="{watch}"></select>
<label><input type="checkbox" id="played"> {played}</label>
<label><input type="checkbox" id="pictures"> {pictures}</label>
</div>
<div id="keys" hidden role="dialog" aria-label="{keys}"><p>{keys_list}</p>
<button id="keys-close">{close}</button></div>
<p id="note" aria-live="polite"></p>
<p id="said" class="sr-only" aria-live="assertive"></p>
<section id="dd" hidden aria-live="polite"><p id="dd-line"></p><p id="chances-line"></p>
<svg id="dd-graph"
 viewBox="0 0 300 60" width="300" height="60" role="img"
 aria-label="{graph}"></svg></section>
<section id="quiz" hidden aria-live="polite"></section>
<details open id="tricks-box"><summary>{tricks}</summary><ol id="tricks"></ol></details>
<details open><summary>{auction}</summary><div id="auction"></div></details>
<details id="pfn-box"><summary>PFN</summary><button id="copy">{copy}</button>
<pre id="pfn-text"></pre></details>
</main>
{sheet}"""

_STYLE = resources.files("pfn.render").joinpath("replay.css").read_text(encoding="utf-8")
"""The page's style (``replay.css``, beside this module), inline in each page and block."""

_SCRIPT = resources.files("pfn.render").joinpath("replay.js").read_text(encoding="utf-8")
"""The page's script (``replay.js``, beside this module): ``pfnMount`` and its helpers."""

