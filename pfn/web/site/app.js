// The page: pfn's own Python (the reader, the rules, the solver) on Pyodide, driven by
// the editor's buttons and by window.pfn for hosts and tests. Nothing here knows a rule:
// every answer comes from pfn.web.api, in the JSON the command line prints.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const $ = (id) => document.getElementById(id);
const SITE = "/home/pyodide/site";
let api = null;
let engine = null;
let words = {};

function language() {
  return $("lang").value;
}

const ready = (async () => {
  const pyodide = await loadPyodide({ indexURL: new URL("./pyodide/", import.meta.url).href });
  performance.mark("pfn-runtime");
  for (const name of ["lark", "pfn"]) {
    const response = await fetch(new URL(`./packages/${name}.zip`, import.meta.url));
    pyodide.unpackArchive(await response.arrayBuffer(), "zip", { extractDir: SITE });
  }
  pyodide.runPython(`import sys\nif "${SITE}" not in sys.path: sys.path.insert(0, "${SITE}")`);
  performance.mark("pfn-packages");
  api = pyodide.pyimport("pfn.web.api");
  engine = pyodide;
  return true;
})();

// the editor's highlighting: pfn's Pygments lexer, once Pygments is unpacked (after the
// engine is ready: the page is usable before)
const highlighting = ready.then(async () => {
  const response = await fetch(new URL("./packages/pygments.zip", import.meta.url));
  engine.unpackArchive(await response.arrayBuffer(), "zip", { extractDir: SITE });
  const style = document.createElement("style");
  style.textContent = api.highlight_style();
  document.head.append(style);
  return true;
});

function call(name, ...args) {
  // JavaScript's null is Pyodide's jsnull, not None: undefined is None
  const given = args.map((a) => (a === null ? undefined : a));
  return ready.then(() => JSON.parse(api[name](...given)));
}

// the script API: the same answers as `pfn check --format json`, `pfn fmt`, `pfn solve`
window.pfn = {
  ready,
  check: (text, lang = language()) => call("check", text, lang),
  format: (text, lang = language()) => call("format", text, lang),
  solve: (text, board = null, trick = null, lang = language()) =>
    call("solve", text, board, trick, lang),
  replay: (text, board = null, lang = language()) => call("replay", text, board, lang),
  sheet: (text, lang = language()) => call("sheet", text, lang),
  highlight: (text) => highlighting.then(() => JSON.parse(api.highlight(text))),
  // a pool at the table: `pfn record`'s session over the file so far and the answers
  record: (file, setup = [], answers = [], lang = language()) =>
    call("record", file, JSON.stringify(setup), JSON.stringify(answers), lang),
};

let painting = null;
function paint() {
  clearTimeout(painting);
  painting = setTimeout(() => highlighting.then(() => {
    const text = $("source").value;
    const spans = JSON.parse(api.highlight(text));
    const parts = [];
    let at = 0;
    for (const [start, end, name] of spans) {
      if (start > at) parts.push(document.createTextNode(text.slice(at, start)));
      const span = document.createElement("span");
      span.className = name;
      span.textContent = text.slice(start, end);  // text, never markup
      parts.push(span);
      at = end;
    }
    parts.push(document.createTextNode(text.slice(at) + "\n"));
    $("painted").replaceChildren(...parts);
    $("painted").parentElement.classList.add("painted");
    $("painted").scrollTop = $("source").scrollTop;
    document.body.dataset.painted = String(text.length);
  }), 120);
}

function translate() {
  words = JSON.parse(api.labels(language()));
  document.documentElement.lang = language();
  document.title = words.title;
  for (const element of document.querySelectorAll("[data-label]")) {
    element.textContent = words[element.dataset.label];
  }
  $("status").textContent = words.ready;
}

// the line and column of a diagnostic, selected in the editor
function place(line, col) {
  const text = $("source").value;
  let at = 0;
  for (let n = 1; n < line && at !== -1; n++) at = text.indexOf("\n", at) + 1 || -1;
  if (at === -1) return;
  const start = at + Math.max(0, (col || 1) - 1);
  const end = text.indexOf("\n", start);
  $("source").focus();
  $("source").setSelectionRange(start, end === -1 ? text.length : end);
}

function show(diagnostics) {
  const list = $("diagnostics");
  list.replaceChildren();
  if (!diagnostics.length) {
    const item = document.createElement("li");
    item.textContent = words.clean;
    list.append(item);
    return;
  }
  for (const d of diagnostics) {
    const item = document.createElement("li");
    item.className = d.severity;
    item.dataset.code = d.code;
    const where = document.createElement("a");
    where.href = "#source";
    where.textContent = `${d.line ?? "?"}:${d.col ?? "?"}`;
    where.addEventListener("click", (event) => {
      event.preventDefault();
      place(d.line, d.col);
    });
    item.append(where, ` ${d.severity}[${d.code}]: ${d.message}`);
    if (d.hint) item.append(document.createElement("br"), `= ${d.hint}`);
    list.append(item);
  }
}

async function checkNow() {
  show(await window.pfn.check($("source").value));
}

async function formatNow() {
  const done = await window.pfn.format($("source").value);
  if (done.text !== undefined) {
    $("source").value = done.text;
    paint();
  }
  else show(done.problems);
}

async function solveNow() {
  const trick = parseInt($("trick").value, 10);
  const done = await window.pfn.solve($("source").value, $("board").value || null,
                                      Number.isNaN(trick) ? null : trick);
  if (!done.analysable) {
    $("solution").textContent = done.reason;
    return;
  }
  const cards = Object.entries(done.cards).map(([card, value]) => `${card} ${value}`);
  $("solution").textContent =
    `${words.value.replace("{value}", done.value)}\n${words.cards} ${cards.join(", ")}`;
}

// -- recording at the table: the page keeps the file and the answers, pfn asks ---------
const KEPT = "pfn-pool";
const EMPTY = { file: "", setup: [], answers: [], history: [] };
let pool = { ...EMPTY, ...JSON.parse(localStorage.getItem(KEPT) || "{}") };
let shown = null;   // the session's last answer
let tricks = [];    // the tricks question, seat by seat: the figures tapped so far

function keep() {
  localStorage.setItem(KEPT, JSON.stringify(pool));
}

async function ask() {
  document.body.dataset.asking = "true";
  try {
    shown = await window.pfn.record(pool.file, pool.setup, pool.answers);
  } finally {
    delete document.body.dataset.asking;
  }
  Object.assign(pool, { file: shown.file, setup: shown.setup, answers: shown.answers });
  keep();
  tricks = [];
  drawPool();
}

function answer(value) {
  pool.history = [...pool.history, { file: pool.file, setup: pool.setup,
                                     answers: pool.answers }].slice(-60);
  pool.answers = [...pool.answers, value];
  return ask();
}

function button(label, action, wide) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = label;
  b.addEventListener("click", action);
  if (wide) b.classList.add("wide");
  return b;
}

function drawTricks(q) {
  const playing = q.seats.filter((s) => s.plays);
  const left = q.tricks - tricks.reduce((a, b) => a + b, 0);
  if (tricks.length === playing.length - 1) {   // the last player's are what is left
    const figures = [...tricks, left];
    let i = 0;
    answer(q.seats.map((s) => (s.plays ? String(figures[i++]) : "-")).join(" "));
    return;
  }
  const seat = playing[tricks.length];
  $("prompt").textContent = words.tricks_of.replace("{name}", `${seat.name} (${seat.seat})`);
  for (let n = 0; n <= left; n++) {
    $("choices").append(button(String(n), () => { tricks.push(n); drawPool(); }));
  }
}

function drawPool() {
  const q = shown.question;
  document.body.dataset.drawn = Number(document.body.dataset.drawn || 0) + 1;
  $("choices").replaceChildren();
  $("choices").classList.toggle("wide", !!q && q.kind === "defence");
  $("typed").hidden = true;
  $("said").replaceChildren(...shown.said.map((text) => {
    const item = document.createElement("li");
    item.textContent = text;
    return item;
  }));
  $("sheet").textContent = shown.sheet;
  $("pool-title").textContent = shown.names.length
    ? words.pool.replace("{names}", shown.names.join(", ")).replace("{n}", shown.deals) : "";
  $("undo").disabled = !pool.history.length && !tricks.length;
  $("download").disabled = $("new-pool").disabled = !shown.deals;
  $("share").hidden = !(navigator.canShare && navigator.canShare({ files: [exported()] }));
  if (!q) {
    $("prompt").textContent = words.over;
  } else if (q.kind === "tricks") {
    drawTricks(q);
  } else if (q.choices.length) {
    $("prompt").textContent = q.prompt;
    for (const c of q.choices) $("choices").append(button(c.label, () => answer(c.value)));
  } else {
    $("prompt").textContent = q.prompt;
    $("typed").hidden = false;
    $("answer").value = q.default ?? "";
    $("answer").setAttribute("aria-label", q.prompt);
  }
}

function exported() {
  const name = `${(shown && shown.match) || "pool"}.pfn`.replace(/[\\/:*?"<>|]/g, "_");
  return new File([pool.file], name, { type: "text/plain" });
}

$("typed").addEventListener("submit", (event) => {
  event.preventDefault();
  answer($("answer").value);
});
$("undo").addEventListener("click", () => {
  if (tricks.length) {
    tricks.pop();
    drawPool();
    return;
  }
  const before = pool.history.pop();
  if (before) Object.assign(pool, before);
  ask();
});
$("download").addEventListener("click", () => {
  const file = exported();
  const link = document.createElement("a");
  link.href = URL.createObjectURL(file);
  link.download = file.name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
});
$("share").addEventListener("click", () => {
  navigator.share({ files: [exported()], title: exported().name }).catch(() => {});
});
$("new-pool").addEventListener("click", () => {
  if (!confirm(words.confirm_new)) return;
  pool = { ...EMPTY };
  keep();
  ask();
});

function tab(which) {
  for (const name of ["check", "record"]) {
    $(`tab-${name}`).setAttribute("aria-pressed", String(name === which));
    $(name === "check" ? "checking" : "recording").hidden = name !== which;
  }
  localStorage.setItem("pfn-tab", which);
  if (which === "record" && api && !shown) opening();
}

// the pool kept here, read when the Record tab is first shown (not before: checking
// needs none of the recorder)
function opening() {
  ask().then(() => performance.mark("pfn-pool"));
}
$("tab-check").addEventListener("click", () => tab("check"));
$("tab-record").addEventListener("click", () => tab("record"));
tab(new URLSearchParams(location.search).get("tab") || localStorage.getItem("pfn-tab") ||
    "check");

// the replay page (pfn render -f html's own, in a sandboxed frame: no script of it
// reaches this page) and the score sheet (pfn score's)
function showing(what) {
  $("shown").hidden = false;
  $("replay-page").hidden = what !== "replay";
  $("score-sheet").hidden = what !== "sheet";
}

async function replayNow() {
  const done = await window.pfn.replay($("source").value, $("board").value || null);
  $("shown-reason").textContent = done.reason || "";
  showing(done.html === undefined ? "" : "replay");
  if (done.html !== undefined) $("replay-page").srcdoc = done.html;
}

async function sheetNow() {
  const done = await window.pfn.sheet($("source").value);
  $("shown-reason").textContent = done.text ? "" : words.nothing_to_score;
  $("score-sheet").textContent = done.text;
  showing(done.text ? "sheet" : "");
}

function open(file) {
  file.text().then((text) => {
    $("source").value = text;
    paint();
    checkNow();
  });
}

$("open").addEventListener("change", (event) => {
  if (event.target.files.length) open(event.target.files[0]);
});
document.addEventListener("dragover", (event) => {
  event.preventDefault();
  document.body.classList.add("dragging");
});
document.addEventListener("dragleave", () => document.body.classList.remove("dragging"));
document.addEventListener("drop", (event) => {
  event.preventDefault();
  document.body.classList.remove("dragging");
  if (event.dataTransfer.files.length) open(event.dataTransfer.files[0]);
});
$("check").addEventListener("click", checkNow);
$("source").addEventListener("input", paint);
$("source").addEventListener("scroll", () => {
  $("painted").scrollTop = $("source").scrollTop;
  $("painted").scrollLeft = $("source").scrollLeft;
});
$("format").addEventListener("click", formatNow);
$("solve").addEventListener("click", solveNow);
$("replay").addEventListener("click", replayNow);
$("score").addEventListener("click", sheetNow);

const asked = new URLSearchParams(location.search).get("lang") ||
  localStorage.getItem("pfn-lang") || (navigator.language || "en").slice(0, 2);
if ([...$("lang").options].some((o) => o.value === asked)) $("lang").value = asked;
$("lang").addEventListener("change", () => {
  localStorage.setItem("pfn-lang", language());
  if (api) {
    translate();
    if (shown) ask();
  }
});

ready.then(() => {
  translate();
  if (!$("recording").hidden) opening();
  paint();
  for (const id of ["check", "format", "solve", "replay", "score"]) $(id).disabled = false;
  document.body.dataset.ready = "true";
  performance.mark("pfn-interactive");  // what benchmarks/website.py reads
}, (error) => {
  $("status").textContent = String(error);
});

if ("serviceWorker" in navigator) navigator.serviceWorker.register("sw.js");
