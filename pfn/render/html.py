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
from typing import Any

from pfn.cards import CARDS, SUITS, Card, cards_of
from pfn.model import Record
from pfn.outcome import outcome_of
from pfn.render.diagram import Style as DiagramStyle
from pfn.render.diagram import places, svg_text, talon_card_place
from pfn.render.position import (
    NAG_GLYPHS,
    card_text,
    deal_line,
    outcome,
    positions,
    short_name,
    talon_cards,
    title,
)
from pfn.render.words import EN
from pfn.rules.replay import Replay
from pfn.seats import SEATS, Seat

GLYPHS = {**NAG_GLYPHS, 14: "⩲", 15: "⩱"}
"""NAGs on the page: a browser finds a font for ⩲ and ⩱, which the pictures' font lacks."""


def double_dummy(replay: Replay, tricks: list[dict[str, Any]]) -> list[Any] | None:
    """Before each card of the page's play: the mover's legal cards with their
    open-hand values (the declarer's tricks in the deal; an all-pass: the mover's own),
    the best of them, and what the card played kept; ``None`` where nobody chooses (a
    talon card) or the record does not let the solver see every card."""
    from pfn.analysis.position import NotAnalysable, main_line, start_of
    from pfn.analysis.solve import Solver

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
                            "values": {card_text(CARDS[c]): v for c, v in sorted(values.items())},
                            "best": best, "played": values.get(card)})
        return out
    except NotAnalysable:
        return None


def deal_data(replay: Replay, bottom: Seat | None = None,
              hidden: frozenset[Seat] = frozenset(), dd: bool = False) -> dict[str, Any]:
    """What the page needs of one replayed deal, as JSON-ready values; ``bottom``: the
    seat drawn at the bottom; ``hidden``: hands left out of the page (a problem's), as
    if unknown."""
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
    tricks = []
    for trick in replay.tricks:
        plays = []
        for index, (who, card) in enumerate(zip(trick.seats, trick.cards, strict=True)):
            ann = trick.run.ann(index) if trick.run is not None else None
            note = " ".join(ann.comments) if ann is not None else ""
            marks = (ann.suffix + "".join(GLYPHS.get(n, f"${n}") for n in ann.nags)) \
                if ann is not None else ""
            if marks:  # ! ? and the NAGs as their glyphs (⩲, not $14)
                note = (marks + " " + note).strip()
            plays.append({"seat": None if who is None else str(who),
                          "card": None if card is None else str(card),
                          "text": card_text(card), "note": note})
        talon_place, talon_wins = talon_card_place(replay, trick, where)
        tricks.append({"number": trick.number, "plays": plays,
                       "winner": None if trick.winner is None else str(trick.winner),
                       "talon_place": talon_place, "talon_wins": talon_wins})
    names = {str(s): short_name(replay, s) for s in where}
    auction = []
    if record.auction is not None and record.auction.calls:
        first = record.auction.first
        opener = f"{short_name(replay, first)} first: " if first is not None else ""
        auction = [opener + " ".join(str(c) for c in record.auction.calls)]
    defence = deal_line(replay)
    said = outcome(replay)
    if said is None and replay.contract is not None and not replay.tricks:
        found = outcome_of(replay)  # no play: how the deal ended, in words
        said = f"{EN.contract(str(replay.contract))} {found}" if found.kind != "unknown" \
            else None
    play = record.play
    # a claim: the Result tag says how the rest went, so the end counts it
    final = {str(s): n for s, n in replay.result.items() if n is not None} \
        if play is not None and play.claimed else {}
    talon = [card_text(c) if isinstance(c, Card) else "?" for c in talon_cards(replay)]
    discard = [card_text(c) for c in cards_of(replay.discard)] \
        if replay.discard.bit_count() == 2 else []
    return {"board": record.tag("Board") or "", "title": title(replay), "line": defence,
            "talon": talon, "discard": discard, "final": final,
            "dd": double_dummy(replay, tricks) if dd else None,
            "places": {str(s): p for s, p in where.items()}, "names": names,
            "hands": hands, "tricks": tricks, "auction": auction,
            "result": said or "", "comments": list(record.comments),
            "suits": [s.symbol for s in SUITS]}


def page(replays: Sequence[Replay], sheet: str | None = None, heading: str = "pfn replay",
         bottom: Seat | None = None, hidden: frozenset[Seat] = frozenset(),
         dd: bool = False) -> str:
    """The page for ``replays`` (one board or a match), with a sheet's SVG if given, and
    with ``dd`` each card's open-hand value at every step (worked out here, not in the
    browser)."""
    # (values worked out from hidden hands would give them away)
    data = [deal_data(r, bottom, hidden, dd and not hidden) for r in replays]
    script = _SCRIPT.replace("__DATA__", script_json(data))
    sheet_view = ""
    if sheet is not None:
        svg = re.sub(r"<metadata>.*?</metadata>", "", sheet[sheet.find("<svg"):], flags=re.S)
        svg = re.sub(r'<svg ([^>]*?)width="[^"]*" height="[^"]*"', r'<svg \1', svg, count=1)
        sheet_view = f'<section id="sheet" hidden>{svg}</section>'
    return _PAGE.format(title=html.escape(heading), style=_STYLE, script=script,
                        sheet_button='<button id="show-sheet">Score sheet</button>'
                        if sheet is not None else "", sheet=sheet_view)


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
                dd: bool = False) -> str:
    """The page for the ``chosen`` records (replayed here); the deals of one match get
    its sheet."""
    from pfn.deal import replay
    from pfn.render.sheet import sheet_figure
    from pfn.report import reports

    replays = [replay(r, on_error="collect") for r in chosen]
    sheet = None
    matches = {r.match for r in chosen}
    match = matches.pop() if len(matches) == 1 else None
    if match is not None:
        found = [m for m in reports(records) if m.id == match]
        if found:
            sheet = svg_text(sheet_figure(found[0]))
    heading = f"{match} — pfn replay" if match else (replays[0].record.tag("Board") or "deal")
    return page(replays, sheet, heading, bottom, hidden, dd)


_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>{style}</style>
</head>
<body>
<header>
<select id="board" aria-label="board"></select>
<span id="title"></span>
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
<nav aria-label="step through the play">
<button id="first" title="the start (Home)" aria-label="the start">|◀</button>
<button id="prev-trick" title="a trick back (Page Up, ↑)" aria-label="a trick back">◀◀</button>
<button id="prev" title="a card back (←)" aria-label="a card back">◀</button>
<span id="where" aria-live="polite"></span>
<button id="next" title="a card on (→)" aria-label="a card on">▶</button>
<button id="next-trick" title="a trick on (Page Down, ↓)" aria-label="a trick on">▶▶</button>
<button id="last" title="the end (End)" aria-label="the end">▶|</button>
<button id="play" title="play the cards one by one (space)" aria-label="autoplay">play</button>
<select id="speed" aria-label="autoplay speed"><option value="2000">slow</option>
<option value="1000" selected>normal</option><option value="400">fast</option></select>
<button id="help" title="the keys (?)" aria-label="the keys">?</button>
</nav>
<div id="keys" hidden role="dialog" aria-label="the keys"><p>→ ← a card on or back ·
↓ ↑ (Page Down, Page Up) a trick · Home, End the start and the end · space autoplay ·
? this list · on a phone, swipe left or right; the mouse wheel steps too</p>
<button id="keys-close">close</button></div>
<p id="note"></p>
<p id="said" class="sr-only" aria-live="assertive"></p>
<section id="dd" hidden aria-live="polite"><p id="dd-line"></p><svg id="dd-graph"
 viewBox="0 0 300 60" width="300" height="60" role="img"
 aria-label="the value with best play, card by card"></svg></section>
<details open><summary>Tricks</summary><ol id="tricks"></ol></details>
<details><summary>Auction</summary><p id="auction"></p></details>
</main>
{sheet}
<script>{script}</script>
</body>
</html>
"""

_STYLE = """
body{font-family:"DejaVu Sans",system-ui,sans-serif;margin:0.6em;max-width:46em;color:#1a1a1a}
header{display:flex;gap:0.6em;align-items:center;flex-wrap:wrap}
#title{font-weight:bold}
#table{display:grid;grid-template-columns:1fr 1.1fr 1fr;grid-template-areas:
 ". top ." "left centre right" ". bottom .";gap:0.4em;align-items:start}
.seat[data-place=top]{grid-area:top}.seat[data-place=left]{grid-area:left}
.seat[data-place=right]{grid-area:right}.seat[data-place=bottom]{grid-area:bottom}
.seat:empty{display:none}
#centre{grid-area:centre;background:#eef3ea;border:1px solid #c5d1bd;border-radius:6px;
 min-height:7em;position:relative;display:flex;align-items:center;justify-content:center}
#trick{display:grid;grid-template-columns:repeat(3,auto);grid-template-areas:
 ". top ." "left . right" ". bottom .";gap:0.2em}
.card{border:1px solid #8a8a8a;border-radius:4px;padding:0.1em 0.3em;background:#fff}
.card.win{border:2px solid #1f5fbf;font-weight:bold}
.red{color:#c8102e}.name{font-weight:bold}.count{color:#555;font-size:0.85em}
.hand > span{display:block}.hidden-hand{font-style:italic;color:#55627a}
nav{margin:0.6em 0;display:flex;gap:0.3em;align-items:center;flex-wrap:wrap}
nav button,header button{font-size:1.1em;min-width:2.4em;min-height:2.2em}
.toggle{font-size:0.75em}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
#keys{border:1px solid #8a8a8a;border-radius:6px;padding:0.4em 0.8em;background:#fff}
@media (prefers-color-scheme: dark){
 body{background:#16181c;color:#e6e6e6}
 #centre{background:#24301f;border-color:#3d4a36}.card{background:#2a2d33;color:#e6e6e6}
 .red{color:#ff6b6b}.count,.hidden-hand,.talon-label{color:#a9b2c3}
 #keys{background:#24272d}#tricks li.current{background:#24301f}}
#dd{font-size:0.9em}.dd-card{white-space:nowrap}
.dd-card.best{font-weight:bold;text-decoration:underline}
.talon-label{font-style:italic;color:#555;font-size:0.8em}
#tricks li{cursor:pointer}#tricks li.current{background:#eef3ea}
#note{font-style:italic;min-height:1.2em}#comment{font-style:italic}#comment:empty{display:none}
#sheet svg{width:100%;height:auto}
@media (max-width:480px){body{font-size:0.9em}}
"""

_SCRIPT = """
const DEALS = __DATA__;
let deal = 0, step = 0;
const shown = {};
const $ = (id) => document.getElementById(id);
function steps(d) { return d.tricks.reduce((n, t) => n + t.plays.length, 0); }
function red(text) { return /[\\u2666\\u2665]/.test(text); }
// Every text from the record goes in as text (textContent), never as markup.
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key === "className") node.className = value; else node.setAttribute(key, value);
  }
  for (const child of children) {
    if (child !== null && child !== undefined) {
      node.append(typeof child === "string" ? document.createTextNode(child) : child);
    }
  }
  return node;
}
const RANKS = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "10": "ten", "9": "nine",
               "8": "eight", "7": "seven"};
const SUIT_NAMES = {"\u2660": "spades", "\u2663": "clubs", "\u2666": "diamonds",
                    "\u2665": "hearts"};
function spoken(text) {  // ♠A → the ace of spades, for screen readers
  const suit = SUIT_NAMES[text[0]], rank = RANKS[text.slice(1)];
  return suit && rank ? `the ${rank} of ${suit}` : text;
}
function cardNode(text, win) {
  return el("span", {className: "card" + (win ? " win" : "") + (red(text) ? " red" : ""),
                     "aria-label": spoken(text) + (win ? ", winning" : "")}, text);
}
function state(d, k) {
  const held = {}; const taken = {};
  for (const s in d.hands) { held[s] = d.hands[s] ? d.hands[s].slice() : null; taken[s] = 0; }
  let left = k, current = null, trickNo = 0, note = "";
  for (const t of d.tricks) {
    if (left <= 0) break;
    const n = Math.min(left, t.plays.length);
    current = {t, n}; trickNo = t.number;
    for (let i = 0; i < n; i++) {
      const p = t.plays[i];
      if (p.seat && held[p.seat] && p.card) {
        const at = held[p.seat].indexOf(p.card); if (at >= 0) held[p.seat].splice(at, 1);
      }
      note = p.note || "";
    }
    if (n === t.plays.length && t.winner) taken[t.winner] = (taken[t.winner] || 0) + 1;
    left -= n;
  }
  return {held, taken, current, trickNo, note};
}
function handNode(d, seat, cards) {
  const box = el("div", {className: "hand", id: "hand-" + seat});
  if (cards === null || shown[seat] === false) {
    box.append(el("span", {className: "hidden-hand"}, cards === null ? "not shown" : "hidden"));
    return box;
  }
  const suits = "SCDH";
  for (let i = 0; i < 4; i++) {
    const ranks = cards.filter((c) => c[0] === suits[i]).map((c) => c.slice(1)
      .replace("T", "10"));
    box.append(el("span", {"data-suit": suits[i]},
                  el("span", {className: i >= 2 ? "red" : ""}, d.suits[i]),
                  " " + (ranks.length ? ranks.join(" ") : "\\u2014")));
  }
  return box;
}
function draw() {
  const d = DEALS[deal]; const s = state(d, step);
  $("title").textContent = d.title; $("line").textContent = d.line;
  $("talon").textContent = (d.talon.length ? "talon " + d.talon.join(" ") : "") +
    (d.discard.length ? (d.talon.length ? " \u00b7 " : "") + "discard " + d.discard.join(" ") : "");
  $("comment").textContent = d.comments.join(" ");
  for (const box of document.querySelectorAll("#table .seat")) box.replaceChildren();
  for (const seat in d.places) {
    const box = document.querySelector(`#table .seat[data-place=${d.places[seat]}]`);
    box.id = "seat-" + seat;
    // at the end of a claimed play, the tricks the claim credits (the Result's)
    const count = step === steps(d) && seat in d.final ? d.final[seat] : (s.taken[seat] || 0);
    // a hand the page does not hold (unknown, or hidden by --hide) has nothing to show
    const toggle = d.hands[seat] === null ? el("span", {className: "toggle-none"}) :
      el("button", {className: "toggle", "data-seat": seat},
         shown[seat] === false ? "show" : "hide");
    if (d.hands[seat] !== null)
      toggle.onclick = () => { shown[seat] = shown[seat] === false; draw(); };
    box.append(toggle, " ", el("span", {className: "name"}, `${d.names[seat]} (${seat})`), " ",
               el("span", {className: "count", id: "taken-" + seat},
                  `${count} trick${count === 1 ? "" : "s"}`),
               handNode(d, seat, s.held[seat]));
  }
  const trick = $("trick"); trick.replaceChildren();
  const total = steps(d);
  if (s.current) {
    const {t, n} = s.current;
    for (let i = 0; i < n; i++) {
      const p = t.plays[i];
      // a talon card lies where the pictures put it: in the place of nobody who plays
      // the trick (the dealer's at four), framed when it takes the trick
      const place = p.seat ? d.places[p.seat] : t.talon_place;
      const win = n === t.plays.length && (p.seat ? p.seat === t.winner : t.talon_wins);
      const div = el("div", {className: "played", "data-seat": p.seat || "talon"},
                     cardNode(p.text, win));
      if (!p.seat) div.append(el("span", {className: "talon-label"}, " talon"));
      div.style.gridArea = place;
      trick.appendChild(div);
    }
  }
  $("result").textContent = step === total ? d.result : "";
  $("where").textContent = step === 0 ? "before the lead" :
    `trick ${s.trickNo}, card ${step} of ${total}`;
  $("note").textContent = s.note;
  const last = s.current ? s.current.t.plays[s.current.n - 1] : null;
  $("said").textContent = last ? `${last.seat ? d.names[last.seat] : "the talon"}:` +
    ` ${spoken(last.text)}` : "";
  drawDD(d);
  const list = $("tricks"); list.replaceChildren();
  d.tricks.forEach((t, i) => {
    const li = document.createElement("li");
    li.textContent = t.plays.map((p) => `${p.seat ? d.names[p.seat] : "talon"} ${p.text}`)
      .join(", ") + (t.winner ? ` \\u2192 ${d.names[t.winner]}` : "");
    if (s.trickNo === t.number) li.className = "current";
    li.onclick = () => { step = d.tricks.slice(0, i + 1).reduce((n, x) => n + x.plays.length, 0);
      draw(); };
    list.appendChild(li);
  });
  $("auction").textContent = d.auction.join(", ") || "\\u2014";
  link(d, s);
}
// the position in the address (#board=3&trick=5&card=2: after two cards of trick 5,
// card=0 before its lead), kept as one steps, so that a position can be shared
function boardId(d, i) { return d.board || String(i + 1); }
function link(d, s) {
  const at = where(d, step);
  const hash = `#board=${encodeURIComponent(boardId(d, deal))}` +
    (step ? `&trick=${at.trick}&card=${at.card}` : "");
  if (location.hash !== hash) {
    try { history.replaceState(null, "", hash); } catch (e) { /* a host page's rules */ }
  }
}
function where(d, k) {
  let left = k;
  for (const t of d.tricks) {
    const talon = t.plays.length && !t.plays[0].seat ? 1 : 0;
    if (left < t.plays.length || (left === t.plays.length && left > 0 &&
        t === d.tricks[d.tricks.length - 1])) {
      return {trick: t.number, card: Math.max(0, left - talon)};
    }
    left -= t.plays.length;
  }
  const last = d.tricks.length ? d.tricks[d.tricks.length - 1].number + 1 : 1;
  return {trick: last, card: 0};
}
function stepOf(d, trick, card) {
  let n = 0;
  for (const t of d.tricks) {
    if (t.number === trick) {
      const talon = t.plays.length && !t.plays[0].seat ? 1 : 0;
      return n + (card > 0 ? Math.min(t.plays.length, card + talon) : 0);
    }
    n += t.plays.length;
  }
  return n;
}
function fromAddress() {
  const found = new URLSearchParams(location.hash.slice(1));
  const asked = found.get("board");
  const i = DEALS.findIndex((d, j) => boardId(d, j) === asked);
  if (i < 0) return false;
  deal = i; $("board").value = String(i);
  const trick = Number(found.get("trick") || 0), card = Number(found.get("card") || 0);
  step = trick ? stepOf(DEALS[i], trick, card) : 0;
  return true;
}
// the solver's values, worked out when the page was written (--dd)
function drawDD(d) {
  const box = $("dd"); box.hidden = !d.dd;
  if (!d.dd) return;
  const here = d.dd[step];
  const line = $("dd-line"); line.replaceChildren();
  if (here) {
    line.append(`${d.names[here.seat]} to play; ${d.names[here.counted]}'s tricks with best` +
                " play after each card: ");
    for (const [card, value] of Object.entries(here.values)) {
      const tag = el("span", {className: "dd-card" + (value === here.best ? " best" : "") +
                              (red(card) ? " red" : "")}, `${card} ${value}`);
      line.append(tag, " ");
    }
  } else line.append(step === steps(d) ? "the end of the play" : "no card to choose here");
  const graph = $("dd-graph"); graph.replaceChildren();
  const points = d.dd.map((x, i) => x ? [i, x.best] : null).filter((p) => p);
  if (points.length > 1) {
    const most = Math.max(...points.map((p) => p[1]), 1), last = Math.max(d.dd.length - 1, 1);
    const xy = (p) => `${(p[0] / last * 290 + 5).toFixed(1)},${(55 - p[1] / most * 50).toFixed(1)}`;
    const ns = "http://www.w3.org/2000/svg";
    const path = document.createElementNS(ns, "polyline");
    path.setAttribute("points", points.map(xy).join(" "));
    path.setAttribute("fill", "none"); path.setAttribute("stroke", "#1f5fbf");
    graph.append(path);
    const dot = document.createElementNS(ns, "circle");
    const at = points.filter((p) => p[0] <= step).pop() || points[0];
    const [cx, cy] = xy(at).split(",");
    dot.setAttribute("cx", cx); dot.setAttribute("cy", cy); dot.setAttribute("r", "3");
    dot.setAttribute("fill", "#c8102e"); graph.append(dot);
  }
}
function move(k) { step = Math.max(0, Math.min(steps(DEALS[deal]), k)); draw(); }
function trickEdge(dir) {
  const d = DEALS[deal]; let n = 0; const ends = [0];
  for (const t of d.tricks) { n += t.plays.length; ends.push(n); }
  if (dir > 0) move(ends.find((e) => e > step) ?? n);
  else move([...ends].reverse().find((e) => e < step) ?? 0);
}
$("next").onclick = () => move(step + 1); $("prev").onclick = () => move(step - 1);
$("first").onclick = () => move(0); $("last").onclick = () => move(1e9);
$("next-trick").onclick = () => trickEdge(1); $("prev-trick").onclick = () => trickEdge(-1);
// autoplay, the keys' list, wheel and swipe
let timer = null;
function autoplay(on) {
  clearInterval(timer); timer = null; $("play").textContent = on ? "pause" : "play";
  if (!on) return;
  timer = setInterval(() => {
    if (step >= steps(DEALS[deal])) { autoplay(false); return; }
    move(step + 1);
  }, Number($("speed").value));
}
$("play").onclick = () => autoplay(timer === null);
$("speed").onchange = () => { $("speed").blur(); if (timer !== null) autoplay(true); };
function keysList(show) { $("keys").hidden = !show; }
$("help").onclick = () => keysList($("keys").hidden);
$("keys-close").onclick = () => keysList(false);
document.addEventListener("keydown", (e) => {
  const keys = {ArrowRight: () => move(step + 1), ArrowLeft: () => move(step - 1),
    Home: () => move(0), End: () => move(1e9), PageDown: () => trickEdge(1),
    PageUp: () => trickEdge(-1), ArrowDown: () => trickEdge(1), ArrowUp: () => trickEdge(-1),
    " ": () => autoplay(timer === null), "?": () => keysList($("keys").hidden),
    Escape: () => keysList(false)};
  if (keys[e.key]) { keys[e.key](); e.preventDefault(); }
});
$("table").addEventListener("wheel", (e) => {
  move(step + (e.deltaY > 0 ? 1 : -1)); e.preventDefault(); }, {passive: false});
let touched = null;
$("table").addEventListener("touchstart", (e) => { touched = e.changedTouches[0].clientX; },
                            {passive: true});
$("table").addEventListener("touchend", (e) => {
  if (touched === null) return;
  const dx = e.changedTouches[0].clientX - touched; touched = null;
  if (Math.abs(dx) > 30) move(step + (dx < 0 ? 1 : -1));
}, {passive: true});
const select = $("board");
DEALS.forEach((d, i) => { const o = document.createElement("option"); o.value = i;
  o.textContent = d.board ? "Board " + d.board : "Deal " + (i + 1); select.appendChild(o); });
select.onchange = () => { deal = Number(select.value); step = 0; draw(); };
fromAddress();
window.addEventListener("hashchange", () => { if (fromAddress()) draw(); });
const sheetButton = $("show-sheet");
if (sheetButton) sheetButton.onclick = () => {
  const sheet = $("sheet"); const table = $("table-view");
  const toSheet = sheet.hidden; sheet.hidden = !toSheet; table.hidden = toSheet;
  sheetButton.textContent = toSheet ? "Table" : "Score sheet"; };
draw();
"""
