"""Playing at the terminal: hot-seat hand-overs, reading the table, the prompt, hints, colour."""

from __future__ import annotations

import io
import re

import pytest
from click.testing import CliRunner

from asobi.cli import main
from asobi.core.match import Match
from asobi.games.emblem.spec import SPEC as EMBLEM
from asobi.games.legion.spec import SPEC as LEGION
from asobi.store import GameStore
from asobi.terminal import TerminalGame
from asobi.terminal.screen import CLEAR, Screen
from asobi.terminal.session import HELP, stops_help
from asobi.terminal.table import choice_notes, find, glossary, visible_items
from emblem.helpers import invasion

CLEARED = "(screen cleared)"


def run(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)


def segments(output: str) -> list[str]:
    return output.split(CLEARED)


@pytest.fixture
def toy():
    from support.toygame import registered

    return registered()


PRIVATE = {  # what only one seat may see: its hand on the board, the cards it draws
    "emblem": r"{seat} drew |^{seat} \(.*\n  hand:",
    "legion": r"^{seat} hand: (?!hidden)|: {seat} draws [αβγ]",
}


@pytest.mark.parametrize(("game", "options"), [("emblem", []), ("legion", ["--players", "2"])])
def test_hot_seat_never_shows_one_seats_hand_to_the_next(db, game, options):
    # Every line answers whatever is asked: a hand-over prompt or the first choice.
    result = run("play", game, "--seats", "human,human", "--seed", "3", *options, input="1\n" * 60 + "q\n")
    assert result.exit_code == 0, result.output
    parts = segments(result.output)
    assert len(parts) > 6
    private = {seat: re.compile(PRIVATE[game].format(seat=seat), re.M) for seat in "AB"}
    shown_to = []
    for part in parts:
        seen = {seat for seat, pattern in private.items() if pattern.search(part)}
        assert len(seen) <= 1, part  # one seat's secrets per screen
        shown_to.append(seen)
    assert {"A"} in shown_to and {"B"} in shown_to
    # Every screen with a seat's secrets is reached only through a hand-over to that seat.
    for before, seen in zip(parts, shown_to[1:], strict=False):
        if seen:
            assert f"Hand the terminal to seat {next(iter(seen))}" in before and not private["A"].search(before)
            assert not private["B"].search(before)


def test_hot_seat_asks_for_the_hand_over_before_the_first_screen_too(db, toy):
    result = run("play", "toy-highcard", "--seats", "human,human", "--seed", "3", input="q\n")
    first = result.output.splitlines()[1]
    assert first.startswith("Hand the terminal to seat A") and "seat 0 gets" not in result.output


def test_one_person_against_bots_is_never_asked_to_hand_over(db):
    result = run("play", "emblem", "--seats", "human,bot", "--seed", "3", input="1\n" * 10 + "q\n")
    assert "Hand the terminal" not in result.output and CLEARED not in result.output


def test_the_prompt_re_asks_on_an_empty_line_and_names_out_of_range_numbers(db, toy):
    result = run("play", "toy-highcard", "--seats", "human,bot:random", "--seed", "1", input="\n\n7\n0\nq\n")
    out = result.output
    assert "There is no action 7: choose 1 to" in out and "There is no action 0" in out
    assert "Not a command" not in out  # an empty line is no mistake
    assert out.count("[1-") == 5  # asked again after each of the four lines


def test_enter_takes_a_single_forced_choice_and_u_backs_out(db):
    # emblem's mulligan decision with units in hand offers only "keep": Enter takes it.
    result = run("play", "emblem", "--seats", "human,bot", "--seed", "3", input="\nq\n")
    assert "[1 or Enter" in result.output
    store = GameStore(db)
    assert ("keep",) in [tuple(a) for a in store.load(1).actions]


def test_a_hint_is_the_game_bots_choice_and_changes_nothing(db):
    result = run("play", "legion", "--seats", "human,bot,bot", "--seed", "2", input="h\nh\nq\n")
    hints = re.findall(r"Hint \(normal bot\): (\d+)\. (.+)", result.output)
    assert len(hints) == 2 and hints[0] == hints[1]  # the same position, the same hint
    n, label = hints[0]
    assert re.search(rf"^\s+{n}\. {re.escape(label)}$", result.output, re.M)
    run("play", "legion", "--seats", "human,bot,bot", "--seed", "2", input="q\n")
    store = GameStore(db)
    assert store.load(1).actions == store.load(2).actions  # asking for hints played nothing


def test_inspecting_reads_visible_cards_only(db):
    result = run("play", "emblem", "--seats", "human,bot", "--seed", "3", input="1\ni\ni ha2\ni nothing-here\nq\n")
    out = result.output
    assert "Read one with i KEY:" in out and "ha1" in out and "hb1" not in out  # B's hand is hidden
    assert "Nothing visible is called 'nothing-here'" in out


def test_emblem_units_and_cards_are_read_in_full_with_the_terms_explained():
    s = invasion([(4, "az-gard", 0, 4, {"weapon": "w-steel-sword"}), (7, "cr-goran", 1, 6)])
    items = visible_items(EMBLEM, s.view(0), "en")
    (gard,) = find(items, "b2")
    text = "\n".join(gard.lines)
    assert "Gard, Paladin (聖騎士 ガルド)" in text and "気力 4/5" in text and "【Training 2】" in text
    assert "attached: Steel Sword" in text
    assert text.splitlines()[-1] == "(気力 = morale chips, the unit's life; 攻 = attack; 反 = counter; t explains every term)"
    assert not any(it.key.startswith("hb") for it in items)  # the other hand stays hidden
    assert any(it.key.startswith("ha") for it in items)
    ja = "\n".join(find(visible_items(EMBLEM, s.view(0), "ja"), "b2")[0].lines)
    assert "聖騎士 ガルド" in ja and "Gard" not in ja
    terms = "\n".join(glossary(EMBLEM, "en"))
    for term in ("気力", "攻", "反", "出撃マス", "戦場外", "国外"):
        assert f"\n{term}:" in "\n" + terms
    assert glossary(EMBLEM, "ja") == []


def test_legion_weapons_hands_squares_and_revealed_cards_can_be_read():
    match = Match(LEGION, LEGION.validate_options({"players": 2}), ["bot:rule", "bot:rule"], seed=4)
    match.play(max_steps=400)
    view = match.view(0)
    items = visible_items(LEGION, view, "en")
    keys = {it.key for it in items}
    assert {w["piece"] for w in view["space_map"]["weapons"]} <= keys
    assert {sq["id"] for sq in view["enemy_map"]["squares"]} <= keys
    assert set(view["decks"]["enemy_used"]) <= keys
    assert not any(k.startswith("hb") for k in keys)  # seat B's hand is not open to A
    ja = visible_items(LEGION, view, "ja")
    assert not any(re.search(r"\b(the|enemy|north|south|east|west)\b", line) for it in ja for line in it.lines)


def test_attack_choices_carry_the_battle_forecast():
    s = invasion([(4, "az-gard", 0, 4, {"weapon": "w-steel-sword"}), (7, "cr-goran", 1, 6, {"weapon": "w-iron-sword"})])
    s.apply(("activate", 4))
    s.apply(("next",))
    legal = s.legal_actions()
    notes = choice_notes(EMBLEM, s, legal, "en")
    note = notes[legal.index(("attack", 7))]
    assert "Steel Sword (cost 1): deals 5 (1 気力 left)" in note and "without: deals 3" in note
    assert "if they use Iron Sword (cost 0): takes 4 back → retreats" in note
    ja = choice_notes(EMBLEM, s, legal, "ja")[legal.index(("attack", 7))]
    assert "5ダメージ" in ja and "cost" not in ja


def test_colour_on_a_terminal_and_plain_text_elsewhere():
    out = io.StringIO()
    Screen(file=out, colour=True).write("  · 7.5: piece 1 attacks: Space life 9 → 8")
    assert "\x1b[" in out.getvalue()
    plain = io.StringIO()
    Screen(file=plain, colour=False).write("  · 7.5: piece 1 attacks")
    assert plain.getvalue() == "  · 7.5: piece 1 attacks\n"
    cleared = io.StringIO()
    Screen(file=cleared, colour=True).clear()
    assert cleared.getvalue() == CLEAR


def test_clearing_for_a_hand_over_empties_the_scrollback_too():
    # "\033[2J" alone leaves the last screen (the last seat's hand) in a terminal's scrollback
    assert "\033[2J" in CLEAR and "\033[3J" in CLEAR


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_help_explains_each_stop_of_a_game_with_stops_and_no_stop_elsewhere(lang):
    legion = HELP[lang].format(stops=stops_help(LEGION, lang))
    descriptions = LEGION.stops.descriptions
    for name in LEGION.stops.names:
        said = descriptions[name][0 if lang == "ja" else 1]
        assert (f"{name}（{said}）" if lang == "ja" else f"{name} ({said})") in legion
    assert stops_help(EMBLEM, lang) == "" and "s [" not in HELP[lang].format(stops=stops_help(EMBLEM, lang))
    if lang == "ja":  # every English word is a command the player types, each glossed above
        words = set(re.findall(r"[A-Za-z]{3,}", legion))
        assert words <= {"Enter", "none", *LEGION.stops.names}, words


def test_the_board_is_drawn_once_per_turn_not_after_each_own_decision(db):
    # Emblem: B (the bot) goes first with seed 3; A's unit step offers several decisions in a row.
    with GameStore(db) as store:
        lines: list[str] = []
        answers = iter(["1", "1", "1", "1", "q"])
        session = TerminalGame.start(EMBLEM, {}, ["human", "bot:rule"], 3, store, read=lambda p: next(answers),
                                     write=lines.append)
        session.run()
    boards = sum(1 for line in lines if "+------" in line)
    decisions = sum(1 for line in lines if line.startswith("— A to decide"))
    assert decisions == 5 and boards < decisions


def test_a_choice_made_by_mistake_is_backed_out_with_c(db):
    # Emblem, B (a bot) goes first: in B's turn A has its own unit step. A picks a unit to deploy,
    # then backs out before choosing its square.
    with GameStore(db) as store:
        lines: list[str] = []
        answers = iter(["", "1", "c", "q"])
        session = TerminalGame.start(EMBLEM, {}, ["human", "bot:rule"], 3, store, read=lambda p: next(answers),
                                     write=lines.append)
        session.run()
        saved = [a.action for a in store.stored_log(session.game_id).actions if a.seat == 0]
    text = "\n".join(lines)
    assert "Taken back." in text
    picked = text.index("— A to decide —", text.index("deploy "))
    assert "deploy on" in text[picked:]  # the square step was reached, then left
    assert not any(a[0] in ("deploy", "square") for a in saved)


def test_the_defenders_equipment_choice_is_forecast_from_its_side():
    s = invasion([(4, "az-gard", 0, 4, {"weapon": "w-steel-sword"}), (7, "cr-goran", 1, 6, {"weapon": "w-iron-sword"})])
    s.apply(("activate", 4))
    s.apply(("next",))
    s.apply(("attack", 7))
    s.apply(("equipment", 1))
    legal = s.legal_actions()
    notes = choice_notes(EMBLEM, s, legal, "en")
    assert notes[legal.index(("equipment", 0))] == "⇒ you take 5 (1 気力 left), counter 3 (1 left)"
    assert notes[legal.index(("equipment", 1))] == "⇒ you take 5 (1 気力 left), counter 4 → they retreat"
