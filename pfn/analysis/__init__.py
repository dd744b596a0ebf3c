"""Open-hand analysis: the exact solver, claims verified, every card weighed."""
