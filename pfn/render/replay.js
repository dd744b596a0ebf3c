// The replay page's script: pfnMount draws one replay (the page's, or a <pfn-replay>
// element's) from the deals pfn wrote; it only counts, every text goes in as text.
// root: the document, or a <pfn-replay> element's shadow root; PAGE: the page's words and
// its matches; keys: what listens to the keys; standalone: the page owns the address
// (#board=…) and the whole window
function pfnMount(root, DEALS, PAGE, keys, standalone) {
const QUIZ = DEALS.length > 0 && DEALS[0].quiz === true;
// the page's words, in its language (pfn wrote them with the deals); {name} filled in
const TEXT = (PAGE && PAGE.text) || {};
function fill(text, values) {  // in one pass: a value is never read as a placeholder
  return text.replace(/\{(\w+)\}/g,
                      (whole, k) => values && k in values ? String(values[k]) : whole);
}
function say(key, values, fallback) {
  return fill(TEXT[key] === undefined ? fallback : TEXT[key], values);
}
const PLURAL = new Intl.PluralRules(TEXT.lang || "en");
function counted(key, n, values, one, other) {  // the form that goes with n
  const forms = TEXT[key] || {one, other};
  const form = forms[PLURAL.select(n)] || forms.other || forms.many;
  return fill(form, Object.assign({n}, values));
}
let deal = 0, step = 0;
const shown = {};
const $ = (id) => root.getElementById(id);
function steps(d) { return d.tricks.reduce((n, t) => n + t.plays.length, 0); }
// the steps before the play (the auction's calls, the talon, the discard, the contract,
// the defence's calls) are the negative ones, -pre … -1; 0 is before the lead
function preText(d, p) {
  const who = p.seat ? d.names[p.seat] : "";
  const said = {call: "auction: {who} {text}", talon: "{who} takes the talon: {text}",
                discard: "{who} discards two cards, face down", contract: "{who} plays {text}",
                defence: "defence: {who} {text}"}[p.kind];
  return say(p.kind, {who, text: p.text}, said);
}
function red(text) { return /[\u2666\u2665]/.test(text); }
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
const RANKS = TEXT.ranks || {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "10": "ten",
                             "9": "nine", "8": "eight", "7": "seven"};
const SUIT_NAMES = TEXT.suits || {"♠": "spades", "♣": "clubs", "♦": "diamonds",
                                  "♥": "hearts"};
// the page's ranks as printed (Т К Д В in Russian) to the international letters
const PRINTED = {};
if (TEXT.printed) for (const [k, v] of Object.entries(TEXT.printed)) PRINTED[v] = k;
function spoken(text) {  // ♠A → the ace of spades, for screen readers
  const printed = text.slice(1);
  const suit = SUIT_NAMES[text[0]], rank = RANKS[PRINTED[printed] || printed];
  return suit && rank ? say("spoken", {rank, suit}, "the {rank} of {suit}") : text;
}
function cardNode(text, win) {
  return el("span", {className: "card" + (win ? " win" : "") + (red(text) ? " red" : ""),
                     role: "img", "aria-label": spoken(text) + (win ? say("winning", {}, ", winning") : "")},
            text);
}
function state(d, k) {
  const held = {}; const taken = {}; const gone = {}; const unknown = {};
  for (const s in d.hands) {
    held[s] = d.hands[s] ? d.hands[s].slice() : null; taken[s] = 0; gone[s] = [];
    unknown[s] = d.unknown && d.unknown[s] ? d.unknown[s].slice() : [0, 0, 0, 0];
  }
  let left = k, current = null, trickNo = 0, note = "";
  for (const t of d.tricks) {
    if (left <= 0) break;
    const n = Math.min(left, t.plays.length);
    current = {t, n}; trickNo = t.number;
    for (let i = 0; i < n; i++) {
      const p = t.plays[i];
      if (p.seat && held[p.seat] && p.card) {
        const at = held[p.seat].indexOf(p.card);
        if (at >= 0) held[p.seat].splice(at, 1);
        else {  // a card the deal gave as x: one x fewer in its suit
          const suit = "SCDH".indexOf(p.card[0]);
          if (unknown[p.seat][suit] > 0) unknown[p.seat][suit] -= 1;
        }
        gone[p.seat].push(p.card);
      }
      note = p.note || "";
    }
    if (n === t.plays.length && t.winner) taken[t.winner] = (taken[t.winner] || 0) + 1;
    left -= n;
  }
  return {held, taken, current, trickNo, note, gone, unknown};
}
const ORDER = "AKQJT987";
// the reader's options (BBO's): played cards kept in the hand, greyed; cards as pictures
function option(id) { const box = $(id); return !!(box && box.checked); }
function pictures() { return option("pictures"); }
// what is written on a step: its NAG glyphs named (⩲: the declarer stands slightly
// better), the rest as text
function noteNode(box, text) {
  box.replaceChildren();
  const words = text.split(" ");
  let i = 0;
  for (; i < words.length && TEXT.nags && words[i] in TEXT.nags; i++) {
    box.append(el("abbr", {title: TEXT.nags[words[i]]}, words[i]), " ");
  }
  box.append(words.slice(i).join(" "));
}
function handNode(d, seat, cards, s) {
  const box = el("div", {className: "hand", id: "hand-" + seat, role: "group",
                         "aria-label": say("handOf", {name: d.names[seat]}, "{name}'s hand")});
  if (cards === null || shown[seat] === false) {
    box.append(el("span", {className: "hidden-hand"},
                  cards === null ? say("notShown", {}, "not shown") : say("hidden", {}, "hidden")));
    return box;
  }
  const suits = "SCDH";
  // with "played cards", those played so far stay in the hand, greyed
  const played = option("played") ? s.gone[seat] : [];
  const printed = (r) => (TEXT.printed && TEXT.printed[r]) || r.replace("T", "10");
  for (let i = 0; i < 4; i++) {
    const mine = cards.concat(played).filter((c) => c[0] === suits[i])
      .sort((a, b) => ORDER.indexOf(a[1]) - ORDER.indexOf(b[1]));
    const more = s.unknown[seat][i];  // x: a card of the suit, its rank not given
    const ranks = mine.map((c) => [printed(c.slice(1)), !cards.includes(c)])
      .concat(more < 0 ? [["?", false]] : Array.from({length: more}, () => ["x", false]));
    const line = el("span", {"data-suit": suits[i]},
                    el("span", {className: i >= 2 ? "red" : ""}, d.suits[i]));
    if (!ranks.length) line.append(" \u2014");
    for (const [rank, out] of ranks) {
      const cls = (out ? "gone" : "") + (pictures() ? " pic" + (i >= 2 ? " red" : "") : "");
      line.append(" ", el("span", cls.trim() ? {className: cls.trim()} : {},
                          pictures() ? d.suits[i] + rank : rank));
    }
    box.append(line);
  }
  return box;
}
// a variation stepped into (as lichess lets one): the position before the card it
// replaces, then its first n cards as pfn played them out on the rules
let branch = null;
function branchState(d) {
  const s = state(d, branch.at);
  const done = branch.line.steps.slice(0, branch.n);
  for (const x of done) {
    const hand = s.held[x.seat];
    if (hand) { const at = hand.indexOf(x.card); if (at >= 0) hand.splice(at, 1); }
    s.gone[x.seat].push(x.card);
  }
  const last = done[done.length - 1];
  Object.assign(s.taken, last.taken);
  s.table = last.table.map(([seat, text]) => ({seat, text,
    win: last.winner !== null && seat === last.winner}));
  const next = branch.line.steps[branch.n];
  s.mover = next ? next.seat : null;
  return s;
}
function draw() {
  const d = DEALS[deal]; const s = branch ? branchState(d) : state(d, step);
  $("title").replaceChildren(d.title, d.about ? el("span", {className: "about"}, d.about) : "");
  $("line").textContent = d.line;
  $("pfn-text").textContent = d.pfn;
  $("talon").textContent =
    (d.talon.length ? say("talonLine", {cards: d.talon.join(" ")}, "talon {cards}") : "") +
    (d.discard.length ? (d.talon.length ? " · " : "") +
     say("discardLine", {cards: d.discard.join(" ")}, "discard {cards}") : "");
  // a secret page (hidden hands, a quiz): the deal's comments may tell the play, so at the end
  $("comment").textContent = d.secret && step < steps(d) ? "" : d.comments.join(" ");
  $("pfn-box").hidden = !d.pfn;
  for (const box of root.querySelectorAll("#table .seat")) {
    box.replaceChildren(); box.removeAttribute("id");
  }
  const next = d.tricks.flatMap((t) => t.plays)[step];
  const mover = branch ? s.mover : next ? next.seat : null;  // (null: a talon card)
  for (const seat in d.places) {
    const box = root.querySelector(`#table .seat[data-place=${placeOf(d, seat)}]`);
    box.id = "seat-" + seat;
    // at the end of a claimed play, the tricks the claim credits (the Result's)
    const count = step === steps(d) && seat in d.final ? d.final[seat] : (s.taken[seat] || 0);
    // a hand the page does not hold (unknown, or hidden by --hide) has nothing to show
    const toggle = d.hands[seat] === null ? el("span", {className: "toggle-none"}) :
      el("button", {className: "toggle", "data-seat": seat,
                    "aria-label": shown[seat] === false ?
                      say("showHand", {name: d.names[seat]}, "show {name}'s hand") :
                      say("hideHand", {name: d.names[seat]}, "hide {name}'s hand")},
         shown[seat] === false ? say("show", {}, "show") : say("hide", {}, "hide"));
    if (d.hands[seat] !== null)
      toggle.onclick = () => {
        shown[seat] = shown[seat] === false; draw();
        // the focus stays on the button pressed (drawn anew)
        const again = root.querySelector(`#table .toggle[data-seat="${seat}"]`);
        if (again) again.focus();
      };
    // two lines that keep their height whoever is to play: the buttons below stay put
    box.append(el("div", {className: "who"}, toggle, " ",
                  el("span", {className: "name"}, `${d.names[seat]} (${seat})`)),
               el("div", {className: "status"},
                  el("span", {className: "count", id: "taken-" + seat},
                     counted("tricks", count, {}, "{n} trick", "{n} tricks")),
                  el("span", mover === seat ? {className: "to-play"} :
                     {className: "not-to-play", "aria-hidden": "true"},
                     say("toPlay", {}, " \u25b8 to play"))),
               handNode(d, seat, s.held[seat], s));
  }
  const trick = $("trick"); trick.replaceChildren();
  const total = steps(d);
  if (s.table) {
    for (const p of s.table) {
      const div = el("div", {className: "played", "data-seat": p.seat || "talon"},
                     cardNode(p.text, p.win));
      div.style.gridArea = p.seat ? placeOf(d, p.seat) : "top";
      trick.appendChild(div);
    }
  } else if (s.current) {
    const {t, n} = s.current;
    for (let i = 0; i < n; i++) {
      const p = t.plays[i];
      // a talon card lies where the pictures put it: in the place of nobody who plays
      // the trick (the dealer's at four), framed when it takes the trick
      const place = p.seat ? placeOf(d, p.seat) : RING[(RING.indexOf(t.talon_place) -
        (bottom !== null && bottom in d.places ? RING.indexOf(d.places[bottom]) : 0) + 4) % 4];
      const win = n === t.plays.length && (p.seat ? p.seat === t.winner : t.talon_wins);
      const div = el("div", {className: "played", "data-seat": p.seat || "talon"},
                     cardNode(p.text, win));
      if (!p.seat) div.append(el("span", {className: "talon-label"},
                                 " " + say("talonLabel", {}, "talon")));
      div.style.gridArea = place;
      trick.appendChild(div);
    }
  }
  $("result").textContent = step === total && !branch ? d.result : "";
  $("where").textContent = step < 0 ? preText(d, d.pre[d.pre.length + step]) :
    step === 0 ? say("before", {}, "before the lead") :
    say("where", {trick: s.trickNo, card: step, total}, "trick {trick}, card {card} of {total}");
  // before the play: what is written on the call, the talon, the discard, the contract
  noteNode($("note"), step < 0 ? (d.pre[d.pre.length + step].note || "") :
    step === 0 ? d.opening || "" : s.note);
  // the lines written on the card just played, each a button that steps into it
  const played = step > 0 && !branch ? d.tricks.flatMap((t) => t.plays)[step - 1] : null;
  for (const line of (played && played.lines) || []) {
    const b = el("button", {className: "line"}, "\u21b3 " + line.label);
    b.onclick = () => { branch = {at: step - 1, line, n: 1}; draw(); };
    $("note").append(" ", b);
  }
  if (branch) {
    $("where").textContent = say("inLine", {n: branch.n, total: branch.line.steps.length},
                                 "a line not played: card {n} of {total}");
    const back = el("button", {className: "line"}, say("backToPlay", {}, "back to the play"));
    back.onclick = () => { branch = null; draw(); };
    $("note").append(" ", back);
  }
  const last = branch ? branch.line.steps[branch.n - 1] :
    s.current ? s.current.t.plays[s.current.n - 1] : null;
  $("said").textContent = last ?
    `${last.seat ? d.names[last.seat] : say("theTalon", {}, "the talon")}:` +
    ` ${spoken(last.text)}` : "";
  drawDD(d);
  const list = $("tricks"); list.replaceChildren();
  d.tricks.forEach((tr, i) => {
    // a secret page lists what has been played, no more
    const upto = !d.secret ? tr.plays.length : !s.current || tr.number > s.trickNo ? 0 :
      tr.number < s.trickNo ? tr.plays.length : s.current.n;
    if (!upto) return;
    // a button a trick: reached by Tab, pressed by Enter or space
    const jump = el("button", {className: "to-trick"}, tr.plays.slice(0, upto).map((p) =>
      `${p.seat ? d.names[p.seat] : say("talonLabel", {}, "talon")} ${p.text}`)
      .join(", ") + (tr.winner && upto === tr.plays.length ? ` \u2192 ${d.names[tr.winner]}` : ""));
    const li = el("li", {}, jump);
    li.value = tr.number;
    if (s.trickNo === tr.number) { li.className = "current"; jump.setAttribute("aria-current", "step"); }
    jump.onclick = () => {
      const to = d.tricks.slice(0, i + 1).reduce((n, x) => n + x.plays.length, 0);
      // a quiz: no further than the reader has come
      step = QUIZ ? Math.min(to, Math.max(reached[deal] || 0, step)) : to; draw(); };
    list.appendChild(li);
  });
  drawAuction(d);
  // at the ends the steps that lead past them say so (and stay where the finger is)
  $("prev").setAttribute("aria-disabled", String(step <= -d.pre.length));
  for (const id of ["first", "prev-trick"]) $(id).setAttribute("aria-disabled", String(step === 0));
  for (const id of ["next", "next-trick", "last"]) $(id).setAttribute("aria-disabled",
    String(step >= total));
  // the sheet of this deal's match
  for (const one of root.querySelectorAll(".sheet-at")) one.hidden = one.dataset.sheet !== String(d.sheet);
  link(d, s);
}
// the position in the address (#board=3&trick=5&card=2: after two cards of trick 5,
// card=0 before its lead), kept as one steps, so that a position can be shared
function boardId(d, i) { return d.board || String(i + 1); }
// a page of several matches names the match too (#match=friday&board=3), and where a
// Board tag repeats within one, the deal's place (#deal=12)
const MANY = new Set(DEALS.map((d) => d.match)).size > 1;
const ADDRESS = DEALS.map((d, i) => {
  const board = boardId(d, i);
  const same = DEALS.filter((x, j) => boardId(x, j) === board && (!MANY || x.match === d.match));
  if (same.length > 1) return `deal=${i + 1}`;
  return (MANY && d.match ? `match=${encodeURIComponent(d.match)}&` : "") +
    `board=${encodeURIComponent(board)}`;
});
function link(d, s) {
  if (!standalone) return;
  if (step < 0) {  // a step of the auction, the talon, the discard or the defence
    const hash = `#${ADDRESS[deal]}&before=${-step}`;
    if (location.hash !== hash) try { history.replaceState(null, "", hash); } catch (e) {}
    return;
  }
  const at = where(d, step);
  const hash = `#${ADDRESS[deal]}` +
    (step ? `&trick=${at.trick}` + (at.whole ? "" : `&card=${at.card}`) : "");
  if (location.hash !== hash) {
    try { history.replaceState(null, "", hash); } catch (e) { /* a host page's rules */ }
  }
}
// as on the command line (pfn show -b 3 -k 5): #trick=5 is trick 5 whole on the table,
// &card=2 after its first two cards, &card=0 before its lead
function where(d, k) {
  let left = k;
  for (const t of d.tricks) {
    const talon = t.plays.length && !t.plays[0].seat ? 1 : 0;
    if (left <= t.plays.length) {
      return {trick: t.number, card: Math.max(0, left - talon), whole: left === t.plays.length};
    }
    left -= t.plays.length;
  }
  const last = d.tricks.length ? d.tricks[d.tricks.length - 1].number : 1;
  return {trick: last, card: 0, whole: true};
}
function stepOf(d, trick, card) {
  let n = 0;
  for (const t of d.tricks) {
    if (t.number === trick) {
      const talon = t.plays.length && !t.plays[0].seat ? 1 : 0;
      return n + (card === null ? t.plays.length :
                  card > 0 ? Math.min(t.plays.length, card + talon) : 0);
    }
    n += t.plays.length;
  }
  return trick > 0 && d.tricks.length && trick > d.tricks[d.tricks.length - 1].number ? n : 0;
}
function fromAddress() {
  const found = new URLSearchParams(location.hash.slice(1));
  const asked = found.get("board"), match = found.get("match"), place = found.get("deal");
  const i = place !== null ? (Number(place) >= 1 && Number(place) <= DEALS.length ?
                              Number(place) - 1 : -1) :
    DEALS.findIndex((d, j) => boardId(d, j) === asked && (match === null || d.match === match));
  if (i < 0) return false;
  deal = i; branch = null; $("board").value = String(i);
  const trick = Number(found.get("trick") || 0), card = found.get("card");
  const before = Math.floor(Number(found.get("before"))) || 0;
  step = trick ? stepOf(DEALS[i], trick, card === null ? null : Number(card) || 0) :
    before > 0 ? -Math.min(before, DEALS[i].pre.length) : 0;
  if (QUIZ) step = Math.min(step, reached[i] || 0);  // a quiz's link skips no question
  return true;
}
// the seat at the bottom, as the reader chose (the table turned, its order kept)
const RING = ["bottom", "left", "top", "right"];
let bottom = null;
function placeOf(d, seat) {
  if (bottom === null || !(bottom in d.places)) return d.places[seat];
  const turn = RING.indexOf(d.places[bottom]);
  return RING[(RING.indexOf(d.places[seat]) - turn + 4) % 4];
}
// the auction as a table: a column a seat, a row a round
function drawAuction(d) {
  const box = $("auction"); box.replaceChildren();
  // the calls made so far, when stepping through the auction
  const said = step >= 0 ? Infinity :
    d.pre.slice(0, d.pre.length + step + 1).filter((p) => p.kind === "call").length;
  if (!d.bidding) { box.textContent = d.auction.join(", ") || "\u2014"; return; }
  const table = el("table", {className: "bidding"});
  table.append(el("tr", {}, ...d.bidding.seats.map((s) => el("th", {scope: "col"},
                                                                  `${d.names[s]} (${s})`))));
  const made = new Set(d.bidding.cells.slice(0, said).map(([r, c]) => `${r}:${c}`));
  d.bidding.rows.forEach((row, r) => {
    table.append(el("tr", {}, ...row.map((call, c) => el("td", {
      className: (red(call) ? "red" : "") + (made.has(`${r}:${c}`) ? "" : " unsaid")},
      call))));
  });
  box.append(table);
}
// the solver's values, worked out when the page was written (--dd)
function drawDD(d) {
  // a quiz tells the values in its answers, not before
  const box = $("dd"); box.hidden = QUIZ || (!d.dd && !d.chances);
  if (QUIZ) return;
  const odds = $("chances-line"); odds.replaceChildren();
  const seen = d.chances && d.chances[step];
  if (seen) {
    odds.append(counted("seen", seen.layouts, {name: d.names[seen.seat]},
                        "Seen from {name}'s seat, over {n} layout",
                        "Seen from {name}'s seat, over {n} layouts") +
                (seen.exhaustive ? "" : say("sample", {}, " (a sample)")) +
                say("expected", {name: d.names[seen.counted]},
                  ": {name}'s expected tricks and the chance of making: "));
    for (const [card, [expected, makes]] of Object.entries(seen.cards)) {
      odds.append(el("span", {className: "chance-card" + (seen.best.includes(card) ? " best" : "") +
                              (red(card) ? " red" : "")},
                     `${card} ${expected}` + (makes === null ? "" : ` (${Math.round(makes * 100)}%)`)),
                  " ");
    }
  }
  if (!d.dd) { $("dd-line").replaceChildren(); $("dd-graph").replaceChildren(); return; }
  const here = d.dd[step];
  const line = $("dd-line"); line.replaceChildren();
  if (here) {
    line.append(say("values", {name: d.names[here.seat], counted: d.names[here.counted]},
                  "{name} to play; {counted}'s tricks with best play after each card: "));
    for (const [card, value] of Object.entries(here.values)) {
      const tag = el("span", {className: "dd-card" + (value === here.best ? " best" : "") +
                              (red(card) ? " red" : "")}, `${card} ${value}`);
      line.append(tag, " ");
    }
  } else line.append(step === steps(d) ? say("end", {}, "the end of the play") :
                     say("noChoice", {}, "no card to choose here"));
  const graph = $("dd-graph"); graph.replaceChildren();
  const points = d.dd.map((x, i) => x ? [i, x.best] : null).filter((p) => p);
  // one player's tricks, card by card (at all-pass each counts his own: no one line)
  const counts = new Set(d.dd.filter((x) => x).map((x) => x.counted));
  if (points.length > 1 && counts.size === 1) {
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
// quiz mode (a problem's page): the play is hidden beyond the current card; before a
// card is shown the reader is asked which he would play, then told its value
const answered = {};
const reached = {};  // a quiz: the furthest step of each deal the reader has come to
function ask(d) {
  const here = d.dd && d.dd[step];
  const box = $("quiz"); box.replaceChildren();
  box.hidden = !here;
  if (!here) return false;
  box.append(el("p", {}, say("ask", {name: d.names[here.seat]}, "What would {name} play?")));
  for (const card of Object.keys(here.values)) {
    const b = el("button", {className: "quiz-card" + (red(card) ? " red" : "")}, card);
    b.onclick = () => {
      answered[`${deal}:${step}`] = card;
      const played = d.tricks.flatMap((t) => t.plays)[step];
      box.replaceChildren(el("p", {className: "quiz-answer"},
        say("answer", {card, value: here.values[card], played: played.text, pvalue: here.played,
                     best: Object.entries(here.values).filter(([, v]) => v === here.best)
                       .map(([c]) => c).join(" "), bvalue: here.best,
                     name: d.names[here.counted]},
          "You: {card} ({value}). Played: {played} ({pvalue}). Best: {best} ({bvalue});" +
          " {name}'s tricks with best play.")));
      box.append(el("button", {className: "quiz-next"}, say("on", {}, "on")));
      box.lastChild.onclick = () => { box.hidden = true; move(step + 1); };
    };
    box.append(b, " ");
  }
  return true;
}
function move(k) {
  const d = DEALS[deal];
  if (!d) return;  // a page of sheets alone
  if (branch) {  // in a line not played: → and ← step in it, anything else leaves it
    const dir = k - step;
    if (Math.abs(dir) === 1 && branch.n + dir > 0) {
      branch.n = Math.min(branch.n + dir, branch.line.steps.length); draw(); return;
    }
    branch = null;
    if (Math.abs(dir) === 1) { draw(); return; }  // ← from its first card: back to the play
  }
  if (QUIZ) reached[deal] = Math.max(reached[deal] || 0, step);
  const target = Math.max(-d.pre.length, Math.min(steps(d), k));
  if (QUIZ && target > step && step >= 0) {
    // one card at a time, each asked first
    if (!answered[`${deal}:${step}`] && ask(d)) return;
    step = step + 1; reached[deal] = Math.max(reached[deal] || 0, step);
    $("quiz").hidden = true; draw(); return;
  }
  step = target; draw();
}
function trickEdge(dir) {
  const d = DEALS[deal]; let n = 0; const ends = [0];
  if (!d) return;
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
  clearInterval(timer); timer = null;
  $("play").textContent = on ? say("pause", {}, "pause") : say("play", {}, "play");
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
keys.addEventListener("keydown", (e) => {
  const acts = {ArrowRight: () => move(step + 1), ArrowLeft: () => move(step - 1),
    Home: () => move(0), End: () => move(1e9), PageDown: () => trickEdge(1),
    PageUp: () => trickEdge(-1), ArrowDown: () => trickEdge(1), ArrowUp: () => trickEdge(-1),
    " ": () => autoplay(timer === null), "?": () => keysList($("keys").hidden),
    Escape: () => keysList(false)};
  // as lichess does: Alt+← is the browser's Back, a focused menu takes its arrows, a
  // focused button its space and Enter
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  const on = (e.composedPath && e.composedPath()[0]) || e.target;
  const tag = on && on.tagName ? on.tagName.toLowerCase() : "";
  const box = tag === "input" && on.type === "checkbox";  // an option: space is its own
  if (tag === "select" || (tag === "input" && !box) || tag === "textarea") return;
  if ((tag === "button" || box || (on.getAttribute && on.getAttribute("role") === "button")) &&
      (e.key === " " || e.key === "Enter")) return;
  if (acts[e.key]) { acts[e.key](); e.preventDefault(); }
});
// the wheel steps (over the table), unless the block says wheel="off"; at either end
// the page scrolls on
const WHEEL = !(keys.getAttribute && keys.getAttribute("wheel") === "off");
$("table").addEventListener("wheel", (e) => {
  const d = DEALS[deal];
  if (!WHEEL || !d || !e.deltaY) return;
  const to = step + (e.deltaY > 0 ? 1 : -1);
  if (to < -d.pre.length || to > steps(d)) return;
  move(to); e.preventDefault(); }, {passive: false});
let touched = null;
$("table").addEventListener("touchstart", (e) => { touched = e.changedTouches[0].clientX; },
                            {passive: true});
$("table").addEventListener("touchend", (e) => {
  if (touched === null) return;
  const dx = e.changedTouches[0].clientX - touched; touched = null;
  if (Math.abs(dx) > 30) move(step + (dx < 0 ? 1 : -1));
}, {passive: true});
const select = $("board");
// the menu: a group a match when the page holds several
let group = null;
DEALS.forEach((d, i) => { const o = document.createElement("option"); o.value = i;
  o.textContent = d.board ? say("board", {board: d.board}, "Board {board}") :
    say("deal", {n: i + 1}, "Deal {n}");
  if (MANY && d.match && (!group || group.label !== d.match)) {
    group = el("optgroup", {label: d.match}); select.appendChild(group);
  } else if (MANY && !d.match) group = null;
  (group || select).appendChild(o); });
select.onchange = () => {
  deal = Number(select.value); step = 0; branch = null;
  if (watched !== null) for (const s in DEALS[deal].places) shown[s] = s === watched;
  seatMenus(DEALS[deal]); draw();
};
// the seats of this deal, by their players' names: who sits at the bottom, whose seat
// is watched (his hand alone shown, at the bottom: BBO's kibitzing)
const seats = $("bottom-seat"), watch = $("watch");
let watched = null;
function seatMenus(d) {
  seats.replaceChildren(el("option", {value: ""}, say("usual", {}, "the usual seat at the bottom")));
  watch.replaceChildren(el("option", {value: ""}, say("watchAll", {}, "every hand")));
  for (const s of Object.keys(d.places).sort()) {
    seats.append(el("option", {value: s},
                    say("bottomOf", {name: `${d.names[s]} (${s})`}, "{name} at the bottom")));
    if (d.hands[s] !== null)
      watch.append(el("option", {value: s}, say("watch", {name: `${d.names[s]} (${s})`},
                                               "{name}'s seat")));
  }
  seats.value = bottom !== null && bottom in d.places ? bottom : "";
  watch.value = watched !== null && watched in d.places ? watched : "";
}
seats.onchange = () => { bottom = seats.value || null; draw(); };
watch.onchange = () => {
  watched = watch.value || null; const d = DEALS[deal];
  for (const s in d.places) shown[s] = watched === null || s === watched;
  bottom = watched; seatMenus(d); draw();
};
for (const id of ["played", "pictures"]) $(id).onchange = () => draw();
// a menu chosen with the mouse gives the keys back to the table; one worked by the
// keyboard keeps them (its arrows choose)
for (const menu of [select, seats, watch]) {
  let pointed = false;
  menu.addEventListener("pointerdown", () => { pointed = true; });
  menu.addEventListener("change", () => { if (pointed) menu.blur(); pointed = false; });
}
if (standalone) window.addEventListener("beforeprint", () => { $("tricks-box").open = true; });
if (standalone) {
  fromAddress();
  window.addEventListener("hashchange", () => {
    if (fromAddress()) { seatMenus(DEALS[deal]); draw(); } });
}
const sheetButton = $("show-sheet");
if (sheetButton) sheetButton.onclick = () => {
  const sheet = $("sheet"); const table = $("table-view");
  const toSheet = sheet.hidden; sheet.hidden = !toSheet; table.hidden = toSheet;
  sheetButton.textContent = toSheet ? say("table", {}, "Table") : say("sheet", {}, "Score sheet"); };
if (!DEALS.length) {  // a file of results alone: its sheets are the page
  $("table-view").hidden = true; $("board").hidden = true;
  if (sheetButton) sheetButton.hidden = true;
  const sheet = $("sheet"); if (sheet) sheet.hidden = false;
  for (const one of root.querySelectorAll(".sheet-at")) one.hidden = false;
  return;
}
$("copy").onclick = () => {
  const text = DEALS[deal].pfn, button = $("copy");
  const done = () => { button.textContent = say("copied", {}, "copied"); };
  if (navigator.clipboard) navigator.clipboard.writeText(text).then(done, () => {});
  const range = document.createRange(); range.selectNodeContents($("pfn-text"));
  const chosen = (root.getSelection ? root : window).getSelection();
  if (chosen) { chosen.removeAllRanges(); chosen.addRange(range); }
};
seatMenus(DEALS[deal]);
draw();
}
