"""The HTML replay page in a real headless browser (Chromium with ChromeDriver).

The page is loaded from ``file://``, keys are pressed and buttons clicked, and what it
shows — the cards in each hand, the trick on the table, the tricks taken — is compared
with the replay of the record (the engine, not the page).  Each test runs in four views
(``View``): a desktop and a phone, each in the light and the dark colour scheme; one
browser serves the module, and each page is written once for all the views.  Without
Chromium the tests skip, except where ``PFN_BROWSER_REQUIRED`` is set (``.ci/run`` sets
it and installs Chromium), so that CI never skips them silently.
"""

from __future__ import annotations

import hashlib
import itertools
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

import pfn
from pfn.cards import CARDS
from pfn.deal import replay
from pfn.notation.reader import load
from pfn.seats import Seat
from tests.conftest import EXAMPLES

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
BASELINE = Path(__file__).parent / "baseline"


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    """One headless Chromium for the module; each test gets it in one view (``browser``)."""
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        if os.environ.get("PFN_BROWSER_REQUIRED"):
            raise
        pytest.skip("selenium is not installed (pip install '.[browser]')")
    if CHROMIUM is None or DRIVER is None:
        if os.environ.get("PFN_BROWSER_REQUIRED"):
            pytest.fail("Chromium and ChromeDriver are required here (apt-get install"
                        " chromium chromium-driver)")
        pytest.skip("no Chromium: apt-get install chromium chromium-driver")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--window-size=900,1000"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    yield driver
    driver.quit()


@dataclass(frozen=True)
class View:
    """A screen the page is read on: a desktop (1280×800, a mouse) or a phone (375×740,
    twice the pixels, a finger), in the light or the dark colour scheme."""

    device: str
    scheme: str

    @property
    def phone(self) -> bool:
        return self.device == "phone"

    @property
    def width(self) -> int:
        return 375 if self.phone else 1280

    @property
    def height(self) -> int:
        return 740 if self.phone else 800

    def media(self, browser: Any, media: str = "") -> None:
        """The emulated media (``print``, or the screen) in this view's colour scheme."""
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": media, "features": [
            {"name": "prefers-color-scheme", "value": self.scheme}]})

    def __str__(self) -> str:
        return f"{self.device}-{self.scheme}"


# every test of the page runs in the four views; `make test` runs the first, `make
# test-slow` the three others
VIEWS = [pytest.param(View(device, scheme), id=f"{device}-{scheme}",
                      marks=() if (device, scheme) == ("desktop", "light") else pytest.mark.slow)
         for device in ("desktop", "phone") for scheme in ("light", "dark")]


@pytest.fixture(params=VIEWS)
def view(request: pytest.FixtureRequest) -> View:
    found: View = request.param
    return found


@pytest.fixture
def browser(chromium: Any, view: View) -> Iterator[Any]:
    """The module's Chromium in this test's view, on a blank page (a page shared with
    the previous test would take a new address as a move within it)."""
    chromium.get("about:blank")
    chromium.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": view.width, "height": view.height, "deviceScaleFactor": 2 if view.phone else 1,
        "mobile": view.phone})
    chromium.execute_cdp_cmd("Emulation.setTouchEmulationEnabled",
                             {"enabled": view.phone, "maxTouchPoints": 5})
    view.media(chromium)
    try:
        yield chromium
    finally:
        chromium.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        chromium.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
        chromium.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": []})


@dataclass
class Written:
    """The pages this module's tests load, by their source's name and text and the
    options: each is written once, for every test and view that loads it."""

    folder: Path = Path()
    files: dict[tuple[str, ...], Path] = field(default_factory=dict)


WRITTEN = Written()


@pytest.fixture(scope="module", autouse=True)
def _write_once(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    WRITTEN.folder = tmp_path_factory.mktemp("pages")
    yield
    WRITTEN.files.clear()


def written(source: Path, *args: str) -> Path:
    """``pfn render SOURCE -f html ARGS`` (the page, or with --fragment the block): its
    file, written on the first call (by the command line in this process: a process a
    page would take a second more each)."""
    from typer.testing import CliRunner

    from pfn.cli import app

    key = (source.name, hashlib.sha256(source.read_bytes()).hexdigest(), *args)
    if key not in WRITTEN.files:
        folder = WRITTEN.folder / str(len(WRITTEN.files))
        folder.mkdir(exist_ok=True)  # left by a page that could not be written
        out = folder / f"{source.stem}.html"
        done = CliRunner().invoke(app, ["render", str(source), "-f", "html", "-o", str(out),
                                        *args])
        assert done.exit_code == 0, done.output
        WRITTEN.files[key] = out
    return WRITTEN.files[key]


def page_of(source: Path, *args: str) -> str:
    """The address of ``source``'s page."""
    text = written(source, *args).read_text(encoding="utf-8")
    # nothing is fetched: no scripts, styles, images or fonts from elsewhere
    for pattern in ('src="http', "src='http", 'href="http', "url(http", "@import", "<link"):
        assert pattern not in text, pattern
    return written(source, *args).as_uri()


def block_of(source: Path, *args: str) -> str:
    """The ``--fragment`` block of ``source``, to paste into a host page."""
    return written(source, "--fragment", *args).read_text(encoding="utf-8")


def hand(browser: Any, seat: str) -> list[str]:
    """The cards a hand shows, as PFN tokens (S A, ♠ A K → SA SK)."""
    from selenium.webdriver.common.by import By

    out = []
    for line in browser.find_elements(By.CSS_SELECTOR, f"#hand-{seat} span[data-suit]"):
        suit = line.get_attribute("data-suit")
        ranks = line.text.split()[1:]
        out += [suit + ("T" if r == "10" else r) for r in ranks if r != "\u2014"]
    return sorted(out)


def press(browser: Any, key: str, times: int = 1) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    for _ in range(times):
        ActionChains(browser).send_keys(key).perform()


def test_stepping_through_a_deal(browser: Any, view: View) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    record = next(r for r in load(EXAMPLES / "brief.pfn") if r.play is not None)
    result = replay(record)
    browser.get(page_of(EXAMPLES / "brief.pfn", "--board", "1"))
    # the view is what the page sees: its width, its colour scheme, a finger or none
    assert browser.execute_script(
        "return [innerWidth, matchMedia('(prefers-color-scheme: dark)').matches,"
        " matchMedia('(pointer: coarse)').matches]") == \
        [view.width, view.scheme == "dark", view.phone]
    names = {"A": 0, "B": 1, "C": 2}
    start = {s: sorted(str(CARDS[c]) for c in range(32) if result.hands[i] >> c & 1)
             for s, i in names.items()}
    for seat in names:
        assert hand(browser, seat) == start[seat]
    assert browser.find_element(By.ID, "where").text == "before the lead"
    # the first trick, card by card, with the arrow key
    first = result.tricks[0]
    press(browser, Keys.ARROW_RIGHT, len(first.cards))
    table = browser.find_elements(By.CSS_SELECTOR, "#trick .played")
    assert [t.text for t in table] == [
        {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}[str(c)[0]] +
        str(c)[1:].replace("T", "10") for c in first.cards]
    won = browser.find_element(By.CSS_SELECTOR, "#trick .card.win")
    assert won.find_element(By.XPATH, "..").get_attribute("data-seat") == str(first.winner)
    assert browser.find_element(By.ID, f"taken-{first.winner}").text == "1 trick"
    for seat, card in zip(first.seats, first.cards, strict=True):
        assert str(card) not in hand(browser, str(seat))
    # a trick at a time, then back
    press(browser, Keys.PAGE_DOWN)
    assert "trick 2" in browser.find_element(By.ID, "where").text
    press(browser, Keys.ARROW_LEFT)
    assert len(browser.find_elements(By.CSS_SELECTOR, "#trick .played")) == 2
    # jump from the trick list; the end shows the result
    browser.find_elements(By.CSS_SELECTOR, "#tricks li")[4].click()
    assert "trick 5" in browser.find_element(By.ID, "where").text
    taken = {s: 0 for s in names}
    for trick in result.tricks[:5]:
        taken[str(trick.winner)] += 1
    for seat, n in taken.items():
        assert browser.find_element(By.ID, f"taken-{seat}").text == \
            f"{n} trick{'s' * (n != 1)}"
    press(browser, Keys.END)
    assert browser.find_element(By.ID, "result").text == "7♠ made with an overtrick"
    # hide a hand, show it again
    browser.find_element(By.CSS_SELECTOR, "#seat-B .toggle").click()
    assert browser.find_element(By.ID, "hand-B").text == "hidden"
    browser.find_element(By.CSS_SELECTOR, "#seat-B .toggle").click()
    assert browser.find_element(By.ID, "hand-B").text != "hidden"
    press(browser, Keys.HOME)
    browser.execute_script("window.scrollTo(0, 0)")
    _baseline(browser, f"html-brief-start-{view}")


def test_a_match_page_has_every_deal_and_the_sheet(browser: Any) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    records = [r for r in load(EXAMPLES / "sochi-match.pfn") if not r.empty]
    deals = [r for r in records if r.deal is not None or r.play is not None]
    browser.get(page_of(EXAMPLES / "sochi-match.pfn"))
    select = Select(browser.find_element(By.ID, "board"))
    assert len(select.options) == len(deals)
    select.select_by_index(2)
    assert browser.find_element(By.ID, "title").text.startswith(
        f"Board {deals[2].tag('Board')}")
    sheet = browser.find_element(By.ID, "sheet")
    assert not sheet.is_displayed()
    browser.find_element(By.ID, "show-sheet").click()
    assert sheet.is_displayed() and sheet.find_element(By.TAG_NAME, "svg")
    assert not browser.find_element(By.ID, "table").is_displayed()
    # nothing wider than the screen, the sheet or the table
    for _ in range(2):
        assert browser.execute_script(
            "return document.documentElement.scrollWidth <= window.innerWidth + 1")
        browser.find_element(By.ID, "show-sheet").click()


def _baseline(browser: Any, name: str) -> None:
    """A screenshot against its reviewed baseline (PFN_UPDATE_BASELINES=1 rewrites it)."""
    from matplotlib.testing.compare import compare_images

    BASELINE.mkdir(exist_ok=True)
    expected = BASELINE / f"{name}.png"
    actual = Path(os.environ.get("TMPDIR", "/tmp")) / f"pfn-{name}.png"
    browser.save_screenshot(str(actual))
    if os.environ.get("PFN_UPDATE_BASELINES") or not expected.exists():
        if not os.environ.get("PFN_UPDATE_BASELINES"):
            pytest.fail(f"no baseline {expected}: run with PFN_UPDATE_BASELINES=1")
        expected.write_bytes(actual.read_bytes())
    problem = compare_images(str(expected), str(actual), tol=12)
    assert problem is None, problem


PAYLOADS = ('<img src=x onerror="document.title=\'ran\'">',
            "<script>document.title='ran'</script>", "<!--<script>", "</script><b id=bold>",
            "&lt;i&gt;&amp;", "\u2028x\u2029")


def test_text_from_a_record_is_never_markup(browser: Any, tmp_path: Path) -> None:
    """Payloads in every field a record can carry: names, tags, comments, notes,
    variations, annotations, the board, the event and the match; none runs, and the
    page shows each as the text it is."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    bad = PAYLOADS[0]
    quoted = bad.replace('"', '\\"')  # a tag value escapes its quotes
    text = (EXAMPLES / "brief.pfn").read_text("utf-8").split("\n\n")[0]
    text = text.replace('[Event "Friday pool"]',
                        f'[Event "{PAYLOADS[1]}"]\n[Match "{PAYLOADS[2]}"]\n'
                        f'[Annotator "{PAYLOADS[4]}"]\n[Round "{PAYLOADS[3]}"]\n'
                        f'[Note "1:{PAYLOADS[1]}"]')
    text = text.replace('[Players "Ana; Boris; Ceca"]',
                        f'[Players "Ana{quoted}; Boris{PAYLOADS[1]}; {PAYLOADS[2]}"]')
    text = text.replace('[Board "1"]', f'[Board "1{PAYLOADS[3]}"]')
    text = text.replace("{ Ceca shows out of spades }", "{ " + bad + " } =1=")
    text = text.replace("SA S9 S8", "SA! { " + PAYLOADS[1] + " } S9 $14 (ST { " +
                        PAYLOADS[2] + " }) S8")
    text = text.replace("{ Board 1:", "{ " + PAYLOADS[3] + PAYLOADS[5] + " Board 1:")
    source = tmp_path / "payloads.pfn"
    source.write_text(text, encoding="utf-8")
    check = subprocess.run([sys.executable, "-m", "pfn.cli", "check", str(source)],
                           capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr
    browser.get(page_of(source))
    press_all = browser.find_element(By.ID, "next")
    for _ in range(31):
        press_all.click()
        assert browser.title != "ran"
        assert not browser.find_elements(By.CSS_SELECTOR, "img, #bold, script[src]")
    # the page's own script ran to the end: the hands, the result, the trick list are there
    assert browser.find_element(By.ID, "result").text == "7♠ made with an overtrick"
    assert len(browser.find_elements(By.CSS_SELECTOR, "#tricks li")) == 10
    # and each text is shown as written
    assert browser.find_element(By.CSS_SELECTOR, "#seat-A .name").text == f"Ana{bad} (A)"
    assert browser.find_element(By.CSS_SELECTOR, "#seat-B .name").text == \
        f"Boris{PAYLOADS[1]} (B)"
    assert browser.find_element(By.CSS_SELECTOR, "#seat-C .name").text == f"{PAYLOADS[2]} (C)"
    assert PAYLOADS[3] in browser.find_element(By.ID, "comment").text
    assert PAYLOADS[3] in Select(browser.find_element(By.ID, "board")).options[0].text
    assert PAYLOADS[3] in browser.find_element(By.ID, "title").text
    browser.find_elements(By.CSS_SELECTOR, "#tricks li")[1].click()
    assert bad in browser.find_element(By.ID, "note").text
    browser.find_element(By.ID, "first").click()
    press_all.click()
    assert PAYLOADS[1] in browser.find_element(By.ID, "note").text
    assert browser.title == f"{PAYLOADS[2]} — pfn replay"


@pytest.mark.parametrize(("name", "deals"), [("brief.pfn", 3), ("published.pfn", 10),
                                             ("four-players.pfn", None)])
def test_every_deal_of_the_input_is_in_the_page(browser: Any, name: str, deals: int | None) -> None:
    """A file without a match: all its deals, not the first alone."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    records = [r for r in load(EXAMPLES / name) if r.deal is not None or r.play is not None]
    assert deals is None or len(records) == deals
    browser.get(page_of(EXAMPLES / name))
    select = Select(browser.find_element(By.ID, "board"))
    assert len(select.options) == len(records)
    select.select_by_index(len(records) - 1)
    assert browser.find_element(By.ID, "title").text  # the last deal draws


def test_hide_and_bottom_shape_the_page(browser: Any) -> None:
    """--hide leaves a hand out of the page (nothing to reveal); --bottom turns the
    table; an unknown hand has no hide button."""
    from selenium.webdriver.common.by import By

    browser.get(page_of(EXAMPLES / "brief.pfn", "--board", "1", "--hide", "B",
                        "--bottom", "C"))
    assert browser.find_element(By.ID, "hand-B").text == "not shown"
    assert not browser.find_elements(By.CSS_SELECTOR, "#seat-B .toggle")
    assert hand(browser, "A") == sorted(["SA", "SK", "SQ", "SJ", "S7", "CA", "CK", "HA",
                                         "H8", "H7"])
    bottom = browser.execute_script(
        "return document.querySelector('#table .seat[data-place=bottom]').id")
    assert bottom == "seat-C"
    page = browser.current_url.removeprefix("file://").partition("#")[0]
    text = Path(page).read_text(encoding="utf-8")
    assert '"B": null' in text  # B's hand is not in the page to be found
    assert "T9.QJT.AKQ.KQ" not in text  # nor in the record's text


def test_the_talon_card_at_four_lies_in_the_dealers_place(browser: Any) -> None:
    """Board 2 of four-players.pfn, an all-pass: the talon's ace opens trick 2 and wins
    it for the dealer (A), who sits out; it lies in his place, labelled and framed, as
    the diagram draws it — not under a player's card."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    browser.get(page_of(EXAMPLES / "four-players.pfn"))
    Select(browser.find_element(By.ID, "board")).select_by_index(1)
    browser.execute_script("document.activeElement.blur()")  # the keys to the table
    press(browser, Keys.ARROW_RIGHT, 8)  # both talon-led tricks, every card
    talon = browser.find_element(By.CSS_SELECTOR, "#trick .played[data-seat=talon]")
    dealer_place = browser.find_element(By.ID, "seat-A").get_attribute("data-place")
    assert talon.value_of_css_property("grid-area").split(" / ")[0] == dealer_place
    assert "talon" in talon.text and "win" in talon.find_element(
        By.CSS_SELECTOR, ".card").get_attribute("class")
    places = {e.get_attribute("data-seat"): e.value_of_css_property("grid-area").split(" / ")[0]
              for e in browser.find_elements(By.CSS_SELECTOR, "#trick .played")}
    assert len(set(places.values())) == 4  # four cards, four places: none under another


def test_a_deep_link_opens_the_position_and_follows_the_steps(browser: Any) -> None:
    """#board=2&trick=3&card=1: board 2 (its Board tag), after the first card of its
    third trick; stepping keeps the address up to date, and an address typed later
    moves the page."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    records = [r for r in load(EXAMPLES / "sochi-match.pfn") if r.play is not None]
    second = next(r for r in records if r.tag("Board") == "2")
    result = replay(second)
    url = page_of(EXAMPLES / "sochi-match.pfn")
    browser.get(url + "#board=2&trick=3&card=1")
    assert browser.find_element(By.ID, "title").text.startswith("Board 2")
    total = sum(len(t.cards) for t in result.tricks)
    assert browser.find_element(By.ID, "where").text == f"trick 3, card 7 of {total}"
    played = [t.text for t in browser.find_elements(By.CSS_SELECTOR, "#trick .played")]
    assert len(played) == 1
    press(browser, Keys.ARROW_RIGHT)
    assert browser.execute_script("return location.hash") == "#board=2&trick=3&card=2"
    press(browser, Keys.PAGE_DOWN)  # the trick whole on the table, as pfn show -k 3
    assert browser.execute_script("return location.hash") == "#board=2&trick=3"
    browser.execute_script("location.hash = '#board=1&trick=2&card=0'")
    assert browser.find_element(By.ID, "title").text.startswith("Board 1")
    assert browser.find_element(By.ID, "where").text.startswith("trick 1, card 3")
    # what the command line means by -b 2 -k 3: trick 3 on the table, every card of it
    browser.execute_script("location.hash = '#board=2&trick=3'")
    assert [t.text for t in browser.find_elements(By.CSS_SELECTOR, "#trick .played")] == \
        [_shown(c) for c in result.tricks[2].cards]
    browser.execute_script("location.hash = '#board=2&trick=10'")
    assert browser.find_element(By.ID, "where").text == f"trick 10, card {total} of {total}"
    assert browser.execute_script("return location.hash") == "#board=2&trick=10"


def test_the_page_shows_what_the_record_says(browser: Any, tmp_path: Path) -> None:
    """The talon and the discard; a claim's tricks at the end (the Result's 8, not the
    seven played); the result in words of a deal without play; NAGs as glyphs."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    claimed = tmp_path / "claimed.pfn"
    text = (EXAMPLES / "analysis.pfn").read_text(encoding="utf-8")
    claimed.write_text(text.replace("SQ DQ D9\n", "SQ $14 DQ D9\n"), encoding="utf-8")
    browser.get(page_of(claimed, "--board", "3"))
    assert browser.find_element(By.ID, "talon").text == "talon ♦8 ♥8 · discard ♦7 ♦8"
    press(browser, Keys.ARROW_RIGHT, 7)  # the queen of spades, marked $14
    assert browser.find_element(By.ID, "note").text.startswith("⩲")
    press(browser, Keys.END)  # the claim after five tricks: A's eight, as the Result says
    assert browser.find_element(By.ID, "taken-A").text == "8 tricks"
    assert browser.find_element(By.ID, "result").text == "7♠ made with an overtrick"
    browser.get(page_of(EXAMPLES / "sochi-match.pfn"))
    select = Select(browser.find_element(By.ID, "board"))
    select.select_by_visible_text("Board 3")  # 6♦: pass, half-whist: no play
    assert browser.find_element(By.ID, "result").text == "6♦ made without play"


def test_the_solver_beside_the_replay(browser: Any) -> None:
    """--dd: at every step, each legal card with its open-hand value (worked out when
    the page was written), the best marked, and the value over the play as a graph."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    from pfn.analysis.solve import position_at, solve

    record = next(r for r in load(EXAMPLES / "analysis.pfn") if r.tag("Board") == "1")
    browser.get(page_of(EXAMPLES / "analysis.pfn", "--board", "1", "--dd"))
    expected = solve(position_at(replay(record), 1))
    marks = {e.text.rsplit(" ", 1)[0]: int(e.text.rsplit(" ", 1)[1])
             for e in browser.find_elements(By.CSS_SELECTOR, "#dd .dd-card")}
    assert marks == {c.symbol: v for c, v in expected.cards.items()}
    best = {e.text.rsplit(" ", 1)[0] for e in
            browser.find_elements(By.CSS_SELECTOR, "#dd .dd-card.best")}
    assert best == {c.symbol for c in expected.best}
    assert browser.find_element(By.CSS_SELECTOR, "#dd-graph polyline")
    press(browser, Keys.ARROW_RIGHT)  # Ana's seven of spades: Boris to play
    assert browser.find_element(By.ID, "dd-line").text.startswith("Boris to play")
    hidden = page_of(EXAMPLES / "analysis.pfn", "--board", "1", "--dd",
                     "--hide", "B")
    browser.get(hidden)
    assert not browser.find_element(By.ID, "dd").is_displayed()  # it would tell B's cards


def test_autoplay_keys_wheel_dark_mode_and_screen_readers(browser: Any, view: View) -> None:
    import time

    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    browser.get(page_of(EXAMPLES / "brief.pfn", "--board", "1"))
    # the keys' list: ? opens it, Escape closes it
    press(browser, "?")
    assert browser.find_element(By.ID, "keys").is_displayed()
    press(browser, Keys.ESCAPE)
    assert not browser.find_element(By.ID, "keys").is_displayed()
    # the wheel steps a card on
    browser.execute_script("""document.getElementById('table').dispatchEvent(
        new WheelEvent('wheel', {deltaY: 100, bubbles: true, cancelable: true}));""")
    assert browser.find_element(By.ID, "where").text.startswith("trick 1, card 1")
    # the card played is spoken: its player and its name
    assert browser.find_element(By.ID, "said").get_attribute("textContent") == \
        "Ana: the ace of spades"
    card = browser.find_element(By.CSS_SELECTOR, "#trick .card")
    assert card.get_attribute("aria-label") == "the ace of spades"
    # autoplay, fast, then stopped
    from selenium.webdriver.support.ui import Select

    Select(browser.find_element(By.ID, "speed")).select_by_visible_text("fast")
    browser.find_element(By.ID, "play").click()
    time.sleep(1.5)
    browser.find_element(By.ID, "play").click()
    shown = browser.find_element(By.ID, "where").text
    assert shown.startswith("trick") and not shown.startswith("trick 1, card 1 ")
    # every control is a button or a select: reachable with the keyboard
    for control in browser.find_elements(By.CSS_SELECTOR, "nav > *"):
        assert control.tag_name in ("button", "select", "span")
    # the colours follow the system's scheme: dark text on the page's white, or light
    # text on a dark ground
    body = browser.find_element(By.TAG_NAME, "body")
    colours = (body.value_of_css_property("color"), body.value_of_css_property("background-color"))
    assert colours == {"light": ("rgba(26, 26, 26, 1)", "rgba(0, 0, 0, 0)"),
                       "dark": ("rgba(230, 230, 230, 1)", "rgba(22, 24, 28, 1)")}[view.scheme]


def test_a_fragment_embeds_twice_in_a_host_page(browser: Any, view: View,
                                                tmp_path: Path) -> None:
    """--fragment: two blocks pasted into a page that has its own styles and ids; each
    replay steps on its own, the host's text and styles are untouched, and nothing is
    fetched."""
    from selenium.webdriver.common.by import By

    blocks = [block_of(EXAMPLES / name, "-b", board)
              for name, board in (("brief.pfn", "1"), ("sochi-match.pfn", "2"))]
    assert all("<html" not in b and "<body" not in b for b in blocks)
    for pattern in ('src="http', "src='http", 'href="http', "url(http", "@import", "<link"):
        assert all(pattern not in b for b in blocks)  # nothing fetched
    host = tmp_path / "host.html"
    host.write_text(
        "<!DOCTYPE html><html><head><style>.card{display:none}#where{color:rgb(0, 128, 0)}"
        "button{font-size:40px}</style></head><body><p id='where'>the host's own text</p>"
        f"<article>{blocks[0]}</article><article>{blocks[1]}</article>"
        "<button id='host-button'>host</button></body></html>", encoding="utf-8")
    browser.get(host.as_uri())
    first, second = browser.find_elements(By.TAG_NAME, "pfn-replay")
    one, two = first.shadow_root, second.shadow_root
    assert one.find_element(By.CSS_SELECTOR, "#title").text.startswith("Board 1")
    assert two.find_element(By.CSS_SELECTOR, "#title").text.startswith("Board 2")
    for _ in range(3):
        one.find_element(By.CSS_SELECTOR, "#next").click()
    two.find_element(By.CSS_SELECTOR, "#next").click()
    assert one.find_element(By.CSS_SELECTOR, "#where").text.startswith("trick 1, card 3")
    assert two.find_element(By.CSS_SELECTOR, "#where").text.startswith("trick 1, card 1")
    # the host's .card rule does not reach the replays' cards, nor theirs the host
    assert one.find_element(By.CSS_SELECTOR, "#trick .card").is_displayed()
    host_where = browser.find_element(By.ID, "where")
    assert host_where.text == "the host's own text"
    assert host_where.value_of_css_property("color") in ("rgba(0, 128, 0, 1)", "rgb(0, 128, 0)")
    assert browser.find_element(By.ID, "host-button").value_of_css_property(
        "font-size") == "40px"
    assert "#board" not in browser.current_url  # an embedded replay leaves the address be
    # the record's text, to copy
    pfn_text = one.find_element(By.CSS_SELECTOR, "#pfn-text").get_attribute("textContent")
    assert pfn_text.startswith("{ The three normative records") and '[Board "1"]' in pfn_text
    browser.execute_script("window.scrollTo(0, 0)")
    _baseline(browser, f"html-embed-{view}")


def test_the_auction_as_a_table(browser: Any) -> None:
    """The brief's auction, 6S 6C pass 6D pass from Ana: a column a seat, a row a round."""
    from selenium.webdriver.common.by import By

    browser.get(page_of(EXAMPLES / "brief.pfn", "--board", "1"))
    rows = [[cell.text for cell in row.find_elements(By.CSS_SELECTOR, "th, td")]
            for row in browser.find_elements(By.CSS_SELECTOR, "#auction tr")]
    assert rows == [["Ana (A)", "Boris (B)", "Ceca (C)"], ["6♠", "6♣", "pass"],
                    ["6♦", "pass", ""]]


def _shown(card: Any) -> str:
    """A card as the page prints it: ♠10, ♦K."""
    text = str(card)
    return {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}[text[0]] + text[1:].replace("T", "10")


def _page_text(browser: Any) -> str:
    """All the text of the page's elements, shown or not, with their labels (what a
    screen reader or a search finds; not the script's data)."""
    return str(browser.execute_script(
        "const copy = document.body.cloneNode(true);"
        "copy.querySelectorAll('script').forEach((s) => s.remove());"
        "const labels = [...copy.querySelectorAll('[aria-label],[title]')].map("
        "  (e) => (e.getAttribute('aria-label') || '') + ' ' + (e.getAttribute('title') || ''));"
        "return copy.textContent + ' ' + labels.join(' ');"))


def test_quiz_mode_asks_before_each_card(browser: Any) -> None:
    """--quiz: stepping on asks which card Ana would lead, and the answer shows its
    value, the card played and the best, worked out by pfn; nothing on the page tells
    the answer before it is given (no values, no graph, no record's text, no trick
    list ahead of the play), and a deep link skips no question."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    from pfn.analysis.solve import position_at, solve

    record = next(r for r in load(EXAMPLES / "analysis.pfn") if r.tag("Board") == "1")
    expected = solve(position_at(replay(record), 1))
    url = page_of(EXAMPLES / "analysis.pfn", "--board", "1", "--quiz")
    browser.get(url + "#board=1&trick=8&card=2")
    assert browser.find_element(By.ID, "where").text == "before the lead"  # no skipping
    assert not browser.find_elements(By.CSS_SELECTOR, "#tricks li")
    press(browser, Keys.ARROW_RIGHT)
    quiz = browser.find_element(By.ID, "quiz")
    assert quiz.is_displayed() and "What would Ana play?" in quiz.text
    assert browser.find_element(By.ID, "where").text == "before the lead"  # nothing shown
    assert not browser.find_element(By.ID, "dd").is_displayed()
    assert not browser.find_element(By.ID, "pfn-box").is_displayed()
    text = _page_text(browser)
    assert "[Play" not in text and "best play after each card" not in text
    assert "seven of trumps" not in text  # the deal's comment tells the lead
    choices = {b.text for b in quiz.find_elements(By.CSS_SELECTOR, ".quiz-card")}
    assert choices == {c.symbol for c in expected.cards}
    quiz.find_element(By.XPATH, ".//button[text()='♠A']").click()
    answer = browser.find_element(By.CSS_SELECTOR, "#quiz .quiz-answer").text
    assert answer.startswith(f"You: ♠A ({expected.cards[pfn.Card.SA]}). Played: ♠7 "
                             f"({expected.cards[pfn.Card.S7]}).")
    browser.find_element(By.CSS_SELECTOR, "#quiz .quiz-next").click()
    assert browser.find_element(By.ID, "where").text.startswith("trick 1, card 1")
    assert [li.text for li in browser.find_elements(By.CSS_SELECTOR, "#tricks li")] == \
        ["Ana ♠7"]


def test_a_quiz_with_hidden_hands_asks_the_seen_hand(browser: Any) -> None:
    """--quiz --hide B,C (a declarer's problem): Ana is asked before each of her cards,
    the hidden hands play without a question, and no card of theirs is on the page
    before it is played."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    record = next(r for r in load(EXAMPLES / "analysis.pfn") if r.tag("Board") == "1")
    result = replay(record)
    theirs = {_shown(CARDS[c]) for i in (1, 2) for c in range(32) if result.hands[i] >> c & 1}
    browser.get(page_of(EXAMPLES / "analysis.pfn", "--board", "1", "--quiz",
                        "--hide", "B,C"))
    assert browser.find_element(By.ID, "hand-B").text == "not shown"
    text = _page_text(browser)
    assert not [card for card in theirs if card in text]
    press(browser, Keys.ARROW_RIGHT)
    quiz = browser.find_element(By.ID, "quiz")
    assert quiz.is_displayed() and "What would Ana play?" in quiz.text
    quiz.find_element(By.CSS_SELECTOR, ".quiz-card").click()
    browser.find_element(By.CSS_SELECTOR, "#quiz .quiz-next").click()
    press(browser, Keys.ARROW_RIGHT)  # Boris's card: no question
    assert not browser.find_element(By.ID, "quiz").is_displayed()
    assert browser.find_element(By.ID, "where").text.startswith("trick 1, card 2")
    first = result.tricks[0]
    shown = _page_text(browser)
    assert _shown(first.cards[1]) in shown and _shown(first.cards[2]) not in shown


def test_hidden_hands_stay_hidden_until_played(browser: Any) -> None:
    """--hide B,C: the trick list, the record's text, the deal comment and what a screen
    reader finds hold no card of Boris's or Ceca's before it is played; a deep link to
    trick 3 lists tricks 1 and 2, no more."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    record = next(r for r in load(EXAMPLES / "analysis.pfn") if r.tag("Board") == "1")
    result = replay(record)
    url = page_of(EXAMPLES / "analysis.pfn", "--board", "1", "--hide", "B,C")
    browser.get(url)
    theirs = [(t, _shown(c)) for t in result.tricks
              for s, c in zip(t.seats, t.cards, strict=True) if s in (Seat.B, Seat.C)]
    text = _page_text(browser)
    assert not [card for _, card in theirs if card in text]
    assert not browser.find_elements(By.CSS_SELECTOR, "#tricks li")
    assert not browser.find_element(By.ID, "pfn-box").is_displayed()
    browser.get(url + "#board=1&trick=3&card=0")
    browser.refresh()
    items = browser.find_elements(By.CSS_SELECTOR, "#tricks li")
    assert [li.get_attribute("value") for li in items] == ["1", "2"]
    text = _page_text(browser)
    assert {card for t, card in theirs if t.number > 2 and card in text} == set()
    assert {card for t, card in theirs if t.number <= 2} <= set(text.replace(",", " ").split())
    press(browser, Keys.END)
    assert len(browser.find_elements(By.CSS_SELECTOR, "#tricks li")) == 10
    assert "seven of trumps" in browser.find_element(By.ID, "comment").text  # at the end


def test_the_sheet_follows_the_board_and_reads_on_a_phone(browser: Any) -> None:
    """One sheet a match, drawn once: the whole match's, or with --board the sheet as it
    stood after that board; on a phone's screen as on a desktop's the page does not
    overflow, the sheet keeps a readable size (scrolling in its own box) and names do
    not break."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    browser.get(page_of(EXAMPLES / "sochi-match.pfn", "--board", "3"))
    third = browser.find_element(By.CSS_SELECTOR, "#sheet .sheet-at").get_attribute("innerHTML")
    browser.get(page_of(EXAMPLES / "sochi-match.pfn"))
    sheets = browser.find_elements(By.CSS_SELECTOR, "#sheet .sheet-at")
    assert len(sheets) == 1  # not one a deal
    Select(browser.find_element(By.ID, "board")).select_by_index(2)
    browser.execute_script("document.activeElement.blur()")  # the keys to the table
    browser.find_element(By.ID, "show-sheet").click()
    assert sheets[0].is_displayed()
    assert sheets[0].get_attribute("innerHTML") != third  # after board 3, not the final one
    assert browser.execute_script(
        "return document.documentElement.scrollWidth <= window.innerWidth + 1")
    svg = browser.find_element(By.CSS_SELECTOR, ".sheet-at svg")
    assert svg.size["width"] >= 300  # the sheet scrolls rather than shrink to 5 px text
    browser.find_element(By.ID, "show-sheet").click()
    for name in browser.find_elements(By.CSS_SELECTOR, "#table .name"):
        assert name.size["height"] < 30  # one line: a name never breaks mid-word


def test_a_file_of_results_alone_is_its_score_sheet(browser: Any) -> None:
    """examples/first-game.pfn has results and no deal: the page is the match's sheet
    (the script ran to its end and showed it)."""
    from selenium.webdriver.common.by import By

    browser.get(page_of(EXAMPLES / "first-game.pfn"))
    sheet = browser.find_element(By.CSS_SELECTOR, "#sheet .sheet-at")
    assert sheet.is_displayed()
    assert not browser.find_element(By.ID, "table-view").is_displayed()
    for name in ("Ana", "Boris", "Ceca"):
        assert name in sheet.text


def test_a_block_of_results_alone_says_it_has_no_deal(tmp_path: Path) -> None:
    """A block for a host page would have nothing to step through, and says so; the
    page is written (its sheet), while a picture has no deal to draw."""
    def render(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "pfn.cli", "render",
                               str(EXAMPLES / "first-game.pfn"), *args],
                              capture_output=True, text=True)

    done = render("-f", "html", "--fragment", "-o", str(tmp_path / "block.html"))
    assert done.returncode == 2
    assert "first-game.pfn: no deal for a block to show" in done.stderr
    assert "Traceback" not in done.stderr and not (tmp_path / "block.html").exists()
    done = render("-o", str(tmp_path / "page.html"))
    assert done.returncode == 0 and "(the score sheet)" in done.stderr, done.stderr
    # one board of the pool: its result, not called a deal
    done = render("-b", "2", "-o", str(tmp_path / "board.html"))
    assert done.returncode == 0, done.stderr
    assert f"{tmp_path / 'board.html'} (1 board: a result only)" in done.stderr, done.stderr
    assert "deal" not in done.stderr
    done = render("-b", "2", "--lang", "ru", "-o", str(tmp_path / "board.html"))
    assert "(1 сдача: только результат)" in done.stderr, done.stderr
    done = render("-o", str(tmp_path / "table.svg"))
    assert done.returncode == 2 and "first-game.pfn: no deal to draw" in done.stderr


def test_variations_notes_whose_turn_and_the_bottom_seat(browser: Any) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    browser.get(page_of(EXAMPLES / "annotated.pfn"))
    # before the lead Ana is to play; after her card, Boris
    assert browser.find_element(By.CSS_SELECTOR, "#seat-A .to-play")
    press(browser, Keys.ARROW_RIGHT, 4)  # trick 2, its first card: SK
    assert browser.find_element(By.CSS_SELECTOR, "#seat-B .to-play")
    press(browser, Keys.ARROW_RIGHT, 2)  # C7: Ceca shows out, and the variation D9
    note = browser.find_element(By.ID, "note").text
    assert "Ceca shows out" in note and "(or ♦9: Ceca may as well throw a diamond)" in note
    # the table turned: Boris at the bottom, the order kept
    Select(browser.find_element(By.ID, "bottom-seat")).select_by_value("B")
    browser.execute_script("document.activeElement.blur()")  # the keys to the table
    assert browser.find_element(By.ID, "seat-B").get_attribute("data-place") == "bottom"
    assert browser.find_element(By.ID, "seat-A").get_attribute("data-place") != "bottom"


def test_chances_from_each_players_seat(browser: Any) -> None:
    """--chances: before each card, its player's chances over what he could not see —
    the numbers pfn odds gives from that seat at that point."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    record = next(r for r in load(EXAMPLES / "brief.pfn") if r.tag("Board") == "1")
    browser.get(page_of(EXAMPLES / "brief.pfn", "--board", "1", "--chances"))
    press(browser, Keys.ARROW_RIGHT)  # Ana's ace led: Boris to play, from his seat
    line = browser.find_element(By.ID, "chances-line").text
    assert line.startswith("Seen from Boris's seat")
    found = pfn.odds(record, pfn.Seat.B, 1, 1, limit=2_000, sample=200, seed=1)
    for card, o in found.cards.items():
        expected = round(found.taken + o.expected, 2)
        assert f"{card.symbol} {expected:g}" in line


def test_the_auction_talon_discard_contract_and_defence_as_steps(browser: Any) -> None:
    """Before the lead, stepping back walks the brief's deal from the end of the defence
    to the first call: each step named, the table's calls appearing one by one."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    browser.get(page_of(EXAMPLES / "brief.pfn", "--board", "1"))
    assert browser.find_element(By.ID, "where").text == "before the lead"
    expected = ["defence: Ceca whist", "defence: Boris whist", "Ana plays 7♠",
                "Ana discards two cards, face down", "Ana takes the talon: ♦8 ♥8",
                "auction: Boris pass", "auction: Ana 6♦", "auction: Ceca pass",
                "auction: Boris 6♣", "auction: Ana 6♠"]
    seen = []
    for _ in expected:
        press(browser, Keys.ARROW_LEFT)
        seen.append(browser.find_element(By.ID, "where").text)
    assert seen == expected
    shown = [c.text for c in browser.find_elements(By.CSS_SELECTOR, "#auction td")
             if c.is_displayed() and c.text]
    assert shown == ["6♠"]  # at the first call, only it is in the table
    press(browser, Keys.ARROW_LEFT)  # the first step of all: no further back
    assert browser.find_element(By.ID, "where").text == "auction: Ana 6♠"
    press(browser, Keys.ARROW_RIGHT, 10)
    assert browser.find_element(By.ID, "where").text == "before the lead"


def test_swipe_steps_and_the_end_reads_clear_on_a_phone(browser: Any) -> None:
    """A finger swiped to the left over the table steps on, to the right back (on a
    touch screen of either size); at the end the result sits clear of the trick; nothing
    overflows."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    browser.get(page_of(EXAMPLES / "brief.pfn", "--board", "1"))

    def swipe(dx: int) -> None:
        x, y = browser.execute_script(
            "const t = document.getElementById('centre'); t.scrollIntoView({block: 'center'});"
            "const r = t.getBoundingClientRect(); return [r.left + r.width / 2,"
            " r.top + r.height / 2];")
        for kind, at in (("touchStart", x - dx / 2), ("touchMove", x), ("touchMove", x + dx / 2)):
            browser.execute_cdp_cmd("Input.dispatchTouchEvent", {
                "type": kind, "touchPoints": [{"x": at, "y": y}]})
        browser.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd",
                                                             "touchPoints": []})

    swipe(-120)
    swipe(-120)
    assert browser.find_element(By.ID, "where").text.startswith("trick 1, card 2")
    swipe(120)
    assert browser.find_element(By.ID, "where").text.startswith("trick 1, card 1")
    press(browser, Keys.END)
    trick = browser.find_element(By.ID, "trick").rect
    result = browser.find_element(By.ID, "result").rect
    assert result["y"] >= trick["y"] + trick["height"] - 1  # below it, not on it
    assert browser.execute_script(
        "return document.documentElement.scrollWidth <= window.innerWidth + 1")


def test_copy_pfn_gives_the_records_text(browser: Any) -> None:
    from selenium.webdriver.common.by import By

    record = next(r for r in load(EXAMPLES / "brief.pfn") if r.tag("Board") == "2")
    browser.get(page_of(EXAMPLES / "brief.pfn", "--board", "2"))
    browser.find_element(By.CSS_SELECTOR, "details:last-of-type summary").click()
    browser.find_element(By.ID, "copy").click()
    chosen = browser.execute_script("return window.getSelection().toString()")
    assert chosen.strip() == str(record).strip()


def test_the_page_in_serbian_and_in_russian(browser: Any) -> None:
    """--lang sr: the page's language, its labels and buttons, the counts in agreement
    with their number, the result in Serbian; --lang ru: the court cards as Russian
    players write them (Т К Д В) in the hands and on the table."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    record = next(r for r in load(EXAMPLES / "brief.pfn") if r.play is not None)
    result = replay(record)
    browser.get(page_of(EXAMPLES / "brief.pfn", "--board", "1", "--lang", "sr"))
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "sr"
    assert browser.find_element(By.ID, "where").text == "pre prvog izlaza"
    assert browser.find_element(By.ID, "first").get_attribute("title") == "početak (Home)"
    assert browser.find_element(By.ID, "taken-A").text == "0 štihova"
    forms = {1: "štih", 2: "štiha", 3: "štiha", 4: "štiha"}
    press(browser, Keys.END)
    taken = {s: 0 for s in "ABC"}
    for trick in result.tricks:
        taken[str(trick.winner)] += 1
    for seat, n in taken.items():  # A 8, B 1, C 1
        assert browser.find_element(By.ID, f"taken-{seat}").text == \
            f"{n} {forms.get(n, 'štihova')}"
    assert browser.find_element(By.ID, "result").text == "7♠: prošla, 1 štih više"
    assert "Boris i Ceca prate" in browser.find_element(By.ID, "line").text
    summaries = [e.text for e in browser.find_elements(By.TAG_NAME, "summary")]
    assert "Licitacija" in summaries and "Štihovi" in summaries
    # the auction's calls in Serbian: 6S 6C pass 6D pass
    cells = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "#auction td")]
    assert [c for c in cells if c] == ["pik", "tref", "dalje", "karo", "dalje"]

    browser.get(page_of(EXAMPLES / "brief.pfn", "--board", "1", "--lang", "ru"))
    spades = browser.find_element(By.CSS_SELECTOR, "#hand-A span[data-suit=S]").text
    assert spades.split() == ["♠", "Т", "К", "Д", "В", "7"]  # AKQJ7
    press(browser, Keys.ARROW_RIGHT)
    card = browser.find_element(By.CSS_SELECTOR, "#trick .played .card")
    assert card.text == "♠Т" and card.get_attribute("aria-label") == "туз пик"
    assert browser.find_element(By.ID, "where").text == "взятка 1, карта 1 из 30"


def test_a_name_that_looks_like_a_placeholder_is_shown_as_written(browser: Any,
                                                                   tmp_path: Path) -> None:
    """The page fills its texts in one pass: a player called "{text}" is not replaced by
    the call he makes, nor "{n}" by a count."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    text = (EXAMPLES / "brief.pfn").read_text(encoding="utf-8").split("\n\n")
    first = next(t for t in text if '[Board "1"]' in t)
    source = tmp_path / "names.pfn"
    source.write_text(first.replace('[Players "Ana; Boris; Ceca"]',
                                    '[Players "{text}; {n}; Ceca"]') + "\n", encoding="utf-8")
    browser.get(page_of(source))
    record = load(source)[0]
    steps = len(record.auction.calls) + 2 + 1 + len(record.defence.calls)  # talon, discard
    press(browser, Keys.ARROW_LEFT, steps)
    assert browser.find_element(By.ID, "where").text == "auction: {text} 6♠"
    assert browser.find_element(By.ID, "taken-B").text == "0 tricks"


@pytest.fixture(scope="module")
def hundred(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A pool of 100 generated deals."""
    source = tmp_path_factory.mktemp("hundred") / "pool.pfn"
    subprocess.run([sys.executable, "-m", "pfn.cli", "generate", "100", "--seed", "3",
                    "--match", "100", "--target", "60", "-o", str(source)], check=True)
    return source


@pytest.mark.slow
def test_a_hundred_deal_pool_is_a_small_page(browser: Any, hundred: Path) -> None:
    """A pool of 100 deals: every deal in the menu, the page under 1 MB and under 10,000
    DOM nodes (one score sheet for the pool, not one a deal)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    url = page_of(hundred)
    assert written(hundred).stat().st_size <= 1_000_000
    browser.get(url)
    assert len(Select(browser.find_element(By.ID, "board")).options) == 100
    assert len(browser.find_elements(By.CSS_SELECTOR, "#sheet .sheet-at")) == 1
    nodes = browser.execute_script(
        "return document.evaluate('count(//node())', document, null, 1, null).numberValue")
    assert nodes <= 10_000


def test_several_matches_in_one_file(browser: Any, tmp_path: Path) -> None:
    """Two pools in one file, both with boards 1 to 9: a sheet each, the menu grouped by
    match, and a link made on the second pool's board 1 opens that board, with its
    pool's sheet."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    source = tmp_path / "two.pfn"
    source.write_text((EXAMPLES / "sochi-match.pfn").read_text("utf-8") + "\n" +
                      (EXAMPLES / "classic-match.pfn").read_text("utf-8"), encoding="utf-8")
    records = [r for r in load(source) if r.deal is not None or r.play is not None]
    matches = list(dict.fromkeys(r.match for r in records))
    assert len(matches) == 2
    url = page_of(source)
    browser.get(url)
    assert len(browser.find_elements(By.CSS_SELECTOR, "#sheet .sheet-at")) == 2
    groups = browser.find_elements(By.CSS_SELECTOR, "#board optgroup")
    assert [g.get_attribute("label") for g in groups] == matches
    assert [len(g.find_elements(By.TAG_NAME, "option")) for g in groups] == \
        [sum(r.match == m for r in records) for m in matches]
    second = next(i for i, r in enumerate(records) if r.match == matches[1])
    Select(browser.find_element(By.ID, "board")).select_by_index(second)
    browser.find_element(By.ID, "next").click()
    address = browser.execute_script("return location.hash")
    assert "board=1" in address and "match=" in address
    browser.get("about:blank")
    browser.get(url + address)
    assert Select(browser.find_element(By.ID, "board")).first_selected_option \
        .get_attribute("value") == str(second)
    browser.find_element(By.ID, "show-sheet").click()
    shown = [s.get_attribute("data-sheet")
             for s in browser.find_elements(By.CSS_SELECTOR, "#sheet .sheet-at")
             if s.is_displayed()]
    assert shown == ["1"]


def _contrast(fore: str, back: str) -> float:
    """WCAG 2 contrast ratio of two CSS rgb()/rgba() colours (opaque)."""
    def luminance(colour: str) -> float:
        parts = [float(x) for x in colour[colour.index("(") + 1:colour.index(")")].split(",")[:3]]
        linear = [c / 255 / 12.92 if c / 255 <= 0.03928 else ((c / 255 + 0.055) / 1.055) ** 2.4
                  for c in parts]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    high, low = sorted((luminance(fore), luminance(back)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def _legible(browser: Any, element: Any) -> float:
    """The contrast of ``element``'s text on the ground it is drawn on (its own
    background, or its nearest ancestor's that is not transparent, or the light scheme's
    white canvas)."""
    fore, back = browser.execute_script(
        "let e = arguments[0]; const fore = getComputedStyle(e).color;"
        "for (; e; e = e.parentElement) { const b = getComputedStyle(e).backgroundColor;"
        "  if (b !== 'rgba(0, 0, 0, 0)' && b !== 'transparent') return [fore, b]; }"
        "return [fore, 'rgb(255, 255, 255)'];", element)
    return _contrast(fore, back)


def test_keys_and_focus_as_the_best_viewers_have_them(browser: Any) -> None:
    """Alt+← is left to the browser, a focused menu takes its arrows, a focused hand
    button its space (and keeps the focus); the trick list is operable by keyboard; the
    steps past an end are marked aria-disabled; the page has one h1; in either colour
    scheme the current trick and the player to move read at 4.5:1 or more."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    browser.get(page_of(EXAMPLES / "sochi-match.pfn"))
    where = browser.find_element(By.ID, "where")
    assert where.text == "before the lead"
    assert browser.find_element(By.ID, "first").get_attribute("aria-disabled") == "true"
    assert len(browser.find_elements(By.TAG_NAME, "h1")) == 1
    ActionChains(browser).key_down(Keys.ALT).send_keys(Keys.ARROW_RIGHT) \
        .key_up(Keys.ALT).perform()
    assert where.text == "before the lead"
    # a focused board menu: ↓ chooses the next board and steps nothing
    menu = browser.find_element(By.ID, "board")
    browser.execute_script("arguments[0].focus()", menu)
    press(browser, Keys.ARROW_DOWN)
    assert Select(menu).first_selected_option.get_attribute("value") == "1"
    assert where.text == "before the lead"
    # a hand's button: space hides the hand, autoplay does not start, the focus stays
    toggle = browser.find_element(By.CSS_SELECTOR, "#seat-B .toggle")
    assert "Boris" in toggle.get_attribute("aria-label")
    browser.execute_script("arguments[0].focus()", toggle)
    press(browser, " ")
    assert browser.find_element(By.ID, "hand-B").text == "hidden"
    assert browser.find_element(By.ID, "play").text == "play"
    assert browser.execute_script("return document.activeElement.dataset.seat") == "B"
    press(browser, Keys.ENTER)
    assert browser.find_element(By.ID, "hand-B").text != "hidden"
    # the trick list: a button each, reached by Tab, Enter jumps
    item = browser.find_elements(By.CSS_SELECTOR, "#tricks li")[2]
    jump = item.find_element(By.TAG_NAME, "button")
    browser.execute_script("arguments[0].focus()", jump)
    press(browser, Keys.ENTER)
    assert where.text.startswith("trick 3, card 9")
    press(browser, Keys.END)
    assert browser.find_element(By.ID, "next").get_attribute("aria-disabled") == "true"
    assert browser.find_element(By.ID, "first").get_attribute("aria-disabled") == "false"
    current = browser.find_element(By.CSS_SELECTOR, "#tricks li.current button")
    assert _legible(browser, current) >= 4.5
    press(browser, Keys.HOME)
    assert _legible(browser, browser.find_element(By.CSS_SELECTOR, ".to-play")) >= 4.5


def test_long_names_do_not_widen_a_phone_page(browser: Any, tmp_path: Path) -> None:
    """Names of 40 characters and more stay within a 375 px page (and a 1280 px one);
    one of 10,000 too."""
    text = (EXAMPLES / "brief.pfn").read_text(encoding="utf-8").split("\n\n")
    first = next(t for t in text if '[Board "1"]' in t)
    source = tmp_path / "long.pfn"
    source.write_text(first.replace(
        '[Players "Ana; Boris; Ceca"]',
        '[Players "Anastasija Aleksandrovna Konstantinopoljska; Boris Vladimirovich'
        ' Rimsky-Korsakov-Petrov; Ceca"]') + "\n", encoding="utf-8")
    browser.get(page_of(source))
    fits = "return document.documentElement.scrollWidth <= window.innerWidth + 1"
    assert browser.execute_script(fits)
    # a name of 10,000 letters neither
    (tmp_path / "huge").mkdir()
    huge = tmp_path / "huge" / "huge.pfn"
    huge.write_text(first.replace('[Players "Ana; Boris; Ceca"]',
                                  '[Players "Ana; Boris; Ceca' + "Z" * 10_000 + '"]') +
                    "\n", encoding="utf-8")
    browser.get(page_of(huge))
    assert browser.execute_script(fits)


def test_every_annotation_of_the_auction_and_the_tags_is_shown(browser: Any) -> None:
    """examples/annotated.pfn: the !? on a call, the auction's variation, the note a
    call refers to, the comment after [Discard], the ! on a defence call and the
    comment after [Deal] all reach the page, each at its step."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    browser.get(page_of(EXAMPLES / "annotated.pfn"))
    where, note = browser.find_element(By.ID, "where"), browser.find_element(By.ID, "note")
    assert "Ana holds five spades" in browser.find_element(By.ID, "comment").text
    press(browser, Keys.ARROW_LEFT, 10)  # 5 calls, talon, discard, contract, 2 defence calls
    assert where.text == "auction: Ana 6♠"
    press(browser, Keys.ARROW_RIGHT)
    assert where.text == "auction: Boris 6♣"
    assert note.text.startswith("!?") and "(or pass pass: Boris stops" in note.text
    press(browser, Keys.ARROW_RIGHT, 3)
    assert "[1] Ana's 6D is a transfer bid" in note.text
    press(browser, Keys.ARROW_RIGHT, 2)
    assert "discards" in where.text and note.text == "both diamonds go"
    press(browser, Keys.ARROW_RIGHT, 2)
    assert where.text == "defence: Boris whist" and note.text == "!"


AXE = Path(__file__).parent.parent / "web" / "node_modules" / "axe-core" / "axe.min.js"


def _axe(browser: Any) -> list[str]:
    """axe-core's serious and critical violations on the page as it stands (its rules as
    shipped), each as ``rule: the nodes' selectors``."""
    if not AXE.exists():
        if os.environ.get("PFN_BROWSER_REQUIRED"):
            pytest.fail(f"axe-core is required here: {AXE} (make test-slow installs it)")
        pytest.skip("no axe-core: cd web && npm ci")
    if not browser.execute_script("return !!window.axe"):
        browser.execute_script(AXE.read_text(encoding="utf-8"))
    found = browser.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document).then((r) => done(r.violations.map((v) => ({id: v.id,"
        " impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' '))}))),"
        " (e) => done([{id: 'axe failed: ' + e, impact: 'critical', nodes: []}]));")
    return [f"{v['id']}: {', '.join(v['nodes'][:4])}" for v in found
            if v["impact"] in ("serious", "critical")]


@pytest.mark.slow
def test_axe_finds_nothing_serious(browser: Any, view: View, tmp_path: Path,
                                   hundred: Path) -> None:
    """axe-core in the page, in each view: no serious or critical violation in the state
    of each item the other tests check — a pool with --dd opened by a deep link mid-trick
    and at its end, with the reader's options on (played cards, pictures, a seat
    watched), its keys' list and its sheet, printed; a quiz asking and answered; hidden
    hands; a file of results alone; a pool of 100 deals; two matches in one file; a note
    with a NAG and a variation, and the variation stepped into; a block in a host page."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    pool = page_of(EXAMPLES / "sochi-match.pfn", "--dd")
    quiz = page_of(EXAMPLES / "analysis.pfn", "-b", "1", "--quiz")
    hide = page_of(EXAMPLES / "analysis.pfn", "-b", "1", "--hide", "B,C")
    two = tmp_path / "two.pfn"
    two.write_text((EXAMPLES / "sochi-match.pfn").read_text("utf-8") + "\n" +
                   (EXAMPLES / "classic-match.pfn").read_text("utf-8"), encoding="utf-8")
    block = block_of(EXAMPLES / "annotated.pfn")
    host = tmp_path / "host.html"
    host.write_text('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>A'
                    f" blog</title></head><body><main><h1>A blog</h1>{block}</main></body>"
                    "</html>", encoding="utf-8")
    found: dict[str, list[str]] = {}
    browser.get(pool + "#board=2&trick=3&card=1")  # mid-trick, the current trick listed
    found["pool"] = _axe(browser)
    for option in ("played", "pictures"):  # the played cards greyed, cards as cards
        browser.find_element(By.ID, option).click()
    Select(browser.find_element(By.ID, "watch")).select_by_value("B")
    found["options"] = _axe(browser)
    browser.execute_script("document.activeElement.blur()")
    press(browser, "?")
    found["keys"] = _axe(browser)
    press(browser, Keys.ESCAPE)
    press(browser, Keys.END)  # ▶ and ▶| marked aria-disabled
    found["end"] = _axe(browser)
    browser.find_element(By.ID, "show-sheet").click()
    found["sheet"] = _axe(browser)
    # the sheet follows the scheme (drawn white on paper, turned dark in dark mode)
    sheet = browser.find_element(By.CSS_SELECTOR, "#sheet svg")
    assert (sheet.value_of_css_property("filter") != "none") == (view.scheme == "dark")
    browser.find_element(By.ID, "show-sheet").click()
    view.media(browser, "print")
    try:
        found["print"] = _axe(browser)
    finally:
        view.media(browser)
    browser.get(quiz)
    press(browser, Keys.ARROW_RIGHT)
    assert browser.find_elements(By.CSS_SELECTOR, "#quiz .quiz-card")
    found["quiz"] = _axe(browser)
    browser.find_element(By.CSS_SELECTOR, "#quiz .quiz-card").click()
    assert browser.find_element(By.CSS_SELECTOR, "#quiz .quiz-answer").text
    found["answered"] = _axe(browser)
    browser.get(hide)
    press(browser, Keys.ARROW_RIGHT, 4)
    found["hide"] = _axe(browser)
    browser.get(page_of(EXAMPLES / "first-game.pfn"))
    found["results"] = _axe(browser)
    browser.get(page_of(hundred))
    found["hundred"] = _axe(browser)
    browser.get(page_of(two))
    browser.find_element(By.ID, "show-sheet").click()
    found["matches"] = _axe(browser)
    browser.get(page_of(EXAMPLES / "annotated.pfn"))
    for _ in range(30):  # to Ana's ♣A: a NAG and a line to step into
        press(browser, Keys.ARROW_RIGHT)
        if browser.find_elements(By.CSS_SELECTOR, "#note button.line"):
            break
    assert browser.find_elements(By.CSS_SELECTOR, "#note abbr, #note button.line")
    found["note"] = _axe(browser)
    browser.execute_script("arguments[0].click()",
                           browser.find_element(By.CSS_SELECTOR, "#note button.line"))
    assert browser.find_element(By.ID, "where").text.startswith("a line not played")
    found["variation"] = _axe(browser)
    browser.get(host.as_uri())
    found["block"] = _axe(browser)
    assert {k: v for k, v in found.items() if v} == {}


def _board_one(tmp_path: Path, old: str = "", new: str = "") -> Path:
    """Board 1 of examples/brief.pfn alone, with ``old`` replaced by ``new``."""
    text = (EXAMPLES / "brief.pfn").read_text(encoding="utf-8").split("\n\n")
    first = next(t for t in text if '[Board "1"]' in t)
    assert old in first
    source = tmp_path / "one.pfn"
    source.write_text(first.replace(old, new) + "\n", encoding="utf-8")
    return source


def test_a_phone_keeps_the_buttons_under_the_finger(browser: Any, view: View) -> None:
    """On a 375 px phone (and on a desktop) ▶ and ▶▶ stay where they are at every step,
    from the auction's first call to the end (the player to move and the step's words
    change, the buttons do not).  Each hand's "hide" button is a target a finger can
    hit on the phone, 44 × 44 CSS px at least (WCAG 2.5.5), whole inside its seat's
    line and apart from the others; on the desktop it stays a small word in the line."""
    from selenium.webdriver.common.keys import Keys

    record = next(r for r in load(EXAMPLES / "sochi-match.pfn") if r.play is not None)
    browser.get(page_of(EXAMPLES / "sochi-match.pfn"))
    press(browser, Keys.ARROW_LEFT, 20)
    seen = set()
    for _ in range(20 + 30):
        seen.add(tuple(browser.execute_script(
            "return ['next', 'next-trick'].map((id) => {"
            " const r = document.getElementById(id).getBoundingClientRect();"
            " return [r.x, r.y + window.scrollY]; }).flat()")))
        press(browser, Keys.ARROW_RIGHT)
    assert record.play is not None and len(seen) == 1, seen
    toggles = browser.execute_script(
        "return [...document.querySelectorAll('#table .toggle')].map((b) => {"
        " const r = b.getBoundingClientRect(), l = b.parentElement.getBoundingClientRect();"
        " return [b.dataset.seat, r.left, r.top, r.width, r.height,"
        "         l.left, l.top, l.right, l.bottom]; })")
    assert len(toggles) == record.players  # every hand is held: each has its button
    for seat, left, top, wide, high, *line in toggles:
        if view.phone:
            assert wide >= 44 and high >= 44, (seat, wide, high)
        else:
            assert high < 44, (seat, high)  # the desktop's line keeps its look
        # whole, not clipped by the line it sits in (the name gives way with "…")
        assert line[0] <= left and left + wide <= line[2] + 0.5, (seat, left, wide, line)
        assert line[1] <= top and top + high <= line[3] + 0.5, (seat, top, high, line)
    for a, b in itertools.combinations(toggles, 2):
        apart = (a[1] + a[3] <= b[1] or b[1] + b[3] <= a[1] or a[2] + a[4] <= b[2]
                 or b[2] + b[4] <= a[2])
        assert apart, (a[0], b[0])
    # beside a button that size the player's name is still whole ("Boris (B)", not "…")
    cut = browser.execute_script(
        "return [...document.querySelectorAll('#table .who .name')].filter((n) =>"
        " n.scrollWidth > n.clientWidth + 1 || n.scrollHeight > n.clientHeight + 1)"
        ".map((n) => n.textContent)")
    assert cut == [], cut


def test_what_a_record_writes_reads_as_written(browser: Any, tmp_path: Path) -> None:
    """A right-to-left override in a card's comment does not turn the text after it
    around; a NAG's glyph is named (⩲: the declarer stands slightly better, examples/
    annotated.pfn); a card given as x is shown as x (examples/partial.pfn board 2:
    A:AKQJ7.AK.x.Ax); the page's h1 names the event, the players and the date, and the
    comments are announced."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    source = _board_one(tmp_path, "C7 { Ceca shows out of spades }",
                        "C7 { \u202eevom } { a second thought }")
    browser.get(page_of(source))
    heading = browser.find_elements(By.TAG_NAME, "h1")
    assert len(heading) == 1
    for part in ("Board 1", "Friday pool", "Ana, Boris, Ceca", "2026.11.27"):
        assert part in heading[0].text
    assert browser.title.startswith("Friday pool")
    note = browser.find_element(By.ID, "note")
    assert note.get_attribute("aria-live") == "polite"
    press(browser, Keys.ARROW_RIGHT, 6)
    text = browser.execute_script("return document.getElementById('note').textContent")
    assert "a second thought" in text and "\u202e" not in text
    # the glyph named
    browser.get(page_of(EXAMPLES / "annotated.pfn"))
    named = []
    for _ in range(30):
        press(browser, Keys.ARROW_RIGHT)
        named += [(a.text, a.get_attribute("title"))
                  for a in browser.find_elements(By.CSS_SELECTOR, "#note abbr")]
    assert ("⩲", "the declarer stands slightly better") in named
    # x: a card of the suit, its rank not given
    browser.get(page_of(EXAMPLES / "partial.pfn"))
    Select(browser.find_element(By.ID, "board")).select_by_index(1)
    lines = {e.get_attribute("data-suit"): e.text.split()[1:]
             for e in browser.find_elements(By.CSS_SELECTOR, "#hand-A span[data-suit]")}
    assert lines == {"S": ["A", "K", "Q", "J", "7"], "C": ["A", "K"], "D": ["x"],
                     "H": ["A", "x"]}


def test_print_wheel_links_and_seats(browser: Any, view: View, tmp_path: Path) -> None:
    """Printed, the page gives the table and the trick list, no control; the wheel over
    the table steps, lets the page scroll on past the end, and does nothing in a block
    that says wheel="off"; a step of the auction has its link; the seat menus list this
    deal's players by name (no fourth seat at a table of three); the lead lies on its
    leader's side of the table."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    url = page_of(EXAMPLES / "brief.pfn", "--board", "1")
    browser.get(url)
    browser.find_element(By.CSS_SELECTOR, "#tricks-box summary").click()  # closed
    view.media(browser, "print")
    try:
        browser.execute_script("window.dispatchEvent(new Event('beforeprint'))")
        shown = browser.execute_script(
            "return ['table', 'tricks', 'next', 'board', 'bottom-seat', 'copy'].map((id) =>"
            " document.getElementById(id).getClientRects().length > 0)")
        assert shown == [True, True, False, False, False, False]
        assert not browser.find_elements(By.CSS_SELECTOR, "#table .toggle") or not any(
            t.is_displayed() for t in browser.find_elements(By.CSS_SELECTOR, "#table .toggle"))
    finally:
        view.media(browser)
    # the lead on the leader's side: Ana (A) sits at the bottom, her ♠A below the middle
    press(browser, Keys.ARROW_RIGHT)
    table = browser.find_element(By.ID, "trick").rect
    card = browser.find_element(By.CSS_SELECTOR, "#trick .played").rect
    assert card["y"] + card["height"] / 2 > table["y"] + table["height"] * 2 / 3
    # the wheel
    where = browser.find_element(By.ID, "where")
    wheel = ("const t = arguments[0]; const e = new WheelEvent('wheel', {deltaY: 100,"
             " bubbles: true, cancelable: true}); t.dispatchEvent(e); return e.defaultPrevented")
    assert browser.execute_script(wheel, browser.find_element(By.ID, "table")) is True
    assert where.text.startswith("trick 1, card 2")
    press(browser, Keys.END)
    assert browser.execute_script(wheel, browser.find_element(By.ID, "table")) is False
    # a step of the auction has its address, and the address opens it
    press(browser, Keys.HOME)
    press(browser, Keys.ARROW_LEFT, 3)
    said = where.text
    address = browser.execute_script("return location.hash")
    assert "before=3" in address
    browser.get("about:blank")
    browser.get(url + address)
    assert browser.find_element(By.ID, "where").text == said
    # the seats of this deal, by name
    menu = [o.text for o in Select(browser.find_element(By.ID, "bottom-seat")).options]
    assert menu[1:] == ["Ana (A) at the bottom", "Boris (B) at the bottom",
                        "Ceca (C) at the bottom"]
    # a block that opts out of the wheel
    block = block_of(EXAMPLES / "brief.pfn", "-b", "1")
    host = tmp_path / "host.html"
    host.write_text('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>t'
                    "</title></head><body>" + block.replace("<pfn-replay>",
                                                            '<pfn-replay wheel="off">') +
                    "</body></html>", encoding="utf-8")
    browser.get(host.as_uri())
    inside = browser.execute_script(
        "return document.querySelector('pfn-replay').shadowRoot.getElementById('table')")
    assert browser.execute_script(wheel, inside) is False
    assert browser.execute_script("return document.querySelector('pfn-replay').shadowRoot"
                                  ".getElementById('where').textContent") == "before the lead"


def test_bbo_options_played_cards_pictures_and_a_seat_to_watch(browser: Any) -> None:
    """BBO's options at run time: "played cards" keeps the played cards in the hands,
    greyed (at the end every card is there, played); "cards as pictures" draws each card
    as a card; watching a seat shows that hand alone, at the bottom. At all-pass the
    value graph (each player counting his own tricks) is not drawn."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    record = next(r for r in load(EXAMPLES / "brief.pfn") if r.play is not None)
    result = replay(record)
    browser.get(page_of(EXAMPLES / "brief.pfn", "--board", "1"))
    press(browser, Keys.END)
    assert hand(browser, "A") == []
    browser.find_element(By.ID, "played").click()
    start = sorted(str(CARDS[c]) for c in range(32) if result.hands[0] >> c & 1)
    assert hand(browser, "A") == start
    assert len(browser.find_elements(By.CSS_SELECTOR, "#hand-A .gone")) == len(start)
    press(browser, Keys.HOME)
    assert not browser.find_elements(By.CSS_SELECTOR, "#hand-A .gone")
    browser.find_element(By.ID, "pictures").click()
    pics = browser.find_elements(By.CSS_SELECTOR, "#hand-A .pic")
    assert len(pics) == len(start) and pics[0].text == "♠A"
    Select(browser.find_element(By.ID, "watch")).select_by_value("B")
    assert browser.find_element(By.ID, "seat-B").get_attribute("data-place") == "bottom"
    assert browser.find_element(By.ID, "hand-A").text == "hidden"
    assert browser.find_element(By.ID, "hand-C").text == "hidden"
    assert browser.find_elements(By.CSS_SELECTOR, "#hand-B .pic")
    # all-pass with --dd: the values are shown, no line joins them
    browser.get(page_of(EXAMPLES / "classic-match.pfn", "-b", "4", "--dd"))
    press(browser, Keys.ARROW_RIGHT, 2)
    assert browser.find_element(By.ID, "dd-line").text
    assert not browser.find_elements(By.CSS_SELECTOR, "#dd-graph polyline")


def test_a_variation_can_be_stepped_into(browser: Any) -> None:
    """examples/annotated.pfn writes on Ana's ♣A "(or ♥A ♥K ♥9: hearts first…)": the
    line is a button; in it → plays its cards one by one on the table (its hands lose
    them, the trick goes to Ana, who holds the ♥A over ♥K ♥9 in hearts led), ← steps
    back, and "back to the play" returns to the card the line replaces."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    browser.get(page_of(EXAMPLES / "annotated.pfn"))
    where = browser.find_element(By.ID, "where")
    for _ in range(30):
        press(browser, Keys.ARROW_RIGHT)
        lines = [b for b in browser.find_elements(By.CSS_SELECTOR, "#note button.line")
                 if "♥A ♥K ♥9" in b.text]
        if lines:
            break
    assert lines, "no line to step into"
    main = where.text
    held = {s: hand(browser, s) for s in "ABC"}
    taken_a = browser.find_element(By.ID, "taken-A").text
    browser.execute_script("arguments[0].click()", lines[0])
    assert where.text == "a line not played: card 1 of 3"
    assert [t.text for t in browser.find_elements(By.CSS_SELECTOR, "#trick .played")] == ["♥A"]
    # the ♥A played where the ♣A was: the ♣A back in Ana's hand
    assert hand(browser, "A") == sorted([c for c in held["A"] if c != "HA"] + ["CA"])
    press(browser, Keys.ARROW_RIGHT, 2)
    assert where.text == "a line not played: card 3 of 3"
    table = {e.get_attribute("data-seat"): e.text
             for e in browser.find_elements(By.CSS_SELECTOR, "#trick .played")}
    assert table == {"A": "♥A", "B": "♥K", "C": "♥9"}
    won = browser.find_element(By.CSS_SELECTOR, "#trick .card.win")
    assert won.find_element(By.XPATH, "..").get_attribute("data-seat") == "A"
    n = int(taken_a.split()[0])
    assert browser.find_element(By.ID, "taken-A").text.split()[0] == str(n + 1)
    assert hand(browser, "B") == sorted(c for c in held["B"] if c != "HK")
    press(browser, Keys.ARROW_LEFT)
    assert where.text == "a line not played: card 2 of 3"
    browser.find_element(By.XPATH, "//button[contains(., 'back to the play')]").click()
    assert where.text == main
    assert {s: hand(browser, s) for s in "ABC"} == held


ENDING = """[Variant "sochi"]
[Players "Ana; Boris; Ceca"]
[Board "1"]
[Dealer "C"]
[Deal "A:J7.AK..A87 B:.QJT.AK.KQ C:.98.JT.JT9 talon:?"]
[Start "4"]
[Declarer "A"]
[Contract "7S"]
[Play "A"]
CA CT C8
CK CJ C9
HA HQ H9
H7 HK HT
DA DT SJ
S7 CQ DJ
H8 DK HJ
"""
"""examples/brief.pfn board 1 from trick 4: the cards left after its first three tricks."""


def test_an_ending_numbers_its_tricks_as_they_are(browser: Any, tmp_path: Path) -> None:
    """An ending that starts at trick 4 lists tricks 4 to 10, says "trick 4" at its
    first card, and its link to trick 5 opens trick 5."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    source = tmp_path / "ending.pfn"
    source.write_text(ENDING, encoding="utf-8")
    url = page_of(source)
    browser.get(url)
    press(browser, Keys.ARROW_RIGHT)
    assert browser.find_element(By.ID, "where").text.startswith("trick 4, card 1")
    items = browser.find_elements(By.CSS_SELECTOR, "#tricks li")
    assert [li.get_attribute("value") for li in items] == [str(n) for n in range(4, 11)]
    browser.get("about:blank")
    browser.get(url + "#board=1&trick=5")
    assert browser.find_element(By.ID, "where").text.startswith("trick 5, card 6")


def test_a_second_block_may_leave_out_its_script(browser: Any, tmp_path: Path) -> None:
    """Two blocks on one host page need the element's script once: with the second
    block's <script> left out (its ~40 KB), both draw and step on their own."""
    from selenium.webdriver.common.by import By

    blocks = [block_of(EXAMPLES / "brief.pfn", "-b", board) for board in ("1", "2")]
    second = blocks[1][:blocks[1].index("<script>")]
    assert "pfn-replay" in second and len(second) < len(blocks[1]) / 2
    host = tmp_path / "host.html"
    host.write_text('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>t'
                    f"</title></head><body>{blocks[0]}<p>between</p>{second}</body></html>",
                    encoding="utf-8")
    browser.get(host.as_uri())
    one, two = browser.find_elements(By.TAG_NAME, "pfn-replay")
    titles = [browser.execute_script("return arguments[0].shadowRoot.getElementById('title')"
                                     ".textContent", e) for e in (one, two)]
    assert titles[0].startswith("Board 1") and titles[1].startswith("Board 2")
    browser.execute_script("arguments[0].shadowRoot.getElementById('next').click()", two)
    where = [browser.execute_script("return arguments[0].shadowRoot.getElementById('where')"
                                    ".textContent", e) for e in (one, two)]
    assert where[0] == "before the lead" and where[1].startswith("trick 1, card 1")
