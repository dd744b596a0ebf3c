// The page: pfn's own Python (the reader, the rules, the solver) on Pyodide, driven by
// the editor's buttons and by window.pfn for hosts and tests. Nothing here knows a rule:
// every answer comes from pfn.web.api, in the JSON the command line prints.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const $ = (id) => document.getElementById(id);
const SITE = "/home/pyodide/site";
let api = null;
let words = {};

function language() {
  return $("lang").value;
}

const ready = (async () => {
  const pyodide = await loadPyodide({ indexURL: new URL("./pyodide/", import.meta.url).href });
  for (const name of ["lark", "pfn"]) {
    const response = await fetch(new URL(`./packages/${name}.zip`, import.meta.url));
    pyodide.unpackArchive(await response.arrayBuffer(), "zip", { extractDir: SITE });
  }
  pyodide.runPython(`import sys\nif "${SITE}" not in sys.path: sys.path.insert(0, "${SITE}")`);
  api = pyodide.pyimport("pfn.web.api");
  return true;
})();

function call(name, ...args) {
  return ready.then(() => JSON.parse(api[name](...args)));
}

// the script API: the same answers as `pfn check --format json`, `pfn fmt`, `pfn solve`
window.pfn = {
  ready,
  check: (text, lang = language()) => call("check", text, lang),
  format: (text, lang = language()) => call("format", text, lang),
  solve: (text, board = null, trick = null, lang = language()) =>
    call("solve", text, board, trick, lang),
};

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
  if (done.text !== undefined) $("source").value = done.text;
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

function open(file) {
  file.text().then((text) => {
    $("source").value = text;
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
$("format").addEventListener("click", formatNow);
$("solve").addEventListener("click", solveNow);

const asked = new URLSearchParams(location.search).get("lang") ||
  localStorage.getItem("pfn-lang") || (navigator.language || "en").slice(0, 2);
if ([...$("lang").options].some((o) => o.value === asked)) $("lang").value = asked;
$("lang").addEventListener("change", () => {
  localStorage.setItem("pfn-lang", language());
  if (api) translate();
});

ready.then(() => {
  translate();
  for (const id of ["check", "format", "solve"]) $(id).disabled = false;
  document.body.dataset.ready = "true";
}, (error) => {
  $("status").textContent = String(error);
});

if ("serviceWorker" in navigator) navigator.serviceWorker.register("sw.js");
