"""Building emblem positions compactly for scenario tests.

``opening()`` plays the setup with forced chance outcomes; ``place``, ``give`` and ``at`` put
units, hand cards and the current step where a test wants them, keeping every card and chip
accounted for (the invariants are checked by ``settled``); ``arrive`` runs a task (or a step's
arrival) from there, as the flow kernel would.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from asobi.games.emblem.rules import DECISIONS, flow
from asobi.games.emblem.spec import SPEC
from asobi.games.emblem.state import EmblemState
from asobi.games.emblem.units import U_CHIPS, new_unit

UNIT_A = "az-soldier"


def new(deck_a: str = "azure", deck_b: str = "crimson") -> EmblemState:
    s = SPEC.new_game({"deck_a": deck_a, "deck_b": deck_b})
    assert isinstance(s, EmblemState)
    return s


def take(s: EmblemState, seat: int, card_id: str) -> int:
    """Take one copy of a card out of ``seat``'s deck (trading another card for it if the deck has
    none, so the deck stays 60 cards in all)."""
    card = s.cards.index(card_id)
    deck = s.deck[seat]
    if not deck[card]:
        other = next(i for i, n in enumerate(deck) if n and i != card)
        s.adjust_deck(seat, other, -1)
        s.adjust_deck(seat, card, 1)
    s.adjust_deck(seat, card, -1)
    s.deck_left[seat] -= 1
    s.legal_cache = None
    return card


def opening(
    first: int = 0,
    hands: tuple[list[str], list[str]] | None = None,
    deck_a: str = "azure",
    deck_b: str = "crimson",
) -> EmblemState:
    """A game through 2.1: ``first`` goes first, the opening hands are dealt as given, both keep.
    The state is at the turn player's draw step (a chance node)."""
    s = new(deck_a, deck_b)
    s.apply(("first", first))
    if hands is None:
        hands = (
            ["az-soldier"] * 2 + ["az-cavalier"] * 2 + ["w-iron-sword"] * 3,
            ["cr-brute"] * 2 + ["cr-raider"] * 2 + ["w-iron-sword"] * 3,
        )
    for seat in (first, 1 - first):
        for card in hands[seat]:
            s.apply(("draw", card))
    for _ in range(2):
        s.apply(("keep",))
    return s


def place(
    s: EmblemState, sq: int, card_id: str, owner: int, chips: int = 2, ready: bool = True, **slots: str
) -> list[int]:
    """Put a unit from ``owner``'s deck on ``sq`` with ``chips`` chips from unused ones."""
    u = new_unit(take(s, owner, card_id), owner, chips)
    u[3] = 1 if ready else 0
    for name, card_id2 in slots.items():
        index = {"weapon": 4, "magic": 5, "item": 6}[name]
        item_owner = owner
        if card_id2.startswith("enemy:"):
            card_id2 = card_id2[6:]
            item_owner = 1 - owner
        u[index] = take(s, item_owner, card_id2)
        if index == 6:
            u[7] = item_owner
    s.unused[owner] -= chips
    s.field[sq] = u
    s.legal_cache = None
    return u


def draw_any(s: EmblemState) -> None:
    """At a draw (chance) node, draw the first card the deck still holds."""
    outcomes = s.chance_outcomes()
    s.apply(outcomes[0][0])


def put_card(s: EmblemState, seat: int, zone: str, card_id: str) -> None:
    """Put a land or guardian card from ``seat``'s deck into play."""
    pair = getattr(s, zone)
    card = take(s, seat, card_id)
    setattr(s, zone, (card, pair[1]) if seat == 0 else (pair[0], card))


def give(s: EmblemState, seat: int, *card_ids: str) -> None:
    """Put cards from ``seat``'s deck into the hand."""
    for c in card_ids:
        s.hand[seat].append(take(s, seat, c))
    s.legal_cache = None


def empty_hand(s: EmblemState, seat: int) -> None:
    """Send the hand to 戦場外 (so tests control exactly what is in it)."""
    s.to_offfield(seat, *s.hand[seat])
    s.hand[seat] = []
    s.legal_cache = None


def at(
    s: EmblemState, step: str, actor: int | None = None, turn_player: int | None = None, **extra: Any
) -> EmblemState:
    """Set the current step (without its arrival work) and whose decision it is: the decision
    ``step`` pending for ``actor`` (the turn player if not given), the draw step's chance node, or,
    for a step nobody decides in, nothing (the test goes on with :func:`arrive`)."""
    if turn_player is not None:
        s.turn_player = turn_player
    seat = s.turn_player if actor is None else actor
    s.agenda.clear()
    s.pending = (step, seat) if step in DECISIONS else None
    s.chance = flow.CHANCE_DRAW if step == "draw" else None
    if step in ("unit", "item", "draw"):
        s.phase_seat = seat
        s.koku = 0 if seat == s.turn_player else 1
    for k, v in extra.items():
        setattr(s, k, v)
    s.legal_cache = None
    s.sync_seat()
    return s


def arrive(s: EmblemState, task: str | Callable[[EmblemState], None]) -> EmblemState:
    """Go on from here (whatever was pending dropped) with the task named ``task`` — a section of
    the rules beginning, a step arrived at — or with a rules function arriving at a step; then
    run the agenda until someone decides, a card is drawn or the game ends."""
    s.pending = s.chance = None
    s.legal_cache = None
    if isinstance(task, str):
        s.push((task,))
    else:
        task(s)
    s.run()  # (sets current_seat even when the task asked at once)
    return s


def chips(s: EmblemState, sq: int) -> int:
    u = s.field[sq]
    assert u is not None
    return u[U_CHIPS]


def events(s: EmblemState, start: int = 0) -> list[tuple[str, str]]:
    """(clause, key) of the events from ``start`` on."""
    return [(e.clause, e.key) for e in s.log[start:]]


def cites(s: EmblemState, clause: str, start: int = 0) -> bool:
    return any(e.clause == clause for e in s.log[start:])


def settled(s: EmblemState) -> EmblemState:
    """Assert the invariants hold (cards and chips all accounted for) and return the state."""
    assert s.invariant_errors() == [], s.invariant_errors()
    return s


def deploy(s: EmblemState, card_id: str, sq: int, n: int) -> None:
    """Deploy a unit the way a player does (C-36): the card, then the square, then the chips."""
    s.apply(("deploy", card_id))
    s.apply(("square", sq))
    s.apply(("chips", n))


def deploys(s: EmblemState) -> set[tuple[str, int, int]]:
    """Every (card, square, chips) deploy open now, found by walking the sub-decisions."""
    out = set()
    for a in s.legal_actions():
        if a[0] != "deploy":
            continue
        s1 = s.clone()
        s1.apply(a)
        for b in s1.legal_actions():
            if b[0] != "square":
                continue
            s2 = s1.clone()
            s2.apply(b)
            out.update((a[1], b[1], c[1]) for c in s2.legal_actions() if c[0] == "chips")
    return out


def invasion(units: list[tuple[Any, ...]], turn_player: int = 0, **kw: Any) -> EmblemState:
    """A position at the turn player's invasion phase, ``units`` = [(sq, card, owner, chips, slots?)]."""
    s = opening(**kw)
    draw_any(s)
    for sq, card, owner, n, *rest in units:
        place(s, sq, card, owner, chips=n, ready=False, **(rest[0] if rest else {}))
    s.turn_player = turn_player
    s.koku = 1
    return arrive(s, "begin_invasion")
