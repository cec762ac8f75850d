"""The authored content and the setup (1.1–1.9), and broken data files refused by name."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from asobi.core.errors import BadDataError
from asobi.games.legion.content import content, load_content
from asobi.games.legion.spec import SPEC
from asobi.games.legion.state import LegionState
from support.scenario import rule

from .helpers import sq

DATA = Path(__file__).resolve().parents[2] / "src/asobi/games/legion/data"


@rule("1.1")
def test_two_to_five_players_and_difficulty_presets():
    for players in (2, 3, 4, 5):
        assert SPEC.new_game({"players": players}).n_seats == players
    with pytest.raises(ValueError, match="players"):
        SPEC.new_game({"players": 6})
    lives = {d: LegionState(3, d).space_life for d in ("easy", "normal", "hard")}
    assert lives["easy"] > lives["normal"] > lives["hard"]


@rule("1.2")
def test_the_pieces_are_on_the_board():
    s = LegionState(3)
    view = s.view(0)
    assert view["enemy_life"] == 6 and view["space_life"] == s.max_space and view["event_count"] == 3
    assert view["space_map"]["ship"] == sq("c3")
    assert [p["piece"] for p in view["enemy_map"]["pieces"] if p] == [1]
    assert view["space_map"]["blackouts"] == [] and view["space_map"]["weapons"] == []


@rule("1.3")
def test_twenty_seven_code_cards():
    s = LegionState(3)
    assert s.code_deck == [3] * 9 and sum(s.code_deck) == 27


@rule("1.4")
def test_forty_army_cards_half_weapons_half_strategies():
    c = content()
    assert len(c.army_ids) == 20 and sum(c.army_copies) == 40
    assert sum(c.is_weapon) == 10
    for k, is_weapon in enumerate(c.is_weapon):
        assert (c.weapon_effect[k] is not None) == is_weapon
        assert (c.strategy_effects[k] is not None) == (not is_weapon)
        assert c.army_text[k][0] and c.army_text[k][1]


@rule("1.5")
def test_twelve_event_cards():
    c = content()
    assert len(c.event_ids) == 12 and all(c.event_parts)


@rule("1.6")
def test_thirteen_enemy_cards():
    c = content()
    assert len(c.enemy_ids) == 13 and all(c.enemy_parts)
    assert all(ja and en for ja, en in c.enemy_text)


@rule("1.8")
def test_maps_and_weapon_zones():
    c = content()
    assert c.rows * c.cols == 25 and set(c.colour) <= set(c.colour_names)
    assert len(c.square_ids) == 12 and c.square_ids[c.barrier_core] == "core"
    view = LegionState(4).view(None)
    assert view["weapon_limit"] == 2 and len(view["hands"]) == 4


@rule("1.9")
def test_setup_puts_decks_and_pieces_in_place_and_starts_with_a_draw():
    s = LegionState(3)
    assert s.log[0].key == "setup" and s.log[0].clause == "1.9"
    assert s.pieces == [content().barrier_core, -1, -1]
    assert s.chance == ("code", 0, "4.1")  # seat A draws first
    assert sum(s.enemy_unseen) == 13 and sum(s.event_unseen) == 12


def _broken(tmp_path: Path, filename: str, old: str, new: str) -> Path:
    for f in DATA.glob("*.toml"):
        shutil.copy(f, tmp_path / f.name)
    path = tmp_path / filename
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return tmp_path


def test_the_shipped_data_loads():
    assert load_content(DATA).army_ids == content().army_ids


@pytest.mark.parametrize(
    ("filename", "old", "new", "entry", "field"),
    [
        ("army_cards.toml", 'verb = "strike_in_range"', 'verb = "explode"', "cards[W01]", "weapon"),
        ("army_cards.toml", "count = 2, who", 'count = "two", who', "cards[S08]", "strategy"),
        ("enemy_map.toml", 'code = "β2"', 'code = "δ2"', "squares[s2]", "code"),
        ("enemy_cards.toml", 'target = "ship" }', 'target = "moon" }', "cards[E01]", "parts"),
        ("event_cards.toml", 'name_en = "Calm"', "name_en = 3", "cards[V12]", "name_en"),
        ("difficulty.toml", "3 = 6, 4 = 4", "3 = -6, 4 = 4", "presets[normal]", "space_life"),
        ("enemy_map.toml", 'to = "east"', 'to = "up"', "squares[s2]", "to"),
    ],
)
def test_a_broken_data_file_names_file_entry_and_field(tmp_path, filename, old, new, entry, field):
    directory = _broken(tmp_path, filename, old, new)
    with pytest.raises(BadDataError) as err:
        load_content(directory)
    assert err.value.file.endswith(filename)
    assert err.value.entry == entry
    assert err.value.field.startswith(field)
    assert filename in str(err.value)


def test_duplicate_card_ids_are_refused(tmp_path):
    directory = _broken(tmp_path, "enemy_cards.toml", 'id = "E02"', 'id = "E01"')
    with pytest.raises(BadDataError) as err:
        load_content(directory)
    assert err.value.entry == "cards[E01]" and err.value.field == "id"


def test_every_data_file_says_it_is_a_reconstruction():
    for f in DATA.glob("*.toml"):
        head = f.read_text(encoding="utf-8")[:600]
        assert "RECONSTRUCTION" in head or "composition is printed" in head, f.name
