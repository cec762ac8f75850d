"""The card pool and decks are data, checked on load with errors naming file, entry and field."""

from __future__ import annotations

import tomllib
from importlib import resources

import pytest

from asobi.core.errors import BadDataError
from asobi.games.emblem.cards import DECKS, KINDS, UNIT, load_pool, pool, preconstructed
from asobi.games.emblem.effects import VERBS

GOOD_UNIT = """
[[cards]]
id = "x-hero"
kind = "unit"
name_ja = "英雄"
name_en = "Hero"
text_ja = "テキスト"
text_en = "Text"
morale = 3
attack = 2
counter = 1
move = "infantry"
attack_type = "direct"
"""


def write(tmp_path, text):
    f = tmp_path / "cards.toml"
    f.write_text(text, encoding="utf-8")
    return f


def test_the_pool_has_forty_cards_of_every_kind_with_text_in_both_languages():
    cards = pool().cards
    assert len(cards) >= 40
    assert {KINDS[c.kind] for c in cards} == set(KINDS)
    assert all(c.model.text_ja and c.model.text_en and c.name_ja and c.name_en for c in cards)
    pairs = [(c.id, cards[c.parent].id) for c in cards if c.parent >= 0]
    assert len(pairs) >= 3
    assert all(cards[c.parent].kind == UNIT for c in cards if c.parent >= 0)


def test_effects_are_registered_verbs():
    raw = tomllib.loads(resources.files("asobi.games.emblem.data").joinpath("cards.toml").read_text("utf-8"))
    used = {e["verb"] for c in raw["cards"] for e in c.get("effects", [])}
    assert used <= set(VERBS)
    assert {"poison", "capture", "symbol", "training", "legacy", "honing"} <= used


def test_the_two_decks_are_sixty_cards_of_different_styles():
    a, b = (preconstructed(k) for k in DECKS)
    assert sum(a.counts) == sum(b.counts) == 60
    assert max(a.counts) <= 4 and max(b.counts) <= 4
    assert a.style_en != b.style_en
    flier = [c.index for c in pool().cards if c.move == 2]
    assert sum(b.counts[i] for i in flier) > sum(a.counts[i] for i in flier)


def test_a_good_file_loads(tmp_path):
    assert load_pool(write(tmp_path, GOOD_UNIT)).by_id["x-hero"].attack == 2


@pytest.mark.parametrize(
    ("change", "entry", "field", "reason"),
    [
        (("attack = 2", "attack = 9"), "cards[x-hero]", "attack", "less than or equal to 5"),
        (('move = "infantry"', 'move = "boat"'), "cards[x-hero]", "move", "infantry"),
        (("morale = 3\n", ""), "cards[x-hero]", "morale", "a unit card needs this field"),
        (
            ('attack_type = "direct"', 'attack_type = "direct"\neffects = [{ verb = "fly" }]'),
            "cards[x-hero]",
            "effects",
            "unknown effect verb",
        ),
        (
            ('attack_type = "direct"', 'attack_type = "direct"\neffects = [{ verb = "symbol", amount = 7 }]'),
            "cards[x-hero]",
            "effects.amount",
            "less than or equal to 3",
        ),
        (
            (
                'attack_type = "direct"',
                'attack_type = "direct"\neffects = [{ verb = "sortie_guard", amount = 1 }]',
            ),
            "cards[x-hero]",
            "effects",
            "not allowed on a unit card",
        ),
        (
            ('attack_type = "direct"', 'attack_type = "direct"\nbonus = 1\nweapon_type = "direct"'),
            "cards[x-hero]",
            "weapon_type",
            "only weapon cards",
        ),
    ],
)
def test_a_broken_card_is_named_with_its_file_and_field(tmp_path, change, entry, field, reason):
    f = write(tmp_path, GOOD_UNIT.replace(*change))
    with pytest.raises(BadDataError) as e:
        load_pool(f)
    assert e.value.file == str(f)
    assert e.value.entry == entry and e.value.field == field
    assert reason in str(e.value)


def test_an_unknown_parent_is_refused(tmp_path):
    with pytest.raises(BadDataError, match="parent 'x-nobody'"):
        load_pool(write(tmp_path, GOOD_UNIT.replace("attack = 2", 'attack = 2\nparent = "x-nobody"')))


def test_a_file_that_is_not_toml_is_named(tmp_path):
    with pytest.raises(BadDataError, match="not valid TOML"):
        load_pool(write(tmp_path, "[[cards]\nid ="))
