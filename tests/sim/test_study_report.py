"""`asobi study`: a small report built in the suite, `--compare`, and bad input."""

from __future__ import annotations

import base64
import dataclasses
import json
import re
import shutil

import pytest
from click.testing import CliRunner

from asobi.cli import main
from asobi.core.errors import AsobiError
from asobi.core.hooks import StudyHooks
from asobi.core.record import GameRecord
from asobi.core.registry import get_game
from asobi.core.replay import replaying
from asobi.sim.balance import Cell
from asobi.sim.batch import make_jobs, play_job, read_record_line
from asobi.sim.study import figures
from asobi.sim.study import make as study_make
from asobi.sim.study.make import make_study
from asobi.sim.study.report import build_report, differences
from asobi.sim.study.stats import fisher_exact

PNG = b"\x89PNG\r\n\x1a\n"


def run(*args: str, ok: bool = True):
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    if ok:
        assert result.exit_code == 0, result.output
    return result


@pytest.fixture(scope="module")
def legion_study(tmp_path_factory):
    out = tmp_path_factory.mktemp("study") / "legion"
    run("study", "legion", "-n", "6", "--seed", "3", "--jobs", "1", "--vary", "difficulty=easy,hard",
        "--players", "3", "--out", str(out))
    return out


def test_report_has_its_sections_and_embedded_plots(legion_study):
    html = (legion_study / "report.html").read_text(encoding="utf-8")
    for section in ("How to rerun", "Outcomes", "Do the settings differ?", "Seat and first-player advantage",
                    "How games ended", "Game length", "figures over time", "Content: how often",
                    "correlation, not an effect"):
        assert section in html, section
    images = re.findall(r'src="data:image/png;base64,([A-Za-z0-9+/=]+)"', html)
    assert len(images) >= 3  # outcomes, length, progress (a content plot needs more games)
    assert all(base64.b64decode(i).startswith(PNG) for i in images)
    assert "src=\"http" not in html and "<script" not in html  # opens from a file, nothing fetched
    for name in ("outcomes.png", "length.png", "progress.png"):
        assert (legion_study / name).read_bytes().startswith(PNG)
        assert base64.b64encode((legion_study / name).read_bytes()).decode() in images


def test_report_says_how_to_rerun_it(legion_study):
    report = json.loads((legion_study / "study.json").read_text(encoding="utf-8"))
    spec = get_game("legion")
    assert report["command"] == "asobi study legion -n 6 --seed 3 --vary difficulty=easy,hard --players 3"
    assert report["rules_version"] == spec.rules_version and report["data_hash"] == spec.records.data_hash()
    assert report["seed"] == 3 and report["games_per_setting"] == 6
    html = (legion_study / "report.html").read_text(encoding="utf-8")
    assert report["command"] in html and spec.records.data_hash() in html


def test_figures_agree_with_the_games(legion_study):
    report = json.loads((legion_study / "study.json").read_text(encoding="utf-8"))
    lines = [json.loads(t) for t in (legion_study / "games.jsonl").read_text(encoding="utf-8").splitlines()]
    assert len(lines) == 12 and [g["cell"] for g in lines] == [0] * 6 + [1] * 6
    assert report["co_operative"] and report["clock"] == "round"
    for s in report["settings"]:
        games = [g for g in lines if g["cell"] == s["index"]]
        won = sum(1 for g in games if g["winners"])
        assert s["win"]["k"] == won and s["win"]["n"] == 6
        assert s["win"]["low"] <= won / 6 <= s["win"]["high"]
        ends = [g["progress"]["end"][0] for g in games]
        assert s["length"]["clock"]["mean"] == pytest.approx(sum(ends) / 6)
        assert ends == [g["metrics"]["rounds"] for g in games]  # the clock's last value is the game's rounds
        for g in games:
            rounds = [v[0] for v in g["progress"]["start"]]
            assert rounds == sorted(set(rounds)) and rounds[0] == 1 and rounds[-1] == ends[games.index(g)]
            held = {c for cs in g["content"]["held"].values() for c in cs}
            assert {c for p in g["content"]["played"].values() for c in p} <= held
        played = {r["id"]: r for r in s["content"]}
        for card, row in played.items():
            in_games = [g for g in games if any(card in cs for cs in g["content"]["held"].values())]
            assert row["held"] == len(in_games)
    # every game line replays as `simulate --out` lines do
    record = read_record_line(legion_study / "games.jsonl", 7)
    assert record.seed == lines[6]["seed"] and record.options["difficulty"] == "hard"
    assert report["differences"][0]["what"] == "win rate" and 0 <= report["differences"][0]["p_holm"] <= 1


def test_compare_two_tiny_reports(legion_study, tmp_path):
    other = tmp_path / "other"
    run("study", "legion", "-n", "6", "--seed", "4", "--jobs", "1", "--vary", "difficulty=easy,hard",
        "--players", "3", "--out", str(other))
    out = run("study", "--compare", str(legion_study), str(other / "study.json"), "--out", str(tmp_path / "cmp"))
    text = out.output
    assert "difficulty=easy" in text and "table win rate" in text and "rounds per game" in text
    result = json.loads((tmp_path / "cmp" / "compare.json").read_text(encoding="utf-8"))
    assert {r["setting"] for r in result["changes"]} == {"difficulty=easy", "difficulty=hard"}
    a = json.loads((legion_study / "study.json").read_text(encoding="utf-8"))
    b = json.loads((other / "study.json").read_text(encoding="utf-8"))
    easy = next(r for r in result["changes"] if r["setting"] == "difficulty=easy" and r["what"] == "table win rate")
    assert easy["a"] == a["settings"][0]["win"]["rate"] and easy["b"] == b["settings"][0]["win"]["rate"]
    assert 0 <= easy["p"] <= easy["p_holm"] <= 1
    assert result["a"]["data_hash"] == result["b"]["data_hash"]


def test_emblem_study_reports_seats_and_first_player(tmp_path):
    out = tmp_path / "emblem"
    run("study", "emblem", "-n", "4", "--seed", "1", "--jobs", "1", "--out", str(out))
    report = json.loads((out / "study.json").read_text(encoding="utf-8"))
    assert not report["co_operative"] and report["clock"] == "turn"
    (s,) = report["settings"]
    assert s["label"] == "all games" and [w["seat"] for w in s["seat_wins"]] == ["A", "B"]
    decided = s["first_player"]["n"]
    assert 0 < decided <= 4 and s["seat_advantage"]["n"] == decided
    assert {"chips_A", "chips_B"} <= set(s["progress"]["figures"])
    assert all(r["held"] >= r["played"] for r in s["content"]) and any(r["played"] for r in s["content"])
    assert "first player wins" in (out / "report.html").read_text(encoding="utf-8")


def test_content_impact_and_differences_on_made_up_games():
    spec = get_game("legion")
    cells = [Cell((("difficulty", d),), {"players": 2, "difficulty": d}, ("rule", "rule"), ("A", "B"))
             for d in ("easy", "hard")]

    def game(cell, won, held, played):
        return {"cell": cell, "index": 0, "seed": 0, "reason": "won" if won else "lost", "clause": "x",
                "winners": [0, 1] if won else [], "steps": 10, "metrics": {},
                "content": {"held": {"0": held}, "played": {"1": played}}}

    lines = [
        game(0, True, ["W01"], {"W01": 2}), game(0, True, ["W01"], {"W01": 1}), game(0, False, ["W01"], {}),
        game(0, False, [], {}), game(1, False, ["W01"], {}),
    ]
    report = build_report(spec, cells, lines, {"command": "x", "seed": 0, "games_per_setting": 4}, seed=0)
    easy = report["settings"][0]
    (w01,) = easy["content"]
    assert (w01["held"], w01["played"], w01["plays"]) == (3, 2, 3)  # a game is the unit: seats pooled
    assert w01["win_played"]["k"] == 2 and w01["win_not_played"] == pytest.approx(
        {"k": 0, "n": 1, "rate": 0.0, "low": 0.0, "high": w01["win_not_played"]["high"]})
    assert w01["difference"]["test"] == "fisher"
    assert easy["win"]["k"] == 2 and easy["win"]["n"] == 4
    (diff,) = differences(report["settings"], co_op=True)
    assert (diff["k1"], diff["n1"], diff["k2"], diff["n2"]) == (2, 4, 0, 1)
    assert figures.content(report, easy) is None  # too few games either way to plot


def test_content_plot_and_competitive_units():
    spec = get_game("emblem")
    cells = [Cell((), {}, ("rule", "rule"), ("A", "B"))]
    lines = []
    for i in range(12):  # seat A plays the card in games 0..5 and wins those; B never holds it
        lines.append({
            "cell": 0, "index": i, "seed": i, "reason": "won", "clause": "C-23", "winners": [0] if i < 6 else [1],
            "steps": 10, "metrics": {}, "first_seat": i % 2,
            "content": {"held": {"0": ["w-iron-sword"], "1": ["m-fire"]},
                        "played": {"0": {"w-iron-sword": 1}} if i < 6 else {}},
        })
    report = build_report(spec, cells, lines, {"command": "x", "seed": 0, "games_per_setting": 12}, seed=0)
    (s,) = report["settings"]
    rows = {r["id"]: r for r in s["content"]}
    sword = rows["w-iron-sword"]  # a seat in a game is the unit: A's 12 seat-games
    assert (sword["held"], sword["played"], sword["win_played"]["k"], sword["win_not_played"]["k"]) == (12, 6, 6, 0)
    assert sword["name"] == "Iron Sword" and sword["difference"]["test"] == "fisher"
    assert sword["difference"]["p"] == pytest.approx(fisher_exact(6, 6, 0, 6))
    assert rows["m-fire"]["played"] == 0 and "difference" not in rows["m-fire"]
    # the first player (A in even games, B in odd ones) won games 0, 2, 4 (A) and 7, 9, 11 (B)
    assert s["first_player"]["k"] == 6 and s["first_player"]["n"] == 12
    assert s["seat_advantage"]["k"] == 6 and s["seat_advantage"]["p"] == pytest.approx(1.0)
    assert figures.content(report, s).startswith(PNG)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["study", "legion", "--vary", "colour=red,blue"], "no option --colour"),
        (["study", "legion", "--vary", "difficulty=easy,impossible"], "impossible"),
        (["study", "legion", "--vary", "difficulty"], "--vary"),
        (["study", "--compare", "no-such-dir", "nor-this"], "no study there"),
        (["study"], "give a GAME"),
        (["study", "nogame"], "no game 'nogame'"),
    ],
)
def test_bad_input_is_a_clear_error_and_writes_nothing(args, message, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run(*args, ok=False)
    assert result.exit_code == 2 and message in result.output and "Traceback" not in result.output
    assert list(tmp_path.iterdir()) == []


def test_out_must_not_be_another_directory(tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    result = run("study", "legion", "-n", "1", "--out", str(tmp_path), ok=False)
    assert result.exit_code == 2 and "holds other files" in result.output
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]


def test_compare_refuses_a_file_that_is_not_a_study(legion_study, tmp_path):
    bogus = tmp_path / "x.json"
    bogus.write_text('{"game": "legion"}')
    result = run("study", "--compare", str(legion_study), str(bogus), ok=False)
    assert result.exit_code == 2 and "not an asobi study report" in result.output


def test_a_game_without_study_hooks_is_still_studied(tmp_path, swap_spec):
    spec = swap_spec("asobi.games.legion.spec", study=StudyHooks())
    options = spec.validate_options({"players": 2})
    cells = [Cell((), options, ("rule", "rule"), ("A", "B"))]
    report = make_study(spec, cells, 3, 5, tmp_path / "s", command="test")
    (s,) = report["settings"]
    assert report["clock"] is None and s["progress"] is None and s["content"] == []
    assert s["games"] == 3 and "clock" not in s["length"] and s["length"]["actions"]["n"] == 3
    html = (tmp_path / "s" / "report.html").read_text(encoding="utf-8")
    assert "Outcomes" in html and "Game length" in html
    assert "figures over time" not in html and "Content:" not in html
    assert sorted(p.name for p in (tmp_path / "s").iterdir()) == [
        "games.jsonl", "length.png", "outcomes.png", "report.html", "study.json"]


def test_a_study_reads_each_game_as_it_is_played_the_same_as_a_replay_of_its_record(swap_spec):
    """The figures sampled while a game was played are those its record gives when replayed
    (before each action, and at the end): a study never plays a game twice. The clock here is the
    log's length, which nearly every action moves on, so each sample is seen."""
    legion = get_game("legion")
    spec = swap_spec("asobi.games.legion.spec", study={
        "progress": lambda state: {"events": float(state.log_length()), "round": float(state.round)}})
    assert legion.study.progress is not spec.study.progress
    (job,) = make_jobs("legion", spec.validate_options({}), ["rule"] * 3, 1, 2, record=True, facts=True)
    result = play_job(job)
    assert result.facts is not None and result.record is not None
    record = GameRecord.from_json(result.record)
    progress = spec.study.progress
    assert progress is not None
    starts: list[list[float]] = []
    for match in replaying(record):
        if len(match.actions) < len(record.actions):
            values = [float(v) for v in progress(match.state).values()]
            if not starts or starts[-1][0] != values[0]:
                starts.append(values)
    final = match.state
    assert result.facts["progress"]["start"] == starts and len(starts) > 100
    assert result.facts["progress"]["end"] == [float(v) for v in progress(final).values()]
    assert result.facts["first_seat"] == spec.study.first_seat(final)  # type: ignore[misc]
    assert play_job(dataclasses.replace(job, facts=False)).facts is None


def test_games_made_under_two_data_versions_are_refused(tmp_path, monkeypatch):
    spec = get_game("legion")
    cells = [Cell((), spec.validate_options({}), ("rule",) * 3, ("A", "B", "C"))]

    def mixed(*args, **kwargs):
        return [], {("4", "aaaa"), ("4", "bbbb")}

    monkeypatch.setattr(study_make, "play_study", mixed)
    with pytest.raises(AsobiError, match="changed while the study ran"):
        study_make.make_study(spec, cells, 1, 0, tmp_path / "s", command="test")
    assert not (tmp_path / "s" / "study.json").exists()


def test_report_opens_in_a_browser_from_the_file(legion_study):
    """The page shows every plot from file://, with nothing fetched from anywhere."""
    sync_api = pytest.importorskip("playwright.sync_api")
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        pytest.skip("no system Chromium")
    requests: list[str] = []
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        try:
            page = browser.new_page()
            page.on("request", lambda r: requests.append(r.url))
            page.goto((legion_study / "report.html").as_uri())
            sizes = page.eval_on_selector_all("img", "imgs => imgs.map(i => [i.complete, i.naturalWidth])")
            headings = page.eval_on_selector_all("h2", "hs => hs.map(h => h.textContent)")
        finally:
            browser.close()
    assert len(sizes) >= 3 and all(done and width > 100 for done, width in sizes)
    assert "Outcomes" in headings and "Do the settings differ?" in headings
    assert all(url.startswith(("file:", "data:")) for url in requests)


def test_same_command_same_report_whatever_the_processes(legion_study, tmp_path):
    again = tmp_path / "again"
    run("study", "legion", "-n", "6", "--seed", "3", "--jobs", "2", "--vary", "difficulty=easy,hard",
        "--players", "3", "--out", str(again))
    first, second = (json.loads((d / "study.json").read_text(encoding="utf-8")) for d in (legion_study, again))
    for report in (first, second):
        for how_made in ("made", "elapsed_s", "where"):
            report.pop(how_made)
    assert first == second  # bootstrap intervals included: they are seeded from the batch seed
    assert (legion_study / "outcomes.png").read_bytes() == (again / "outcomes.png").read_bytes()


def test_the_report_says_seats_and_outcomes_as_people_do():
    """A wargame's camps and its outcome bands: "Drake's camp wins", "Sheela's camp's complete
    victory" — never the ids drake_camp or sheela_complete."""
    from asobi.sim.study import html

    spec = get_game("byston")
    cells = [Cell((), {"players": 2}, ("rule", "rule"), ("drake_camp", "sheela_camp"))]

    def game(index, reason, winners):
        return {"cell": 0, "index": index, "seed": index, "reason": reason, "clause": "27.2", "winners": winners,
                "steps": 10, "metrics": {}}

    lines = [game(0, "sheela_complete", [1]), game(1, "drake_ahead", [0]), game(2, "draw", [])]
    report = build_report(spec, cells, lines, {"command": "x", "seed": 0, "games_per_setting": 3}, seed=0)
    from html import unescape

    page = unescape(html.render(report, {}))
    assert "Drake's camp wins (95% CI)" in page and "Sheela's camp's complete victory (27.2)" in page
    assert "Drake's camp ahead (27.2)" in page
    text = re.sub(r"<[^>]+>", " ", page)
    assert not re.search(r"\b(drake_camp|sheela_camp|sheela_complete|drake_ahead)\b", text), text
