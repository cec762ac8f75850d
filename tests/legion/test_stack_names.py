"""A stack item's label in the log and the text drawing is said in the reader's language: a card by
its name (a numbered part keeping its number), an enemy piece as such, the barrier core as コア in
Japanese; the other enemy-map squares' ids read the same in both languages."""

from __future__ import annotations

from asobi.games.legion.content import content
from asobi.games.legion.messages import card_name, localize


def test_stack_labels_are_named_in_both_languages():
    c = content()
    enemy = c.enemy_ids[0]
    for lang, i in (("ja", 0), ("en", 1)):
        assert localize("label", f"{enemy}(2)", lang) == f"{c.enemy_names[0][i]}(2)"
        assert localize("label", "S04", lang) == card_name("S04", lang) != "S04"
    assert localize("label", "piece3", "ja") == "エネミーコマ3"
    assert localize("label", "piece3", "en") == "enemy piece 3"
    assert localize("label", "core", "ja") == "コア"
    assert localize("label", "core", "en") == "core"
    assert localize("label", "s4", "ja") == "s4"
    assert localize("by", "B", "ja") == "B"
