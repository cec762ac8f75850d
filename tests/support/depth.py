"""How hard the randomised checks play, from the environment: ``./scripts/test --deep`` sets the
deep values, a plain run uses these defaults (chosen so the whole check fits in a few minutes on
2 cores). The pytest header prints what a run used."""

from __future__ import annotations

import os

CONFORMANCE_SEEDS = int(os.environ.get("ASOBI_CONFORMANCE_SEEDS", "20"))
"""Random games the conformance harness plays per option set of each game (--deep: 200)."""

BYSTON_CONFORMANCE_SEEDS = int(os.environ.get("ASOBI_BYSTON_CONFORMANCE_SEEDS", "4"))
"""The same for byston, whose games are long (about 500 decisions, 16 turns) (--deep: 24)."""

EMBLEM_CONFORMANCE_SEEDS = int(os.environ.get("ASOBI_EMBLEM_CONFORMANCE_SEEDS", "10"))
"""The same for emblem, whose games are a few hundred steps each, every step checked (--deep: 200)."""

OPENSPIEL_SIMS = int(os.environ.get("ASOBI_OPENSPIEL_SIMS", "1"))
"""OpenSpiel random simulations per registered game and option set, each a whole game (--deep: 5)."""

OPENSPIEL_ISMCTS_SIMS = int(os.environ.get("ASOBI_OPENSPIEL_ISMCTS_SIMS", "2"))
"""Simulations per decision of OpenSpiel's ISMCTS bot in the whole games it plays against asobi's
ISMCTS, one per seat of each game (--deep: 16)."""


def summary() -> str:
    return (
        f"randomised checks: {CONFORMANCE_SEEDS} conformance games per option set (byston"
        f" {BYSTON_CONFORMANCE_SEEDS}, emblem {EMBLEM_CONFORMANCE_SEEDS}), {OPENSPIEL_SIMS} OpenSpiel"
        f" simulation(s) per game, {OPENSPIEL_ISMCTS_SIMS} OpenSpiel ISMCTS simulations a decision;"
        " ./scripts/test --deep plays 200 (24, 200), 5 and 16"
    )
