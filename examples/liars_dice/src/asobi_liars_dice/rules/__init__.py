"""The rules of Liar's Dice, one module per part of a round, and the flow the state runs them by.

``roll`` begins a round and rolls the cups (2.1, 2.2), ``bids`` says which bid may follow which
(3, 4), ``calls`` asks for and applies each call (2.3, 5.4), ``settle`` lifts the cups and takes
the dice (5, 6). ``clauses.tsv`` is the rulebook itself: our own text, in Japanese and English.
"""

from __future__ import annotations

import csv
from functools import cache
from importlib import resources

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

CLAUSES_FILE = "clauses.tsv"


@cache
def clause_table() -> dict[str, tuple[str, str]]:
    """Clause id → (日本語, English), in the rulebook's order."""
    text = resources.files(__name__).joinpath(CLAUSES_FILE).read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if line.strip() and not line.startswith("#")]
    return {row["id"]: (row["ja"], row["en"]) for row in csv.DictReader(lines, delimiter="\t")}


def clauses() -> dict[str, str]:
    """Clause id → ``日本語 / English``: the form asobi's clause readers split into either language
    (``asobi.core.clause_texts``) for a game's own rules."""
    return {cid: f"{ja} / {en}" for cid, (ja, en) in clause_table().items()}
