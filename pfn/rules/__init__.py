"""The rules engine: variants, house rules and the replay of a record."""

from pfn.rules.variant import VARIANTS, Variant, find_variant

__all__ = ["VARIANTS", "Variant", "find_variant"]
