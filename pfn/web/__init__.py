"""pfn in the browser: :mod:`pfn.web.api` is what the static site's page calls (on
Pyodide, CPython in WebAssembly), :mod:`pfn.web.build` writes the site."""
