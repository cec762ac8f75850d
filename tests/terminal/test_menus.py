"""Choices in groups: a game that groups its choices (``Presentation.choice_group``) is asked
the groups first and a group's choices when the person opens it; ``b`` goes back, ``N.M``
chooses at once, and a hint names the choice as the menu numbers it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from asobi.core.match import Match
from asobi.store import GameStore
from asobi.terminal import TerminalGame
from asobi.terminal.table import choice_menu


@pytest.fixture
def grouped():
    """The toy game with every card played grouped under one label, each card on its own line."""
    from support.toygame import registered

    spec = registered()
    return replace(spec, present=replace(spec.present, choice_group=lambda s, a, lang: ("cards", "play a card")))


def play(spec, db, answers):
    lines: list[str] = []
    replies = iter(answers)
    with GameStore(db) as store:
        session = TerminalGame.start(spec, {"copies": 2}, ["human", "bot:random"], 3, store,
                                     read=lambda prompt: (lines.append(prompt), next(replies))[1], write=lines.append)
        session.run()
        saved = [a.action for a in store.stored_log(session.game_id).actions if a.seat == 0]
    return lines, saved


def test_a_group_is_listed_by_its_label_and_opened_by_its_number(grouped, db):
    lines, saved = play(grouped, db, ["1", "b", "1", "2", "q"])
    at = lines.index("— A to decide —")
    assert lines[at + 1] == "    1. play a card — 2 choices" and lines[at + 2].startswith("[1-1, ")
    opened = lines.index("— A to decide: play a card —")
    first, second = lines[opened + 1], lines[opened + 2]
    assert first.startswith("    1. play ") and second.startswith("    2. play ")
    assert lines[opened + 3] == "[1-2, b back, ? help] > "
    assert lines[opened + 4] == "— A to decide —"  # b: back to the groups
    assert len(saved) == 1 and f"play {saved[0][1]}" == second.split(". ", 1)[1]


def test_n_dot_m_chooses_in_a_group_at_once_and_bad_numbers_are_named(grouped, db):
    lines, saved = play(grouped, db, ["1.3", "2.1", "1.2", "q"])
    assert "There is no choice 1.3: choose 1.1 to 1.2." in lines
    assert "There is no action 2: choose 1 to 1." in lines
    assert len(saved) == 1 and saved[0][0] == "play"


def test_a_game_without_groups_gets_the_flat_list(db):
    from support.toygame import registered

    spec = registered()
    match = Match(spec, {"copies": 2}, ["human", "human"], seed=3)
    match.play()
    assert choice_menu(spec, match.state, match.state.legal_actions(), "en") is None
    lines, _ = play(spec, db, ["1", "q"])
    at = lines.index("— A to decide —")
    assert lines[at + 1].startswith("    1. play ") and "choices" not in lines[at + 1]


def test_groups_of_one_choice_are_listed_as_that_choice(grouped):
    by_card = replace(grouped, present=replace(grouped.present,
                                               choice_group=lambda s, a, lang: (str(a[1]), f"card {a[1]}")))
    match = Match(by_card, {"copies": 2}, ["human", "human"], seed=3)
    match.play()
    legal = match.state.legal_actions()
    assert len(legal) == 2 and choice_menu(by_card, match.state, legal, "en") is None  # nothing grouped


def test_the_hint_names_a_grouped_choice_by_group_and_member(grouped, db):
    lines, _ = play(grouped, db, ["h", "q"])
    hint = next(line for line in lines if line.startswith("Hint ("))
    assert hint.split(": ", 1)[1].startswith(("1.1. play ", "1.2. play "))


def with_shortcuts(spec, make):
    return replace(spec, present=replace(spec.present, shortcuts=make))


def test_a_shortcut_is_typed_by_its_key_and_takes_its_decisions(db):
    from asobi.core.hooks import Shortcut
    from support.toygame import registered

    def make(state, lang):
        legal = state.legal_actions()
        return [Shortcut("Top", (legal[-1],), "the highest card"), Shortcut("both", tuple(legal), "both cards")]

    spec = with_shortcuts(registered(), make)
    lines, saved = play(spec, db, ["top", "q"])
    listed = next(line for line in lines if line.startswith("  Or type: "))
    assert listed == "  Or type: Top (the highest card), both (both cards)"
    at = lines.index("— A to decide —")
    choices = [line.split(". ", 1)[1] for line in lines[at + 1 : lines.index(listed)]]
    assert len(choices) == 2 and len(saved) == 1 and f"play {saved[0][1]}" == choices[-1]  # the last listed


def test_a_shortcut_stops_where_its_next_decision_is_not_the_seats(db):
    from asobi.core.hooks import Shortcut
    from support.toygame import registered

    spec = with_shortcuts(registered(), lambda state, lang: [Shortcut("both", tuple(state.legal_actions()), "")])
    lines, saved = play(spec, db, ["both", "q"])
    # after A's first card it is B's turn: the second is not taken
    assert len(saved) == 1
    assert any(line.startswith("Stopped before 'play ") and "no longer a choice" in line for line in lines)
