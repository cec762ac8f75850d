"""Sanity of the authored map as a playing surface, and the text render used to check it by eye."""

from __future__ import annotations

from asobi.games.byston.present.render import render_map
from asobi.games.byston.spec import SPEC as _BYSTON
from asobi.games.byston.tables import LAND_COUNTRIES, tables
from support.scenario import rule

from .notes_sync import notes_tsv


def test_the_map_is_connected_for_ships_even_without_kustanga():
    t = tables()
    grid = t.map.grid
    kustanga = set(t.map.places["kustanga"].hexes)
    start = t.map.places["rase_wau"].hexes[0]
    reached = grid.reach(start, 10_000, lambda h: None if h in kustanga else 1)
    assert set(reached) == set(range(grid.size)) - kustanga


@rule("B-38")
def test_every_nation_can_move_everywhere_in_its_own_land():
    t = tables()
    grid = t.map.grid
    for nation in LAND_COUNTRIES:
        land = set(t.map.land(nation))
        start = min(land)
        reached = grid.reach(start, 10_000, lambda h, land=land: 1 if h in land else None)
        assert set(reached) == land, nation


def test_the_named_castles_start_with_their_buildings():
    t = tables()
    for place, country in (
        ("rase_wau", "drake"),
        ("elf_castle", "ah"),
        ("kiron_castle", "mi"),
        ("taatara", "rau"),
        ("ku_castle", "ku"),
        ("na_castle", "na"),
    ):
        hex_index = t.map.places[place].hexes[0]
        assert t.starts[country].buildings[hex_index] == "castle", place
    assert t.starts["rau"].buildings[t.map.places["nabro"].hexes[0]] == "fort"


def test_drake_can_reach_ah_land_far_from_elf_castle_before_war():
    t = tables()
    grid = t.map.grid
    elf = t.map.places["elf_castle"].hexes[0]
    open_ah = {h for h in t.map.land("ah") if grid.distance(h, elf) >= 3}
    closed_ah = set(t.map.land("ah")) - open_ah
    assert open_ah and closed_ah
    drake_land = set(t.map.land("drake"))
    # Some of Drake's own border touches Ah land that 28.4 opens, and Elf Castle is out of reach.
    assert any(n in open_ah for h in drake_land for n in grid.neighbours(h))
    assert all(grid.distance(h, elf) >= 3 for h in drake_land)


def test_income_per_nation_as_documented():
    t = tables()
    totals = {n: sum(t.map.hexes[i].income for i in t.map.land(n)) for n in LAND_COUNTRIES}
    assert totals == {"drake": 20, "ku": 12, "rau": 17, "na": 21, "ah": 10, "mi": 4}


def test_the_render_shows_terrain_borders_and_places():
    t = tables()
    text = render_map(t)
    lines = text.splitlines()
    assert len([line for line in lines if line[:2].isdigit()]) == t.map.grid.height
    assert "D.a" in text  # Rase Wau: Drake's plain, mark a, listed below
    assert "a ラース・ワウ (0916, 5 GP)" in text
    assert "i クスタンガの丘 (1712 1812 1713)" in text
    english = render_map(t, "en")
    assert "Kustanga Hills" in english
    row_01 = next(line for line in lines if line.startswith("01"))
    assert row_01.split()[1:5] == ["-M", "-M", "-M", "-^"]


def test_every_note_is_in_the_rules_notes_and_the_clause_list():
    from pathlib import Path

    known = _BYSTON.clauses()
    here = Path(__file__).parent
    notes = {k for k in known if k.startswith("B-")}
    doc = (here.parents[1] / "docs/byston/rules-notes.md").read_text(encoding="utf-8")
    headings = {
        line.split()[1]: line.split(" — ", 1)[1] for line in doc.splitlines() if line.startswith("### B-")
    }
    assert set(headings) == notes
    for note, title in headings.items():
        assert known[note].startswith(title + ": "), note
    tsv = (here.parents[1] / "src/asobi/games/byston/rules/completion.tsv").read_text(encoding="utf-8")
    assert tsv == notes_tsv(doc), "completion.tsv is stale: run python -m tests.byston.notes_sync"
    assert "20.2" not in known and "17.6" in known and len(notes) >= 30


def test_the_data_document_shows_the_shipped_data():
    from .data_doc import DOC, document

    text = DOC.read_text(encoding="utf-8")
    assert text == document(text, tables()), "data.md is stale: run python -m tests.byston.data_doc"
