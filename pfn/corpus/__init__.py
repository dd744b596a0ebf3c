"""Corpus tools: select, deduplicate, count and split large collections of records.

Every tool streams: records are read one at a time (:mod:`pfn.corpus.stream`), each
kept only as long as the tool needs it, so a file of any size runs in constant memory
(``dedupe`` keeps one 16-byte key per distinct record).  The work is cut into batches
that never split a match (:mod:`pfn.corpus.engine`), so it can run in worker
processes or on a Dask cluster with output identical to a serial run.
"""
