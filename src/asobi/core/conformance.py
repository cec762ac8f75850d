"""The conformance harness: checks every registered game passes, whatever its rules.

``check_game(spec, options, seeds)`` plays random games to the end through a
:class:`~asobi.core.match.Match` and, along the way, checks the protocol's promises. A failed check
raises :class:`HarnessError` (an explicit raise, so ``python -O`` keeps every check) with the seed
and step, so a failure can be replayed. The test suite runs it over every installed game and every
option set in ``spec.conformance_options``.

Secrets are checked by perturbation along whole branches: at sampled states, for each seat, the
game's hidden variants (states that differ only in what that seat may not see) are played on with
the real game's next actions — each action mapped, where the variant does not allow it, to one
that the seat sees the same — and the seat must receive exactly the same things in both: who is
asked, its view, its log lines, the actions it sees and their labels, its legal actions, and the
errors it gets for bad or out-of-turn submissions.
"""

from __future__ import annotations

import json
import math
from array import array
from collections.abc import Iterable, Mapping, MutableSequence, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Any, cast

from .actions import Action, action_from_json, action_to_json, is_well_formed
from .agent import RandomAgent
from .bots import make_bot
from .errors import ActionError, IllegalActionError, MalformedActionError, NotYourTurnError
from .flow import FlowState
from .match import Match
from .record import GameRecord
from .replay import replay
from .seeding import derive_seed
from .spec import GameSpec
from .state import CHANCE, TERMINAL, GameState


class HarnessError(AssertionError):
    """A game broke one of the protocol's promises; the text names the game, seed, step and check."""


SAMPLE_STEPS = frozenset({0, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610, 987, 1597, 2584})
"""Steps whose states get the full per-state checks, besides a random few."""

BAD_ACTIONS: tuple[Any, ...] = ((), "pass", ("no such verb in any game",), ("x", 1.5), None, ("x", [1]))

SECRET_GAMES = 5
"""One game in this many (by seed) gets the secrecy checks at its sampled states (views, tensors,
redactions, determinizations, blind bots); the others the rest of the per-state checks."""
BRANCH_GAMES = 8
"""One game in this many (by seed) has its sampled states followed along branches."""
BRANCH_STATES = 5
"""How many sampled states of such a game are followed."""
BRANCH_LENGTH = 60
"""How many of the real game's next actions a branch follows."""


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
    branch_steps: int = 0
    branches: int = 0
    determinizations: int = 0
    determinizations_differing: int = 0
    bot_checks: int = 0
    information_states_compared: int = 0
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


def _spaces(spec: GameSpec, options: Mapping[str, Any]) -> tuple[Any, Any]:
    action_space = spec.spaces.actions(options) if spec.spaces.actions is not None else None
    chance_space = spec.spaces.chance(options) if spec.spaces.chance is not None else None
    return action_space, chance_space


def check_playout(
    spec: GameSpec, options: Mapping[str, Any], seed: int, stats: PlayoutStats, sample_rate: float = 0.01
) -> GameState:
    n = len(spec.seat_names(options))
    match = Match(
        spec,
        options,
        ["bot:random"] * n,
        seed=seed,
        journal=False,
        agents=[RandomAgent(derive_seed(seed, "seat", s)) for s in range(n)],
    )
    state = match.state
    if state.n_seats != n:
        raise HarnessError(f"{spec.id}: n_seats {state.n_seats} differs from seat_names")
    sample_rng = Random(derive_seed(seed, "samples"))
    seen_actions: set[Action] = set()
    where = f"{spec.id} {dict(options)} seed {seed}"
    action_space, chance_space = _spaces(spec, options)
    follow = seed % BRANCH_GAMES == 0
    branch_starts: list[tuple[int, GameState]] = []
    while not state.is_terminal():
        step = len(match.actions)
        if not (step < spec.info.max_steps):
            raise HarnessError(f"{where}: no end after {spec.info.max_steps} steps")
        at = f"{where} step {step}"
        broken = state.invariant_errors()
        if broken:
            raise HarnessError(f"{at}: invariants broken: {broken}")
        if state.current_seat == CHANCE:
            stats.chance_nodes += 1
            outcomes = state.chance_outcomes()
            _check_chance(outcomes, at)
            if state.legal_actions() != ():
                raise HarnessError(f"{at}: a chance node lists player actions")
            if chance_space is not None:
                _check_space(chance_space, [a for a, _ in outcomes], at)
        else:
            seat = state.current_seat
            if not (0 <= seat < n):
                raise HarnessError(f"{at}: current seat {seat} out of range")
            stats.decisions += 1
            legal = state.legal_actions()
            if not isinstance(legal, tuple):
                raise HarnessError(f"{at}: legal_actions() is a {type(legal).__name__}, not a tuple")
            if not legal:
                raise HarnessError(f"{at}: seat {seat} has no legal action")
            if list(legal) != sorted(set(legal)):
                raise HarnessError(f"{at}: legal actions not sorted and distinct: {legal[:8]}")
            if legal != state.legal_actions():
                raise HarnessError(f"{at}: legal actions differ between two calls")
            if action_space is not None:
                _check_space(action_space, legal, at)
        action = match.decide()
        if action is None:
            raise HarnessError(f"{at}: nobody decides")
        if step % 7 == 0 and state.current_seat >= 0:
            for lang in ("ja", "en"):
                label = state.action_label(action, lang)
                if not (isinstance(label, str) and label):
                    raise HarnessError(f"{at}: empty {lang} label for {action}")
        if action_from_json(json.loads(json.dumps(action_to_json(action)))) != action:
            raise HarnessError(f"{at}: {action} JSON")
        if step in SAMPLE_STEPS or sample_rng.random() < sample_rate:
            stats.sampled_states += 1
            check_state(spec, state, action, seen_actions, sample_rng, stats, at, options, secrets=seed % SECRET_GAMES == 0)
            if follow and len(branch_starts) < BRANCH_STATES:
                branch_starts.append((step, state.clone()))
        seen_actions.add(action)
        match.advance(action)
        stats.steps += 1
    outcome = state.outcome()
    if outcome is None:
        raise HarnessError(f"{where}: terminal state without an outcome")
    if len(outcome.scores) != n:
        raise HarnessError(f"{where}: {len(outcome.scores)} scores for {n} seats")
    if not all(0 <= w < n for w in outcome.winners):
        raise HarnessError(f"{where}: winners {outcome.winners}")
    if outcome.clause not in spec.clauses():
        raise HarnessError(f"{where}: outcome cites unknown clause {outcome.clause}")
    if state.legal_actions() != ():
        raise HarnessError(f"{where}: a finished game lists actions")
    if isinstance(state, FlowState) and state.agenda:
        raise HarnessError(f"{where}: a finished game keeps tasks on its agenda (ending must empty it)")
    for lang in ("ja", "en"):
        if not outcome.render(spec, lang):
            raise HarnessError(f"{where}: outcome has no {lang} text")
    stats.games += 1
    stats.outcomes[outcome.reason] = stats.outcomes.get(outcome.reason, 0) + 1
    check_events(spec, state, where)
    check_replay_identity(match.record(), state, where)
    for step, start in branch_starts:
        check_branches(spec, start, match.actions[step : step + BRANCH_LENGTH], sample_rng, stats, f"{where} step {step}")
    return state


def _check_chance(outcomes: Sequence[tuple[Action, float]], at: str) -> None:
    if not isinstance(outcomes, tuple):
        raise HarnessError(f"{at}: chance_outcomes() is a {type(outcomes).__name__}, not a tuple")
    if not outcomes:
        raise HarnessError(f"{at}: chance node with no outcomes")
    actions = [a for a, _ in outcomes]
    if actions != sorted(set(actions)):
        raise HarnessError(f"{at}: chance outcomes not sorted and distinct")
    if not all(p > 0 for _, p in outcomes):
        raise HarnessError(f"{at}: a chance outcome has probability <= 0")
    total = math.fsum(p for _, p in outcomes)
    if not (abs(total - 1.0) < 1e-9):
        raise HarnessError(f"{at}: chance probabilities sum to {total}")


def _check_space(space: Any, actions: Sequence[Action], at: str) -> None:
    from .spaces import check_space

    check_space(space, actions, at)


def check_state(
    spec: GameSpec,
    state: GameState,
    next_action: Action,
    seen: set[Action],
    rng: Random,
    stats: PlayoutStats,
    at: str,
    options: Mapping[str, Any] | None = None,
    secrets: bool = True,
) -> None:
    """The per-state checks: clone independence, JSON round-trip, rejection; with ``secrets``,
    views, tensors, determinizations, blind bots and redactions."""
    check_clone_independence(state, next_action, at)
    check_json_round_trip(state, at)
    check_rejects_bad_actions(state, seen, at)
    check_tensor_writers(spec, state, at, options or {})
    if not secrets:
        return
    variants = hidden_variants_by_seat(state, rng)  # made once, compared by each check below
    check_views(spec, state, rng, stats, at, options, variants)
    check_determinize(state, rng, stats, at, variants)
    check_information_states(spec, state, rng, stats, at, options or {}, variants)
    check_bots_blind(spec, state, rng, stats, at, options, variants)
    check_redactions(state, rng, stats, at)


Variants = Mapping[int, Sequence[GameState]]
"""Each seat's hidden variants of one state."""


def hidden_variants_by_seat(state: GameState, rng: Random) -> dict[int, Sequence[GameState]]:
    return {seat: state.hidden_variants(seat, rng) for seat in range(state.n_seats)}


def check_clone_independence(state: GameState, action: Action, at: str) -> None:
    """Applying to a clone leaves its original alone, and applying to an original leaves its clone."""
    before = state.fingerprint()
    legal = state.legal_actions()
    copy = state.clone()
    if copy.fingerprint() != before:
        raise HarnessError(f"{at}: a clone differs from its original")
    copy.apply(action)
    if state.fingerprint() != before:
        raise HarnessError(f"{at}: applying to a clone changed the original")
    if state.legal_actions() != legal:
        raise HarnessError(f"{at}: applying to a clone changed the original's legal actions")
    original = state.clone()
    second = original.clone()
    original.apply(action)
    if second.fingerprint() != before:
        raise HarnessError(f"{at}: applying to an original changed its clone")


def check_json_round_trip(state: GameState, at: str) -> None:
    data = json.loads(json.dumps(state.to_json(), ensure_ascii=False))
    back = type(state).from_json(data)
    if back.to_json() != state.to_json():
        raise HarnessError(f"{at}: to_json/from_json is not a round trip")
    if back.legal_actions() != state.legal_actions():
        raise HarnessError(f"{at}: legal actions change across JSON")
    if back.current_seat != state.current_seat:
        raise HarnessError(f"{at}: current seat changes across JSON")
    if back.log != state.log:
        raise HarnessError(f"{at}: the log changes across JSON")


def check_rejects_bad_actions(state: GameState, seen: set[Action], at: str) -> None:
    before = state.fingerprint()
    log_len = state.log_length()
    allowed = set(state.legal_actions()) | {a for a, _ in state.chance_outcomes()}
    candidates = list(BAD_ACTIONS) + sorted(a for a in seen if a not in allowed)[:5]
    for bad in candidates:
        if isinstance(bad, tuple) and state.is_legal(bad):
            raise HarnessError(f"{at}: is_legal accepts {bad!r}")
        try:
            state.apply(bad)
        except (IllegalActionError, MalformedActionError) as e:
            if not str(e):
                raise HarnessError(f"{at}: empty error message for {bad!r}") from None
            if before[:12] in str(e):
                raise HarnessError(f"{at}: an error names the state's hash") from None
        else:
            raise HarnessError(f"{at}: {bad!r} was accepted")
        if state.log_length() != log_len:
            raise HarnessError(f"{at}: rejecting {bad!r} changed the log")
    for action in allowed:
        if not state.is_legal(action):
            raise HarnessError(f"{at}: is_legal refuses the legal {action!r}")
    # The same on states that never listed their actions: a game may check one action without
    # listing (a fast path a kept listing would hide), and that check must agree with the listing.
    probes = sorted(allowed)[:: max(1, len(allowed) // 6)] + [a for a in candidates if _hashable_action(a)]
    data = state.to_json()
    for action in probes:
        fresh = type(state).from_json(data)
        if fresh.is_legal(action) != (action in allowed):
            raise HarnessError(f"{at}: is_legal({action!r}) before any listing disagrees with the listing")
    current = state.current_seat
    for seat in range(state.n_seats):
        if seat == current:
            continue
        for probe in sorted(allowed)[:3] or [("pass",)]:
            try:
                state.apply(probe, seat=seat)
            except NotYourTurnError:
                pass
            except IllegalActionError:
                if current != TERMINAL:
                    raise HarnessError(f"{at}: seat {seat} out of turn got another error than NotYourTurnError") from None
            else:
                raise HarnessError(f"{at}: seat {seat} played {probe!r} out of turn")
    if state.fingerprint() != before:
        raise HarnessError(f"{at}: a refused submission changed the state")


def _hashable_action(value: Any) -> bool:
    """Whether ``value`` is shaped like an action and may be looked up in a set of actions."""
    if not is_well_formed(value):
        return False
    try:
        hash(value)
    except TypeError:
        return False
    return True


def check_views(
    spec: GameSpec,
    state: GameState,
    rng: Random,
    stats: PlayoutStats,
    at: str,
    options: Mapping[str, Any] | None = None,
    variants: Variants | None = None,
) -> None:
    if variants is None:
        variants = hidden_variants_by_seat(state, rng)
    fp = state.fingerprint()
    shape = spec.spaces.observation_shape(options or {}) if spec.spaces.observation_shape is not None else None
    public = state.view(None) if spec.info.public_views else None
    for seat in [None, *range(state.n_seats)]:
        view = state.view(seat)
        json.dumps(view, ensure_ascii=False)
        if public is not None and view != public:
            raise HarnessError(f"{at}: the game declares public views, but seat {seat}'s differs")
        if seat is None:
            continue
        tensor = state.observation_tensor(seat) if shape is not None else None
        if shape is not None and tensor is not None and len(tensor) != math.prod(shape):
            raise HarnessError(f"{at}: observation of {len(tensor)} values, shape {shape}")
        for variant in variants[seat]:
            stats.views_compared += 1
            if variant.fingerprint() != fp:
                stats.hidden_variants_differing += 1
            if variant.view(seat) != view:
                raise HarnessError(f"{at}: seat {seat}'s view shows hidden information")
            if variant.visible_log(seat) != state.visible_log(seat):
                raise HarnessError(f"{at}: seat {seat}'s log shows hidden information")
            if tensor is not None and variant.observation_tensor(seat) != tensor:
                raise HarnessError(f"{at}: seat {seat}'s observation tensor leaks")
    if state.fingerprint() != fp:
        raise HarnessError(f"{at}: making views changed the state")


def check_determinize(
    state: GameState, rng: Random, stats: PlayoutStats, at: str, variants: Variants | None = None
) -> None:
    """Sampled states give the seat what it sees now, depend only on what it knows, and vary."""
    if state.is_terminal():
        return
    if variants is None:
        variants = hidden_variants_by_seat(state, rng)
    for seat in range(state.n_seats):
        view = state.view(seat)
        log = state.visible_log(seat)
        key = rng.randrange(2**31)
        samples = []
        for k in range(3):
            d = state.determinize(seat, Random(key + k))
            stats.determinizations += 1
            if d.view(seat) != view:
                raise HarnessError(f"{at}: a determinization for seat {seat} changes its view")
            if d.visible_log(seat) != log:
                raise HarnessError(f"{at}: a determinization for seat {seat} changes its log")
            if d.current_seat != state.current_seat:
                raise HarnessError(f"{at}: a determinization changes who decides")
            if state.current_seat == seat and d.legal_actions() != state.legal_actions():
                raise HarnessError(f"{at}: a determinization changes seat {seat}'s choices")
            samples.append(d.fingerprint())
        if len(set(samples)) > 1 or samples[0] != state.fingerprint():
            stats.determinizations_differing += 1
        for variant in variants[seat]:
            again = variant.determinize(seat, Random(key)).fingerprint()
            if again != samples[0]:
                raise HarnessError(f"{at}: seat {seat}'s determinization depends on what it cannot see")


def check_tensor_writers(spec: GameSpec, state: GameState, at: str, options: Mapping[str, Any]) -> None:
    """A declared observation writer writes exactly ``observation_tensor(seat)``; a declared
    information-state tensor has its declared size."""
    spaces = spec.spaces
    if spaces.write_observation is not None and spaces.observation_shape is not None:
        size = math.prod(spaces.observation_shape(options))
        for seat in range(state.n_seats):
            out = [0.0] * size
            spaces.write_observation(state, seat, out)
            if len(out) != size or out != state.observation_tensor(seat):
                raise HarnessError(f"{at}: seat {seat}'s written observation is not its observation_tensor")
            # As adapters write it: into the float32 memoryview of an array of zeros.
            cells = array("f", bytes(4 * size))
            spaces.write_observation(state, seat, cast(MutableSequence[float], memoryview(cells)))
            if cells != array("f", out):
                raise HarnessError(f"{at}: seat {seat}'s observation written into a float32 memoryview differs")
    if (spaces.information_state_shape is None) != (spaces.write_information_state is None):
        raise HarnessError(f"{spec.id}: an information-state shape needs its writer, and a writer its shape")
    if spaces.information_state_shape is not None:
        size = math.prod(spaces.information_state_shape(options))
        for seat in range(state.n_seats):
            tensor = spaces.information_state_tensor(state, seat, options)
            if len(tensor) != size:
                raise HarnessError(f"{at}: seat {seat}'s information-state tensor is not of its declared shape")
            cells = array("f", bytes(4 * size))
            assert spaces.write_information_state is not None
            spaces.write_information_state(state, seat, cast(MutableSequence[float], memoryview(cells)))
            if cells != array("f", tensor):
                raise HarnessError(f"{at}: seat {seat}'s information state written into a float32 memoryview differs")


def check_information_states(
    spec: GameSpec,
    state: GameState,
    rng: Random,
    stats: PlayoutStats,
    at: str,
    options: Mapping[str, Any],
    variants: Variants | None = None,
) -> None:
    """States a seat cannot tell apart give it equal information-state tensors: the state's hidden
    variants for that seat, and states sampled for it by ``determinize``."""
    spaces = spec.spaces
    if spaces.information_state_shape is None:
        return
    if variants is None:
        variants = hidden_variants_by_seat(state, rng)
    for seat in range(state.n_seats):
        tensor = spaces.information_state_tensor(state, seat, options)
        others = list(variants[seat])
        if not state.is_terminal():
            others += [state.determinize(seat, Random(rng.randrange(2**31))) for _ in range(2)]
        for other in others:
            stats.information_states_compared += 1
            if spaces.information_state_tensor(other, seat, options) != tensor:
                raise HarnessError(f"{at}: seat {seat}'s information-state tensor differs on a state it cannot tell apart")


REDACTION_SAMPLE = 24
"""How many of a state's actions (or chance outcomes) the redaction check tries."""


def check_redactions(state: GameState, rng: Random, stats: PlayoutStats, at: str) -> None:
    """Actions a seat cannot tell apart by their effect must look the same to it.

    For each seat other than the one deciding, the actions (or chance outcomes) open now are
    grouped by what the seat sees after each (its view and its new log lines); within a group,
    every action must have the same redacted form and label for that seat.
    """
    actor = state.current_seat
    if actor == TERMINAL:
        return
    options: list[Action] = [a for a, _ in state.chance_outcomes()] if actor == CHANCE else list(state.legal_actions())
    if len(options) > REDACTION_SAMPLE:
        options = rng.sample(options, REDACTION_SAMPLE)
    if len(options) < 2:
        return
    start = state.log_length()
    after = []
    for a in options:
        copy = state.clone()
        copy.apply_unchecked(a)
        after.append(copy)
    for seat in range(state.n_seats):
        if seat == actor:
            continue
        groups: dict[str, tuple[Action, Action, str]] = {}
        for a, copy in zip(options, after, strict=True):
            seen = json.dumps([copy.view(seat), copy.current_seat, [e.to_json() for e in copy.visible_log(seat, start)]],
                              sort_keys=True, ensure_ascii=False, default=str)
            shown = state.redact(a, seat)
            label = state.action_label(shown, "en")
            first = groups.setdefault(seen, (a, shown, label))
            if (shown, label) != first[1:]:
                raise HarnessError(
                    f"{at}: seat {seat} cannot tell {first[0]!r} from {a!r} by their effect, "
                    f"but sees them as {first[1]!r} / {shown!r} ({first[2]!r} / {label!r})"
                )


def check_bots_blind(
    spec: GameSpec,
    state: GameState,
    rng: Random,
    stats: PlayoutStats,
    at: str,
    options: Mapping[str, Any] | None = None,
    variants: Variants | None = None,
) -> None:
    """A bot decides the same on states its seat cannot tell apart (it never reads the state)."""
    seat = state.current_seat
    if seat < 0:
        return
    options = options or {}
    mine = variants[seat] if variants is not None else state.hidden_variants(seat, rng)
    if not mine:
        return
    for name in spec.bots:
        bot_seed = rng.randrange(2**31)
        chosen = make_bot(spec, name, seat, bot_seed, options).act(spec.observe(state, seat))
        for variant in mine:
            stats.bot_checks += 1
            again = make_bot(spec, name, seat, bot_seed, options).act(spec.observe(variant, seat))
            if again != chosen:
                raise HarnessError(f"{at}: bot {name!r} of seat {seat} chose {chosen!r} here but {again!r} on a state it cannot tell apart")


def _errors_for(state: GameState, seat: int, probes: Sequence[Any]) -> list[str]:
    """The error texts ``seat`` gets for each probe (an empty string where it is accepted)."""
    out = []
    for probe in probes:
        copy = state.clone()
        try:
            copy.apply(probe, seat=seat)
        except ActionError as e:
            out.append(f"{type(e).__name__}: {e}")
        else:
            out.append("")
    return out


def check_branches(spec: GameSpec, start: GameState, actions: Sequence[Action], rng: Random, stats: PlayoutStats,
                   at: str) -> None:
    """Follow each seat's hidden variants of ``start`` along the real game's next ``actions``."""
    for seat in range(start.n_seats):
        for variant in start.hidden_variants(seat, rng):
            stats.branches += 1
            _follow(spec, start.clone(), variant.clone(), seat, actions, stats, f"{at}, seat {seat}")


def _follow(spec: GameSpec, s: GameState, v: GameState, seat: int, actions: Sequence[Action], stats: PlayoutStats,
            at: str) -> None:
    probes: list[Any] = list(BAD_ACTIONS[:3])
    for i, action in enumerate(actions):
        where = f"{at}, branch step {i}"
        stats.branch_steps += 1
        if v.current_seat != s.current_seat:
            raise HarnessError(f"{where}: who decides ({s.current_seat} vs {v.current_seat}) depends on what seat {seat} cannot see")
        if v.view(seat) != s.view(seat):
            raise HarnessError(f"{where}: seat {seat}'s view shows hidden information")
        actor = s.current_seat
        if actor == seat:
            if v.legal_actions() != s.legal_actions():
                raise HarnessError(f"{where}: seat {seat}'s choices depend on what it cannot see")
            for a in s.legal_actions()[:20]:
                if v.action_label(a, 'en') != s.action_label(a, 'en'):
                    raise HarnessError(f"{where}: the label of {a!r} leaks")
        if _errors_for(v, seat, [*probes, action]) != _errors_for(s, seat, [*probes, action]):
            raise HarnessError(f"{where}: the errors seat {seat} gets depend on what it cannot see")
        shown = s.redact(action, seat)
        for lang in ("en", "ja"):
            if v.action_label(shown, lang) != s.action_label(shown, lang):
                raise HarnessError(f"{where}: the label seat {seat} sees of {shown!r} depends on what it cannot see")
        twin = _matching(v, action, shown, seat)
        if twin is None:
            return  # the variant cannot go on as the game did: what happened revealed the difference
        if not (actor != seat or twin == action):
            raise HarnessError(f"{where}: seat {seat}'s own action is not open to it in the variant")
        ls, lv = s.log_length(), v.log_length()
        s.apply_unchecked(action)
        v.apply_unchecked(twin)
        s_log, v_log = s.visible_log(seat, ls), v.visible_log(seat, lv)
        if s_log != v_log:
            first = next((a, b) for a, b in zip([*s_log, None], [*v_log, None], strict=False) if a != b)
            keys = {e.key for e in first if e is not None}
            if keys and keys <= spec.info.reveals:
                return  # the rules show it now: revealed, not leaked
            raise HarnessError(
                f"{where}: the log lines seat {seat} sees after {shown!r} depend on what it cannot see: "
                f"{first[0]} / {first[1]}"
            )
        if s.is_terminal() or v.is_terminal():
            if not (s.is_terminal() and v.is_terminal()):
                raise HarnessError(f"{where}: the game ends in one branch only")
            so, vo = s.outcome(), v.outcome()
            if not (so is not None and vo is not None and so.to_json() == vo.to_json()):
                raise HarnessError(f"{where}: outcomes differ")
            return


def _matching(v: GameState, action: Action, shown: Action, seat: int) -> Action | None:
    """``action`` if the variant allows it, else the first action it allows that ``seat`` sees
    as ``shown``, else ``None``."""
    if v.current_seat == CHANCE:
        # Chance is perturbed too: another outcome the seat sees the same, where there is one.
        outcomes = [a for a, _ in v.chance_outcomes()]
        others = [a for a in outcomes if a != action and v.redact(a, seat) == shown]
        if others:
            return others[len(others) // 2]
        return action if action in outcomes else None
    if v.is_legal(action):
        return action
    for a in v.legal_actions():
        if v.redact(a, seat) == shown:
            return a
    return None


def check_events(spec: GameSpec, state: GameState, where: str) -> None:
    """Every event cites a known clause and renders in both languages."""
    clauses = spec.clauses()
    log = state.log
    unknown = {c for e in log for c in e.clauses} - set(clauses)
    if unknown:
        raise HarnessError(f"{where}: events cite unknown clauses {sorted(unknown)}")
    missing = {e.key for e in log} - set(spec.messages)
    if missing:
        raise HarnessError(f"{where}: events without a message: {sorted(missing)}")
    for lang in ("ja", "en"):
        if not all(spec.log_texts(state, None, lang)):
            raise HarnessError(f"{where}: an event renders empty in {lang}")


def check_replay_identity(record: GameRecord, final: GameState, where: str) -> None:
    text = record.dumps()
    again = replay(GameRecord.loads(text))
    if again.fingerprint() != final.fingerprint():
        raise HarnessError(f"{where}: replay reaches another state")
    if again.log != final.log:
        raise HarnessError(f"{where}: replay writes another log")
