"""The HTML replay page's cost: bytes, time to write, DOM nodes, time to interactive.

    python benchmarks/page.py             # 1, 100 and 1,000 deals (part of make bench)
    python benchmarks/page.py --sizes 100

Each file is ``pfn generate N --seed 3`` grouped as one pool (``--match N --target
60``; 1,000 deals: pools of 50), written by ``pfn render FILE -f html`` in a fresh
process: its wall time and its CPU time (user + system; on a shared machine the wall
time waits for the cores).  With Chromium and ChromeDriver (``tests/test_browser.py``'s
setup) the page is opened from ``file://``: DOM nodes after load, and the time from
navigation to DOMContentLoaded (the page's script runs at the end of the body, so the
page steps from then on), median of 3 loads.  The targets (issue 44): a 100-deal pool
page at most 1 MB, written in 10 s, with at most 10,000 DOM nodes.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "corpus"
PFN = [sys.executable, "-m", "pfn.cli"]


def pool(deals: int) -> Path:
    """``deals`` generated deals in pools (kept in benchmarks/corpus/)."""
    CORPUS.mkdir(exist_ok=True)
    path = CORPUS / f"page-{deals}.pfn"
    if not path.exists():
        size = deals if deals <= 100 else 50
        subprocess.run([*PFN, "generate", str(deals), "--seed", "3", "--match", str(size),
                        "--target", "60", "-o", str(path)], check=True)
    return path


def write(source: Path) -> tuple[Path, float, float]:
    """The page of ``source``: its path, the wall time and the CPU time to write it."""
    out = source.with_suffix(".html")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    begin = time.perf_counter()
    subprocess.run([*PFN, "render", str(source), "-f", "html", "-o", str(out)], check=True,
                   capture_output=True)
    wall = time.perf_counter() - begin
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return out, wall, cpu


def browser() -> Any | None:
    """A headless Chromium, or ``None`` without one."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        return None
    if chromium is None or driver is None:
        return None
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--window-size=1280,800"):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(driver), options=options)


def loaded(driver: Any, page: Path) -> tuple[int, float]:
    """DOM nodes after load and the median milliseconds to DOMContentLoaded."""
    times = []
    nodes = 0
    for _ in range(3):
        driver.get(page.as_uri())
        times.append(float(driver.execute_script(
            "const t = performance.getEntriesByType('navigation')[0];"
            "return t.domContentLoadedEventEnd - t.startTime;")))
        nodes = int(driver.execute_script(  # elements, texts and comments
            "return document.evaluate('count(//node())', document, null, 1, null)"
            ".numberValue;"))
    return nodes, statistics.median(times)


def main(sizes: tuple[int, ...] = (1, 100, 1_000)) -> None:
    driver = browser()
    try:
        for deals in sizes:
            page, wall, cpu = write(pool(deals))
            line = (f"page_{deals}_deals: {os.path.getsize(page):,} bytes, written in"
                    f" {wall:.1f} s wall ({cpu:.1f} s CPU)")
            if driver is not None:
                nodes, ready = loaded(driver, page)
                line += f", {nodes:,} DOM nodes, interactive in {ready:.0f} ms"
            print(line, flush=True)
    finally:
        if driver is not None:
            driver.quit()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1, 100, 1_000])
    main(tuple(parser.parse_args().sizes))
