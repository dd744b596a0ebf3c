"""The browser site's cost (docs/web.md): its size, the first visit to interactive, a
later visit, checking a 100-deal file in the page, and one position solved in the page
by the pure-Python search in WebAssembly beside the same search (and the compiled core)
on this machine's CPython.

    python benchmarks/website.py          # part of make bench (needs make web's Pyodide)

The site is built by ``pfn web build`` into ``build/web-bench`` and served from this
machine (``pfn.web.serve``); headless Chromium opens it with a fresh profile.
Interactive is the moment the page's buttons are enabled (the mark ``pfn-interactive``,
from the start of the navigation). A later visit is a new navigation once the service
worker keeps every file (median of 3). The 100-deal file is ``pfn generate 100 --seed
3`` as one pool (benchmarks/page.py's), checked by ``window.pfn.check`` (median of 3).
The position is that file's first deal before the lead (the whole deal to search).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
PYODIDE = ROOT / "web" / "node_modules" / "pyodide"
SITE = ROOT / "build" / "web-bench"


def interactive(browser: Any, url: str) -> float:
    """Milliseconds from navigation to the page's buttons enabled."""
    browser.get(url)
    return float(browser.execute_async_script(
        "const cb = arguments[arguments.length - 1];"
        "window.pfn.ready.then(() => { const wait = () => {"
        " const m = performance.getEntriesByName('pfn-interactive');"
        " if (m.length) cb(m[0].startTime); else setTimeout(wait, 5); }; wait(); });"))


def marks(browser: Any) -> str:
    """The page's own marks: the runtime loaded, the packages unpacked (ms from the
    navigation)."""
    found = browser.execute_script(
        "return ['pfn-runtime', 'pfn-packages'].map((n) => Math.round("
        "(performance.getEntriesByName(n)[0] || {startTime: NaN}).startTime));")
    return f"runtime loaded at {found[0]:,} ms, packages at {found[1]:,} ms"


def timed(browser: Any, script: str, *args: object) -> float:
    """Milliseconds the page takes for ``script`` (a promise)."""
    return float(browser.execute_async_script(
        "const cb = arguments[arguments.length - 1]; const t = performance.now();"
        f"Promise.resolve({script}).then(() => cb(performance.now() - t));", *args))


def here(position: Path, engine: str) -> float:
    """Seconds this machine's CPython takes for the same position (a fresh process; the
    second solve timed, as in the page)."""
    probe = ("import sys, time\nfrom pfn.web import api\ntext = open(sys.argv[1]).read()\n"
             "api.solve(text, None, None)\nt = time.process_time()\n"
             "api.solve(text, None, None)\nprint(time.process_time() - t)\n")
    done = subprocess.run([sys.executable, "-c", probe, str(position)], check=True,
                          capture_output=True, text=True,
                          env={**os.environ, "PFN_SEARCH": engine})
    return float(done.stdout)


def main() -> None:
    if not (PYODIDE / "pyodide.mjs").is_file():
        print("site: Pyodide is not installed (make web)")
        return
    subprocess.run([sys.executable, "-m", "pfn.cli", "web", "build", str(SITE), "--pyodide",
                    str(PYODIDE)], check=True, capture_output=True)
    files = [p for p in SITE.rglob("*") if p.is_file()]
    print(f"site_size: {sum(p.stat().st_size for p in files):,} bytes in {len(files)} files"
          f" (pyodide.asm.wasm {(SITE / 'pyodide' / 'pyodide.asm.wasm').stat().st_size:,},"
          f" pfn.zip {(SITE / 'packages' / 'pfn.zip').stat().st_size:,})", flush=True)
    from page import browser, pool

    from pfn.web.serve import server

    httpd = server(SITE, 0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{httpd.server_address[1]}/?tab=check"
    chromium = browser()
    if chromium is None:
        print("site: Chromium and ChromeDriver are required (apt-get install chromium"
              " chromium-driver)")
        httpd.shutdown()
        return
    try:
        chromium.set_script_timeout(600)
        first = interactive(chromium, url)  # a fresh profile: nothing kept yet
        first_marks = marks(chromium)
        chromium.execute_async_script("const cb = arguments[arguments.length - 1];"
                                      "navigator.serviceWorker.ready.then(() => cb(1));")
        later = statistics.median(interactive(chromium, url) for _ in range(3))
        print(f"site_first_visit: interactive in {first:,.0f} ms ({first_marks}); a later"
              f" visit {later:,.0f} ms ({marks(chromium)})", flush=True)
        text = pool(100).read_text(encoding="utf-8")
        checks = [timed(chromium, "window.pfn.check(arguments[0])", text) for _ in range(3)]
        print(f"site_check_100_deals: {statistics.median(checks):,.0f} ms"
              f" ({len(text):,} characters)", flush=True)
        from pfn.notation.reader import loads

        one = SITE.parent / "web-bench-position.pfn"
        one.write_text(str(loads(text)[0]) + "\n", encoding="utf-8")
        position = one.read_text(encoding="utf-8")
        timed(chromium, "window.pfn.solve(arguments[0])", position)  # imports, once
        wasm = statistics.median(timed(chromium, "window.pfn.solve(arguments[0])", position)
                                 for _ in range(3))
        print(f"site_solve_position: {wasm:,.0f} ms in the page (pure Python in"
              f" WebAssembly); here {here(one, 'python') * 1000:,.0f} ms pure Python,"
              f" {here(one, 'native') * 1000:,.0f} ms compiled", flush=True)
    finally:
        chromium.quit()
        httpd.shutdown()


if __name__ == "__main__":
    sys.path.insert(0, str(HERE))
    main()
