"""Clause texts in the reader's language, from the engine's layer (the terminal and server read it)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from asobi.cli import main
from asobi.core import clause_texts as ct
from asobi.core.registry import get_game


@pytest.mark.parametrize("game", ["legion", "emblem"])
def test_printed_clauses_show_our_translation_in_english_and_the_print_in_japanese(game):
    spec = get_game(game)
    ours = ct.translation(game)
    assert ours is not None
    for cid in ct.printed_ids(game):
        assert ct.clause_text(spec, cid, "en") == ours[cid]
        assert ct.clause_text(spec, cid, "ja") == spec.clauses()[cid]
    assert ct.notice(spec, "en") == ct.NOTICE and ct.notice(spec, "ja") is None


@pytest.mark.parametrize(("game", "own"), [("legion", "L-3"), ("emblem", "C-17"), ("byston", "B-5")])
def test_our_own_rules_notes_shown_alone_are_not_called_a_translation(game, own):
    spec = get_game(game)
    assert own in spec.clauses() and own not in ct.printed_ids(game)
    assert ct.notice(spec, "en", [own]) == ct.OWN_NOTES_NOTICE and "not printed" in ct.OWN_NOTES_NOTICE
    assert ct.notice(spec, "en", [ct.printed_ids(game)[0], own]) != ct.OWN_NOTES_NOTICE
    assert ct.notice(spec, "ja", [own]) is None
    shown = CliRunner().invoke(main, ["rules", game, own]).output
    assert shown.splitlines()[0] == f"# {ct.OWN_NOTES_NOTICE}"


def test_our_own_bilingual_rules_show_one_half_per_language():
    spec = get_game("legion")
    own = [cid for cid in spec.clauses() if cid not in ct.printed_ids("legion")]
    halves = [(cid, ct.split_bilingual(spec.clauses()[cid])) for cid in own]
    cid, pair = next((c, p) for c, p in halves if p is not None)
    assert ct.clause_text(spec, cid, "ja") == pair[0] and ct.clause_text(spec, cid, "en") == pair[1]


def test_a_game_without_a_translation_falls_back_to_its_print_marked_japanese_only():
    spec = get_game("byston")
    assert ct.translation("byston") is None
    printed = [cid for cid in spec.clauses() if cid in ct.printed_ids("byston")]
    assert printed
    for cid in printed:
        assert ct.clause_text(spec, cid, "en") == ct.JAPANESE_ONLY + spec.clauses()[cid]
        assert ct.clause_text(spec, cid, "ja") == spec.clauses()[cid]
    assert ct.notice(spec, "en") == ct.UNTRANSLATED_NOTICE and "Japanese only" in ct.UNTRANSLATED_NOTICE


def test_the_terminal_reads_the_same_functions():
    from asobi.terminal import translations

    assert translations.clause_text is ct.clause_text and translations.notice is ct.notice


def test_an_unknown_clause_is_a_key_error():
    with pytest.raises(KeyError):
        ct.clause_text(get_game("legion"), "no-such-clause", "en")
