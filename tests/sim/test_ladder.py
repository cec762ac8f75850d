"""The strength ladder: seatings, ratings from results, co-operative games, the command."""

from __future__ import annotations

import json
import statistics

import pytest
from click.testing import CliRunner

from asobi.cli import main
from asobi.core.registry import get_game
from asobi.sim.batch import GameResult
from asobi.sim.ladder import TABLE, Ladder, is_cooperative, ladder_key, lineups, run_ladder
from support.toygame import registered


@pytest.fixture(autouse=True)
def toy():
    return registered()


def run(*args):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_every_pair_plays_with_seats_swapped():
    games = lineups(["a", "b", "c"], (0, 1), 4, cooperative=False)
    assert len(games) == 3 * 4
    assert games[:4] == [("a", "b"), ("b", "a"), ("a", "b"), ("b", "a")]
    assert {g for g in games if "c" in g} == {("a", "c"), ("c", "a"), ("b", "c"), ("c", "b")}
    assert lineups(["a", "b"], (0, 1, 2, 3), 2, cooperative=False) == [("a", "b", "a", "b"), ("b", "a", "b", "a")]
    assert lineups(["a", "b"], (0, 0, 0), 2, cooperative=True) == [("a",) * 3, ("a",) * 3, ("b",) * 3, ("b",) * 3]


def test_a_bot_holds_a_whole_side():
    """Byston's camps (27.2): with 4 players Drake and Ku are one side, Rau and Na the other; with 3,
    the Drake camp's one seat against two."""
    byston = get_game("byston")
    four, three = (byston.validate_options({"players": p}) for p in (4, 3))
    assert byston.sides(four) == (0, 0, 1, 1)
    assert lineups(["a", "b"], byston.sides(four), 2, cooperative=False) == [("a", "a", "b", "b"), ("b", "b", "a", "a")]
    assert lineups(["a", "b"], byston.sides(three), 2, cooperative=False) == [("a", "b", "b"), ("b", "a", "a")]


def result(i: int, scores: tuple[float, ...]) -> GameResult:
    """A game's result: the seats with the top score win, unless every seat lost (scored 0)."""
    winners = tuple(s for s, x in enumerate(scores) if x == max(scores) and x > 0)
    return GameResult(i, i, "end", "-", winners, scores, 10)


def test_ratings_order_bots_by_results():
    ladder = Ladder("g", ["weak", "strong", "middle"], cooperative=False)
    wins = {("strong", "weak"): 1.0, ("strong", "middle"): 0.8, ("middle", "weak"): 0.8}
    i = 0
    for (good, bad), rate in wins.items():
        for g in range(10):
            seats = (good, bad) if g % 2 == 0 else (bad, good)
            good_wins = g < rate * 10
            scores = tuple(1.0 if (bot == good) == good_wins else 0.0 for bot in seats)
            ladder.results.append((seats, result(i, scores)))
            i += 1
    ratings = ladder.ratings()
    assert [r.bot for r in ratings] == ["strong", "middle", "weak"]
    assert all(r.low < r.mu < r.high for r in ratings)
    assert ratings[0].score == pytest.approx(18 / 20) and ratings[0].games == 20
    pairs = {(p.bot, p.against): p for p in ladder.pairings()}
    assert pairs[("strong", "middle")].share == pytest.approx(0.8)
    assert pairs[("middle", "strong")].share == pytest.approx(0.2)
    assert [(p.bot, p.against) for p in ladder.head_to_head(ratings)] == [
        ("strong", "middle"), ("strong", "weak"), ("middle", "weak")]


def test_a_draw_counts_half_and_intervals_hold_the_share():
    ladder = Ladder("g", ["a", "b"], cooperative=False)
    ladder.results = [(("a", "b"), result(0, (0.5, 0.5))), (("b", "a"), result(1, (0.0, 1.0)))]
    (a_vs_b,) = [p for p in ladder.pairings() if p.bot == "a"]
    assert a_vs_b.points == 1.5 and a_vs_b.games == 2
    low, high = a_vs_b.interval()
    assert low < 0.75 < high and high - low < 0.9
    assert (round(low, 4), round(high, 4)) == (0.1979, 0.9733)  # Wilson at z = 1.96 for 1.5 of 2 (by hand)


def test_a_cooperative_table_is_rated_against_the_game():
    ladder = Ladder("g", ["rule", "random"], cooperative=True)
    for i in range(10):
        ladder.results.append((("rule",) * 3, result(i, (1.0,) * 3 if i < 6 else (0.0,) * 3)))
        ladder.results.append((("random",) * 3, result(i, (1.0,) * 3 if i < 1 else (0.0,) * 3)))
    ratings = ladder.ratings()
    assert [r.bot for r in ratings] == ["rule", "random"]
    assert ratings[0].score == pytest.approx(0.6) and ratings[1].score == pytest.approx(0.1)
    assert {p.against for p in ladder.pairings() if p.bot != TABLE} == {TABLE}


def test_cooperative_games_are_told_from_rivals():
    """By what the game declares, not by probing games: byston's rule bots draw nearly every
    game, every seat scoring ½, which looks co-operative to a probe."""
    assert is_cooperative(get_game("legion"))
    assert not is_cooperative(get_game("emblem"))
    assert not is_cooperative(get_game("byston"))
    assert not is_cooperative(registered())


def test_ladder_command_writes_its_page(tmp_path):
    doc = tmp_path / "strength.md"
    args = ("ladder", "toy-highcard", "--bots", "random,mcts:iters=30", "-n", "6", "--jobs", "1", "--seed", "3")
    shown = run(*args, "--doc", str(doc))
    assert shown.exit_code == 0, shown.output
    assert "mcts:iters=30" in shown.output and "head to head" in shown.output
    page = doc.read_text(encoding="utf-8")
    assert f"asobi ladder toy-highcard --bots random,mcts:iters=30 -n 6 --seed 3 --jobs 1 --doc {doc}" in page and "| `random` |" in page
    data = json.loads(run(*args, "--json").output)
    assert data["games"] == 6 and not data["cooperative"]
    assert {r["bot"] for r in data["ratings"]} == {"random", "mcts:iters=30"}
    assert json.loads(run(*args, "--json").output) == data  # iteration budgets repeat


def test_ladder_draws_its_ratings(tmp_path):
    pytest.importorskip("matplotlib")
    picture = tmp_path / "ratings.png"
    drawn = run("ladder", "toy-highcard", "--bots", "random,mcts:iters=10", "-n", "2", "--jobs", "1",
                "--plot", str(picture))
    assert drawn.exit_code == 0, drawn.output
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(("bots", "says"), [
    ("random,mcts:time=abc", "time must be a number of seconds > 0, not 'abc'"),
    ("random,random", "names a bot twice"),
    ("random", "needs at least two bots"),
    ("random,nobody", "no bot 'nobody'"),
])
def test_ladder_refuses_bad_bots(bots, says):
    refused = run("ladder", "toy-highcard", "--bots", bots, "-n", "2", "--jobs", "1")
    assert refused.exit_code == 2 and says in refused.output


def test_an_interrupted_ladder_goes_on_from_its_results_file(tmp_path):
    spec = get_game("toy-highcard")
    options = spec.validate_options({"copies": 2})
    whole = run_ladder(spec, options, ["random", "mcts:iters=20"], 3, 5)
    path = tmp_path / "results.jsonl"
    first = run_ladder(spec, options, ["random", "mcts:iters=20"], 3, 5, results=path)
    assert first.resumed == 0 and [r for _, r in first.results] == [r for _, r in whole.results]
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 3
    # killed after two games, the third line cut short while it was written
    path.write_text("\n".join(lines[:2]) + "\n" + lines[2][:25], encoding="utf-8")
    played: list[int] = []
    again = run_ladder(spec, options, ["random", "mcts:iters=20"], 3, 5, on_result=lambda r: played.append(r.index),
                       results=path)
    assert played == [2] and again.resumed == 2
    assert [(s, r) for s, r in again.results] == [(s, r) for s, r in whole.results]
    # another ladder's lines share the file and are left alone
    other = run_ladder(spec, options, ["random", "mcts:iters=20"], 3, 6, results=path)
    assert other.resumed == 0 and len(path.read_text(encoding="utf-8").splitlines()) == 2 + 1 + 3


@pytest.mark.parametrize("line, says", [
    ("not json\n", "line 1: not JSON"),
    ('{"ladder": KEY, "seats": ["mcts:iters=20", "random"], "result": {"index": 0}}\n', "not a result of this ladder"),
    ('{"ladder": KEY, "seats": ["random", "mcts:iters=20"], "result": {"index": 0, "seed": 1, "reason": "x", "clause": "x", '
     '"winners": [5], "scores": [1, 0], "steps": 3}}\n', "not a result of this ladder"),
])
def test_a_broken_results_file_is_refused_and_left_as_it_was(tmp_path, line, says):
    spec = get_game("toy-highcard")
    options = spec.validate_options({"copies": 2})
    key = json.dumps(ladder_key(spec, options, ["random", "mcts:iters=20"], 2, 0, False))
    path = tmp_path / "results.jsonl"
    path.write_text(line.replace("KEY", key), encoding="utf-8")
    before = path.read_bytes()
    out = CliRunner().invoke(main, ["ladder", "toy-highcard", "--bots", "random,mcts:iters=20", "-n", "2", "--mode", "versus",
                                    "--results", str(path), "--copies", "2"])
    assert out.exit_code != 0 and says in out.output and "Traceback" not in out.output
    assert path.read_bytes() == before


def test_byston_margin_is_each_camps_lead_and_drakes_removal_counts_as_a_complete_loss():
    from asobi.games.byston.spec import camp_margin

    byston = get_game("byston")
    two, four = (byston.validate_options({"players": p}) for p in (2, 4))
    assert camp_margin({"drake_lead": -7.0}, "27.2", two) == (-7.0, 7.0)
    assert camp_margin({"drake_lead": 3.0}, "27.2", four) == (3.0, 3.0, -3.0, -3.0)
    assert camp_margin({"drake_lead": -5.0}, "27.3", two) == (-30.0, 30.0)  # Drake removed: ≤ −30 (27.2's band)
    assert camp_margin({"drake_lead": -41.0}, "27.3", two) == (-41.0, 41.0)
    assert camp_margin({"turn": 16.0}, "27.2", two) is None  # a result written before the metric existed


def test_margins_are_reported_per_pair_with_an_interval_from_each_sides_own_spread():
    # "a" does 5 better than "b" on either side, and the seat-0 side is 20 behind the other: the
    # sides' gap is the same for both bots, so it is no part of the interval
    ladder = Ladder("g", ["a", "b"], cooperative=False, margin_name="lead")
    leads = [(-4.0, ("a", "b")), (-16.0, ("b", "a")), (-6.0, ("a", "b")), (-14.0, ("b", "a")),
             (-2.0, ("a", "b")), (-18.0, ("b", "a"))]
    for i, (lead, seats) in enumerate(leads):  # lead: seat 0's margin
        ladder.results.append((seats, result(i, (0.5, 0.5))))
        ladder.margins.append({seats[0]: lead, seats[1]: -lead})
    ladder.margins.append(None)  # a game without the margin is left out
    ladder.results.append((("a", "b"), result(6, (0.5, 0.5))))
    pairs = {(m.bot, m.against): m for m in ladder.margin_pairings()}
    a = pairs["a", "b"]
    assert a.by_side == ((-4.0, -6.0, -2.0), (16.0, 14.0, 18.0))
    assert a.games == 6 and a.mean == 6.0 and pairs["b", "a"].mean == -6.0
    half = 1.96 * (4 / 3 + 4 / 3) ** 0.5 / 2  # each side's variance 4 over 3 games
    assert a.interval() == pytest.approx((6.0 - half, 6.0 + half))
    pooled = [-4.0, -6.0, -2.0, 16.0, 14.0, 18.0]  # what the pooled spread would have said
    assert a.interval()[1] - a.interval()[0] < 2 * 1.96 * statistics.stdev(pooled) / 6 ** 0.5 / 4
    single = Ladder("g", ["a", "b"], cooperative=False, margin_name="lead")
    single.results = ladder.results[:2]
    single.margins = ladder.margins[:2]
    one = {(m.bot, m.against): m for m in single.margin_pairings()}["a", "b"]
    assert one.mean == 6.0 and one.interval() == pytest.approx(
        (6.0 - 1.96 * statistics.stdev([-4.0, 16.0]) / 2 ** 0.5, 6.0 + 1.96 * statistics.stdev([-4.0, 16.0]) / 2 ** 0.5))
    from asobi.sim.ladder import markdown

    page = markdown(ladder, "asobi ladder g", 1.0)
    assert "| bot | against | games | mean lead | 95% interval |" in page
    low, high = a.interval()
    assert f"| +6.00 | {low:+.2f} – {high:+.2f} |" in page or f"| -6.00 | {-high:+.2f} – {-low:+.2f} |" in page


def test_a_byston_ladder_reports_the_camps_lead():
    out = run("ladder", "byston", "--bots", "random,rule", "-n", "2", "--jobs", "1", "--json", "--players", "2")
    data = json.loads(out.output)
    assert data["margin"] == "camp's lead in GP (27.2)"
    margins = {(m["bot"], m["against"]): m for m in data["margins"]}
    assert margins["rule", "random"]["games"] == 2
    assert margins["rule", "random"]["mean"] == -margins["random", "rule"]["mean"] > 0
    shown = run("ladder", "byston", "--bots", "random,rule", "-n", "2", "--jobs", "1", "--players", "2")
    assert "camp's lead in GP (27.2)" in shown.output


def test_the_page_of_a_ladder_kept_in_a_results_file_names_the_file(tmp_path):
    page, kept = tmp_path / "ladder.md", tmp_path / "kept.jsonl"
    out = run("ladder", "toy-highcard", "--bots", "random,mcts:iters=5", "-n", "2", "--jobs", "1", "--results", str(kept),
              "--doc", str(page))
    assert out.exit_code == 0, out.output
    assert f"--results {kept} --doc {page}" in page.read_text(encoding="utf-8")
