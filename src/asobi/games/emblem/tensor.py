"""The observation tensor: what a seat may know, as a flat list of floats of fixed length."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from asobi.core import CHANCE, TERMINAL

from .cards import pool
from .rules import combat, flow
from .rules.field import SQUARES
from .units import (
    U_ACTED,
    U_ATTACHED,
    U_CARD,
    U_CHIPS,
    U_HONE,
    U_ITEM,
    U_ITEM_OWNER,
    U_MAGIC,
    U_OWNER,
    U_POISON,
    U_READY,
    U_USED,
    U_WEAPON,
)

if TYPE_CHECKING:
    from .types import State

_AMOUNT_VERBS = ("heal", "training", "rally", "succeed", "inherit")
_UNIT_NUMBERS = 11
_N_CARDS = len(pool())
_SQUARE_SIZE = 2 + 4 * _N_CARDS + _UNIT_NUMBERS
_OBS_SIZE = (
    2
    + 12
    + len(flow.STEPS)
    + 7
    + 2 * SQUARES
    + len(_AMOUNT_VERBS)
    + SQUARES
    + 2
    + 2 * SQUARES
    + 1
    + 2 * (8 + 4 * _N_CARDS)
    + _N_CARDS
    + _N_CARDS
    + SQUARES
    + SQUARES * _SQUARE_SIZE
)


def observation_shape(options: Any = None) -> tuple[int, ...]:
    """The shape of :func:`observation_tensor` (the same for every option set: the
    card pool is fixed)."""
    return (_OBS_SIZE,)


def observation_tensor(s: State, seat: int) -> list[float]:
    """What ``seat`` may know as :func:`observation_shape` floats (its view, flattened).

    In order: the seat (one-hot); the turn, whose turn and whose decision, the step (one-hot),
    the step's counters; the active and target squares and a number being chosen; the
    start-of-turn effects to order; then for the seat and the other seat in that order: hand
    size, deck size, unused and used chips, flags, land and guardian (one-hot by pool card),
    戦場外 and 国外 (counts per pool card); the seat's own hand (counts per pool card) and its
    own deploy being chosen; then each square of the field: a unit's owner (mine, theirs), its
    card, weapon, magic and item (one-hot by pool card), whose item, and its numbers. Nothing
    of the other seat's hand or either deck's contents is in it.
    """
    n_cards = len(s.cards)
    out = [0.0] * (_OBS_SIZE)
    other = 1 - seat
    out[seat] = 1.0
    i = 2
    cur = s.current_seat
    out[i : i + 12] = [
        float(s.turn),
        float(s.turn_player == seat),
        float(s.turn_player == other),
        float(s.first == seat),
        float(cur == seat),
        float(cur == other),
        float(cur == CHANCE),
        float(cur == TERMINAL),
        float(s.phase_seat == seat),
        float(s.phase_seat == other),
        float(s.koku),
        float(s.cancels),
    ]
    i += 12
    out[i + s.step] = 1.0
    i += len(flow.STEPS)
    out[i : i + 7] = [
        float(s.chips_added),
        float(s.deployed),
        float(s.placed),
        float(s.rallied),
        float(s.attack_use),
        float(s.counter_use),
        float(s.winner == seat) - float(s.winner == other),
    ]
    i += 7
    if s.active >= 0:
        out[i + s.active] = 1.0
    i += SQUARES
    if s.target >= 0:
        out[i + s.target] = 1.0
    i += SQUARES
    if s.amount:
        verb, sq, _, least, most = s.amount
        out[i + _AMOUNT_VERBS.index(verb)] = 1.0
        out[i + len(_AMOUNT_VERBS) + sq] = 1.0
        out[i + len(_AMOUNT_VERBS) + SQUARES] = float(least)
        out[i + len(_AMOUNT_VERBS) + SQUARES + 1] = float(most)
    i += len(_AMOUNT_VERBS) + SQUARES + 2
    for e in s.start_todo:
        if e[0] == "land":
            out[i + 2 * SQUARES] = 1.0
        else:
            out[i + (0 if e[0] == "capture" else SQUARES) + e[1]] = 1.0
    i += 2 * SQUARES + 1
    for p in (seat, other):
        out[i : i + 8] = [
            float(len(s.hand[p])),
            float(s.deck_left[p]),
            float(s.unused[p]),
            float(s.used[p]),
            float(s.wiped[p]),
            float(s.mulligan_done[p]),
            float(len(s.offfield[p])),
            float(len(s.kokugai[p])),
        ]
        i += 8
        if s.land[p] >= 0:
            out[i + s.land[p]] = 1.0
        i += n_cards
        if s.guardian[p] >= 0:
            out[i + s.guardian[p]] = 1.0
        i += n_cards
        for c in s.offfield[p]:
            out[i + c] += 1.0
        i += n_cards
        for c in s.kokugai[p]:
            out[i + c] += 1.0
        i += n_cards
    for c in s.hand[seat]:
        out[i + c] += 1.0
    i += n_cards
    if s.deploying and s.phase_seat == seat:
        out[i + s.deploying[0]] = 1.0
        if len(s.deploying) > 1:
            out[i + n_cards + s.deploying[1]] = 1.0
    i += n_cards + SQUARES
    for u in s.field:
        if u is not None:
            out[i + (0 if u[U_OWNER] == seat else 1)] = 1.0
            out[i + 2 + u[U_CARD]] = 1.0
            base = i + 2 + n_cards
            for k, slot in enumerate((U_WEAPON, U_MAGIC, U_ITEM)):
                if u[slot] >= 0:
                    out[base + k * n_cards + u[slot]] = 1.0
            base += 3 * n_cards
            out[base : base + _UNIT_NUMBERS] = [
                float(u[U_ITEM] >= 0 and u[U_ITEM_OWNER] == seat),
                float(u[U_CHIPS]),
                float(s.max_morale(u)),
                float(combat.attack_value(s, u, -1, False)),
                float(combat.counter_value(s, u, False)),
                float(u[U_READY]),
                float(u[U_HONE]),
                float(u[U_POISON]),
                float(u[U_USED]),
                float(u[U_ACTED]),
                float(u[U_ATTACHED]),
            ]
        i += _SQUARE_SIZE
    return out
