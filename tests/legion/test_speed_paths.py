"""The engine's shortcuts give what the plain rules give: effects nobody can answer, the tables
derived from the content, the cheap "can anyone answer" test and the pre-sorted action lists."""

from __future__ import annotations

from random import Random

from asobi.core import Event
from asobi.games.legion.cards import ARMY, distinct, hand_kinds
from asobi.games.legion.content import DIRECTION_STEP, content, tables
from asobi.games.legion.rules.draw import lay_out
from asobi.games.legion.rules.level import develop_alphabets, develop_threshold, work_out_threshold
from asobi.games.legion.rules.log import seat_events
from asobi.games.legion.rules.main_phase import legal_develop, legal_main, legal_place
from asobi.games.legion.rules.resolve import _PARAMS
from asobi.games.legion.rules.shield import legal_shield
from asobi.games.legion.rules.stack import can_respond, legal_respond, playable_strategies
from asobi.games.legion.rules.weapons import free_squares, ship_distance
from asobi.games.legion.rules.window import ALL_BUT, SEATS_IN, answerers, sync_answerers
from asobi.games.legion.state import LegionState
from support.play import random_playout
from support.scenario import FixedRandom, rule

from .helpers import events, keys, position, run


def _random_states(games: int = 12, every: int = 3) -> list[LegionState]:
    """States met along seeded random games (2 to 5 players), every few steps."""
    found = []
    for g in range(games):
        s = LegionState(2 + g % 4, "hard" if g % 3 == 0 else "normal")
        for step in random_playout(s, Random(g), unchecked=True, uniform_chance=True):
            if step % every == 0 and not s.is_terminal():
                found.append(s.clone())
    return found


STATES = _random_states()


@rule("7.5", "7.6")
def test_an_attack_nobody_can_answer_is_announced_and_resolves_in_the_same_run():
    s = position(3, pieces=["s1", None, None], space_life=5)
    run(s, ("attack", 0), ("attack", 0))
    assert keys(s)[:7] == ["announced", "attack_hits", "space_damaged"] * 2 + ["turn"]
    assert [e.clause for e in events(s, "announced")] == ["7.5", "7.5"]
    assert s.space_life == 3
    assert s.stack == () and s.window == ()
    assert ("settle",) not in s.agenda


@rule("6.5")
def test_an_effect_a_seat_can_answer_still_opens_its_window():
    s = position(3, pieces=["s1", None, None], hands=[[], ["S05", "α1"]], space_life=5)
    run(s, ("attack", 0))
    assert s.pending == ("respond", 1) and s.window == (1,)
    assert keys(s) == ["announced"] and len(s.stack) == 1


def test_can_respond_agrees_with_the_list_of_playable_strategies():
    checked = 0
    for s in STATES:
        for seat in range(s.n):
            assert can_respond(s, seat) == bool(playable_strategies(s, seat))
            checked += can_respond(s, seat)
    assert checked > 0  # some states do have a strategy to play


def test_main_and_shield_actions_come_out_sorted_and_without_repeats():
    seen = {"main": 0, "shield": 0}
    for s in STATES:
        if s.pending is None or s.pending[0] not in seen:
            continue
        acts = legal_main(s) if s.pending[0] == "main" else legal_shield(s)
        assert acts == sorted(set(acts))
        seen[s.pending[0]] += 1
    assert seen["main"] > 50 and seen["shield"] > 50


def test_the_place_listing_is_a_place_action_for_each_free_square():
    seen = 0
    for s in STATES:
        for ship in (s.ship, 0, 24):  # (the ship's square first, last, and where the game put it)
            t = s.clone()
            t.ship = ship
            assert legal_place(t) == [("place", sq) for sq in free_squares(t)]
            seen += any(t.black) and not t.black[ship]
    assert seen > 10  # blackouts before and after an open ship square


def test_the_develop_and_respond_listings_are_the_plain_rules_sorted():
    listed = 0
    for s in STATES:
        if s.is_terminal():
            continue
        alphas = develop_alphabets(s)
        for seat in range(s.n):
            t = s.clone()
            t.pending = ("develop", seat, 9, 0)
            hand = {("dev", 0, c) for c in t.hands[seat] if c < ARMY and c // 3 in alphas}
            shield = {("dev", 1, c) for c in t.shield if c // 3 in alphas}
            assert legal_develop(t) == sorted(hand | shield)
            listed += bool(shield) and bool(hand)
            t.pending = ("respond", seat)
            assert legal_respond(t) == sorted([("pass",), ("autopass", 1), *playable_strategies(t, seat)])
    assert listed > 10


@rule("5.7")
def test_the_development_threshold_kept_is_the_one_the_board_gives_at_every_step():
    """The threshold is kept until a piece, the enemy life, a blackout or a weapon changes: asked
    for at every step of random games (2 to 5 players, both timings), what is kept is always what
    the board gives."""
    kept = changed = 0
    for g in range(16):
        s = LegionState(2 + g % 4, "hard" if g % 3 == 0 else "normal", timing="simple" if g % 2 else "printed")
        before = None
        for _ in random_playout(s, Random(100 + g), unchecked=True):
            if s.need_cache is not None:
                assert s.need_cache == work_out_threshold(s)
                kept += 1
            need = develop_threshold(s)
            changed += before is not None and need != before
            before = need
    assert kept > 1000 and changed > 50


def test_a_strategy_effect_whose_verb_is_not_looked_at_may_always_be_played():
    from asobi.games.legion.rules.stack import _CONDITIONAL, _applies

    effects = [e for card in content().strategy_effects if card is not None for e in card]
    unconditional = [e for e in effects if e.verb not in _CONDITIONAL]
    assert unconditional and len(unconditional) < len(effects)
    for s in STATES:
        for e in unconditional:
            assert _applies(s, 0, e)
    # and the playable strategies are those of the plain check of every alphabet shown
    for s in STATES:
        for seat in range(s.n):
            hand = s.hands[seat]
            alphas = {c // 3 for c in hand if c < ARMY}
            plain = [
                ("strategy", k, a)
                for k in hand_kinds(hand)[1]
                if content().strategy_effects[k] is not None
                for a in sorted(alphas)
                if _applies(s, seat, content().strategy_effects[k][a])
            ]
            assert playable_strategies(s, seat) == plain


def test_the_blackouts_to_repair_are_those_next_to_the_seats_weapons_in_order():
    from asobi.games.legion.rules.blackout import repairable

    king = content().king[1]
    two = 0
    for s in STATES:
        for seat in range(s.n):
            mine = [w for w in s.weapons if w[1] == seat]
            plain = sorted({n for w in mine for n in king[w[0]] if s.black[n]})
            assert repairable(s, seat) == plain
            two += len(mine) > 1 and bool(plain)
    assert two > 10


def test_the_tables_hold_what_the_content_says():
    c = content()
    t = tables(c)
    assert tables(c) is t
    for sq in range(c.rows * c.cols):
        r, col = divmod(sq, c.cols)
        for direction, (dr, dc) in DIRECTION_STEP.items():
            rr, cc = r + dr, col + dc
            on_map = 0 <= rr < c.rows and 0 <= cc < c.cols
            assert t.step[direction][sq] == (rr * c.cols + cc if on_map else -1)
    for pos, effects in enumerate(c.square_effects):
        items = [task[1] for task in t.square_tasks[pos]]
        to = c.square_to[pos]
        move = [("move", c.square_ids[pos], "ship_move", (("direction", to),))] if to != "none" else []
        assert [(i[0], i[1], i[2], i[3]) for i in items] == [
            *move,
            *(("square", c.square_ids[pos], e.verb, e.params) for e in effects),
        ]
    assert t.attack_tasks[1][4] == ("announce", ("attack", "piece2", "attack", (("code", 4),), -1, False))
    first = t.card_tasks["enemy"][0]
    assert first[-1] == ("card_bottom", "enemy", 0)
    assert [task[1][1] for task in first[:-1]] == [
        f"{c.enemy_ids[0]}({k + 1})" for k in range(len(first) - 1)
    ]
    assert [t.is_strategy[k] for k in range(len(c.army_ids))] == [not w for w in c.is_weapon]
    assert all(c.strategy_effects[k] is not None for k in range(len(c.army_ids)) if t.is_strategy[k])
    assert [(t.code_bit[code], t.code_value[code]) for code in range(9)] == [
        (1 << (code // 3), code % 3 + 1) for code in range(9)
    ]
    assert list(t.square_bit) == [1 << (code // 3) for code in c.square_code] + [0]  # [-1]: no piece
    assert list(t.square_value) == [code % 3 + 1 for code in c.square_code] + [0]
    assert [t.activates[k] for k in range(len(c.army_ids))] == [
        e is not None and e.timing == "activate" for e in c.weapon_effect
    ]
    for alphas in range(8):
        assert list(t.develop_value[alphas]) == [
            code % 3 + 1 if alphas >> (code // 3) & 1 else 0 for code in range(9)
        ]
    for verb in ("hand_limit", "develop_discount", "shield_limit"):
        amounts = [
            int(e.params["amount"]) if e is not None and e.verb == verb else 0 for e in c.weapon_effect
        ]
        assert list(t.persistent.get(verb, (0,) * len(c.weapon_effect))) == amounts
    s = LegionState()
    for s.ship in range(c.rows * c.cols):
        assert [t.distance[sq][s.ship] for sq in range(c.rows * c.cols)] == [
            ship_distance(s, sq) for sq in range(c.rows * c.cols)
        ]
    assert (t.hand_bonus, t.develop_discount, t.shield_bonus) == tuple(
        t.persistent[verb] for verb in ("hand_limit", "develop_discount", "shield_limit")
    )
    assert any(t.persistent.values())


def test_the_effect_parameters_made_once_are_those_of_every_item_the_content_puts_on_the_stack():
    t = tables(content())
    tasks = [*(task for tasks in t.square_tasks for task in tasks)]
    tasks += [task for deck in t.card_tasks.values() for card in deck for task in card if task[0] == "announce"]
    items = [task[1] for task in tasks if task[1][0] in ("square", "card")]
    items += [("strategy", "", e.verb, e.params) for effects in content().strategy_effects if effects for e in effects]
    assert len(items) > 50
    for item in items:
        assert _PARAMS[item[3]] == dict(item[3]), item


def test_hand_kinds_and_distinct_list_each_card_once_in_order():
    hand = [0, 0, 4, 8, ARMY + 1, ARMY + 1, ARMY + 7]
    assert hand_kinds(hand) == ([0, 4, 8], [1, 7])
    assert distinct(hand) == [0, 4, 8, ARMY + 1, ARMY + 7]
    assert hand_kinds([]) == ([], []) and hand_kinds([ARMY]) == ([], [0]) and distinct([]) == []
    assert ARMY > 8  # hand entries below ARMY are the nine code kinds the tables index


def test_events_built_on_the_hot_path_equal_those_say_would_log():
    s = position(3)
    s.say("2.1", "turn", seat=2)
    s.tell(1, "4.1", "drew_card", seat=1, deck="code", card=4)
    assert s.log == [
        seat_events("2.1", "turn")[2],
        Event("4.1", "drew_card", (("seat", 1), ("deck", "code"), ("card", 4)), (1,)),
    ]
    s = LegionState(3)  # A's turn begins and A, with an empty hand, draws
    s.apply_unchecked(("code", 4))
    assert s.log[-2:] == [
        Event("4.1", "drew_hidden", (("seat", 0), ("deck", "code")), None),
        Event("4.1", "drew_card", (("seat", 0), ("deck", "code"), ("card", 4)), (0,)),
    ]
    assert [e for e in s.log if e.key == "turn"] == [Event("2.1", "turn", (("seat", 0),), None)]


def test_draw_outcomes_from_the_table_equal_the_plain_formula():
    seen = 0
    for s in STATES:
        if s.chance is None or s.chance[0] not in ("code", "army"):
            continue
        kind = s.chance[0]
        deck = s.code_deck if kind == "code" else s.army_deck
        total = sum(deck)
        assert s.chance_outcomes() == tuple(((kind, k), n / total) for k, n in enumerate(deck) if n)
        seen += 1
    assert seen > 50


def _main_candidates(s: LegionState) -> list[tuple]:
    """Every main-phase action shape with every plausible argument, legal or not, and some junk."""
    squares = range(len(s.black))
    army = range(len(content().army_ids))
    cards = [*range(9), *(ARMY + k for k in army)]
    out: list[tuple] = [("end",), ("develop",), ("autopass", 0), ("autopass", 1), ("end", 1), ("develop", 0)]
    out += [("supply", c) for c in cards] + [("supply", "α1"), ("supply",)]
    out += [("launch", w, c) for w in army for c in range(9)] + [("launch", 99, 0), ("launch", "W01", 0)]
    out += [("move", z, b) for z in range(-1, 4) for b in squares] + [("move", 1), ("move", "x", 1)]
    out += [("activate", b, z) for b in range(-1, 6) for z in range(-1, 4)] + [
        ("activate", 0),
        ("activate", "x", 0),
    ]
    out += [("repair", t, c) for t in squares for c in cards] + [("repair", 0)]
    out += [("strategy", k, al) for k in army for al in range(4)] + [("strategy", -1, 0), ("strategy", 1)]
    out += [("shield", 0), ("pass",), ("place", 3), ("nonsense", 1, 2)]
    return out


def test_the_fast_main_phase_legality_check_agrees_with_the_listing():
    checked = legal_seen = 0
    for s in STATES:
        if s.pending is None or s.pending[0] != "main" or s.ended is not None:
            continue
        fresh = s.clone()
        fresh.legal_cache = None
        listed = set(legal_main(s))
        for a in _main_candidates(s):
            fresh.legal_cache = None
            assert fresh.is_legal(a) == (a in listed), a
            legal_seen += a in listed
        assert listed <= set(_main_candidates(s))
        checked += 1
    assert checked > 50 and legal_seen > checked


def test_the_fast_shield_phase_legality_check_agrees_with_the_listing():
    checked = legal_seen = 0
    junk: list[tuple] = [
        ("end", 1),
        ("shield",),
        ("shield", "α1"),
        ("swap", 0),
        ("swap", -1, 0),
        ("main",),
        (),
    ]
    for s in STATES:
        if s.pending is None or s.pending[0] != "shield" or s.ended is not None:
            continue
        fresh = s.clone()
        listed = set(legal_shield(s))
        candidates = [("end",), *(("shield", c) for c in range(ARMY + 2))]
        candidates += [("swap", a, b) for a in range(10) for b in range(10)] + junk
        for a in candidates:
            fresh.legal_cache = None
            assert fresh.is_legal(a) == (a in listed), a
            legal_seen += a in listed
        assert listed <= set(candidates)
        assert not fresh.is_legal(["end"])  # type: ignore[arg-type]
        checked += 1
    assert checked > 50 and legal_seen > checked


def test_the_fast_chance_legality_check_and_sampling_agree_with_the_outcomes():
    checked = 0
    rng = Random(5)
    for s in STATES:
        if s.chance is None or s.ended is not None:
            continue
        outcomes = s.chance_outcomes()
        listed = {a for a, _ in outcomes}
        for kind in ("code", "army", "enemy", "event", "other"):
            for a in [(kind, k) for k in range(-1, 66)] + [(kind,), (kind, 1, 1), (kind, "1"), ()]:
                assert s.is_legal(a) == (a in listed), a
            assert not s.is_legal([kind, 0])  # type: ignore[arg-type]
        for r in [rng.random() for _ in range(20)] + [0.0, 0.999999999999]:
            acc, pick = 0.0, outcomes[-1][0]
            for a, p in outcomes:  # the base class's sampling
                acc += p
                if r < acc:
                    pick = a
                    break
            assert s.sample_chance(FixedRandom(r)) == pick
        checked += 1
    assert checked > 50


@rule("L-16", "L-28")
def test_the_seats_a_window_asks_are_kept_up_to_date_at_every_step():
    # ``s.answerers`` is updated where a hand or an auto-pass setting changes, not recomputed:
    # at every step of seeded random games (both timings, open and hidden hands) it must equal
    # the plain test of every hand, and so must a clone's, a determinized state's and a hidden
    # variant's.
    checked = 0
    for g in range(16):
        rng = Random(100 + g)
        s = LegionState(
            2 + g % 4, ("easy", "normal", "hard")[g % 3], g % 5 == 0, timing=("printed", "simple")[g % 2]
        )
        for _ in random_playout(s, rng, unchecked=True):
            assert s.answerers == answerers(s), (g, checked)
            checked += 1
            if checked % 37 == 0 and not s.is_terminal():
                for v in [s.clone(), s.determinize(g % s.n, rng), *s.hidden_variants(g % s.n, rng)]:
                    assert v.answerers == answerers(v)
    assert checked > 1000


@rule("1.7", "4.1")
def test_the_decks_laid_out_are_kept_up_to_date_at_every_step_and_shared_by_clones_unchanged():
    # ``s.code_layout`` and ``s.army_layout`` are changed by a draw and a recycle, not laid out
    # again: at every step of seeded random games (both timings, 2 to 5 players, decks recycled)
    # they must equal the decks laid out, and so must a clone's, a determinized state's and a
    # hidden variant's; a clone's draws must leave the original's as they were.
    checked = recycled = 0
    for g in range(16):
        rng = Random(200 + g)
        s = LegionState(2 + g % 4, ("easy", "normal", "hard")[g % 3], g % 5 == 0, timing=("printed", "simple")[g % 2])
        for _ in random_playout(s, rng, unchecked=True):
            assert s.code_layout == lay_out(s.code_deck) and s.army_layout == lay_out(s.army_deck), (g, checked)
            checked += 1
            if checked % 29 == 0 and not s.is_terminal():
                code, army = list(s.code_layout), list(s.army_layout)
                for v in [s.clone(), s.determinize(g % s.n, rng), *s.hidden_variants(g % s.n, rng)]:
                    assert v.code_layout == lay_out(v.code_deck) and v.army_layout == lay_out(v.army_deck)
                # (played on as a search plays a clone and, for the seat to move, a determinization)
                seat = s.current_seat if s.current_seat >= 0 else g % s.n
                for v in (s.clone(), s.determinize(seat, rng)):
                    for _ in random_playout(v, Random(g), 30, unchecked=True):
                        assert v.code_layout == lay_out(v.code_deck) and v.army_layout == lay_out(v.army_deck)
                assert s.code_layout == code and s.army_layout == army
        recycled += len(events(s, "recycled"))
    assert checked > 1000 and recycled > 5


@rule("2.2", "2.3")
def test_the_end_check_runs_once_a_life_is_at_0_at_every_step_and_ends_the_game_there():
    # ``s.lives_out`` (the kernel's stop test) is set where a life changes, not recomputed: at
    # every step of seeded random games (both timings, 2 to 5 players) it must say whether a life
    # is at 0, and a game with a life at 0 must have ended there (the enemy's life at 0: test_flow).
    ends = set()
    checked = 0
    for g in range(24):
        s = LegionState(2 + g % 4, ("easy", "normal", "hard")[g % 3], timing=("printed", "simple")[g % 2])
        for _ in random_playout(s, Random(300 + g), unchecked=True):
            out = not s.enemy_life or not s.space_life
            assert s.lives_out == out, (g, checked)
            assert not out or s.ended is not None
            checked += 1
        assert s.ended is not None
        ends.add(s.ended[0])
    assert checked > 1000 and "lost" in ends


def test_answerers_are_the_seats_with_an_army_and_a_code_card_not_on_auto_pass():
    s = position(4, hands=[["S05", "α1"], ["S01"], ["α2"], ["S09", "β3", "γ1"]], autopass=[0, 0, 0, 1])
    assert s.answerers == 0b0001 and SEATS_IN[s.answerers] == (0,)
    s.autopass[3] = 0
    sync_answerers(s)  # (a state changed by hand; run() and sync_seat() do this too)
    assert s.answerers == 0b1001 and SEATS_IN[s.answerers] == (0, 3)
    assert [SEATS_IN[s.answerers & ALL_BUT[skip]] for skip in (-1, 0, 3)] == [(0, 3), (3,), (0,)]


def test_a_window_run_with_the_task_after_it_does_what_the_two_tasks_do():
    # ``window_main`` and ``window_end_turn`` are a step's priority window (L-28) and the task
    # that always follows it, in one task: from the same position, each must reach the same
    # decision, window, agenda and log as the two tasks run one after the other.
    compared = asked = 0
    for s in STATES:
        if s.ended is not None or s.timing != "printed":
            continue
        for seat in range(s.n):
            for folded, plain in (
                (("window_main", seat, "4.1"), [("main", seat), ("priority", "4.1", -1)]),
                (("window_main", seat, "4.2"), [("main", seat), ("priority", "4.2", seat)]),
                (("window_end_turn", seat), [("end_turn", seat), ("priority", "4.3", -1)]),
            ):
                ran = []
                for tasks in ([folded], plain):
                    x = s.clone()
                    x.pending, x.chance, x.stack, x.window = None, None, (), ()
                    x.turn = seat
                    x.agenda = [("round",), *tasks]
                    x.run()
                    ran.append(
                        (x.pending, x.chance, x.window, x.agenda, x.turn, x.legal_cache, x.log.to_list())
                    )
                assert ran[0] == ran[1], (folded, ran)
                compared += 1
                asked += ran[0][0] is not None and ran[0][0][0] == "priority"
    assert compared > 300 and asked > 20


def _said(clause: str, key: str, seen_by: int | None = None, /, **args: object) -> tuple:
    """The event ``say`` (or ``tell``, seen by one seat) logs, as the log keeps it."""
    s = position(3)
    if seen_by is None:
        s.say(clause, key, **args)
    else:
        s.tell(seen_by, clause, key, **args)
    return s.log_tail[-1]


def test_the_announcements_made_once_are_those_say_would_log_and_play_meets_no_other():
    from asobi.games.legion.rules import stack

    table = stack._ANNOUNCED
    made = [(kind, label, verb) for kind, labels in table.items() for label, verbs in labels.items() for verb in verbs]
    assert {kind for kind, _, _ in made} == {"move", "square", "attack", "card", "strategy", "weapon"}
    for kind, label, verb in made:
        said = _said(stack._ANNOUNCE_CLAUSE[kind], "announced", kind=kind, label=label, verb=verb)
        assert table[kind][label][verb] == said == stack.announced((kind, label, verb))
    built = []
    plain = stack.announced
    stack.announced = lambda item: built.append(item) or plain(item)  # type: ignore[assignment]
    try:
        for g, options in enumerate(({}, {"timing": "simple"}, {"players": 5}, {"players": 2})):
            state = LegionState(**options)  # type: ignore[arg-type]
            for _ in random_playout(state, Random(g), unchecked=True):
                pass
            assert any(e.key == "announced" for e in state.log)
    finally:
        stack.announced = plain  # type: ignore[assignment]
    assert built == []


def test_the_draw_events_made_once_are_those_say_and_tell_would_log():
    from asobi.games.legion.rules import draw

    ids = content().army_ids
    for kind, by_clause in draw._DREW.items():
        assert set(by_clause) == set(draw._DRAW_CLAUSES)
        for clause, rows in by_clause.items():
            assert len(rows) == 5
            for seat, row in enumerate(rows):
                assert len(row) == (9 if kind == "code" else len(ids))
                for card, made in enumerate(row):
                    shown = card if kind == "code" else ids[card]
                    assert made == draw.drew_events(kind, seat, card, clause) == (
                        _said(clause, "drew_hidden", seat=seat, deck=kind),
                        _said(clause, "drew_card", seat, seat=seat, deck=kind, card=shown),
                        _said(clause, "drew_card", seat=seat, deck=kind, card=shown),
                    )


def test_an_event_table_holds_the_events_say_would_log_for_every_combination():
    from asobi.games.legion.rules.log import event_table

    table = event_table("4.4", "shield_swapped", seat=range(3), old=range(9), new=("a", "b"))
    assert len(table) == 3 and all(len(row) == 9 and all(len(cell) == 2 for cell in row) for row in table)
    for seat in range(3):
        for old in range(9):
            for k, new in enumerate(("a", "b")):
                assert table[seat][old][k] == _said("4.4", "shield_swapped", seat=seat, old=old, new=new)
    assert event_table("2.2", "won") == _said("2.2", "won")
    cited = event_table("5.2", "launch", seat=range(2), code=range(3), also=("6.3",))
    assert cited[1][2] == Event("5.2", "launch", (("seat", 1), ("code", 2)), None, ("6.3",))
    assert len(cited[1][2]) == 5


def test_the_weapon_and_development_events_built_from_pairs_made_once_are_those_say_would_log():
    from asobi.games.legion.rules import main_phase, weapons
    from asobi.games.legion.rules.log import arg_pairs

    assert arg_pairs("to", range(3)) == (("to", 0), ("to", 1), ("to", 2))
    c = content()
    s = position(3)
    s.weapons = [(7, 1, 4, 5, 0)]
    weapons.move_weapon(s, 1, 0, 8, "5.5")
    assert s.log_tail[0] == _said("5.5", "weapon_moved", seat=1, card=c.army_ids[4], frm=7, to=8)
    s = position(3)
    weapons.place_weapon(s, 2, 4, 6, 11)
    assert s.log_tail[0] == _said("5.3", "weapon_placed", seat=2, card=c.army_ids[4], code=6, square=11)
    launch = main_phase._LAUNCH_EVENT[2][4][6]
    assert launch == Event("5.2", "launch", (("seat", 2), ("card", c.army_ids[4]), ("code", 6)), None, ("6.3",))
    assert main_phase._SOURCE == (("source", "hand"), ("source", "shield"))
    assert main_phase._REPAIR_ARMY[3][5] == _said("5.6", "repair_discard", seat=3, card=c.army_ids[5])
    s = position(3)
    s.weapons = [(7, 1, 4, 5, 0)]
    weapons.destroy_weapon(s, s.weapons[0], "9.1")
    assert s.log_tail == [
        _said("9.1", "weapon_destroyed", seat=1, card=c.army_ids[4], square=7),
        _said("5.4", "weapon_discarded", card=c.army_ids[4], code=5),
    ]


def test_the_event_tables_cover_every_value_the_rules_index_them_by():
    from asobi.games.legion.rules import (
        blackout,
        draw,
        enemy_turn,
        event_time,
        lives,
        resolve,
        ship,
        stack,
        turn,
    )

    c = content()
    assert len(turn._ROUND_EVENTS) > max(p.round_limit for p in c.presets.values())
    assert len(event_time._COUNT) > max(event_time.COUNT_RESET, *(p.event_count for p in c.presets.values()))
    for table in lives._SPACE_DAMAGED.values():
        assert len(table) > max(life for p in c.presets.values() for life in p.space_life.values())
    assert [len(row) for row in enemy_turn._ADVANCED] == [len(c.square_ids)] * 3
    assert enemy_turn._ADVANCED[1][4] == _said("7.1", "piece_advanced", piece=2, esq=c.square_ids[4])
    assert resolve._ATTACK_HITS["piece3"][5] == _said("7.5", "attack_hits", piece="3", code=5)
    assert resolve.ATTACK_SHIELDED[2][5] == _said("7.6", "attack_shielded", piece=3, code=5)
    assert ship._SHIP_MOVED["7.2"]["west"][7] == _said("7.2", "ship_moved", direction="west", square=7)
    assert draw._DRAW_EMPTY_HAND[2][3] == _said("4.1", "draw_empty_hand", seat=2, count=3)
    assert draw._CARD_PLAYED["event"][2] == _said("3.1", "card_played", deck="event", card=c.event_ids[2])
    assert draw._CARD_TO_BOTTOM["enemy"][1] == _said("7.7", "card_to_bottom", deck="enemy", card=c.enemy_ids[1])
    assert resolve._DISCARDED_ARMY[1][3] == _said("7.3", "discarded", seat=1, card=c.army_ids[3])
    assert stack._PLAYED[4][2][1] == _said("6.4", "strategy_played", seat=4, card=c.army_ids[2], alpha="β")
    assert blackout._CLEARED["5.6"][12] == _said("5.6", "blackout_cleared", square=12)
    assert lives._ENEMY_DAMAGED["5.7"][3] == _said("5.7", "enemy_damaged", life=3)


def _agenda_trace(state: LegionState) -> tuple:
    return (state.pending, state.chance, tuple(state.agenda), len(state.log))


def _stack_trace(state: LegionState) -> tuple:
    return (state.pending, state.chance, state.stack, len(state.log))


def _log_and_outcome(state: LegionState) -> tuple:
    return (state.log.to_list(), state.outcome())


def traced_games(option_sets, after=_agenda_trace, end=LegionState.to_json) -> list:
    """Random games, one per option set (game ``g`` from ``Random(g)``), traced: each action with
    ``after(state)`` once it is applied, and ``end(state)`` at the end — what a shortcut must leave
    as the plain order of tasks leaves it."""
    out: list = []
    for g, options in enumerate(option_sets):
        state = LegionState(**options)
        rng = Random(g)
        while not state.is_terminal():
            if state.chance is not None:
                action = state.sample_chance(rng)
            else:
                legal = state.legal_actions()
                action = legal[int(rng.random() * len(legal))]
            state.apply_unchecked(action)
            out.append((action, *after(state)))
        out.append(end(state))
    return out


def test_a_main_phase_run_at_once_after_a_draw_plays_as_the_kernel_would_run_it(monkeypatch):
    # apply_chance runs the main phase's task (L-28's window first) at once when it is the next
    # task after a code or army draw: the same random games, with the task handed back to the
    # kernel instead, must play the same actions to the same positions and logs.
    from asobi.games.legion.rules import draw

    def games() -> list[tuple]:
        return traced_games(({}, {"players": 5}, {"players": 2}, {"timing": "simple"}))

    ran_at_once = []

    def handed_back(s: LegionState, seat: int, step: str = "") -> None:
        ran_at_once.append(step)
        s.agenda.append(("window_main", seat, step))

    fast = games()
    monkeypatch.setattr(draw, "task_main", handed_back)
    slow = games()
    assert {"4.1", "4.2"} <= set(ran_at_once)
    assert fast == slow


def _always_settle(s: LegionState) -> None:
    """``stack._resolve_top`` in the plain order: a settle task under every item resolved, dropped
    only when it would run next with the stack empty."""
    from asobi.games.legion.rules import resolve

    if s.window:
        s.window = ()
    item = s.stack[-1]
    s.stack = s.stack[:-1]
    agenda = s.agenda
    agenda.append(("settle",))
    if item[0] == "strategy":
        s.army_discard[s.content.army_index[item[1]]] += 1
    if item[5]:
        s.say("6.5", "negated_resolves", label=item[1])
    else:
        resolve.resolve(s, item)
    if not s.stack and s.pending is None and s.chance is None and agenda and agenda[-1] == ("settle",):
        agenda.pop()


def test_an_item_nobody_is_asked_about_resolves_as_from_the_top_of_the_stack(monkeypatch):
    # task_announce resolves an item nobody is asked about without putting it on the stack (it
    # would come off the top before it resolves) and with no settle task under it when the stack
    # is empty: the same random games with every item put on the stack, settled as the settle
    # task does, and resolved with a settle task under it, must play the same actions to the same
    # stacks and end in the same state.
    from asobi.games.legion.rules import FLOW, enemy_turn, stack

    announced = []

    def plain_announce(s: LegionState, item: tuple) -> None:
        announced.append(item[0])
        s.stack += (item,)
        s.log_tail.append(stack.announced(item))
        stack._settle(s)

    def games() -> list[tuple]:
        return traced_games(({}, {"players": 5}, {"players": 2}, {"timing": "simple"}) * 3, after=_stack_trace)

    fast = games()
    monkeypatch.setitem(FLOW.tasks, "announce", plain_announce)
    monkeypatch.setattr(enemy_turn, "task_announce", plain_announce)
    monkeypatch.setattr(stack, "_resolve_top", _always_settle)
    slow = games()
    assert {"square", "attack", "move", "card", "strategy", "weapon"} <= set(announced)
    assert fast == slow


def test_an_item_resolved_with_nothing_below_it_plays_as_with_a_settle_task_under_it(monkeypatch):
    # _resolve_top schedules no settle task when the stack below the item is empty (a settle
    # task would find it empty): the same random games with one scheduled under every item
    # resolved, and dropped only when it would run next, must play the same actions to the same
    # logs and lives.
    from asobi.games.legion.rules import stack

    def games() -> list[tuple]:
        return traced_games(({}, {"players": 5}, {"players": 2}, {"timing": "simple"}) * 3, after=_stack_trace, end=_log_and_outcome)

    fast = games()
    monkeypatch.setattr(stack, "_resolve_top", _always_settle)
    slow = games()
    assert sum(1 for step in fast if len(step) == 5 and step[3]) > 20  # items stood on the stack
    assert fast == slow


def test_the_window_after_the_pieces_advance_run_at_once_plays_as_the_kernel_would_run_it(monkeypatch):
    # task_enemy_turn runs the window on the pieces' advance (L-28, 7.1) at once, where its task
    # would run next: the same random games with the task handed to the kernel instead must play
    # the same actions to the same positions and logs.
    from asobi.games.legion.rules import enemy_turn

    def games() -> list[tuple]:
        return traced_games(({"players": 3}, {"players": 5}, {"players": 2}, {"players": 4}))

    handed = []

    def handed_back(s: LegionState, step: str, skip: int) -> None:
        handed.append(step)
        s.agenda.append(("priority", step, skip))

    fast = games()
    monkeypatch.setattr(enemy_turn, "task_priority", handed_back)
    slow = games()
    assert len(handed) > 10
    assert fast == slow
