"""The static site (``pfn web build``) in a real headless Chromium against a local static
server, every other host unreachable: the engine loads in the page, its answers are the
command line's (``pfn check --format json``, ``pfn fmt``, ``pfn solve --format json``,
run as processes here), the page speaks Russian, and after the first visit it works with
the server stopped.  Pyodide comes from the npm registry (``make web``); without it, or
without Chromium, the tests skip, except where ``PFN_BROWSER_REQUIRED`` is set (CI)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).parent.parent
PYODIDE = ROOT / "web" / "node_modules" / "pyodide"
PFN = str(Path(sys.executable).with_name("pfn"))
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
REVOKE = (ROOT / "examples" / "brief.pfn").read_text(encoding="utf-8")

pytestmark = pytest.mark.slow


def need(what: str) -> None:
    if os.environ.get("PFN_BROWSER_REQUIRED"):
        pytest.fail(what)
    pytest.skip(what)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not (PYODIDE / "pyodide.mjs").is_file():
        need("Pyodide is not installed: make web")
    out = tmp_path_factory.mktemp("site")
    done = subprocess.run([PFN, "web", "build", str(out), "--pyodide", str(PYODIDE)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return out


class Server:
    def __init__(self, directory: Path) -> None:
        from pfn.web.serve import server

        self.httpd = server(directory, 0)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture(scope="module")
def server(site: Path) -> Iterator[Server]:
    running = Server(site)
    yield running
    running.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        need("selenium is not installed (pip install '.[browser]')")
    if CHROMIUM is None or DRIVER is None:
        need("Chromium and ChromeDriver are required (apt-get install chromium"
             " chromium-driver)")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--window-size=375,740",
                 # nothing but the local server answers: no CDN, no network at run time
                 "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    driver.set_script_timeout(240)
    yield driver
    driver.quit()


def ready(browser: Any) -> None:
    """Wait for the engine in the page (window.pfn.ready)."""
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.support.ui import WebDriverWait

    # the page's module script defines window.pfn once its imports are in: wait for the
    # new document, and say what the page logged when it never comes
    try:
        WebDriverWait(browser, 60).until(lambda b: b.execute_script(
            "return document.readyState === 'complete' && !!window.pfn;"))
    except TimeoutException:
        logged = [entry.get("message") for entry in browser.get_log("browser")]
        pytest.fail(f"no window.pfn at {browser.current_url}: {logged}")
    done = browser.execute_async_script(
        "const cb = arguments[arguments.length - 1];"
        "window.pfn.ready.then(() => cb('ok'), (e) => cb(String(e)));")
    assert done == "ok", done

    # and the Record tab, when shown, filled in (the pool kept in the browser read)
    WebDriverWait(browser, 60).until(lambda b: b.execute_script(
        "return document.getElementById('recording').hidden"
        " || !!document.body.dataset.drawn;"))


def call(browser: Any, script: str, *args: object) -> Any:
    return browser.execute_async_script(
        "const cb = arguments[arguments.length - 1];"
        f"Promise.resolve({script}).then((r) => cb(JSON.stringify(r)),"
        " (e) => cb(JSON.stringify({error: String(e)})));", *args)


def revoked() -> str:
    """The brief's first deal with a revoke at trick 1: Ceca plays a club to the spade
    ace while she holds the spade eight (and follows with it at trick 2)."""
    text = REVOKE.replace("SA S9 S8\n", "SA S9 C7\n", 1)
    return text.replace("SK ST C7 {", "SK ST S8 {", 1)


def cli_json(*args: str, text: str) -> list[dict[str, Any]]:
    done = subprocess.run([PFN, *args], input=text, capture_output=True, text=True)
    return [json.loads(line) for line in done.stdout.splitlines() if line.strip()]


def same(diagnostics: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    return [(d["code"], d["severity"], d["line"], d["col"], d["message"], d["hint"])
            for d in diagnostics]


def test_the_page_checks_as_the_command_line(browser: Any, server: Server) -> None:
    browser.get(server.url)
    ready(browser)
    text = revoked()
    page = json.loads(call(browser, "window.pfn.check(arguments[0], 'en')", text))
    cli = cli_json("check", "--format", "json", "-", text=text)
    assert any(d["code"] == "PFN-E503" for d in cli)
    assert same(page) == same(cli)
    # and through the page's own controls: the diagnostic at its line and column
    from selenium.webdriver.common.by import By

    box = browser.find_element(By.ID, "source")
    browser.execute_script("arguments[0].value = arguments[1];", box, text)
    browser.find_element(By.ID, "check").click()
    item = browser.find_element(By.CSS_SELECTOR, '#diagnostics li[data-code="PFN-E503"]')
    e503 = next(d for d in cli if d["code"] == "PFN-E503")
    assert item.text.startswith(f"{e503['line']}:{e503['col']} error[PFN-E503]")
    item.find_element(By.TAG_NAME, "a").click()
    start = browser.execute_script("return arguments[0].selectionStart;", box)
    assert text[:start].count("\n") + 1 == e503["line"]


def test_format_and_solve_are_the_command_lines(browser: Any, server: Server,
                                                tmp_path: Path) -> None:
    browser.get(server.url)
    ready(browser)
    source = (ROOT / "examples" / "import-format.pfn").read_text(encoding="utf-8")
    page = json.loads(call(browser, "window.pfn.format(arguments[0])", source))
    copy = tmp_path / "f.pfn"
    copy.write_text(source, encoding="utf-8")
    subprocess.run([PFN, "fmt", str(copy)], check=True, capture_output=True)
    assert page["text"] == copy.read_text(encoding="utf-8")
    analysis = (ROOT / "examples" / "analysis.pfn").read_text(encoding="utf-8")
    page = json.loads(call(browser, "window.pfn.solve(arguments[0], '1', 3)", analysis))
    cli = cli_json("solve", str(ROOT / "examples" / "analysis.pfn"), "--board", "1",
                   "--trick", "3", "--format", "json", "--no-table", text="")[0]
    assert (page["value"], page["cards"]) == (cli["value"], cli["cards"])
    # no board asked (JavaScript's null): the first deal, as `pfn solve` without --board
    page = json.loads(call(browser, "window.pfn.solve(arguments[0])", analysis))
    cli = cli_json("solve", str(ROOT / "examples" / "analysis.pfn"), "--format", "json",
                   "--no-table", text="")[0]
    assert (page["board"], page["value"]) == (cli["board"], cli["value"])


def test_the_page_speaks_russian(browser: Any, server: Server) -> None:
    browser.get(server.url + "?lang=ru")
    ready(browser)
    from selenium.webdriver.common.by import By

    assert browser.find_element(By.ID, "check").text == "Проверить"
    text = revoked()
    page = json.loads(call(browser, "window.pfn.check(arguments[0], 'ru')", text))
    cli = cli_json("check", "--lang", "ru", "--format", "json", "-", text=text)
    assert same(page) == same(cli)
    assert any("\u0400" <= ch <= "\u04ff" for d in page for ch in d["message"])


def test_offline_after_the_first_visit(browser: Any, site: Path) -> None:
    running = Server(site)
    browser.get(running.url)
    ready(browser)
    # the service worker has kept every file and controls the page
    browser.execute_async_script(
        "const cb = arguments[arguments.length - 1];"
        "navigator.serviceWorker.ready.then(() => cb(true));")
    browser.refresh()
    ready(browser)
    assert browser.execute_script("return !!navigator.serviceWorker.controller;")
    running.stop()
    browser.refresh()
    ready(browser)
    page = json.loads(call(browser, "window.pfn.check(arguments[0], 'en')", revoked()))
    assert any(d["code"] == "PFN-E503" for d in page)


# -- recording a pool at the table: a phone's screen, touch ------------------------------

def tap(browser: Any, element: Any, wait: bool = True) -> None:
    """A finger on ``element`` and off again (a touch, not a mouse click); then wait for
    the page to show what follows."""
    before = browser.execute_script("return Number(document.body.dataset.drawn || 0);")
    box = browser.execute_script(
        "arguments[0].scrollIntoView({block: 'center'});"
        "const r = arguments[0].getBoundingClientRect();"
        "return [r.left + r.width / 2, r.top + r.height / 2];", element)
    point = [{"x": box[0], "y": box[1]}]
    browser.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart",
                                                         "touchPoints": point})
    browser.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd",
                                                         "touchPoints": []})
    if not wait:
        return
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(browser, 60).until(lambda b: b.execute_script(
        "return Number(document.body.dataset.drawn || 0) > arguments[0]"
        " && !document.body.dataset.asking;", before))


def choice(browser: Any, label: str) -> Any:
    from selenium.webdriver.common.by import By

    offered = browser.find_elements(By.CSS_SELECTOR, "#choices button")
    found = [b for b in offered if b.text == label]
    assert found, (label, [b.text for b in offered])
    return found[0]


def test_a_pool_recorded_on_a_phone(browser: Any, site: Path, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    running = Server(site)  # an origin of its own: nothing kept from another test
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": 375, "height": 740, "deviceScaleFactor": 2, "mobile": True})
    browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled",
                            {"enabled": True, "maxTouchPoints": 5})
    browser.execute_cdp_cmd("Browser.setDownloadBehavior",
                            {"behavior": "allow", "downloadPath": str(tmp_path)})
    try:
        browser.get(running.url + "?tab=record&lang=en")
        ready(browser)
        assert browser.execute_script("return innerWidth;") == 375

        def typed(text: str) -> None:
            box = browser.find_element(By.ID, "answer")
            box.clear()
            box.send_keys(text)
            tap(browser, browser.find_element(By.ID, "ok"))

        # the pool, as `pfn record` asks it: players, variant, house rules, target, match
        assert browser.find_element(By.ID, "prompt").text.startswith("Players")
        typed("Ana; Boris; Ceca")
        tap(browser, choice(browser, "sochi"))
        typed("")                     # no house rules
        assert browser.find_element(By.ID, "answer").get_attribute("value") == "10"
        typed("10")
        typed("friday")
        tap(browser, choice(browser, "Ana (A)"))  # who deals the first board
        # only the legal choices: the ladder of the variant, no 6 of a suit doubled up
        contracts = [b.text for b in browser.find_elements(By.CSS_SELECTOR, "#choices button")]
        assert contracts[:5] == ["6♠", "6♣", "6♦", "6♥", "6NT"]
        assert "mis" in contracts and "pass" in contracts and len(contracts) == 27
        taps = 0

        def deal(*labels: str) -> None:
            nonlocal taps
            for label in labels:
                tap(browser, choice(browser, label))
                taps += 1

        # board 1: Boris plays 6♠, both defenders pass: the game is his unplayed
        deal("6♠", "Boris (B)")
        defences = [b.text for b in browser.find_elements(By.CSS_SELECTOR, "#choices button")]
        assert "pass pass" in defences and "whist" not in defences
        deal("pass pass")
        assert taps == 3
        # board 2: all pass, Ana 4 tricks, Boris 3: Ceca's 3 are what is left
        deal("pass", "4")
        assert [b.text for b in browser.find_elements(By.CSS_SELECTOR, "#choices button")
                ] == [str(n) for n in range(7)]  # only counts that add up to ten
        deal("3")
        assert taps == 6
        # board 3: a slip taken back (undo), then Ceca's misère with no trick
        deal("7♠")
        tap(browser, browser.find_element(By.ID, "undo"))
        deal("mis", "Ceca (C)", "5", "5")
        assert taps == 11  # 4 for the deal, 1 slip and its undo
        sheet = browser.find_element(By.ID, "sheet").text
        assert "Settlement" in sheet
        # reloaded: the pool is still there, at the next board's contract
        browser.refresh()
        ready(browser)
        WebDriverWait(browser, 60).until(
            lambda b: b.find_element(By.ID, "sheet").text)
        assert browser.find_element(By.ID, "sheet").text == sheet
        assert browser.find_element(By.ID, "prompt").text.startswith("Contract")
        # exported as a file that `pfn check` finds clean and `pfn score` scores the same
        tap(browser, browser.find_element(By.ID, "download"), wait=False)
        exported = tmp_path / "friday.pfn"
        for _ in range(100):
            if exported.is_file():
                break
            time.sleep(0.1)
        done = subprocess.run([PFN, "check", str(exported)], capture_output=True, text=True)
        assert done.returncode == 0, done.stdout + done.stderr
        scored = subprocess.run([PFN, "score", str(exported)], capture_output=True,
                                text=True, check=True).stdout
        assert scored.strip() == sheet.strip()
        # the scores by the rules of Sochi, worked out by hand: a six-game is 2 in the
        # pool; the first all-pass writes each trick taken on the mountain; a misère
        # made is 10 in the pool
        scores = re.findall(r'\[Score "([^"]*)"\]', exported.read_text(encoding="utf-8"))
        assert scores == ["B:pool+2", "A:mountain+4 B:mountain+3 C:mountain+3", "C:pool+10"]
    finally:
        running.stop()
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})


def test_the_replay_page_and_the_sheet_in_the_site(browser: Any, server: Server,
                                                   tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    browser.get(server.url + "?tab=check&lang=en")
    ready(browser)
    # the page `pfn render -f html` writes for the same file, byte for byte
    source = ROOT / "examples" / "analysis.pfn"
    text = source.read_text(encoding="utf-8")
    page = json.loads(call(browser, "window.pfn.replay(arguments[0])", text))
    written = tmp_path / "a.html"
    subprocess.run([PFN, "render", str(source), "-f", "html", "-o", str(written)],
                   check=True, capture_output=True)
    assert page.get("html") == written.read_text(encoding="utf-8"), page.get("error")
    # and shown in the site: its own script steps through the play in its frame
    box = browser.find_element(By.ID, "source")
    browser.execute_script("arguments[0].value = arguments[1];", box, text)
    browser.find_element(By.ID, "replay").click()
    frame = browser.find_element(By.ID, "replay-page")
    WebDriverWait(browser, 30).until(lambda b: frame.is_displayed())
    browser.switch_to.frame(frame)
    try:
        where = WebDriverWait(browser, 30).until(lambda b: b.find_element(By.ID, "where"))
        before = where.text
        browser.find_element(By.ID, "next").click()
        assert where.text != before
    finally:
        browser.switch_to.default_content()
    # the sheet of a pool: what `pfn score` prints
    pool = ROOT / "examples" / "sochi-match.pfn"
    browser.execute_script("arguments[0].value = arguments[1];", box,
                           pool.read_text(encoding="utf-8"))
    browser.find_element(By.ID, "score").click()
    shown = WebDriverWait(browser, 30).until(
        lambda b: b.find_element(By.ID, "score-sheet").get_attribute("textContent"))
    cli = subprocess.run([PFN, "score", str(pool)], capture_output=True, text=True,
                         check=True).stdout
    assert shown == cli


def test_the_editor_highlights_with_pfns_lexer(browser: Any, server: Server) -> None:
    from pygments.token import Text, Whitespace
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    from pfn.notation.highlight import PfnLexer

    browser.get(server.url + "?tab=check&lang=en")
    ready(browser)
    text = REVOKE + "\n{ a <b>note</b> }\n"
    box = browser.find_element(By.ID, "source")
    browser.execute_script("arguments[0].value = arguments[1];"
                           "arguments[0].dispatchEvent(new Event('input'));", box, text)
    WebDriverWait(browser, 60).until(
        lambda b: b.execute_script("return document.body.dataset.painted;") == str(len(text)))
    shown = browser.execute_script(
        "return [...document.querySelectorAll('#painted span')]"
        ".map((s) => [s.className, s.textContent]);")
    # the lexer's own token classes, as Pygments gives them on this machine
    expected = {"pfn-" + "-".join(str(ttype).split(".")[1:]).lower()
                for ttype, value in PfnLexer().get_tokens(text)
                if ttype not in Text and ttype not in Whitespace and value}
    assert [s[0] for s in shown if s[1].strip()]  # something is painted
    assert ["pfn-keyword", "whist"] in shown or ["pfn-keyword", "pass"] in shown
    assert ["pfn-literal-card-spade", "SA"] in shown
    assert ["pfn-name-tag", "Variant"] in shown
    # the whole text is there, in order, and a record's markup stays text
    assert browser.execute_script("return document.getElementById('painted').textContent;"
                                  ) == text + "\n"
    assert not browser.find_elements(By.CSS_SELECTOR, "#painted b")
    assert {name for name, _ in shown} == expected
