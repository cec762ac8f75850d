"""`asobi odds byston` and the forecast module: the printed numbers are the rules' own (odds.py over
combat.attackers) and match a brute-force enumeration of every die face for small pools; a live
battle's forecast equals the chance node the rules open; bad situations are one clear error."""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import product

import pytest
from click.testing import CliRunner

from asobi.cli import main
from asobi.core.text import width
from asobi.games.byston import forecast as F
from asobi.games.byston.board import static
from asobi.games.byston.odds import blocks_placed, dice_of, expected_blocks, pool
from asobi.games.byston.rules.combat import attackers

from .helpers import game, put
from .test_combat import HEX, fight, go

RUN = CliRunner()


def odds(*args: str) -> dict:
    result = RUN.invoke(main, ["odds", "byston", *args, "--json"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def step(data: dict, name: str, camp: str) -> dict:
    (found,) = [x for x in data["steps"] if x["step"] == name and x["camp"] == camp]
    return found


def hits_of(entry: dict) -> list[tuple[int, Fraction]]:
    return [(k, Fraction(p)) for k, p in entry["hits"]]


def brute(values: list[int], bonus: int = 0) -> dict[int, Fraction]:
    """Every face of every die, counted: P(k hits)."""
    out: dict[int, Fraction] = {}
    total = 6 ** len(values)
    for faces in product(range(1, 7), repeat=len(values)):
        k = sum(f <= v for f, v in zip(faces, values, strict=True)) + bonus
        out[k] = out.get(k, Fraction(0)) + Fraction(1, total)
    return out


def test_air_combat_numbers_are_odds_py_and_brute_force():
    data = odds("-a", "drake: 2 drumlo, dunbine +shot", "-d", "rau: 2 bozune")
    drumlo, dunbine, bozune = (static().t.unit(u).front for u in ("drumlo", "dunbine", "bozune"))
    shot = static().t.characters["shot"]
    attack = step(data, "air", "drake")
    values = [drumlo.air, drumlo.air, dunbine.air]
    assert attack["dice"] == [[v, n] for v, n in dice_of(values)]
    assert attack["bonus"] == shot.ab_attack
    assert hits_of(attack) == list(pool(dice_of(values), shot.ab_attack))
    assert dict(hits_of(attack)) == brute(values, shot.ab_attack)
    defend = step(data, "air", "sheela")
    assert dict(hits_of(defend)) == brute([bozune.air, bozune.air])
    # the expected losses: Drake's hits go to the Bozune as listed, each taken down before the next
    sizes = [bozune.defence, static().t.unit("bozune").back.defence] * 2
    assert [b["size"] for b in attack["plan"]] == sizes
    want = expected_blocks(pool(dice_of(values), shot.ab_attack), sizes)
    assert Fraction(attack["expected_blocks"]) == want
    by_faces = sum(
        (p * blocks_placed(k, sizes) for k, p in brute(values, shot.ab_attack).items()), Fraction(0)
    )
    assert Fraction(attack["expected_blocks"]) == by_faces
    assert Fraction(attack["expected_hits"]) == sum(k * p for k, p in brute(values, shot.ab_attack).items())


def test_aa_bombing_and_shelling_numbers_match_the_brute_force():
    data = odds("-a", "drake: 2 drumlo bombing", "-d", "rau: grimley flipped")
    grimley = static().t.unit("grimley").back
    drumlo = static().t.unit("drumlo").front
    assert not step(data, "aa", "drake")["fires"]  # 22.1: Rau does not bomb
    aa = step(data, "aa", "sheela")
    assert dict(hits_of(aa)) == brute([grimley.aa] * grimley.aa_guns)
    bombing = step(data, "bombing", "drake")
    assert dict(hits_of(bombing)) == brute([drumlo.bomb] * 2)
    shelling = step(data, "shelling", "sheela")
    assert not shelling["fires"]  # B-71: nothing of Drake's is a ship or a building
    # the flipped Grimley takes one block and is removed by it
    assert [(b["size"], b["removes"]) for b in bombing["plan"]] == [(grimley.defence, True)]
    removed = sum((p for k, p in brute([drumlo.bomb] * 2).items() if k >= grimley.defence), Fraction(0))
    assert Fraction(bombing["expected_removed"]) == removed


def test_a_skipped_block_is_not_followed_by_that_units_second_block():
    # a face-up unit whose first block does not fit cannot take its second one (B-30)
    plan = (F.Block(1, 3, False, False), F.Block(1, 1, True, True), F.Block(2, 2, False, False))
    assert F.losses(2, plan) == (1, 0)  # only unit 2's block
    assert F.losses(4, plan) == (2, 1)
    assert F.losses(6, plan) == (3, 1)


def test_printed_text_shows_the_same_percentages():
    args = ["-a", "drake: 3 drumlo", "-d", "rau: bozune, gunan"]
    data = odds(*args)
    result = RUN.invoke(main, ["odds", "byston", *args], catch_exceptions=False)
    assert result.exit_code == 0
    lines = result.output.splitlines()
    head = [i for i, line in enumerate(lines) if line.startswith("21 air combat — Drake's camp")]
    assert len(head) == 1
    hits_row = lines[head[0] + 1].split()[1:]
    chance_row = lines[head[0] + 2].split()[1:]
    want = hits_of(step(data, "air", "drake"))
    assert [int(k) for k in hits_row] == [k for k, _ in want]
    assert chance_row == [f"{float(p) * 100:.2f}%" for _, p in want]
    exp = lines[head[0] + 4]
    assert f"expected blocks {float(Fraction(step(data, 'air', 'drake')['expected_blocks'])):.3f}" in exp
    for name in ("22 AA fire", "23 bombing", "24 shelling"):
        assert any(line.startswith(name) for line in lines)


def test_the_forecast_of_a_live_battle_is_the_chance_node_the_rules_open():
    s = game()
    for _ in range(3):
        put(s, "drake", "drumlo", HEX)
    put(s, "rau", "bozune", HEX)
    put(s, "rau", "grimley", HEX)
    fight(s)
    go(s, "pool")
    assert s.chance[:3] == ("pool", "air", 0)
    f = F.forecast(s)
    cs = f.get("air", 0)
    assert cs.dice == s.chance[3] and cs.bonus == s.chance[4]
    assert [(("hits", k), float(p)) for k, p in cs.hits] == list(s.chance_outcomes())
    assert (cs.dice, cs.bonus, cs.units) == attackers(s, "air", 0)
    before = s.fingerprint()
    F.forecast(s)
    assert s.fingerprint() == before  # the forecast changes nothing


@pytest.mark.parametrize(
    ("attacker", "defender", "message"),
    [
        ("drake 3 drumlo", "rau: bozune", "start with a country"),
        ("drake: 3 drumlos", "rau: bozune", "no unit 'drumlos'"),
        ("drake: 99 drumlo", "rau: bozune", "counter(s) in all"),
        ("drake: drumlo +sheela", "rau: bozune", "may not board"),
        ("drake: drumlo", "ku: drumlo", "opposite camps"),
        ("drake: drumlo, rau: bozune", "na: botune", "write an item"),
        ("drake: namwan bombing", "rau: bozune", "only ABs bomb"),
        ("drake: 2 drumlo +shot", "rau: bozune", "ride one unit each"),
        ("drake: drumlo", "", "names no unit"),
    ],
)
def test_a_malformed_situation_is_one_clear_error(attacker, defender, message):
    result = RUN.invoke(main, ["odds", "byston", "-a", attacker, "-d", defender])
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert "Traceback" not in result.output
    assert isinstance(result.exception, SystemExit)  # click's exit, not an uncaught error


def test_bad_hex_and_other_games_are_clear_errors():
    bad_hex = RUN.invoke(main, ["odds", "byston", "-a", "drake: drumlo", "-d", "rau: bozune", "--hex", "99"])
    assert bad_hex.exit_code == 2 and "not a hex id" in bad_hex.output
    other = RUN.invoke(main, ["odds", "legion", "-a", "x", "-d", "y"])  # a command only byston declares
    assert other.exit_code == 2 and "No such command 'legion'" in other.output
    listed = RUN.invoke(main, ["odds", "--help"])
    assert listed.exit_code == 0 and "byston" in listed.output and "legion" not in listed.output


def test_help_documents_the_situation_syntax():
    result = RUN.invoke(main, ["odds", "byston", "--help"])
    assert result.exit_code == 0
    assert "--attacker" in result.output and "bombing" in result.output and "+CHARACTER" in result.output


def test_before_the_sortie_the_undecided_abs_count_as_sortied():
    s = game()
    for _ in range(2):
        put(s, "drake", "drumlo", HEX)
    put(s, "drake", "namwan", HEX)
    put(s, "rau", "bozune", HEX)
    fight(s)
    assert s.pending[0] == "sortie"  # 20.1: nothing decided yet
    before = s.fingerprint()
    assumed = F.forecast(s).get("air", 0)
    as_is = F.forecast(s, sortie_undecided=False).get("air", 0)
    assert s.fingerprint() == before
    assert not as_is.fires and assumed.fires and assumed.units == 2
    drumlo = static().t.unit("drumlo").front
    assert dict(assumed.hits) == brute([drumlo.air, drumlo.air])


def test_the_japanese_text_prints_the_same_figures():
    args = ["-a", "drake: 2 drumlo", "-d", "rau: bozune"]
    want = hits_of(step(odds(*args), "air", "drake"))
    result = RUN.invoke(main, ["odds", "byston", *args, "--lang", "ja"], catch_exceptions=False)
    lines = result.output.splitlines()
    (i,) = [n for n, line in enumerate(lines) if line.startswith("21 空中戦 — ドレイク陣営")]
    assert lines[i + 2].split()[1:] == [f"{float(p) * 100:.2f}%" for _, p in want]
    # the figures line up under each other on a terminal (ヒット数 takes 8 columns, 確率 4)
    hits, chance = lines[i + 1], lines[i + 2]
    assert width(hits) == width(chance) and width(hits.split()[0]) == 8 and hits.endswith(" " + str(want[-1][0]))
