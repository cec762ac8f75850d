"""The unit and item steps answer ``is_legal`` without listing every action; the answer must agree
with the listing on every state of random games."""

from __future__ import annotations

from asobi.core.match import Match
from asobi.games.emblem.rules import flow
from asobi.games.emblem.rules.field import SQUARES
from asobi.games.emblem.spec import SPEC
from asobi.games.emblem.state import EmblemState

IDS = EmblemState.cards.ids
ODD = [
    ("next",),
    ("next", 1),
    ("cancel",),
    ("chip",),
    ("chip", -1),
    ("chip", 12),
    ("chip", "a1"),
    ("chip", True),
    ("deploy",),
    ("deploy", "no-such-card"),
    ("deploy", 3),
    ("equip", "w-iron-sword"),
    ("equip", "w-iron-sword", 99),
    ("unequip", 0, 3),
    ("unequip", 0, "weapon"),
    ("shed", 0, "nothing"),
    ("place", "l-fort", 1),
    ("activate", 0),
    (1, 2),
]


def candidates() -> list[tuple]:
    out: list[tuple] = list(ODD)
    for sq in range(SQUARES):
        out.append(("chip", sq))
        out.extend(("unequip", sq, slot) for slot in range(3))
        out.extend(("equip", c, sq) for c in IDS)
        out.extend(("shed", sq, c) for c in IDS)
    out.extend(("deploy", c) for c in IDS)
    out.extend(("place", c) for c in IDS)
    return out


def test_fast_is_legal_agrees_with_the_listing_in_the_unit_and_item_steps():
    every = candidates()
    checked = 0
    legal_seen = 0
    for options in SPEC.conformance_options:
        for seed in range(4):
            match = Match(SPEC, SPEC.validate_options(options), ["bot:random"] * 2, seed=seed, journal=False)
            while not match.is_over():
                s = match.state
                assert isinstance(s, EmblemState)
                if s.step in (flow.UNIT, flow.ITEM):
                    # the state as it is, and with a hand of every card and the once-a-turn and
                    # once-a-step flags flipped (paths random games seldom reach)
                    rich = s.clone()
                    rich.hand[rich.phase_seat].extend(range(len(IDS)))
                    rich.placed, rich.deployed = 1 - rich.placed, 1 - rich.deployed
                    rich.chips_added = 3 - rich.chips_added
                    for u in rich.field:
                        if u is not None:
                            u[12] = 1 - u[12]  # U_ATTACHED
                    for state in (s.clone(), rich):
                        state.legal_cache = None
                        listing = set(state.legal_actions())
                        for a in every:
                            state.legal_cache = None
                            assert state.is_legal(a) == (a in listing), (flow.STEPS[s.step].key, a)
                            checked += 1
                        legal_seen += len(listing)
                match.step()
    assert checked > 100_000 and legal_seen > 1000
