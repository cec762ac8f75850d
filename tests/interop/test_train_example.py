"""examples/train_ppo.py: what it measures and draws runs without torch (a random policy and a bot
in the learning seat, evaluated over fixed seeds; the plot); the training itself runs briefly
where the ``train-rl`` extra is installed."""

from __future__ import annotations

import sys

import numpy as np
import pytest

pytest.importorskip("gymnasium", reason="the [interop] extra is not installed")

from support.scripts import script_module

GAME = "legion"  # the game the example trains by default (short episodes)


@pytest.fixture(scope="module")
def example():
    with script_module("examples/train_ppo.py", "train_ppo_example") as module:
        yield module


def _checked(policy, seen):
    """``policy``, asserting that each id it picks is marked legal in the mask."""

    def act(obs, mask):
        a = policy(obs, mask)
        assert mask[a] == 1
        seen.append(a)
        return a

    return act


def test_the_example_imports_without_torch(example):
    assert "torch" not in example.__dict__ and "sb3_contrib" not in example.__dict__


def test_evaluating_a_random_policy_repeats_and_is_the_mean_of_the_episodes_scores(example):
    env = example.make_env(GAME, 0, "normal")
    seeds = [5, 6, 7, 8]
    picks: list[int] = []
    first = example.evaluate(env, _checked(example.random_policy(3), picks), seeds)
    again = example.evaluate(env, _checked(example.random_policy(3), []), seeds)
    assert first == again
    assert picks
    # the same episodes by hand: the team's score at the end of each
    rng_policy = example.random_policy(3)
    total = 0.0
    for seed in seeds:
        obs, info = env.reset(seed=seed)
        done = False
        while not done:
            obs, reward, terminated, truncated, info = env.step(rng_policy(obs, info["action_mask"]))
            done = terminated or truncated
        outcome = env.unwrapped.state_now.outcome()
        assert reward == (outcome.scores[0] if terminated else 0.0)
        total += reward
    assert first == total / len(seeds)


def test_a_bot_in_the_seat_plays_legal_ids_and_repeats(example):
    env = example.make_env(GAME, 1, "normal")
    picks: list[int] = []
    first = example.evaluate(env, _checked(example.bot_policy(env, "normal"), picks), [1, 2, 3])
    assert example.evaluate(env, example.bot_policy(env, "normal"), [1, 2, 3]) == first
    assert 0.0 <= first <= 1.0 and picks


def test_the_plot_is_a_png_with_its_points(example, tmp_path):
    points = [example.point(0, 0.0, 0.2, 100), example.point(5000, 30.0, 0.45, 100)]
    assert points[1].low < 0.45 < points[1].high
    out = tmp_path / "curve" / "ppo.png"
    example.plot_curve(points, {"random policy": 0.2}, out, "a title\nthe command", 100)
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_bad_arguments_are_refused(example, capsys):
    for argv in (["--minutes", "0"], ["--eval-episodes", "-1"], ["--option", "players"]):
        with pytest.raises(SystemExit) as e:
            example.parse(argv)
        assert e.value.code == 2
    assert example.parse(["--option", "players=4", "--option", "difficulty=hard"]).option == [
        ("players", 4),
        ("difficulty", "hard"),
    ]


def test_without_the_extra_training_says_what_to_install(example, monkeypatch):
    monkeypatch.setitem(sys.modules, "sb3_contrib", None)  # as if not installed
    with pytest.raises(SystemExit, match=r"train-rl"):
        example.main(["--game", GAME, "--minutes", "0.01"])


def test_a_bad_game_or_bot_is_an_error_not_a_traceback(example, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "sb3_contrib", None)  # said before the extra is needed
    assert example.main(["--game", "nosuchgame", "--minutes", "0.01"]) == 2
    assert "nosuchgame" in capsys.readouterr().err
    assert example.main(["--game", GAME, "--opponents", "grandmaster", "--minutes", "0.01"]) == 2
    assert "grandmaster" in capsys.readouterr().err


def test_a_short_training_run_writes_its_curve(example, tmp_path):
    pytest.importorskip("sb3_contrib", reason="the [train-rl] extra (MaskablePPO, torch) is not installed")
    plot, results = tmp_path / "ppo.png", tmp_path / "ppo.json"
    argv = ["--game", GAME, "--minutes", "0.001", "--eval-every", "128", "--n-steps", "128",
            "--batch-size", "64", "--eval-episodes", "3", "--bot-baseline", "", "--plot", str(plot),
            "--results", str(results)]
    assert example.main(argv) == 0
    import json

    found = json.loads(results.read_text())
    assert [p["steps"] for p in found["points"]] == [0, 128]
    assert set(found["baselines"]) == {"random policy"}
    assert all(0.0 <= p["score"] <= 1.0 for p in found["points"])
    assert plot.read_bytes()[:4] == b"\x89PNG"
    assert np.isfinite(found["points"][1]["cpu_seconds"])
