"""ドレイクの野望 at the terminal: the map in colour with each hex's counters by camp, the management
sheet's columns lined up in Japanese as in English, a ship moved by choosing its stack then a hex
from the hexes next to it with what each costs (the engine's figure: 17.5, 17.6, 17.14.3)."""

from __future__ import annotations

import io
import re

from asobi.core.match import Match
from asobi.core.record import GameRecord
from asobi.core.text import Styled, width
from asobi.games.byston.messages import COUNTRY_STATES
from asobi.games.byston.present.choices import annotate, choice_group, reachable, shortcuts, step_cost
from asobi.games.byston.present.render import render_view, sheet_lines
from asobi.games.byston.spec import SPEC
from asobi.store import GameStore
from asobi.store.listener import StoreListener
from asobi.terminal import TerminalGame
from asobi.terminal.screen import Screen
from asobi.terminal.table import choice_menu, choice_notes

from .helpers import C, chit, game, h, phase, put, u

DRAKE, RAU, ZELANA = C["drake"], C["rau"], C["zelana"]


def draw(s, chit_id: str):
    """Put one chit in the cup and draw it; Rau, Na and the Zelana act at once (15.3)."""
    s.chit_cup[chit(chit_id)] = 1
    phase(s, "action_phases")
    s.apply(("chit", chit(chit_id)))
    if s.pending is not None and s.pending[0] == "joint":
        s.apply(("act",))
    return s


STATE_WORDS = [said for pair in COUNTRY_STATES.values() for said in pair] + ["状態", "state"]


def cells(line: str) -> list[tuple[int, int]]:
    """A sheet line's cells as (first column, column after it) on a terminal: the country's name,
    the state (found by its words: "at war" has a space), and the four figures after it."""
    state = re.search("|".join(sorted(map(re.escape, STATE_WORDS), key=len, reverse=True)), line)
    assert state is not None, line

    def span(start: int, end: int) -> tuple[int, int]:
        return width(line[:start]), width(line[:end])

    country = re.match(r"\s*(.*\S)\s+$", line[: state.start()])
    assert country is not None, line
    offset = state.end()
    figures = [span(offset + m.start(), offset + m.end()) for m in re.finditer(r"\S+", line[offset:])]
    return [span(country.start(1), country.end(1)), span(state.start(), state.end()), *figures]


def test_the_japanese_sheet_lines_up_under_its_heading_as_the_english_one():
    s = game()
    s.gp[DRAKE], s.tl[DRAKE] = 10, 3
    s.gp[RAU] = 117
    for lang in ("ja", "en"):
        lines = [line for line, _ in sheet_lines(s.view(0), lang)]
        assert len(lines) == 1 + len(s.view(0)["countries"])
        table = [cells(line) for line in lines]
        for k in (0, 1):  # country and state: their first columns line up
            assert len({row[k][0] for row in table}) == 1, (lang, k, lines)
        for k in (2, 3, 4, 5):  # GP, TL, chits, seat: right-aligned under their headings
            assert len({row[k][1] for row in table}) == 1, (lang, k, lines)
    ja = [line for line, _ in sheet_lines(s.view(0), "ja")]
    drake = next(line for line in ja if "ドレイク軍" in line)
    assert drake.split()[1:4] == ["参戦", "10", "3"]
    # the line: before, the country was padded by characters, so the figures slid right
    assert cells(drake)[2][1] == cells(ja[0])[2][1]
    text = render_view(s.view(0), 0, "ja")
    assert all(line in text for line in ja)


def test_the_map_shows_how_many_counters_each_hex_holds_by_camp_under_the_hex():
    s = game()
    before = len(s.stacks[h("1210")])
    for _ in range(3):
        put(s, "drake", "drumlo", "1210")
    put(s, "rau", "bozune", "1210")
    put(s, "rau", "gunan", "1511")
    put(s, "rau", "gunan", "1511")
    assert before == 0 and len(s.stacks[h("1511")]) == 2
    text = str(render_view(s.view(0), 0, "en"))
    lines = text.splitlines()
    grid_row = {int(line[:2]): k for k, line in enumerate(lines) if line[:2].isdigit()}

    def under(hex_id: str) -> str:
        """The mark under a hex: the word on the line after its row that starts at its column."""
        col, row = int(hex_id[:2]), int(hex_id[2:])
        at = grid_row[row]
        cell = 5 + (2 if (row - 1) % 2 else 0) + (col - 1) * 4
        assert lines[at][cell] in "-DAKRNI"  # the hex's nation letter
        marks = lines[at + 1]
        return marks[cell:].split(" ")[0]

    assert under("1210") == "3/1"  # both camps: Drake's / Sheela's
    assert under("1511") == "s2"
    assert under("0916").startswith("d")  # Drake's army's start (28.1)
    assert "3/2 = both camps" in text


def test_the_map_is_drawn_in_colour_on_a_terminal_and_as_plain_text_elsewhere():
    s = game()
    drawn = render_view(s.view(0), 0, "en")
    assert isinstance(drawn, Styled) and drawn.spans
    styles = {style for _, _, style in drawn.spans}
    assert {"red", "blue", "green", "bold red", "bold bright_blue"} <= styles  # Drake, Rau, Na; the camps
    coloured = io.StringIO()
    Screen(file=coloured, colour=True).write(drawn)
    assert "\x1b[31m" in coloured.getvalue() and "\x1b[34m" in coloured.getvalue()
    assert re.sub(r"\x1b\[[0-9;]*m", "", coloured.getvalue()) == str(drawn) + "\n"
    plain = io.StringIO()
    Screen(file=plain, colour=False).write(drawn)
    assert plain.getvalue() == str(drawn) + "\n"


def test_each_step_shows_the_mp_the_rules_charge_for_it():
    s = game()
    put(s, "rau", "bozune", "1116")  # the other camp: entering costs 2 (17.6)
    draw(s, "drake_as")
    s.apply(("ship", u("namwan"), h("0916"), 0))
    if s.pending[0] == "load":
        s.apply(("go",))
    s.apply(("step", h("1016")))
    legal = s.legal_actions()
    notes = {s.action_label(legal[i], "en"): note for i, note in choice_notes(SPEC, s, legal, "en").items()}
    assert notes["go to 1116"] == "⇒ 2 MP, 0 left (17.6: the other camp is there)"
    assert notes["go to 1117"] == "⇒ 1 MP, 1 left (17.5)"
    assert "stop here" not in notes
    assert annotate(s, ("step", h("1116")), "ja") == "⇒ 2MP・残り0（17.6：敵陣営のユニットがいる）"
    for action in legal:  # the figure is the one applying it charges
        if action[0] == "step":
            spent, left, _, _ = step_cost(s, action)
            after = s.clone()
            after.apply(action)
            assert spent == s.mp - left and (after.mp == left or after.ship == -1)


def test_a_step_into_the_kustanga_hills_says_the_move_ends_there():
    s = game()
    z = next(i for i in range(len(s.owner)) if s.owner[i] == ZELANA and s.where[i] >= 0
             and s.flipped[i] == 0 and i in s.stacks[s.where[i]])
    s.set_where(z, h("1612"))
    draw(s, "zelana")
    s.apply(("ship", u("zelana"), h("1612"), 0))
    while s.pending[0] == "load":
        s.apply(("go",))
    assert annotate(s, ("step", h("1712")), "en") == "⇒ 1 MP, 2 left (17.5), the move ends there (17.14.3)"


def test_ships_are_grouped_by_stack_each_named_with_its_hex_and_face():
    s = game()
    put(s, "drake", "will_wipps", "0916")
    put(s, "drake", "namwan", "0916", flipped=True)
    put(s, "drake", "namwan", "1114")
    draw(s, "drake_abs")
    legal = s.legal_actions()
    menu = choice_menu(SPEC, s, legal, "en")
    groups = [e for e in menu if e.is_group]
    assert len(groups) == 1 and groups[0].label.startswith("the stack at 0916: Drake's army ")
    assert "Namwan×2, Namwan (flipped)" in groups[0].label
    members = [s.action_label(legal[i], "en") for i in groups[0].members]
    assert members == ["move the Namwan at 0916", "move the Namwan (flipped) at 0916", "move the Will Wipps at 0916"]
    single = [s.action_label(legal[e.members[0]], "en") for e in menu if not e.is_group]
    assert single == ["done", "move the Namwan at 1114"]
    assert choice_group(s, ("ship", u("namwan"), h("0916"), 0), "ja")[1].startswith("0916のスタック：ドレイク軍 ")


def find_move_with_a_stack(store: GameStore) -> tuple[int, int]:
    """A bot game saved up to a ship move where a stack holds two ships to choose from: its id and
    the seat to decide."""
    options = SPEC.validate_options({})
    seats = ["bot:rule"] * 4
    game_id = store.create(GameRecord.new(SPEC, options, seats, 0))
    match = Match(SPEC, options, seats, seed=0)
    match.listeners.append(StoreListener(store, game_id))
    for _ in range(3000):
        s = match.state
        if s.pending is not None and s.pending[0] == "move":
            menu = choice_menu(SPEC, s, s.legal_actions(), "en")
            if menu is not None:
                return game_id, s.pending[1]
        match.advance(match.decide())
    raise AssertionError("no ship move with a stack of two ships in 3000 actions")


def test_a_ship_is_moved_by_choosing_its_stack_then_a_hex_next_to_it(db):
    with GameStore(db) as store:
        game_id, seat = find_move_with_a_stack(store)
        seats = ["bot:rule"] * 4
        seats[seat] = "human"
        lines: list[str] = []
        chosen: list[tuple] = []
        session: list[TerminalGame] = []

        def read(prompt: str) -> str:
            """The person: the stack with two ships, its last ship, set off, then the first hex."""
            lines.append(prompt)
            s = session[0].match.state
            kind = s.pending[0] if s.pending is not None else None
            legal = s.legal_actions()
            if kind == "move" and not chosen:
                menu = choice_menu(SPEC, s, legal, "en")
                k = next(k for k, e in enumerate(menu) if e.is_group)
                if "b back" not in prompt:
                    return str(k + 1)
                chosen.append(legal[menu[k].members[-1]])
                return str(len(menu[k].members))
            if kind == "load":
                return str(legal.index(("go",)) + 1)
            if kind == "step" and len(chosen) == 1:
                step = next(a for a in legal if a[0] == "step")
                chosen.append(step)
                return str(legal.index(step) + 1)
            return "q"

        session.append(TerminalGame.resume(store, game_id, seats, read=read, write=lines.append))
        session[0].run()
        saved = [a.action for a in store.stored_log(game_id).actions if a.seat == seat]
    text = "\n".join(lines)
    stack = next(line for line in lines if "the stack at " in line and line.endswith("— 2 choices"))
    assert re.match(r"\s+\d+\. the stack at \d{4}: ", stack)
    hex_id = stack.split("the stack at ")[1][:4]
    opened = lines.index(next(line for line in lines if line.startswith("— ") and ": the stack at " in line))
    assert lines[opened + 1].startswith("    1. move the ") and f" at {hex_id}" in lines[opened + 1]
    assert re.search(r"go to \d{4}  ⇒ [12] MP, [0-2] left \(17\.[56]", text)
    ship, step = chosen
    assert saved[-1] == step and saved[saved.index(ship) + 1 : -1] in ([], [("go",)]), saved[-3:]


def test_abs_to_stow_are_grouped_by_carrier_named_by_its_counter_number_and_face():
    s = game()
    doro = put(s, "drake", "doro", "1210")
    first = put(s, "drake", "namwan", "1210")
    second = put(s, "drake", "namwan", "1210", flipped=True)
    one = choice_group(s, ("stow", doro, first), "en")
    other = choice_group(s, ("stow", doro, second), "en")
    assert one == (f"stow {first}", f"stow in #{first}, the Drake's army Namwan (then which)")
    assert other == (f"stow {second}", f"stow in #{second}, the Drake's army Namwan (flipped) (then which)")
    assert choice_group(s, ("stow", doro, second), "ja")[1] == f"#{second} ドレイク軍 ナムワン（裏）に搭載・収容（どれかを選ぶ）"


def every_way(s, seat, ship, start, spent=0, path=()):
    """Every sequence of legal steps from here (brute force): (hex, MP spent, steps)."""
    for action in s.legal_actions():
        if action[0] != "step" or action[1] == start:
            continue
        after = s.clone()
        after.apply(action)
        cost = step_cost(s, action)[0]
        yield action[1], spent + cost, (*path, action)
        if after.pending is not None and after.pending[:2] == ("step", seat) and after.ship == ship:
            yield from every_way(after, seat, ship, start, spent + cost, (*path, action))


def test_every_hex_a_ship_may_reach_is_offered_at_its_cheapest_as_the_rules_charge_it():
    s = game()
    put(s, "rau", "bozune", "1116")  # the other camp: 2 MP to enter (17.6)
    draw(s, "drake_as")
    s.apply(("ship", u("namwan"), h("0916"), 0))
    if s.pending[0] == "load":
        s.apply(("go",))
    cheapest: dict[int, int] = {}
    for hex_, spent, _steps in every_way(s, s.pending[1], s.ship, s.where[s.ship]):
        cheapest[hex_] = min(spent, cheapest.get(hex_, 99))
    found = reachable(s)
    assert {k: spent for k, (_, spent, _) in found.items()} == cheapest
    into_rau, spent, _ = found[h("1116")]  # a hex next to the ship's neighbour: 1 MP, then 2 into Rau's (17.6)
    assert spent == 3 and len(into_rau) == 2 and min(found.values(), key=lambda v: v[1])[1] == 1
    for hex_, (steps, spent, _ends) in found.items():
        after = s.clone()
        for action in steps:
            after.apply(action)  # checked: each step legal in turn
        assert after.where[s.ship] == hex_
        assert after.ship == -1 or after.mp == 3 - spent
    cuts = {c.key: c for c in shortcuts(s, "en")}
    assert cuts["1116"].label == "3 MP" and cuts["1116"].actions == into_rau and "0916" not in cuts


def test_a_ship_goes_to_a_hex_typed_at_the_step_prompt(db):
    with GameStore(db) as store:
        game_id, seat = find_move_with_a_stack(store)
        seats = ["bot:rule"] * 4
        seats[seat] = "human"
        lines: list[str] = []
        planned: list = []
        session: list[TerminalGame] = []

        def read(prompt: str) -> str:
            """The person: a ship of the stack with two, set off, then type the farthest hex."""
            lines.append(prompt)
            s = session[0].match.state
            kind = s.pending[0] if s.pending is not None else None
            legal = s.legal_actions()
            if kind == "move" and not planned:
                menu = choice_menu(SPEC, s, legal, "en")
                k = next(k for k, e in enumerate(menu) if e.is_group)
                return f"{k + 1}.1"
            if kind == "load":
                return str(legal.index(("go",)) + 1)
            if kind == "step" and not planned:
                far = max(shortcuts(s, "en"), key=lambda c: (len(c.actions), c.key))
                planned.append(far)
                return far.key
            return "q"

        session.append(TerminalGame.resume(store, game_id, seats, read=read, write=lines.append))
        session[0].run()
        saved = [a.action for a in store.stored_log(game_id).actions if a.seat == seat]
    (far,) = planned
    assert len(far.actions) >= 2 and saved[-len(far.actions):] == list(far.actions)
    listed = next(line for line in lines if line.startswith("  Or type: "))
    assert f"{far.key} ({far.label})" in listed
