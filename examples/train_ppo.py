#!/usr/bin/env python3
"""Train a masked PPO on one seat of an asobi game through the Gymnasium adapter, and plot its
learning curve: the seat's mean score over fixed evaluation seeds as training goes on, beside a
random policy and the opponents' own bot in that seat on the same seeds.

    pip install -e '.[train-rl]'       # sb3-contrib's MaskablePPO, stable-baselines3, torch (CPU)
    nice -n 10 .venv/bin/python examples/train_ppo.py --game legion --opponents normal \\
        --minutes 5 --plot docs/interop-ppo.png

- The environment is ``gymnasium.make("asobi/<game>-v0", seat=…, opponents=…)``; the policy only
  ever picks among ``info["action_mask"]`` (``MaskablePPO`` asks ``env.action_masks()``).
- ``--minutes`` is this process's CPU time for training (evaluations not counted; training stops
  at the first evaluation past it): the same work on a busy machine as on a quiet one. torch runs
  on one thread.
- Every ``--eval-every`` training steps, the greedy policy plays ``--eval-episodes`` episodes from
  the seeds ``--eval-seed``, ``--eval-seed + 1``, …: the same episodes' chance and bots each time,
  so two points differ by the policy alone. The baselines play the same seeds.
- The plot's title carries the command that made it; ``--results`` writes the points as JSON.

The evaluation, the baselines and the plot need no torch (``random_policy``, ``bot_policy``,
``evaluate``, ``plot_curve``; ``tests/interop/test_train_example.py`` runs them).
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import textwrap
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np

Policy = Callable[[np.ndarray, np.ndarray], int]
"""A policy for evaluation: (observation, action mask) → an action id."""


@dataclass(frozen=True)
class Point:
    """One evaluation: after ``steps`` training steps (``cpu_seconds`` of training), the mean
    score over the evaluation episodes, with its 95% Wilson interval."""

    steps: int
    cpu_seconds: float
    score: float
    low: float
    high: float


def make_env(game: str, seat: int, opponents: str, options: dict[str, Any] | None = None) -> Any:
    """The Gymnasium environment of one learning seat (``asobi/<game>-v0``)."""
    import gymnasium

    import asobi.interop.gymnasium as agym
    from asobi.core.registry import get_game

    get_game(game)  # an unknown game: asobi's error, which names the games there are
    return gymnasium.make(agym.env_id(game), seat=seat, opponents=opponents, **(options or {}))


def random_policy(seed: int) -> Policy:
    """A uniformly random legal action, from a generator seeded once."""
    rng = np.random.default_rng(seed)

    def act(observation: np.ndarray, mask: np.ndarray) -> int:
        return int(rng.choice(np.flatnonzero(mask)))

    return act


def bot_policy(env: Any, name: str) -> Policy:
    """The asobi bot ``name`` (a level or a bot of the game's) in the learning seat, made afresh at
    each reset from the episode's seed (it reads the state through the seat's observation, as any
    bot does, and answers with the id of its action)."""
    from asobi.core.bots import make_bot

    base = env.unwrapped
    state_of: dict[str, Any] = {}

    def act(observation: np.ndarray, mask: np.ndarray) -> int:
        state = base.state_now
        if state_of.get("state") is not state:  # a new episode: a new bot
            state_of["state"] = state
            seed = int(base.np_random.integers(2**62))
            state_of["bot"] = make_bot(base.game, name, base.seat, seed, base.game_options)
        action = state_of["bot"].act(base.game.observe(state, base.seat))
        return int(base.codec.index(action))

    return act


def evaluate(env: Any, policy: Policy, seeds: Sequence[int]) -> float:
    """The learning seat's mean score over one episode from each seed (an illegal action ends an
    episode with the environment's ``illegal_reward``)."""
    total = 0.0
    for seed in seeds:
        obs, info = env.reset(seed=int(seed))
        done = False
        reward = 0.0
        while not done:
            obs, reward, terminated, truncated, info = env.step(policy(obs, info["action_mask"]))
            done = terminated or truncated
        total += float(reward)
    return total / len(seeds)


def point(steps: int, cpu_seconds: float, score: float, episodes: int) -> Point:
    from asobi.core.stats import wilson

    low, high = wilson(score * episodes, episodes)
    return Point(steps, round(cpu_seconds, 1), score, low, high)


def plot_curve(
    points: Sequence[Point], baselines: dict[str, float], path: Path, title: str, episodes: int
) -> None:
    """The learning curve (score against training steps, with its 95% band) and each baseline as a
    horizontal line, written as a PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7.5, 4.2), dpi=110)
    xs = [p.steps for p in points]
    ax.plot(xs, [p.score for p in points], marker="o", color="C0", label="masked PPO (greedy)")
    ax.fill_between(xs, [p.low for p in points], [p.high for p in points], color="C0", alpha=0.2)
    for k, (name, value) in enumerate(baselines.items()):
        ax.axhline(value, color=f"C{k + 1}", linestyle="--", label=f"{name}: {value:.3f}")
    ax.set_xlabel("training steps (the learning seat's decisions)")
    ax.set_ylabel(f"mean score over {episodes} fixed seeds")
    ax.set_ylim(0, 1)
    ax.grid(alpha=0.3)
    ax.legend(loc="lower right", fontsize=8)
    ax.set_title(title, fontsize=7, family="monospace", loc="left")
    if points:
        top = ax.secondary_xaxis("top", functions=_steps_to_minutes(points))
        top.set_xlabel("training CPU minutes", fontsize=8)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path)
    plt.close(fig)


def _steps_to_minutes(points: Sequence[Point]) -> tuple[Callable[[Any], Any], Callable[[Any], Any]]:
    """Training steps ↔ CPU minutes, interpolated between the evaluations."""
    steps = np.array([0.0] + [p.steps for p in points])
    minutes = np.array([0.0] + [p.cpu_seconds / 60 for p in points])
    if len(steps) < 2 or steps[-1] <= 0:
        return (lambda x: x, lambda x: x)
    return (lambda x: np.interp(x, steps, minutes), lambda m: np.interp(m, minutes, steps))


def train(args: argparse.Namespace, log: Callable[[str], None] = print) -> tuple[list[Point], dict[str, float]]:
    """Train for ``args.minutes`` of CPU time; the evaluations and the baselines."""
    options = dict(args.option)
    seeds = range(args.eval_seed, args.eval_seed + args.eval_episodes)
    judge = make_env(args.game, args.seat, args.opponents, options)  # a bad game or bot: said first
    try:
        import torch
        from sb3_contrib import MaskablePPO
        from stable_baselines3.common.callbacks import BaseCallback
    except ImportError as e:
        raise SystemExit(f"{e.name} is not installed: pip install -e '.[train-rl]'") from None
    torch.set_num_threads(1)
    baselines = {"random policy": evaluate(judge, random_policy(args.seed), seeds)}
    if args.bot_baseline:
        baselines[f"bot {args.bot_baseline} in the seat"] = evaluate(judge, bot_policy(judge, args.bot_baseline), seeds)
    for name, value in baselines.items():
        log(f"baseline {name}: {value:.3f}")

    env = make_env(args.game, args.seat, args.opponents, options)
    env.reset(seed=args.seed)
    model = MaskablePPO(
        "MlpPolicy",
        env,
        learning_rate=args.learning_rate,
        n_steps=args.n_steps,
        batch_size=args.batch_size,
        gamma=args.gamma,
        ent_coef=args.ent_coef,
        policy_kwargs={"net_arch": list(args.net)},
        seed=args.seed,
        device="cpu",
        verbose=0,
    )
    points: list[Point] = []
    spent = {"train": 0.0, "eval": 0.0}
    started = time.process_time()

    def greedy(obs: np.ndarray, mask: np.ndarray) -> int:
        action, _ = model.predict(obs, action_masks=mask.astype(bool), deterministic=True)
        return int(action)

    def measure(steps: int) -> None:
        t0 = time.process_time()
        spent["train"] = t0 - started - spent["eval"]
        score = evaluate(judge, greedy, seeds)
        points.append(point(steps, spent["train"], score, len(seeds)))
        spent["eval"] += time.process_time() - t0
        p = points[-1]
        log(f"{steps:8d} steps  {p.cpu_seconds / 60:5.2f} CPU min  score {score:.3f} ({p.low:.3f}–{p.high:.3f})")

    class Periodic(BaseCallback):  # type: ignore[misc]
        def _on_step(self) -> bool:
            if self.num_timesteps % args.eval_every:
                return True
            measure(self.num_timesteps)  # training stops at the first evaluation past the budget
            return points[-1].cpu_seconds < args.minutes * 60

    measure(0)
    model.learn(total_timesteps=10**12, callback=Periodic())
    return points, baselines


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="legion")
    parser.add_argument("--seat", type=int, default=0)
    parser.add_argument("--opponents", default="normal", help="the other seats' bot (a level or a bot name)")
    parser.add_argument("--option", type=_option, action="append", default=[], metavar="NAME=VALUE",
                        help="a game option (repeatable)")
    parser.add_argument("--minutes", type=float, default=5.0, help="CPU minutes of training")
    parser.add_argument("--eval-every", type=int, default=10_000, help="training steps between evaluations")
    parser.add_argument("--eval-episodes", type=int, default=300)
    parser.add_argument("--eval-seed", type=int, default=100_000)
    parser.add_argument("--bot-baseline", default="normal", help="a bot to evaluate in the seat too ('' for none)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--learning-rate", type=float, default=3e-4)
    parser.add_argument("--n-steps", type=int, default=2048)
    parser.add_argument("--batch-size", type=int, default=256)
    parser.add_argument("--gamma", type=float, default=0.99)
    parser.add_argument("--ent-coef", type=float, default=0.01)
    parser.add_argument("--net", type=lambda s: [int(n) for n in s.split(",")], default=[128, 128])
    parser.add_argument("--plot", type=Path, default=None, help="write the learning curve here (PNG)")
    parser.add_argument("--results", type=Path, default=None, help="write the points here (JSON)")
    args = parser.parse_args(argv)
    if args.minutes <= 0 or args.eval_every <= 0 or args.eval_episodes <= 0:
        parser.error("--minutes, --eval-every and --eval-episodes must be positive")
    return args


def _option(text: str) -> tuple[str, Any]:
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"{text!r}: expected NAME=VALUE")
    try:
        return name, json.loads(value)
    except json.JSONDecodeError:
        return name, value


def main(argv: Sequence[str] | None = None) -> int:
    args = parse(argv)
    from asobi.core import AsobiError

    try:
        points, baselines = train(args)
    except AsobiError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    command = "examples/train_ppo.py " + shlex.join(sys.argv[1:] if argv is None else list(argv))
    title = f"asobi/{args.game}-v0, seat {args.seat}, opponents {args.opponents}\n" + "\n".join(
        textwrap.wrap(command, 100, subsequent_indent="    ", break_on_hyphens=False)
    )
    if args.plot:
        plot_curve(points, baselines, args.plot, title, args.eval_episodes)
        print(f"wrote {args.plot}")
    if args.results:
        args.results.write_text(
            json.dumps({"command": command, "baselines": baselines, "points": [asdict(p) for p in points]}, indent=1)
        )
        print(f"wrote {args.results}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
