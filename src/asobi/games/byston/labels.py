"""Action labels, and the names of countries, units, characters, chits and hexes in 日本語 and
English that they and the log's events read (``localize``) — built only when someone reads them.

Each verb's label is one entry of :data:`LABELS`, its parameters named in :data:`PARAMS` and made
text by :func:`localize` (the one the log uses), through :class:`asobi.core.labels.ActionLabels`.
The verbs whose label reads the state or has several forms give their template and arguments in
:data:`FORMS`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from asobi.core.labels import ActionLabels, LabelArgs

from .board import static
from .rules.combat import BOMBER, NO_ROLE, SORTIED

if TYPE_CHECKING:
    from .types import State

DEVELOP = {
    0: ("開発しない", "no development"),
    1: ("開発", "develop"),
    2: ("集中開発", "concentrated development"),
}


def _ja(lang: str) -> bool:
    return lang == "ja"


def _flipped(flag: int, ja: bool) -> str:
    """The mark of a flipped (damaged, 25.4) counter after its name."""
    return ("（裏）" if ja else " (flipped)") if flag else ""


def flipped_mark(flag: int, lang: str) -> str:
    """The mark of a flipped counter after its name, as every byston text writes it."""
    return _flipped(flag, _ja(lang))


def country(c: int, lang: str) -> str:
    t = static().t.countries[static().country_ids[c]]
    return t.ja if _ja(lang) else t.en


def unit(u: int, lang: str) -> str:
    st = static()
    thing = st.t.unit(st.unit_ids[u])
    return thing.ja if _ja(lang) else thing.en


def character(k: int, lang: str) -> str:
    ch = static().t.characters[static().char_ids[k]]
    return ch.ja if _ja(lang) else ch.en


def chit(k: int, lang: str) -> str:
    ch = static().t.chits[static().chit_ids[k]]
    return ch.ja if _ja(lang) else ch.en


def hex_id(h: int) -> str:
    return static().t.map.grid.hex_id(h)


FATE_NAMES = {
    "G": ("成長", "grows"),
    "-": ("生還", "unhurt"),
    "L": ("軽傷", "light wound"),
    "H": ("重傷", "heavy wound"),
    "D": ("死亡・離脱", "removed"),
}
"""A character's survival roll's outcomes (26.2), as a ``fate`` choice reads."""


def counter_name(i: int, lang: str) -> str:
    """A counter as a player names it: country, unit."""
    st = static()
    return f"{country(st.counter_country[i], lang)} {unit(st.counter_unit[i], lang)}"


PARTS = {SORTIED: ("出撃", "sortied"), BOMBER: ("爆撃", "bombing")}
"""A unit's part in a battle (``combat``'s roles) as a choice names it."""
STOWED = min(SORTIED, BOMBER, NO_ROLE) - 1
"""The part of a unit stowed in a ship or building (its role is that counter's number)."""


def fighter(s: State, i: int) -> tuple[int, int, int, int, tuple[int, ...], int]:
    """What tells counter ``i`` in the battle under way from the others alike (B-74): (counter,
    flipped, part — sortied, bombing, stowed or none —, hit blocks placed on it, the characters
    aboard it, how many units are stowed in it)."""
    role = s.role[i]
    riders = tuple(k for k, j in enumerate(s.aboard) if j == i)
    holding = sum(1 for r in s.role if r == i)
    return i, s.flipped[i], STOWED if role >= 0 else role, s.blocks[i], riders, holding


def fighter_text(value: tuple[int, int, int, int, tuple[int, ...], int], lang: str) -> str:
    """A counter in a battle as a choice names it: country, unit, flipped or not, and in brackets
    what tells it from the others alike (its part, hits placed on it, riders, units stowed in it)."""
    i, flipped, part, blocks, riders, holding = value
    ja = _ja(lang)
    notes = []
    if part in PARTS:
        notes.append(PARTS[part][0 if ja else 1])
    elif part == STOWED:
        notes.append("収容中" if ja else "stowed")
    if blocks:
        notes.append(f"ヒット{blocks}" if ja else f"{blocks} hit{'s' if blocks > 1 else ''} placed")
    if riders:
        names = ("・" if ja else ", ").join(character(k, lang) for k in riders)
        notes.append(f"{names}搭乗" if ja else f"{names} aboard")
    if holding:
        notes.append(f"{holding}機収容" if ja else f"holding {holding}")
    text = counter_name(i, lang) + _flipped(flipped, ja)
    if notes:
        text += f"［{'・'.join(notes)}］" if ja else f" [{' · '.join(notes)}]"
    return text


def _in_battle(s: State, action: tuple[Any, ...]) -> tuple[str, LabelArgs]:
    """A choice naming counters of the battle under way (25.3, 20.1, 20.4): each told apart from
    the others alike; away from the battle (a log read later), by country and unit."""
    verb = action[0]
    names = ("counter", "into")[: len(action) - 1]
    if s.fight is None:
        return verb, tuple(zip(names, action[1:], strict=True))
    return verb, tuple((name, fighter(s, i)) for name, i in zip(names, action[1:], strict=True))


def localize(name: str, value: Any, lang: str) -> str:
    """An event's or a label's argument as text (a country index as its name…)."""
    if name in ("country", "target", "heir"):
        return country(value, lang)
    if name in ("unit", "to"):
        return unit(value, lang)
    if name in ("char", "to_char"):
        return character(value, lang)
    if name == "chit":
        return chit(value, lang)
    if name == "hex":
        return hex_id(value)
    if name == "kind":
        return DEVELOP[value][0 if _ja(lang) else 1]
    # the arguments only labels give
    if name == "flipped":
        return _flipped(value, _ja(lang))
    if name in ("counter", "into"):
        return fighter_text(value, lang) if isinstance(value, tuple) else counter_name(value, lang)
    if name == "survival":
        return FATE_NAMES[value][0 if _ja(lang) else 1]
    if name == "shares":  # (country, GP) for each ally concerned
        return ("、" if _ja(lang) else ", ").join(f"{country(c, lang)} {gp} GP" for c, gp in value)
    if name == "amounts":  # the GP of a share read away from its decision: the allies are not known
        return ", ".join(str(x) for x in value) + " GP"
    return str(value)


LABELS: dict[str, tuple[str, str]] = {
    "declare": ("{country}に宣戦布告", "declare war on {country}"),
    "pass": ("宣戦布告しない", "declare no war"),
    "share": ("収入を分ける（{shares}）", "share the income: {shares}"),
    "share_amounts": ("収入を分ける（{amounts}）", "share the income: {amounts}"),
    "develop": ("{kind}", "{kind}"),
    "make": ("{unit}を生産 → {hex}", "produce {unit} at {hex}"),
    "extra": ("{unit}を増産", "add a {unit} to the factory box"),
    "convert": ("{unit}を換装", "convert a {unit}"),
    "chit": ("行動チット「{chit}」を生産", "produce the chit {chit}"),
    "draw_chit": ("「{chit}」を引く", "draw the chit {chit}"),
    "repair": ("{hex}の{country} {unit}を修理", "repair the {country} {unit} at {hex}"),
    "destroy": ("{hex}の{unit}{flipped}を自発的に破壊", "destroy the {unit}{flipped} at {hex}"),
    "raze": ("{hex}の建物を自発的に破壊", "pull down the building at {hex}"),
    "build": ("{unit}を建築 → {hex}", "build a {unit} at {hex}"),
    "secret": ("リアンの海岸に秘密工場を建築", "build the secret factory at the Rian coast"),
    "place": ("{hex}に配置", "place at {hex}"),
    "surprise": ("奇襲作戦を宣言", "declare a surprise attack"),
    "draw": ("チットを引く", "draw a chit"),
    "done": ("終了", "done"),
    "die": ("ダイス {die}", "die {die}"),
    "char": ("{char}を引く", "draw {char}"),
    # the choices of an action phase (15, 17)
    "ship": ("{hex}の{unit}{flipped}を移動", "move the {unit}{flipped} at {hex}"),
    "load": ("{country} {unit}{flipped}を搭載", "take the {country} {unit}{flipped} aboard"),
    "board": ("{char}を乗せる", "take {char} aboard"),
    "go": ("出発", "set off"),
    "step": ("{hex}へ進む", "go to {hex}"),
    "stop": ("移動終了", "stop here"),
    "search": ("{gp} GPを使って秘密工場を探す", "look for the secret factory, spending {gp} GP"),
    "no_search": ("秘密工場を探さない", "do not look for the secret factory"),
    "act": ("行動する", "act now"),
    "wait": ("共同作戦を宣言して待機", "declare a joint operation and wait"),
    # combat (18–26)
    "fight": ("{hex}で戦闘", "fight at {hex}"),
    "sortie_all": ("残りのABは出撃", "the other ABs sortie"),
    "stow": ("{counter}を{into}に搭載・収容", "stow the {counter} in the {into}"),
    "mount": ("{counter}に搭乗", "board the {counter}"),
    "bomb": ("爆撃する", "bomb"),
    "no_bomb": ("爆撃しない", "do not bomb"),
    "hit": ("{counter}に被害", "hit the {counter}"),
    "hits": ("{n}ヒット", "{n} hits"),
    "fate": ("{survival}", "{survival}"),
}
"""Each label's template: key (the verb, or a form of it) → (日本語, English)."""

PARAMS: dict[str, tuple[str, ...]] = {
    "declare": ("country",),
    "develop": ("kind",),
    "make": ("unit", "hex"),
    "extra": ("unit",),
    "convert": ("unit",),
    "repair": ("country", "unit", "hex"),
    "destroy": ("unit", "hex", "flipped"),
    "raze": ("hex",),
    "place": ("hex",),
    "die": ("die",),
    "char": ("char",),
    "ship": ("unit", "hex", "flipped"),
    "load": ("country", "unit", "flipped"),
    "board": ("char",),
    "step": ("hex",),
    "search": ("gp",),
    "fight": ("hex",),
    "stow": ("counter", "into"),
    "mount": ("counter",),
    "hit": ("counter",),
    "hits": ("n",),
    "fate": ("survival",),
}
"""The names of each verb's parameters, in the action's order (how :func:`localize` reads them)."""


def _share(s: State, action: tuple[Any, ...]) -> tuple[str, LabelArgs]:
    """6.7 (B-2): the GP each ally concerned gets. The action has an amount for every place it may
    have (``income.SHARE_WIDTH``), the places past the allies concerned 0: those are not shown."""
    amounts = action[1:]
    pending = s.pending
    if pending is not None and pending[0] == "income_share" and len(pending[3]) <= len(amounts):
        return "share", (("shares", tuple(zip(pending[3], amounts, strict=False))),)
    n = len(amounts)  # read away from its decision: the allies are not known, so only the padding goes
    while n > 1 and amounts[n - 1] == 0:
        n -= 1
    return "share_amounts", (("amounts", amounts[:n]),)


def _chit(s: State, action: tuple[Any, ...]) -> tuple[str, LabelArgs]:
    """A chit drawn from the cup (a chance outcome, 14.4), or one produced (8.11)."""
    return ("draw_chit" if s.chance is not None else "chit"), (("chit", action[1]),)


def _build(s: State, action: tuple[Any, ...]) -> tuple[str, LabelArgs]:
    """A building named by its unit id (12)."""
    return "build", (("unit", static().unit_index(action[1])), ("hex", action[2]))


FORMS = {"share": _share, "chit": _chit, "build": _build, "hit": _in_battle, "stow": _in_battle, "mount": _in_battle}
"""The verbs whose label reads the state or has several forms: the template and its arguments."""

ACTION_LABELS = ActionLabels(LABELS, localize, PARAMS, FORMS)


def action_label(s: State, action: tuple[Any, ...], lang: str = "en") -> str:
    """The label of ``action`` chosen in ``s``, in ``lang``."""
    return ACTION_LABELS.label(s, action, lang)
