"""The rules of Liar's Dice, one module per part of a round, and the flow the state runs them by.

``roll`` begins a round and rolls the cups (2.1, 2.2), ``bids`` says which bid may follow which
(3, 4), ``calls`` asks for and applies each call (2.3, 5.4), ``settle`` lifts the cups and takes
the dice (5, 6). ``completion.tsv`` is the rulebook itself: our own text, each clause written
``日本語 / English``, read by ``asobi.core.clauses`` (the spec names this package as its rule
book); there is no ``clauses.tsv``, since no rulebook is printed.
"""

from __future__ import annotations

from asobi.core.flow import Flow

from . import calls, roll, settle

FLOW = Flow.from_tables(
    {
        "round": roll.task_round,
        "roll": roll.task_roll,
        "turn": calls.task_turn,
        "settle": settle.task_settle,
    },
    {"call": (calls.legal_call, calls.apply_call, "2.3")},
)
FLOW.decisions["call"].is_legal(calls.is_legal_call)
FLOW.check()
