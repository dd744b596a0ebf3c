"""The conformance suite: test vectors any Preferans engine can run, made from pfn's
rules and solver, and the line protocol that drives an engine over them.

- :mod:`pfn.conformance.suite` — a vector (what is asked, what the rules answer, the
  rule and where it is written) and the suite's files;
- :mod:`pfn.conformance.reference` — pfn's own answer to each question, on the library;
- :mod:`pfn.conformance.making` — the suite made from records (the bundled examples
  and the seeds' worked examples, and generated deals of every variant and table);
- :mod:`pfn.conformance.protocol` — the engine's side (``pfn conformance serve``) and
  the runner's (``pfn conformance run -- COMMAND``).

``docs/conformance.md`` documents the protocol and the vectors' form.
"""
