"""The rules engine: a record driven through the rules of its family, stage by stage.

================  =================================================================
``tricks.py``     the play kernel: legal cards, trick winners, a position on bit masks
``auction.py``    the Russian sequential auction (families subclass it)
``defence.py``    the Sochi defence protocol and its outcome (families subclass it)
``play.py``       the play's engine: the kernel, or card by card with what is known
``stages.py``     a record's replay: the stages in order, its tags checked
``setup.py``      the stages every replay shares: seating, deal, play setup, result
``pushing.py``    the deal state a record's moves are pushed into, collecting
``replay.py``     what a replay established (:class:`~pfn.rules.replay.Replay`)
``state.py``      one deal move by move (:class:`~pfn.rules.state.DealState`)
``written.py``    the record of a deal before its first move
``settling.py``   what a stage settles, asked alike by the replay and the state
``playstart.py``  where the play begins: what the kernel starts from
``family.py``     the questions the engine asks a rule family
``options.py``    the house rules, typed, with their documentation
``ladder.py``     bid ladders as data
================  =================================================================

The engine imports nothing above the model: the families (:mod:`pfn.variants`)
subclass its protocols and answer its questions.
"""
