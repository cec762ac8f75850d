"""The event message catalogue (日本語, English) and the localizer of the arguments of events and of
action labels (``labels.py``)."""

from __future__ import annotations

from typing import Any

from asobi.core.actions import HIDDEN

from .cards import DECKS, pool, preconstructed
from .rules.field import square_name
from .rules.flow import STEPS

SEAT_NAMES = ("A", "B")

MESSAGES: dict[str, tuple[str, str]] = {
    "ready": (
        "デッキ60枚とチップ20個で開始（A: {deck_a}、B: {deck_b}）",
        "60-card decks and 20 chips each (A: {deck_a}, B: {deck_b})",
    ),
    "first_player": ("{seat}が先攻", "{seat} goes first"),
    "draws": ("{seat}がカードを1枚引く", "{seat} draws a card"),
    "drew": ("{seat}は{card}を引いた", "{seat} drew {card}"),
    "keep": ("{seat}は手札をそのまま使う", "{seat} keeps the hand"),
    "mulligan": (
        "{seat}がマリガン：手札を明示して国外へ（{cards}）",
        "{seat} mulligans, showing the hand and sending it to 国外: {cards}",
    ),
    "turn": ("第{turn}ターン：{seat}のターン", "turn {turn}: {seat}'s turn"),
    "kokuryoku_phase": ("{seat}の国力フェイズ", "{seat}'s 国力 phase"),
    "chips_back": (
        "{seat}の使用済みチップ{n}枚が未使用に戻る",
        "{seat}'s used chips come back unused (chips: {n})",
    ),
    "deploy": ("{seat}が{card}を{sq}に気力{n}で配置", "{seat} deploys {card} on {sq} (気力 chips: {n})"),
    "chip": (
        "{seat}が{sq}の{card}に気力チップを1枚追加（{n}枚）",
        "{seat} adds a 気力 chip to {card} on {sq} (now {n})",
    ),
    "unequip": (
        "{seat}が{sq}の{unit}から{card}を外し戦場外へ",
        "{seat} removes {card} from {unit} on {sq} to 戦場外",
    ),
    "equip": ("{seat}が{sq}の{unit}に{card}を付与", "{seat} attaches {card} to {unit} on {sq}"),
    "shed": (
        "{seat}が{card}を捨てて{sq}の{item}をリムーブ",
        "{seat} discards {card} to remove {item} from {sq}",
    ),
    "place": ("{seat}が{card}を配置", "{seat} places {card}"),
    "replaced": ("{seat}の{card}は戦場外へ", "{seat}'s {card} goes to 戦場外"),
    "chips_over": (
        "{card}の最大気力を超えるチップ{n}枚を使用済みに",
        "chips above {card}'s maximum 気力 go to used (chips: {n})",
    ),
    "invasion_phase": ("{seat}の侵攻フェイズ", "{seat}'s invasion phase"),
    "units_ready": (
        "{seat}の待機ユニット{n}体が行動可能に",
        "{seat}'s units in standby become ready (units: {n})",
    ),
    "activate": ("{seat}の{sq}の{card}が行動開始", "{seat}'s {card} on {sq} begins its activation"),
    "move": ("{card}が{from}から{sq}へ移動", "{card} moves from {from} to {sq}"),
    "standby": ("{sq}の{card}は待機状態に", "{card} on {sq} goes to standby"),
    "attack": ("{sq}の{card}が{tsq}を攻撃", "{card} on {sq} attacks {tsq}"),
    "use_equipment": ("{unit}が{card}を使う（チップ{n}枚）", "{unit} uses {card} (cost {n})"),
    "damage": (
        "{sq}の{card}に{n}ダメージ（気力残り{left}）",
        "{card} on {sq} takes {n} damage ({left} 気力 left)",
    ),
    "poisoned": ("{sq}の{card}は毒状態に", "{card} on {sq} is poisoned"),
    "retreat": ("{sq}の{card}は撤退し戦場外へ", "{card} on {sq} retreats to 戦場外"),
    "heal": ("{card}が{sq}の{target}を{n}回復", "{card} heals {target} on {sq} (chips: {n})"),
    "capture": (
        "{card}が{sq}の{target}を捕獲し国外へ",
        "{card} captures {target} on {sq}, sending it to 国外",
    ),
    "land_chip": ("{card}の効果で{sq}の{target}にチップ1枚", "{card} puts a chip on {target} on {sq}"),
    "symbol": (
        "{sq}の{card}の【象徴】：隣接ユニットにチップ{n}枚",
        "{card} on {sq} uses 【Symbol】 (chips on its neighbours: {n})",
    ),
    "training": ("{sq}の{card}の【修練】：チップ{n}枚", "{card} on {sq} uses 【Training】 (chips: {n})"),
    "legacy": (
        "{card}の【伝承】：{item}を{sq}の{target}へ",
        "{card} uses 【Legacy】: {item} passes to {target} on {sq}",
    ),
    "honing": ("{sq}の{card}の【練磨】：攻+{n}", "{card} on {sq} uses 【Honing】: attack +{n}"),
    "end_phase": ("{seat}のエンドフェイズ", "{seat}'s end phase"),
    "rally": (
        "{card}の効果で{sq}の{target}にチップ{n}枚",
        "{card} puts chips on {target} on {sq} (chips: {n})",
    ),
    "succeed": (
        "{seat}の世代交代：{sq}の{card}が{child}に（チップ{n}枚追加）",
        "{seat}'s 世代交代: {card} on {sq} gives way to {child} (chips added: {n})",
    ),
    "inherit": (
        "{seat}の世代交代：{card}を明示し、{sq}の{child}にチップ{n}枚",
        "{seat}'s 世代交代: shows {card}; {child} on {sq} gets chips (chips: {n})",
    ),
    "discard": ("{seat}が{card}を捨てる", "{seat} discards {card}"),
    "turn_end": ("{seat}がターン終了を宣言", "{seat} ends the turn"),
    "deck_empty": ("{seat}の山札が0枚でドローできない", "{seat} must draw from an empty deck"),
    "won_sortie": ("{seat}の勝利（敵の出撃マスに到達）", "{seat} wins: a unit reached the enemy 出撃マス"),
    "wiped_out": (
        "{seat}のユニットが全滅：次のユニットステップで配置できなければ敗北",
        "{seat} has no unit left: it loses unless its next unit step fields one",
    ),
    "won_wipeout": (
        "{seat}の勝利（敵ユニット全滅、再配置なし）",
        "{seat} wins: the enemy was wiped out and fielded no unit again",
    ),
    "won_deck_out": (
        "{seat}の勝利（山札切れで終了、場の気力チップ・ユニットが多い）",
        "{seat} wins: a deck ran out and {seat} has more 気力 chips (then units) on the field",
    ),
    "drawn_deck_out": (
        "引き分け（山札切れで終了、場の気力チップ・ユニット数が同じ）",
        "a draw: a deck ran out with equal 気力 chips and units on the field",
    ),
}

OWN_DECK_NAME = ("Own deck", "自作デッキ")
"""The name (English, 日本語) of a deck given as a list of cards (``deck_list_a``/``deck_list_b``)."""

OUTCOME_WORDS: dict[str, tuple[str, str]] = {
    "won_sortie": ("勝利：敵の出撃マスに到達", "won: a unit reached the enemy's 出撃マス"),
    "won_wipeout": ("勝利：敵ユニット全滅", "won: the enemy was wiped out"),
    "won_deck_out": ("勝利：山札切れ、場の気力チップが多い", "won: a deck ran out, more 気力 chips on the field"),
    "drawn_deck_out": ("引き分け：山札切れ、場の気力チップも同数", "a draw: a deck ran out, as many 気力 chips on each side"),
}
"""Each way a game ends (``Outcome.reason``), in a few words (study reports)."""

WORDS: dict[str, dict[str, tuple[str, str]]] = {
    "seat": {seat: (seat, seat) for seat in SEAT_NAMES},
    "step": {step.key: (step.name_ja, step.name_en) for step in STEPS},
    "outcome": OUTCOME_WORDS,
    "deck": {
        **{preconstructed(key).name_en: (preconstructed(key).name_ja, preconstructed(key).name_en) for key in DECKS},
        OWN_DECK_NAME[0]: (OWN_DECK_NAME[1], OWN_DECK_NAME[0]),
    },
}
"""The game's words for the ids its seats, views and outcomes carry (``GameSpec.words``): the
steps are the flow's (``rules.flow.STEPS``), named as the terminal names them; ``deck`` names a
preconstructed deck by the English name a view gives (a deck read from a file is named by it)."""

DECK_WORDS: tuple[tuple[str, str, str], ...] = tuple(
    (key, preconstructed(key).name_ja, preconstructed(key).name_en) for key in DECKS
)
"""The preconstructed decks as the options' choices (the lobby, help texts)."""

DECK_NAMES_JA: dict[str, str] = {}
"""A deck's 日本語 name by its English one (the state keeps the English name; both come from the
deck's file, remembered when a game is made)."""




def remember_deck_name(name_en: str, name_ja: str) -> None:
    DECK_NAMES_JA[name_en] = name_ja


def deck_name(name_en: str, lang: str) -> str:
    """A deck's name in ``lang``."""
    if lang != "ja":
        return name_en
    if name_en not in DECK_NAMES_JA:
        DECK_NAMES_JA[OWN_DECK_NAME[0]] = OWN_DECK_NAME[1]
        for key in DECKS:
            d = preconstructed(key)
            DECK_NAMES_JA[d.name_en] = d.name_ja
    return DECK_NAMES_JA.get(name_en, name_en)


CARD_ARGS = frozenset({"card", "child", "unit", "item", "target"})
SQUARE_ARGS = frozenset({"sq", "from", "tsq"})
SLOT_LABELS = (("武器", "weapon"), ("魔法", "magic"), ("アイテム", "item"))
"""What a unit holds, by slot (``units.SLOTS``)."""


def card_name(card_id: str, lang: str) -> str:
    if card_id == HIDDEN:
        return "伏せたカード" if lang == "ja" else "a hidden card"
    info = pool().by_id.get(card_id)
    return info.name(lang) if info is not None else card_id


def _unit_at(value: tuple[str | None, int], lang: str) -> str:
    """A square as a label names it: the unit on it (``card@b2``), or the square alone."""
    card, square = value
    return square_name(square) if card is None else f"{card_name(card, lang)}@{square_name(square)}"


def localize(name: str, value: Any, lang: str) -> str:
    """Card ids become card names, seats A/B, squares a1…c4; a label's square with the unit on it
    (``at``, ``onto``: ``(card id or None, square)``, ``units``: several) reads ``card@b2``."""
    if name in CARD_ARGS and isinstance(value, str):
        return card_name(value, lang)
    if name == "cards" and isinstance(value, tuple):
        return ("、" if lang == "ja" else ", ").join(card_name(v, lang) for v in value)
    if name in ("deck_a", "deck_b") and isinstance(value, str):
        return deck_name(value, lang)
    if name == "seat" and isinstance(value, int):
        return SEAT_NAMES[value]
    if name in SQUARE_ARGS and isinstance(value, int):
        return square_name(value)
    if name in ("at", "onto") and isinstance(value, tuple):
        return _unit_at(value, lang)
    if name == "units" and isinstance(value, tuple):
        return ("、" if lang == "ja" else ", ").join(_unit_at(v, lang) for v in value)
    if name == "slot" and isinstance(value, int):
        return SLOT_LABELS[value][0 if lang == "ja" else 1]
    return str(value)

