#!/usr/bin/env python3
"""What byston's rule bot (the ``normal`` level) costs per decision, beside the engine's step.

    .venv/bin/python scripts/bench_byston_bot.py [--games N] [--seed S] [--players P]
    .venv/bin/python scripts/bench_byston_bot.py --instructions [--games N] [--seed S]

Plays N seeded games with the rule bot on every seat through the one ``Match`` loop (unchecked, no
journal: as ``asobi simulate`` plays them) and times every call of a bot's ``act`` — a *decision*:
one pending choice of one seat (the engine asks a seat only where it has two or more legal
actions, so the "with a choice" figure counts the same decisions unless a game asks otherwise) —
apart from the rest of the loop (chance, listing the legal actions, applying, the observation).
Prints µs per decision (all, and those with two or more legal actions), µs per engine step (the rest of the
loop over all steps, chance included), games/s, the final 27.2 bands of the games played, and per
kind of pending decision (``move``, ``produce``…) how many there were, µs each and its share of
the bots' time, the dearest first.
Times are the process's CPU time (``time.process_time``), so a machine shared with other work
gives nearly the same figures as a quiet one; games/s is games per CPU second. Not part of the
test suite.

With ``--instructions`` it counts instead, by valgrind's callgrind, the instructions of the bots'
``act`` alone: the N games are played to record every decision (a copy of the position, the seat
and its legal actions); the memo the spec's bot factories share (siege odds, ways over the map…:
``BotMemo``) is emptied and N other games (from seed S + 1) played, warming them as the games before warm them in a batch; then
the recorded decisions are taken again, counted, by new bots (each seat's bot sees its decisions
in the game's order, so it decides as it did in play). A figure a busy machine does not change;
``PYTHONHASHSEED=0``. With ``--part NAME`` as well it counts only the instructions spent inside one
part of the bot — a method of the bot's class (``_on_move``, ``_sieges``, ``_siege_odds``,
``_work_out_strengths``, ``_group``…) or a function of its module — still per decision, so its
share of the whole is the ratio of the two figures.

With ``--instructions --whole`` it counts whole games instead, everything a batch's worker runs
for a game (``play_job``: the bots, the engine and the ``Match`` loop): games ``--warm`` … of a
batch from seed S after games 0 … ``--warm`` − 1 (played first, not counted, warming the bots'
memo as the games before do in a batch); instructions per game and per step:

    .venv/bin/python scripts/bench_byston_bot.py --instructions --whole --games 3 --warm 3 --seed 1 --bot normal
"""

from __future__ import annotations

import argparse
import functools
import statistics
import time
from collections import Counter
from typing import Any

import callgrind

from asobi.core import Agent
from asobi.core.actions import Action
from asobi.core.agent import Observation
from asobi.core.match import Match
from asobi.core.registry import get_game
from asobi.sim.batch import game_seed


class _Timed(Agent):
    """An agent that times the agent it wraps."""

    def __init__(
        self, inner: Agent, totals: dict[str, float], times: list[float], kinds: dict[str, list[float]]
    ) -> None:
        self.inner = inner
        self.totals = totals
        self.times = times
        self.kinds = kinds

    def act(self, obs: Observation) -> Action:
        t0 = time.process_time()
        action = self.inner.act(obs)
        dt = time.process_time() - t0
        t = self.totals
        t["time"] += dt
        t["decisions"] += 1
        self.times.append(dt)
        if len(obs.legal) > 1:
            t["choice_time"] += dt
            t["choices"] += 1
        pending = getattr(obs.position(), "pending", None)  # read after the clock stopped
        kind = self.kinds.setdefault(pending[0] if pending else "-", [0, 0.0])
        kind[0] += 1
        kind[1] += dt
        return action


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--bot", default="rule", help="bot name of every seat (default: rule)")
    parser.add_argument("--instructions", action="store_true",
                        help="count the instructions of the bots' decisions (valgrind) instead of timing them")
    parser.add_argument("--part", default=None, metavar="NAME",
                        help="with --instructions: count only inside this method or function of the bot module")
    parser.add_argument("--whole", action="store_true",
                        help="with --instructions: count whole games as a batch plays them (play_job)")
    parser.add_argument("--warm", type=int, default=3, metavar="W",
                        help="with --whole: games of the batch played first, not counted (default 3)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.part is not None and not args.instructions and not args.child:
        parser.error("--part counts instructions: give --instructions too")
    if args.part is not None and _find_part(args.bot, args.part) is None:
        parser.error(f"--part: the bot {args.bot!r} has no method or module function {args.part!r}")
    if args.whole and not args.child and (not args.instructions or args.part is not None):
        parser.error("--whole counts instructions of whole games: give --instructions and no --part")
    if args.child and args.whole:
        print("games", args.games, _whole_counted(args.games, args.warm, args.seed, args.players, args.bot))
        return 0
    if args.child:
        print("decisions", _replay_counted(args.games, args.seed, args.players, args.bot, args.part))
        return 0
    if args.instructions:
        return _count(args)
    spec = get_game("byston")
    options: dict[str, Any] = spec.validate_options({"players": args.players})
    totals = {"time": 0.0, "decisions": 0.0, "choice_time": 0.0, "choices": 0.0}
    times: list[float] = []
    kinds: dict[str, list[float]] = {}
    steps = 0
    wall = 0.0
    bands: Counter[str] = Counter()
    for i in range(args.games):
        seed = game_seed(args.seed, i)
        seats = [f"bot:{args.bot}"] * args.players
        match = Match(spec, options, seats, seed=seed, journal=False, checked=False)
        match.agents = [_Timed(a, totals, times, kinds) for a in match.agents if a is not None]
        t0 = time.process_time()
        match.play()
        wall += time.process_time() - t0
        steps += len(match.actions)
        outcome = match.state.outcome()
        bands[outcome.reason if outcome is not None else "unfinished"] += 1
    engine = wall - totals["time"]
    print(f"games {args.games} (seed {args.seed}, {args.players} players, bot {args.bot})")
    print(
        f"decisions {int(totals['decisions'])}, of them with a choice {int(totals['choices'])}; steps {steps}"
    )
    print(
        f"µs per decision: {1e6 * totals['time'] / totals['decisions']:.1f} "
        f"(with a choice: {1e6 * totals['choice_time'] / max(totals['choices'], 1):.1f})"
    )
    print(f"µs per decision, median: {1e6 * statistics.median(times):.1f}")
    print(f"µs per engine step (the rest of the loop, over all steps): {1e6 * engine / steps:.1f}")
    print(f"games per CPU second: {args.games / wall:.2f} (CPU s per game {wall / args.games:.3f})")
    print("results: " + ", ".join(f"{k} {v}" for k, v in sorted(bands.items())))
    print("by kind (decisions × µs each, share of the bots' time): " + ", ".join(
        f"{k} {int(n)} × {1e6 * dt / n:.1f} ({dt / max(totals['time'], 1e-12):.0%})"
        for k, (n, dt) in sorted(kinds.items(), key=lambda kv: -kv[1][1])
    ))
    return 0


def _record(games: int, seed: int, players: int, bot: str) -> list[list[tuple[int, Observation]]]:
    """Every decision of the bots in ``games`` seeded games: per game, (seat, a copy of the
    observation's position with the seat and its legal actions)."""
    spec = get_game("byston")
    options: dict[str, Any] = spec.validate_options({"players": players})
    out = []
    for i in range(games):
        match = Match(spec, options, [f"bot:{bot}"] * players, seed=game_seed(seed, i), journal=False, checked=False)
        decisions: list[tuple[int, Observation]] = []
        while True:
            state = match.state
            seat = state.current_seat
            if seat >= 0:
                decisions.append((seat, spec.observe(state.clone(), seat)))
            if not match.step():
                break
        out.append(decisions)
    return out


def _decide_all(recorded: list[list[tuple[int, Observation]]], players: int, bot: str) -> int:
    """Every recorded decision taken again by new bots, one per seat and game."""
    from asobi.core.bots import make_bot

    spec = get_game("byston")
    options: dict[str, Any] = spec.validate_options({"players": players})
    done = 0
    for g, decisions in enumerate(recorded):
        bots = [make_bot(spec, bot, seat, g, options) for seat in range(players)]  # the seed: only determinize reads it
        for seat, obs in decisions:
            bots[seat].act(obs)
        done += len(decisions)
    return done


def _find_part(bot: str, name: str) -> tuple[Any, Any] | None:
    """Where the part ``name`` of the bot lives (its class or the bot module) and its raw
    function, or ``None``."""
    from asobi.core.bots import make_bot
    from asobi.games.byston import bots

    spec = get_game("byston")
    cls = type(make_bot(spec, bot, 0, 0, spec.validate_options({})))
    for holder in cls.__mro__:
        if name in vars(holder) and callable(getattr(cls, name)):
            return holder, vars(holder)[name]
    found = vars(bots).get(name)
    if callable(found) and not isinstance(found, type):
        return bots, found
    return None


def _count_only(bot: str, name: str) -> None:
    """Put the part ``name`` of the bot alone in the counted region (``functools.reduce``): the
    outermost call of it runs inside one, nested calls as they are."""
    where = _find_part(bot, name)
    if where is None:  # main has checked the name
        raise SystemExit(f"no part {name!r}")
    holder, found = where
    raw = found.__func__ if isinstance(found, staticmethod) else found
    depth = [0]

    def counted(*args: Any, **kwargs: Any) -> Any:
        if depth[0]:
            return raw(*args, **kwargs)
        depth[0] += 1
        try:
            return functools.reduce(lambda _done, _x: raw(*args, **kwargs), range(1), None)
        finally:
            depth[0] -= 1

    setattr(holder, name, staticmethod(counted) if isinstance(found, staticmethod) else counted)


def _replay_counted(games: int, seed: int, players: int, bot: str, part: str | None = None) -> int:
    recorded = _record(games, seed, players, bot)
    for factory in get_game("byston").bots.values():  # forget what these very games worked out…
        memo = getattr(factory, "memo", None)
        if memo is not None:
            memo.clear()
    _record(games, seed + 1, players, bot)  # …and warm the caches with other games, as in a batch
    if part is not None:
        _count_only(bot, part)
        return _decide_all(recorded, players, bot)
    return functools.reduce(lambda done, _: done + _decide_all(recorded, players, bot), range(1), 0)


def _whole_counted(games: int, warm: int, seed: int, players: int, bot: str) -> int:
    """Play games ``warm`` … ``warm + games - 1`` of a batch from ``seed`` as its worker does,
    counted, after the ones before it, not counted; the steps played."""
    from asobi.sim.batch import make_jobs, play_job

    spec = get_game("byston")
    options: dict[str, Any] = spec.validate_options({"players": players})
    jobs = make_jobs("byston", options, [bot] * players, warm + games, seed)
    for job in jobs[:warm]:
        play_job(job)
    return functools.reduce(lambda steps, job: steps + play_job(job).steps, jobs[warm:], 0)


def _count(args: argparse.Namespace) -> int:
    child = ["--games", str(args.games), "--seed", str(args.seed), "--players", str(args.players), "--bot", args.bot]
    if args.whole:
        child += ["--whole", "--warm", str(args.warm)]
        (games, steps), counted = callgrind.instructions(__file__, child, "games")
        print(f"games {games} after {args.warm} (seed {args.seed}, {args.players} players, bot {args.bot}): "
              f"{steps} steps, {counted // games} instructions per game, {counted // steps} per step")
        return 0
    if args.part is not None:
        child += ["--part", args.part]
    (count,), counted = callgrind.instructions(__file__, child, "decisions")
    inside = f" inside {args.part}" if args.part is not None else ""
    print(f"games {args.games} (seed {args.seed}, {args.players} players, bot {args.bot}): {count} decisions, "
          f"{counted // count} instructions{inside} per decision")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
