"""``python -m pfn.cli``: the ``pfn`` command."""

from pfn.cli import main

main()
