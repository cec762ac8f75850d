"""Combat odds: for a battle, each step's exact distribution of hits per camp and the losses they
would cause under an allocation plan — computed with the rules' own code (:func:`combat.attackers`,
:func:`combat.targets`, :func:`combat.block_size`, :func:`combat.command` and :mod:`.odds`), never by
simulation, on a state it never changes.

Two ways in:

- :func:`forecast` on a live state with a battle under way (``state.fight``): what each step would
  bring with the units, parts (sortied, bombing) and characters as they stand now. A later step is
  shown as if the battle reached it unchanged (its odds depend on the earlier steps' dice).
- :func:`situation` builds a hand-made battle (:class:`Side` lists per camp) on a copy of the
  starting position, for ``asobi odds byston``.

An allocation plan is the order in which the attacker gives hit blocks (B-30): each target in turn
takes its blocks (a face-up unit two — the first flips it, the second removes it, 25.4 — a flipped
one one); a block that no longer fits is skipped and the next target tried, the rest is lost (25.5).
By default the plan hits the smallest block first (the plan that places the most blocks). The
defender's command (25.9) lets it place part of the hits itself; the forecast reports it and assumes
those blocks follow the same plan.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from asobi.core.errors import AsobiError
from asobi.core.text import pad

from . import labels
from .board import NOT_ENTERED, SUPPLY, counters_at, static
from .odds import Dice, dice_text, expected, pool
from .rules import combat
from .rules.combat import BOMBER, NO_ROLE, SORTIED, STEPS

if TYPE_CHECKING:
    from .state import BystonState

STEP_CLAUSE = {"air": "21", "aa": "22", "bombing": "23", "shelling": "24"}
STEP_NAMES = {
    "air": ("空中戦", "air combat"),
    "aa": ("対空戦", "AA fire"),
    "bombing": ("爆撃", "bombing"),
    "shelling": ("砲撃戦", "shelling"),
}
CAMP_NAMES = (("ドレイク陣営", "Drake's camp"), ("シーラ陣営", "Sheela's camp"))
DEFAULT_HEX = "1017"
"""A hex of Drake's land with nothing on it at the start (terrain plays no part in combat)."""


class BadSituationError(AsobiError):
    """A hand-made battle that cannot be: unknown names, too many counters, wrong camps."""


@dataclass(frozen=True)
class Block:
    """One block of a plan: ``size`` hits on ``counter``; ``second`` for the block that needs the
    unit's first one placed before it; ``removes``: placing it removes the unit (25.4)."""

    counter: int
    size: int
    second: bool
    removes: bool


@dataclass(frozen=True)
class CampStep:
    """One camp's fire in one step and what it would do to the other camp.

    :ivar fires: the camp rolls in this step (it has units firing and the enemy has targets, B-71).
    :ivar dice: its pool (value, how many); ``bonus`` hits from the characters aboard (21.6 …).
    :ivar hits: (hits, exact probability) for every count that can happen.
    :ivar command: how many of those hits the enemy places itself (25.9).
    :ivar plan: the blocks in the order they would be given.
    :ivar expected_blocks: expected hit blocks placed (each flips a unit or removes a flipped one).
    :ivar expected_removed: expected enemy units removed.
    :ivar losses: (blocks placed, units removed) → exact probability.
    """

    step: str
    camp: int
    fires: bool
    dice: Dice
    bonus: int
    units: int
    hits: tuple[tuple[int, Fraction], ...]
    command: int
    plan: tuple[Block, ...]
    expected_hits: Fraction
    expected_blocks: Fraction
    expected_removed: Fraction
    losses: tuple[tuple[tuple[int, int], Fraction], ...]


@dataclass(frozen=True)
class Forecast:
    hex: int
    acting: int
    steps: tuple[CampStep, ...]

    def get(self, step: str, camp: int) -> CampStep:
        for cs in self.steps:
            if cs.step == step and cs.camp == camp:
                return cs
        raise KeyError((step, camp))


# --- the plan and its losses ------------------------------------------------------------------


def _back_size(s: BystonState, i: int) -> int:
    """The size of the block a unit takes once flipped (its back defence + the crew's), read with
    the rules' :func:`combat.block_size` on a copy."""
    if s.flipped[i] or s.blocks[i]:
        return combat.block_size(s, i)
    copy: Any = s.clone()
    copy.flipped[i] = 1
    return combat.block_size(copy, i)


def plan_for(s: BystonState, step: str, camp: int, order: Sequence[int] | None = None) -> tuple[Block, ...]:
    """The blocks ``camp``'s hits would be given in ``step``: the targets in ``order`` (by default
    smallest first block first), each taken down before the next (B-30, 25.4). Counters in
    ``order`` that are not targets in this step are left out."""
    allowed = combat.targets(s, step, 1 - camp)
    if order is None:
        chosen = sorted(allowed, key=lambda i: (combat.block_size(s, i), i))
    else:
        chosen = [i for i in dict.fromkeys(order) if i in allowed]
    blocks: list[Block] = []
    for i in chosen:
        if s.flipped[i] or s.blocks[i]:
            blocks.append(Block(i, combat.block_size(s, i), False, True))
        else:
            blocks.append(Block(i, combat.block_size(s, i), False, False))
            blocks.append(Block(i, _back_size(s, i), True, True))
    return tuple(blocks)


def losses(hits: int, plan: Iterable[Block]) -> tuple[int, int]:
    """(blocks placed, units removed) when ``hits`` are given along ``plan``: a block that does not
    fit in what is left is skipped, and so is a unit's second block when its first was (the rules
    offer a unit only for the block it takes next, B-30)."""
    placed = 0
    removed = 0
    first_placed: set[int] = set()
    for b in plan:
        if b.second and b.counter not in first_placed:
            continue
        if b.size <= hits:
            hits -= b.size
            placed += 1
            first_placed.add(b.counter)
            removed += b.removes
    return placed, removed


# --- the forecast -----------------------------------------------------------------------------


def camp_step(s: BystonState, step: str, camp: int, order: Sequence[int] | None = None) -> CampStep:
    """One camp's fire in one step of the battle under way in ``s``."""
    dice, bonus, n = combat.attackers(s, step, camp)
    fires = bool(n) and bool(combat.targets(s, step, 1 - camp))  # task_roll's test (B-71)
    hits = pool(dice, bonus) if fires else ((0, Fraction(1)),)
    plan = plan_for(s, step, camp, order) if fires else ()
    dist: dict[tuple[int, int], Fraction] = {}
    for k, p in hits:
        key = losses(k, plan)
        dist[key] = dist.get(key, Fraction(0)) + p
    return CampStep(
        step=step,
        camp=camp,
        fires=fires,
        dice=dice,
        bonus=bonus,
        units=n,
        hits=hits,
        command=min(combat.command(s, step, 1 - camp), max(k for k, _ in hits)) if fires else 0,
        plan=plan,
        expected_hits=expected(hits),
        expected_blocks=sum((p * b for (b, _), p in dist.items()), Fraction(0)),
        expected_removed=sum((p * r for (_, r), p in dist.items()), Fraction(0)),
        losses=tuple(sorted(dist.items())),
    )


def forecast(
    s: BystonState, orders: Mapping[int, Sequence[int]] | None = None, sortie_undecided: bool = True
) -> Forecast:
    """Every step (21–24) for both camps of the battle under way in ``s``; ``orders`` gives per
    camp the order in which it would hit the other camp's units (default: smallest block first).
    During the preparation (20) the ABs not yet sent out or stowed are counted as sortied unless
    ``sortie_undecided`` is false.

    :raises BadSituationError: if no battle is under way.
    """
    if s.fight is None:
        raise BadSituationError("no battle is under way")
    acting, h = s.fight
    if sortie_undecided:
        s = _with_undecided_sortied(s)
    first = static().camp[acting]
    steps = tuple(
        camp_step(s, step, camp, (orders or {}).get(camp)) for step in STEPS for camp in (first, 1 - first)
    )
    return Forecast(hex=h, acting=acting, steps=steps)


def _with_undecided_sortied(s: BystonState) -> BystonState:
    assert s.fight is not None
    h = s.fight[1]
    undecided = [i for i in counters_at(s, h) if combat.is_ab(i) and s.role[i] == NO_ROLE]
    if not undecided:
        return s
    copy: Any = s.clone()
    copy.role = tuple(SORTIED if i in undecided else r for i, r in enumerate(s.role))
    return copy


# --- hand-made situations ---------------------------------------------------------------------


@dataclass(frozen=True)
class Item:
    """``count`` counters of one unit of ``country``: ``flipped`` (25.4), ``bombing`` (ABs that
    bomb, 22.1), the characters aboard (only with ``count`` 1)."""

    country: int
    unit: str
    count: int = 1
    flipped: bool = False
    bombing: bool = False
    chars: tuple[str, ...] = ()


_ITEM = re.compile(r"^(?:(\d+)\s*[x×*]?\s+)?([a-z_0-9]+)((?:\s+(?:flipped|bombing))*)((?:\s*\+\s*[a-z_0-9]+)*)$")


def parse_side(text: str) -> list[Item]:
    """A camp's units, e.g. ``"drake: 3 drumlo, drumlo bombing, bull_beggar +drake; ku: …"``:
    per country ``COUNTRY: ITEM, ITEM``; an item is ``[N] UNIT [flipped] [bombing] [+CHAR …]``.

    :raises BadSituationError: on anything it cannot read.
    """
    st = static()
    items: list[Item] = []
    for part in filter(None, (p.strip() for p in text.split(";"))):
        name, colon, rest = part.partition(":")
        name = name.strip().lower()
        if not colon or name not in st.country_ids:
            raise BadSituationError(
                f"{part!r}: start with a country and a colon ({', '.join(st.country_ids)}), "
                "e.g. 'drake: 3 drumlo, bull_beggar +drake'"
            )
        country = st.country_ids.index(name)
        for raw in filter(None, (x.strip().lower() for x in rest.split(","))):
            m = _ITEM.match(raw)
            if m is None:
                raise BadSituationError(f"{raw!r}: write an item as '[N] UNIT [flipped] [bombing] [+CHARACTER …]'")
            count = int(m.group(1) or 1)
            flags = m.group(3).split()
            chars = tuple(c.strip() for c in m.group(4).split("+") if c.strip())
            items.append(Item(country, m.group(2), count, "flipped" in flags, "bombing" in flags, chars))
    if not items:
        raise BadSituationError(f"{text!r} names no unit")
    return items


def situation(
    attacker: Sequence[Item], defender: Sequence[Item], hex_id: str = DEFAULT_HEX, players: int = 4
) -> tuple[BystonState, dict[int, list[int]]]:
    """A battle in ``hex_id`` between the two lists, on a copy of the starting position with that
    hex emptied: the first attacking country acts (it is the attacker, B-25). ABs sortie unless
    marked bombing (stowed ABs take no part in the steps, so they are left out). Returns the state
    and, per camp, the order in which it hits the other camp's units: as the other camp listed them
    (the ``orders`` of :func:`forecast`).

    :raises BadSituationError: unknown names, counters beyond the mix (9.5), both lists in one
        camp, a character riding where it may not (20.4, B-42) or twice.
    """
    from .state import BystonState  # the state class imports the rules; the rules never import this

    st = static()
    if not attacker or not defender:
        raise BadSituationError("name units for both the attacker and the defender")
    try:
        h = st.t.map.grid.parse(hex_id)
    except AsobiError as e:
        raise BadSituationError(str(e)) from None
    camps = []
    for label, items in (("attacker", attacker), ("defender", defender)):
        found = {st.camp[it.country] for it in items}
        if len(found) != 1:
            raise BadSituationError(f"the {label}'s countries must all be of one camp")
        camps.append(found.pop())
    if camps[0] == camps[1]:
        raise BadSituationError("the attacker and the defender must be of opposite camps")
    s = BystonState(players)
    for i in counters_at(s, h):
        s.set_where(i, SUPPLY)
        s.flipped[i] = 0
    for k, at in enumerate(s.char_at):
        if at == h:
            s.char_at[k] = NOT_ENTERED
    role = [NO_ROLE] * len(s.where)
    aboard = [NO_ROLE] * len(s.char_at)
    order: dict[int, list[int]] = {camps[0]: [], camps[1]: []}
    taken: set[int] = set()
    for camp, items in zip(camps, (attacker, defender), strict=True):
        for it in items:
            for i in _take(s, it, h, taken):
                if combat.is_ab(i):
                    role[i] = BOMBER if it.bombing else SORTIED
                elif it.bombing:
                    raise BadSituationError(f"{it.unit}: only ABs bomb (23.1)")
                order[camp].append(i)
                for cid in it.chars:
                    _board(s, aboard, cid, i, h)
    s.role = tuple(role)
    s.blocks = (0,) * len(s.where)
    s.aboard = tuple(aboard)
    s.hits = (0, 0)
    s.command = 0
    s.fight = (attacker[0].country, h)
    return s, {camp: order[1 - camp] for camp in order}


def _take(s: BystonState, it: Item, h: int, taken: set[int]) -> list[int]:
    st = static()
    if it.unit not in st.unit_number:
        raise BadSituationError(f"no unit {it.unit!r} (units: {', '.join(st.unit_ids)})")
    if it.count < 1:
        raise BadSituationError(f"{it.count} {it.unit}: name at least one")
    if it.chars and it.count != 1:
        raise BadSituationError(f"{it.count} {it.unit} +{'+'.join(it.chars)}: characters ride one unit each")
    counters = [i for i in st.counters_of(it.country, it.unit) if i not in taken]
    if len(counters) < it.count:
        have = len(st.counters_of(it.country, it.unit))
        raise BadSituationError(
            f"{st.country_ids[it.country]} has {have} {it.unit} counter(s) in all (9.5), "
            f"{len(counters)} left for {it.count}"
        )
    counters.sort(key=lambda i: (s.where[i] >= 0, i))  # spare counters first
    chosen = counters[: it.count]
    for i in chosen:
        taken.add(i)
        s.set_where(i, h)
        s.flipped[i] = int(it.flipped)
        s.set_owners({i: it.country})
    return chosen


def _board(s: BystonState, aboard: list[int], cid: str, i: int, h: int) -> None:
    st = static()
    if cid not in st.char_number:
        raise BadSituationError(f"no character {cid!r} (characters: {', '.join(st.char_ids)})")
    k = st.char_index(cid)
    if s.char_at[k] == h:
        raise BadSituationError(f"{cid} rides one unit only (20.4)")
    if not combat.may_ride(s.owner[i], st.char_country[k]):
        raise BadSituationError(f"{cid} may not board a unit of {st.country_ids[s.owner[i]]} (20.4, B-42)")
    if combat.is_ab(i) and i in aboard:
        raise BadSituationError(f"one character per AB (20.5): {cid} and another on one {st.unit_id(i)}")
    s.char_at[k] = h
    aboard[k] = i


# --- text and JSON ----------------------------------------------------------------------------


def _pct(p: Fraction) -> str:
    return f"{float(p) * 100:.2f}%"


def _num(p: Fraction) -> str:
    return f"{float(p):.3f}"


def counter_text(s: BystonState, i: int, lang: str) -> str:
    st = static()
    name = labels.unit(st.counter_unit[i], lang)
    flipped = labels.flipped_mark(s.flipped[i], lang)
    crew = [labels.character(k, lang) for k, j in enumerate(s.aboard) if j == i]
    return f"{labels.country(s.owner[i], lang)} {name}{flipped}" + "".join(f" +{c}" for c in crew)


def _plan_text(s: BystonState, plan: Sequence[Block], lang: str) -> list[str]:
    """Each target with its block sizes: "Na Botune[2/2]" (flip, then remove)."""
    sizes: dict[int, list[str]] = {}
    for b in plan:
        sizes.setdefault(b.counter, []).append(str(b.size))
    return [f"{counter_text(s, i, lang)}[{'/'.join(v)}]" for i, v in sizes.items()]


_WORDS = {
    "acts": ("{country}の手番（攻撃側）", "{country} acts (attacker)"),
    "silent": ("射撃なし", "does not fire"),
    "fires": ("{units}ユニット、ダイス {dice}", "{units} unit(s), dice {dice}"),
    "hits": ("ヒット数", "hits"),
    "chance": ("確率", "chance"),
    "expected": ("ヒット数の期待値 {hits}；割り振り: {plan}", "expected hits {hits}; plan: {plan}"),
    "losses": (
        "ブロック数の期待値 {blocks}、除去ユニット数の期待値 {removed}",
        "expected blocks {blocks}, expected units removed {removed}",
    ),
    "command": ("；防御側の指揮で最大{n}ヒット（25.9）", "; enemy command places up to {n} (25.9)"),
}


def _w(key: str, lang: str, **args: Any) -> str:
    return _WORDS[key][0 if lang == "ja" else 1].format(**args)


def text(s: BystonState, f: Forecast, lang: str = "en") -> list[str]:
    """The forecast as lines of text, step by step and camp by camp."""
    side = 0 if lang == "ja" else 1
    st = static()
    lines = [f"hex {labels.hex_id(f.hex)}: " + _w("acts", lang, country=labels.country(f.acting, lang))]
    for camp in (st.camp[f.acting], 1 - st.camp[f.acting]):
        units = [counter_text(s, i, lang) for i in counters_at(s, f.hex) if st.camp[s.owner[i]] == camp]
        lines.append(f"  {CAMP_NAMES[camp][side]}: {', '.join(units) or '-'}")
    for cs in f.steps:
        head = f"{STEP_CLAUSE[cs.step]} {STEP_NAMES[cs.step][side]} — {CAMP_NAMES[cs.camp][side]}"
        if not cs.fires:
            lines.append(f"{head}: " + _w("silent", lang))
            continue
        dice = dice_text(cs.dice) + (f" + {cs.bonus}" if cs.bonus else "")
        lines.append(f"{head}: " + _w("fires", lang, units=cs.units, dice=dice))
        # padded by terminal columns: ヒット数 and 確率 line up with hits and chance
        lines.append(f"  {pad(_w('hits', lang), 8)}" + " ".join(f"{k:>7}" for k, _ in cs.hits))
        lines.append(f"  {pad(_w('chance', lang), 8)}" + " ".join(f"{_pct(p):>7}" for _, p in cs.hits))
        plan = " > ".join(_plan_text(s, cs.plan, lang))
        lines.append("  " + _w("expected", lang, hits=_num(cs.expected_hits), plan=plan))
        lines.append(
            "  "
            + _w("losses", lang, blocks=_num(cs.expected_blocks), removed=_num(cs.expected_removed))
            + (_w("command", lang, n=cs.command) if cs.command else "")
        )
    return lines


def to_json(s: BystonState, f: Forecast) -> dict[str, Any]:
    """The forecast as JSON-ready data, probabilities as exact fractions ("3/8")."""
    st = static()
    return {
        "hex": labels.hex_id(f.hex),
        "acting": st.country_ids[f.acting],
        "steps": [
            {
                "step": cs.step,
                "clause": STEP_CLAUSE[cs.step],
                "camp": ("drake", "sheela")[cs.camp],
                "fires": cs.fires,
                "units": cs.units,
                "dice": [[v, n] for v, n in cs.dice],
                "bonus": cs.bonus,
                "hits": [[k, str(p)] for k, p in cs.hits],
                "command": cs.command,
                "plan": [
                    {"counter": b.counter, "unit": st.unit_id(b.counter), "size": b.size, "removes": b.removes}
                    for b in cs.plan
                ],
                "expected_hits": str(cs.expected_hits),
                "expected_blocks": str(cs.expected_blocks),
                "expected_removed": str(cs.expected_removed),
            }
            for cs in f.steps
        ],
    }
