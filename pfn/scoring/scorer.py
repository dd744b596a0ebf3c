"""What a rule family's scorer is: facts of one deal in, :class:`Scored` out.

Each family's file (:mod:`pfn.variants`) holds its scorer; this base class only fixes
the shape, so the match layer can score any deal without knowing its family.
"""

from __future__ import annotations

from pfn.messages import Text, msg
from pfn.rules.family import RuleFamily
from pfn.rules.replay import DealContext
from pfn.scoring.facts import DealFacts
from pfn.scoring.ledger import Scored


class Scoring:
    """Scores one deal of a rule family; it reads its facts and returns what it writes."""

    short_name: str = ""
    """The family's name in English, as the rule texts of its entries say it ("Sochi")."""

    @property
    def name(self) -> Text:
        """The family's name, said in the language of the moment (Сочинка, Soči)."""
        return msg(self.short_name) if self.short_name else ""

    def __init__(self, variant: RuleFamily) -> None:
        self.rules = variant.rules

    def score(self, facts: DealFacts, context: DealContext) -> Scored:
        """The entries one deal writes (before closing the pool and help), and what the
        facts did not let the scorer decide."""
        raise NotImplementedError
