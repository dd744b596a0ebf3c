"""pfn: Preferans hand histories as text — the PFN notation, its validator and renderer."""

__version__ = "1.0.0"
