"""Reading the byston table at the terminal (``i``, ``t``): hexes with their terrain, land and
buildings, the counters on the map with the numbers printed on both faces and their country, the
characters with their abilities — in Japanese and in English — and the game's terms explained."""

from __future__ import annotations

import re

from click.testing import CliRunner

from asobi.cli import main
from asobi.games.byston.board import static
from asobi.games.byston.spec import SPEC
from asobi.games.byston.state import BystonState
from asobi.games.byston.tables import tables
from asobi.terminal.table import find, glossary, visible_items


def text(items, query: str) -> str:
    (it,) = find(items, query)
    return "\n".join(it.lines)


def test_every_stack_hex_and_character_in_the_view_can_be_read():
    s = BystonState(4)
    i = next(i for i in static().counters_of(0, "drumlo") if s.where[i] == static().t.map.grid.parse("1114"))
    s.flipped[i] = 1  # one flipped Drumlo at 1114
    view = s.view(0)
    items = visible_items(SPEC, view, "en")
    keys = {it.key for it in items}
    assert set(view["map"]) <= keys and set(view["characters"]) <= keys
    t = tables()
    rase_wau = text(items, "0916")
    assert "Rase Wau (ラース・ワウ)" in rase_wau and "plain (平地)" in rase_wau
    assert "land of Drake's army (ドレイク軍)" in rase_wau and "building: Drake's army Castle" in rase_wau
    assert f"income hex: {t.map.hex('0916').income} GP" in rase_wau and "characters: Drake, Shot" in rase_wau
    drumlo = t.machines["drumlo"]
    (face_up,) = [it for it in items if it.key.startswith("1114") and it.title.endswith("Drumlo (ドラムロ)")]
    (flipped,) = [it for it in items if it.key.startswith("1114") and "Drumlo (ドラムロ) (flipped)" in it.title]
    up = "\n".join(face_up.lines)
    assert up.startswith("Drake's army (ドレイク軍): Drumlo (ドラムロ) ×1, AB, at 1114")
    assert f"face up: air {drumlo.front.air}, bomb {drumlo.front.bomb}, defence {drumlo.front.defence}" in up
    assert f"flipped (裏): air {drumlo.back.air}, bomb {drumlo.back.bomb}" in up
    assert f"produced for {drumlo.gp} GP at TL {drumlo.tl}" in up and f"repair {drumlo.repair_gp} GP" in up
    assert "換装 (conversion) into Virunvee" in up  # Drake's army converts its Drumlo (countries.toml)
    assert flipped.lines[1] == f"  flipped (裏): air {drumlo.back.air}, bomb {drumlo.back.bomb}, defence {drumlo.back.defence}"
    namwan = t.machines["namwan"]
    ship = "\n".join(next(it for it in items if it.key.startswith("0916") and "Namwan" in it.title).lines)
    assert f"AA {namwan.front.aa_guns} guns × {namwan.front.aa}" in ship and f"carries {namwan.capacity} ABs" in ship
    bern = t.characters["bern"]
    who = text(items, "bern")
    assert who.startswith("Bern (バーン), Drake's army, at 0916")
    assert f"in an AB: attack {bern.ab_attack}, defence {bern.ab_defence}, command {bern.ab_command}" in who
    assert f"its unit flipped {bern.survival_flipped}, removed {bern.survival_removed}" in who
    assert "a D is a leave" in who


def test_japanese_reading_has_no_english_and_terms_are_explained_in_english_only():
    view = BystonState(4).view(0)
    ja = visible_items(SPEC, view, "ja")
    (drumlo,) = [it for it in ja if it.key.startswith("0916") and it.title.endswith("ドラムロ ×6")]
    assert drumlo.lines[0] == "ドレイク軍のドラムロ×6（AB）、0916にある" and drumlo.lines[1].startswith("  表: 空戦力")
    assert "AB：攻撃力2 防御力1 指揮1" in text(ja, "bern")
    english = re.compile(r"\b(the|of|at|air|bomb|defence|plain|land|income|carries|repair|flipped)\b")
    assert not [line for it in ja for line in it.lines if english.search(line)]
    terms = "\n".join(glossary(SPEC, "en"))
    for term in ("GP", "TL", "静観 / 軍備 / 参戦", "工場ボックス", "生産 / 増産 / 換装", "表 / 裏", "城塞 / 砦", "最寄り"):
        assert f"\n{term}:" in "\n" + terms
    ja_terms = glossary(SPEC, "ja")  # the same terms explained in Japanese, with no English word
    assert len(ja_terms) == len(glossary(SPEC, "en")) and not [line for line in ja_terms if english.search(line)]


def test_i_and_t_at_the_byston_table(db):
    result = CliRunner().invoke(main, ["play", "byston", "--seats", "human,bot,bot,bot", "--seed", "1"],
                                input="i 0916\ni bern\nt\nq\n", catch_exceptions=False)
    out = result.output
    assert result.exit_code == 0, out
    assert "0916 Rase Wau (ラース・ワウ)" in out and "in an AB: attack" in out
    assert "AB / AS / ABS: aura battler" in out and "No terms to explain" not in out
