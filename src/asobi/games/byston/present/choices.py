"""How the terminal lists this game's choices: grouped where a flat list is long, and what a step
of a move costs.

A "move" decision (17.1) lists every ship that may move; the terminal shows the stacks they are
in first, each with what it holds, and a stack's ships when the person picks it
(:func:`choice_group`). Production and building are grouped by the unit made, so a person picks
what, then where. A step of a move (17.5) is annotated with the movement points it costs and
leaves (:func:`annotate`), read from the engine's own event for it — 17.6's 2 MP for a hex the
other camp holds, 17.14.3's end of the move in the Kustanga hills — by applying it to a copy of
the state, so the figure is the one the rules will charge. While a ship moves, every hex it may
still reach this move can be typed as its hex id (:func:`shortcuts`), with the MP the cheapest way
there costs: the terminal takes the steps one by one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from asobi.core.hooks import Shortcut

from ..board import counters_at, static
from ..labels import counter_name, country, flipped_mark, hex_id, unit

if TYPE_CHECKING:
    from ..state import BystonState

Action = tuple[Any, ...]


def stack_text(s: BystonState, h: int, lang: str) -> str:
    """What a hex holds, country by country, alike counters counted: ``Drake's army Doro×2,
    Namwan, Namwan (flipped); Ku Castle``."""
    st = static()
    ja = lang == "ja"
    by_country: dict[int, dict[str, int]] = {}
    for i in counters_at(s, h):
        name = unit(st.counter_unit[i], lang) + flipped_mark(s.flipped[i], lang)
        counts = by_country.setdefault(s.owner[i], {})
        counts[name] = counts.get(name, 0) + 1
    comma, semi = ("、", "；") if ja else (", ", "; ")
    parts = []
    for c, counts in by_country.items():
        units = comma.join(f"{name}×{n}" if n > 1 else name for name, n in counts.items())
        parts.append(f"{country(c, lang)} {units}")
    return semi.join(parts)


GROUPS = {
    "make": ("{unit}を生産（場所を選ぶ）", "produce a {unit} (then where)"),
    "build": ("{unit}を建築（場所を選ぶ）", "build a {unit} (then where)"),
    "destroy": ("自軍ユニットを自発的に破壊（どれかを選ぶ）", "destroy a unit of your own (then which)"),
    "raze": ("建物を自発的に破壊（どれかを選ぶ）", "pull down a building (then which)"),
    "ship": ("{hex}のスタック：{stack}", "the stack at {hex}: {stack}"),
    "stow": ("#{into} {carrier}に搭載・収容（どれかを選ぶ）", "stow in #{into}, the {carrier} (then which)"),
}
"""Each group's label, (日本語, English)."""


def choice_group(s: BystonState, action: Action, lang: str) -> tuple[str, str] | None:
    """The terminal's group of a choice (:attr:`asobi.core.hooks.Presentation.choice_group`): a
    ship to move by its stack (then the ship: each is named with its hex and face), a unit to
    produce or build by the unit (then the hex), a unit or building to destroy by the kind of
    thing, an AB to stow in a battle by the ship or building it goes into (named by its counter
    number, as the battle lists its units: two alike carriers are told apart). Every other choice
    is listed on its own."""
    verb = action[0]
    template = GROUPS.get(verb)
    if template is None:
        return None
    text = template[0 if lang == "ja" else 1]
    if verb == "ship":
        h = action[2]
        return f"ship {h}", text.format(hex=hex_id(h), stack=stack_text(s, h, lang))
    if verb == "make":
        return f"make {action[1]}", text.format(unit=unit(action[1], lang))
    if verb == "build":
        return f"build {action[1]}", text.format(unit=unit(static().unit_index(action[1]), lang))
    if verb == "stow":  # by the carrier, named by its counter number as the battle lists it
        j = action[2]
        carrier = counter_name(j, lang) + flipped_mark(s.flipped[j], lang)
        return f"stow {j}", text.format(into=j, carrier=carrier)
    return verb, text


def _stepped(s: BystonState, action: Action) -> tuple[BystonState, int, str, bool] | None:
    """A copy of ``s`` after the moving ship's step ``action``, with the MP it has left, the clause
    that charged the step and whether the move ended there, read from the engine's event for it."""
    copy = s.clone()
    start = copy.log_length()
    copy.apply_unchecked(action)
    left = None
    clause = ""
    ends = False
    for event in copy.events_since(start):
        if event.key == "step":
            left = dict(event.args)["mp"]
            clause = event.clause
        elif event.key == "kustanga_stop":
            ends = True
    if left is None:
        return None
    return copy, left, clause, ends


def step_cost(s: BystonState, action: Action) -> tuple[int, int, str, bool] | None:
    """What a step of the moving ship (``("step", hex)``) costs as the rules charge it: (MP spent,
    MP left, the clause that charges it, whether the move ends there), from the engine's event for
    the step on a copy of the state; ``None`` for any other action or one not legal now."""
    if action[:1] != ("step",) or s.pending is None or s.pending[0] != "step" or not s.is_legal(action):
        return None
    stepped = _stepped(s, action)
    if stepped is None:
        return None
    _copy, left, clause, ends = stepped
    return s.mp - left, left, clause, ends


def reachable(s: BystonState) -> dict[int, tuple[tuple[Action, ...], int, bool]]:
    """Each hex the moving ship may still reach in this move (17.4–17.6, 17.12–17.14): the
    cheapest steps there (fewest among the cheapest), the MP they spend, and whether the move ends
    there (17.14.3). Worked out by taking the legal steps on copies of the state, so what is
    reachable and what it costs are the rules' own answers."""
    if s.pending is None or s.pending[0] != "step":
        return {}
    seat, ship, mp = s.pending[1], s.ship, s.mp
    start = s.where[ship]
    best: dict[int, tuple[tuple[Action, ...], int, bool]] = {}
    frontier: list[tuple[BystonState, tuple[Action, ...]]] = [(s, ())]
    while frontier:
        following: list[tuple[BystonState, tuple[Action, ...]]] = []
        for state, path in frontier:
            for action in state.legal_actions():
                if action[0] != "step" or action[1] == start:
                    continue
                stepped = _stepped(state, action)
                if stepped is None:
                    continue
                copy, left, _clause, ends = stepped
                steps, spent = (*path, action), mp - left
                known = best.get(action[1])
                if known is not None and (known[1], len(known[0])) <= (spent, len(steps)):
                    continue
                best[action[1]] = (steps, spent, ends)
                goes_on = copy.pending is not None and copy.pending[:2] == ("step", seat) and copy.ship == ship
                if goes_on:
                    following.append((copy, steps))
        frontier = following
    return best


def shortcuts(s: BystonState, lang: str) -> list[Shortcut]:
    """While a ship moves: every hex it may still reach, typed as its hex id, with the MP the
    cheapest way there costs (:func:`reachable`); the terminal takes the steps one by one."""
    ja = lang == "ja"
    out = []
    for h, (steps, spent, ends) in sorted(reachable(s).items(), key=lambda item: hex_id(item[0])):
        label = f"{spent}MP" if ja else f"{spent} MP"
        if ends:
            label += "、移動終了" if ja else ", the move ends"
        out.append(Shortcut(hex_id(h), steps, label))
    return out


def annotate(s: BystonState, action: Action, lang: str) -> str | None:
    """A step's cost after its label in the terminal: ``⇒ 2 MP, 1 left (17.6: the other camp is
    there)``."""
    cost = step_cost(s, action)
    if cost is None:
        return None
    spent, left, clause, ends = cost
    ja = lang == "ja"
    why = ""
    if clause == "17.6":
        why = "：敵陣営のユニットがいる" if ja else ": the other camp is there"
    end = ""
    if ends:
        end = "、移動はそこで終わる（17.14.3）" if ja else ", the move ends there (17.14.3)"
    if ja:
        return f"⇒ {spent}MP・残り{left}（{clause}{why}）{end}"
    return f"⇒ {spent} MP, {left} left ({clause}{why}){end}"
