"""The conformance harness: checks every registered game passes, whatever its rules.

``check_game(spec, options, seeds)`` plays random games to the end and, along the way, checks
the protocol's promises. Each check raises ``AssertionError`` with the seed and step, so a
failure can be replayed. The test suite runs it over every registered game and every option set
in ``GameSpec.conformance_options``.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from random import Random
from typing import Any

from .actions import Action, action_from_json, action_to_json
from .agent import RandomAgent, derive_seed
from .errors import IllegalActionError, MalformedActionError
from .play import chance_rng
from .record import GameRecord, replay
from .registry import GameSpec
from .state import CHANCE, GameState

SAMPLE_STEPS = frozenset({0, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610, 987, 1597, 2584})
"""Steps whose states get the full per-state checks, besides a random few."""

BAD_ACTIONS: tuple[Any, ...] = ((), "pass", ("no such verb in any game",), ("x", 1.5), None, ("x", [1]))


@dataclass
class PlayoutStats:
    """What the harness saw, for the summary (and to prove the checks ran)."""

    games: int = 0
    steps: int = 0
    decisions: int = 0
    chance_nodes: int = 0
    sampled_states: int = 0
    views_compared: int = 0
    hidden_variants_differing: int = 0
    outcomes: dict[str, int] = field(default_factory=dict)


def check_game(
    spec: GameSpec, raw_options: Mapping[str, Any], seeds: Iterable[int], sample_rate: float = 0.01
) -> PlayoutStats:
    """Play one random game per seed and check every promise of the protocol along the way."""
    stats = PlayoutStats()
    options = spec.validate_options(raw_options)
    for seed in seeds:
        check_playout(spec, options, seed, stats, sample_rate)
    return stats


def check_playout(
    spec: GameSpec, options: Mapping[str, Any], seed: int, stats: PlayoutStats, sample_rate: float = 0.01
) -> GameState:
    state = spec.new_state(options)
    n = state.n_seats
    assert n == len(spec.seat_names(options)), f"{spec.id}: n_seats {n} differs from seat_names"
    agents = [RandomAgent(derive_seed(seed, "seat", s)) for s in range(n)]
    rng = chance_rng(seed)
    sample_rng = Random(derive_seed(seed, "samples"))
    record = GameRecord(spec.id, spec.rules_version, dict(options), ["bot:random"] * n, seed)
    seen_actions: set[Action] = set()
    where = f"{spec.id} {dict(options)} seed {seed}"
    while not state.is_terminal():
        step = len(record.actions)
        assert step < spec.max_steps, f"{where}: no end after {spec.max_steps} steps"
        at = f"{where} step {step}"
        broken = state.invariant_errors()
        assert not broken, f"{at}: invariants broken: {broken}"
        if state.current_seat == CHANCE:
            stats.chance_nodes += 1
            outcomes = state.chance_outcomes()
            _check_chance(outcomes, at)
            assert state.legal_actions() == [], f"{at}: a chance node lists player actions"
            action = state.sample_chance(rng)
        else:
            seat = state.current_seat
            assert 0 <= seat < n, f"{at}: current seat {seat} out of range"
            stats.decisions += 1
            legal = state.legal_actions()
            assert legal, f"{at}: seat {seat} has no legal action"
            assert legal == sorted(set(legal)), f"{at}: legal actions not sorted and distinct: {legal[:8]}"
            assert legal == state.legal_actions(), f"{at}: legal actions differ between two calls"
            action = agents[seat].act(None, legal)
            if step % 7 == 0:
                for lang in ("ja", "en"):
                    label = state.action_label(action, lang)
                    assert isinstance(label, str) and label, f"{at}: empty {lang} label for {action}"
        assert action_from_json(json.loads(json.dumps(action_to_json(action)))) == action, f"{at}: {action} JSON"
        if step in SAMPLE_STEPS or sample_rng.random() < sample_rate:
            stats.sampled_states += 1
            check_state(state, action, seen_actions, sample_rng, stats, at)
        seen_actions.add(action)
        state.apply(action)
        record.actions.append(action)
        stats.steps += 1
    outcome = state.outcome()
    assert outcome is not None, f"{where}: terminal state without an outcome"
    assert len(outcome.scores) == n, f"{where}: {len(outcome.scores)} scores for {n} seats"
    assert all(0 <= w < n for w in outcome.winners), f"{where}: winners {outcome.winners}"
    assert outcome.clause in spec.clauses(), f"{where}: outcome cites unknown clause {outcome.clause}"
    assert state.legal_actions() == [], f"{where}: a finished game lists actions"
    for lang in ("ja", "en"):
        assert outcome.render(spec, lang), f"{where}: outcome has no {lang} text"
    stats.games += 1
    stats.outcomes[outcome.reason] = stats.outcomes.get(outcome.reason, 0) + 1
    check_events(spec, state, where)
    check_replay_identity(record, state, where)
    return state


def _check_chance(outcomes: list[tuple[Action, float]], at: str) -> None:
    assert outcomes, f"{at}: chance node with no outcomes"
    actions = [a for a, _ in outcomes]
    assert actions == sorted(set(actions)), f"{at}: chance outcomes not sorted and distinct"
    assert all(p > 0 for _, p in outcomes), f"{at}: a chance outcome has probability <= 0"
    total = math.fsum(p for _, p in outcomes)
    assert abs(total - 1.0) < 1e-9, f"{at}: chance probabilities sum to {total}"


def check_state(
    state: GameState, next_action: Action, seen: set[Action], rng: Random, stats: PlayoutStats, at: str
) -> None:
    """The per-state checks: clone independence, JSON round-trip, rejection, views."""
    check_clone_independence(state, next_action, at)
    check_json_round_trip(state, at)
    check_rejects_bad_actions(state, seen, at)
    check_views(state, rng, stats, at)


def check_clone_independence(state: GameState, action: Action, at: str) -> None:
    """Applying to a clone leaves its original alone, and applying to an original leaves its clone."""
    before = state.fingerprint()
    copy = state.clone()
    assert copy.fingerprint() == before, f"{at}: a clone differs from its original"
    copy.apply(action)
    assert state.fingerprint() == before, f"{at}: applying to a clone changed the original"
    original = state.clone()
    second = original.clone()
    original.apply(action)
    assert second.fingerprint() == before, f"{at}: applying to an original changed its clone"


def check_json_round_trip(state: GameState, at: str) -> None:
    data = json.loads(json.dumps(state.to_json(), ensure_ascii=False))
    back = type(state).from_json(data)
    assert back.to_json() == state.to_json(), f"{at}: to_json/from_json is not a round trip"
    assert back.legal_actions() == state.legal_actions(), f"{at}: legal actions change across JSON"
    assert back.current_seat == state.current_seat, f"{at}: current seat changes across JSON"
    assert back.log == state.log, f"{at}: the log changes across JSON"


def check_rejects_bad_actions(state: GameState, seen: set[Action], at: str) -> None:
    before = state.fingerprint()
    log_len = len(state.log)
    allowed = set(state.legal_actions()) | {a for a, _ in state.chance_outcomes()}
    candidates = list(BAD_ACTIONS) + sorted(a for a in seen if a not in allowed)[:5]
    for bad in candidates:
        try:
            state.apply(bad)
        except (IllegalActionError, MalformedActionError) as e:
            assert str(e), f"{at}: empty error message for {bad!r}"
        else:
            raise AssertionError(f"{at}: {bad!r} was accepted")
        assert state.fingerprint() == before and len(state.log) == log_len, f"{at}: rejecting {bad!r} changed state"


def check_views(state: GameState, rng: Random, stats: PlayoutStats, at: str) -> None:
    fp = state.fingerprint()
    for seat in [None, *range(state.n_seats)]:
        view = state.view(seat)
        json.dumps(view, ensure_ascii=False)
        if seat is None:
            continue
        for variant in state.hidden_variants(seat, rng):
            stats.views_compared += 1
            if variant.fingerprint() != fp:
                stats.hidden_variants_differing += 1
            assert variant.view(seat) == view, f"{at}: seat {seat}'s view shows hidden information"
            assert [e for e in variant.log if e.visible_to(seat)] == state.visible_log(seat), (
                f"{at}: seat {seat}'s log shows hidden information"
            )
    assert state.fingerprint() == fp, f"{at}: making views changed the state"


def check_events(spec: GameSpec, state: GameState, where: str) -> None:
    """Every event cites a known clause and renders in both languages."""
    clauses = spec.clauses()
    unknown = {e.clause for e in state.log} - set(clauses)
    assert not unknown, f"{where}: events cite unknown clauses {sorted(unknown)}"
    missing = {e.key for e in state.log} - set(spec.messages)
    assert not missing, f"{where}: events without a message: {sorted(missing)}"
    for lang in ("ja", "en"):
        assert all(state.render_log(None, lang)), f"{where}: an event renders empty in {lang}"


def check_replay_identity(record: GameRecord, final: GameState, where: str) -> None:
    text = record.dumps()
    again = replay(GameRecord.loads(text))
    assert again.fingerprint() == final.fingerprint(), f"{where}: replay reaches another state"
    assert again.log == final.log, f"{where}: replay writes another log"
