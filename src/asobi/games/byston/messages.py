"""The event message catalogue: key → (日本語, English). Arguments are rendered by
:func:`.labels.localize` (country, unit, character, chit and hex names)."""

from __future__ import annotations

MESSAGES: dict[str, tuple[str, str]] = {
    "setup": ("{players}人で開始", "a game for {players} players begins"),
    "turn": ("第{turn}ターン", "turn {turn}"),
    "turn_end": (
        "第{turn}ターン終了：行動チットは工場ボックスへ",
        "turn {turn} ends: the chits go back to the factory boxes",
    ),
    "armed": ("{country}が軍備状態になる", "{country} is now armed"),
    "declare": ("{country}が{target}に宣戦布告", "{country} declares war on {target}"),
    "at_war": ("{country}が参戦状態になる", "{country} is now at war"),
    "income": (
        "{country}が{hexes}ヘックスから{gp} GPを収入（計{total}）",
        "{country} collects {gp} GP from {hexes} hexes ({total} in all)",
    ),
    "income_contested": (
        "{hex}は両陣営が同じ条件（{item}）を満たすため、誰も収入を得ない",
        "nobody collects from {hex}: both camps meet the same item ({item})",
    ),
    "income_standing_by": (
        "{country}は静観状態のため、{hexes}ヘックスから収入しない",
        "{country} stands by: it collects nothing from {hexes} hexes",
    ),
    "income_ally_land": (
        "{hex}は存続している味方の国（{country}）の領地のため、誰も収入を得ない",
        "nobody collects from {hex}: it is the land of {country}, an ally that survives",
    ),
    "income_lost": (
        "{hex}はゼラーナ隊が支配するが、ラウの国もナの国も参戦していないため、GPは失われる",
        "the GP of {hex} are lost: the Zelana holds it, and neither Rau nor Na is at war",
    ),
    "income_share": (
        "{country}が{hex}から{gp} GPを収入（計{total}）",
        "{country} collects {gp} GP from {hex} ({total} in all)",
    ),
    "develop_modifier": (
        "{country}の開発：サイの目{die}−{minus}→{modified}",
        "{country}'s development: die {die} − {minus} → {modified}",
    ),
    "develop_chosen": ("{country}の開発：{kind}", "{country}'s development: {kind}"),
    "developed": (
        "{country}が開発（ダイス{die}）：{cost} GP、TL {tl}、残り{gp} GP",
        "{country} develops (die {die}): {cost} GP, TL {tl}, {gp} GP left",
    ),
    "develop_failed": (
        "{country}の開発失敗：{cost} GPに足りず、{lost} GPを失う",
        "{country}'s development fails: {cost} GP needed, all {lost} GP lost",
    ),
    "chit_made": ("{country}が「{chit}」を生産（{gp} GP）", "{country} produces the chit {chit} ({gp} GP)"),
    "chit_made_held": (
        "{country}が「{chit}」を生産し手元に置く（{gp} GP）",
        "{country} produces the chit {chit} and holds it ({gp} GP)",
    ),
    "made": ("{country}が{unit}を生産 → {hex}（{gp} GP）", "{country} produces a {unit} at {hex} ({gp} GP)"),
    "extra": ("{country}が{unit}を増産（{gp} GP）", "{country} adds a {unit} to its factory box ({gp} GP)"),
    "converted": (
        "{country}が{unit}を{to}に換装（{gp} GP）",
        "{country} converts a {unit} into a {to} ({gp} GP)",
    ),
    "repaired": (
        "{country}が{hex}の{unit}を修理（{gp} GP）",
        "{country} repairs the {unit} at {hex} ({gp} GP)",
    ),
    "built": ("{country}が{hex}に{unit}を建築（{gp} GP）", "{country} builds a {unit} at {hex} ({gp} GP)"),
    "secret_built": (
        "{country}が{hex}に秘密工場を建築（{gp} GP）",
        "{country} builds the secret factory at {hex} ({gp} GP)",
    ),
    "enters": ("{char}が{hex}に登場", "{char} enters at {hex}"),
    "placed": ("{char}を{hex}に移す", "{char} goes to {hex}"),
    "destroyed": (
        "{country}が{hex}の{unit}を自発的に破壊し工場ボックスへ",
        "{country} destroys its {unit} at {hex}, back to the factory box",
    ),
    "razed": (
        "{country}が{hex}の{unit}を自発的に破壊し工場ボックスへ",
        "{country} pulls down its {unit} at {hex}, back to the factory box",
    ),
    "collapsed": ("{country}が滅亡", "{country} collapses"),
    "left_the_game": ("{country}のユニットはすべてゲームから除外", "every unit of {country} leaves the game"),
    "box_left_the_game": (
        "{country}の工場ボックスのユニットはゲームから除外",
        "the units in {country}'s factory box leave the game",
    ),
    "remnants": (
        "{country}のマップ上のユニットは{heir}の残党軍となる",
        "{country}'s units on the map become {heir}'s remnants",
    ),
    "zelana_runner": (
        "以後、ゼラーナ隊は{country}のプレイヤーが扱う",
        "from now on the Zelana is run by {country}'s player",
    ),
    "no_place": (
        "{char}を置けるヘックスがなく、ゲームから除外",
        "{char} has no hex to go to and leaves the game",
    ),
    "to_cup": ("{char}をカップに入れる", "{char} goes into the cup"),
    "cup": ("行動チット{chits}枚をカップに入れる", "{chits} action chits go into the cup"),
    "surprise": ("{country}が奇襲作戦を宣言", "{country} declares a surprise attack"),
    "drawn": ("「{chit}」を引く：{country}の行動", "drawn: {chit}, {country} acts"),
    "drawn_character": ("{char}を引く（負傷からの帰還）", "drawn: {char}, back from a wound"),
    # action phases and movement (14.5, 15, 17)
    "action": ("{country}の行動フェイズ（{chit}）", "{country}'s action phase ({chit})"),
    "waits": (
        "{country}が共同作戦を宣言し待機（{chit}）",
        "{country} declares a joint operation and waits ({chit})",
    ),
    "keeps_waiting": ("{country}が待機を継続（{chit}）", "{country} keeps waiting ({chit})"),
    "released": ("{country}の待機が解除され、共に行動", "{country}'s wait ends: it acts too"),
    "wait_void": ("{country}が行動：待機していたチットは無効", "{country} acts: its waiting chits lapse"),
    "wait_lapsed": ("{country}の待機はターン終了で失効", "{country}'s wait lapses with the turn"),
    "zelana_joins": ("ゼラーナ隊が{country}の手番に行動", "the Zelana acts in {country}'s phase"),
    "ship_moves": ("{country}の{unit}が{hex}から移動", "{country}'s {unit} sets off from {hex}"),
    "loaded": ("{hex}で{country}の{unit}を搭載", "{country}'s {unit} goes aboard at {hex}"),
    "boarded": ("{hex}で{char}が乗艦", "{char} goes aboard at {hex}"),
    "goes_along": ("{char}は{hex}に残れず同行", "{char} cannot stay at {hex} and goes along"),
    "step": ("{hex}へ進入（残り移動力{mp}）", "enters {hex} ({mp} MP left)"),
    "ship_stops": ("{country}の{unit}が{hex}で移動終了", "{country}'s {unit} stops at {hex}"),
    "kustanga_stop": ("クスタンガの丘{hex}：移動終了", "the Kustanga hills at {hex}: the move ends"),
    "kustanga_die": ("クスタンガの丘：ダイス{die}", "the Kustanga hills: die {die}"),
    "kustanga_flip": ("{hex}の{unit}が裏になる", "the {unit} at {hex} is flipped"),
    "search": (
        "{country}が秘密工場の発見チェック（{gp} GP）",
        "{country} looks for the secret factory ({gp} GP)",
    ),
    "search_roll": ("発見チェック：ダイス{dice}＋{gp}＝{total}", "the search: dice {dice} + {gp} = {total}"),
    "secret_found": ("{hex}の秘密工場を発見", "the secret factory at {hex} is found"),
    "drake_removed": (
        "ドレイクが除去された：シーラ陣営の完全勝利",
        "Drake is removed: Sheela's camp wins outright",
    ),
    "game_over": ("第{turn}ターン終了：ゲーム終了", "turn {turn} is over: the game ends"),
    "final_income": (
        "収入：ドレイク陣営{drake}、シーラ陣営{sheela}、差{difference}",
        "income: Drake's camp {drake}, Sheela's camp {sheela}, difference {difference}",
    ),
    "drake_complete": (
        "ドレイク陣営完全勝利（{drake}対{sheela}）",
        "Drake's camp's complete victory ({drake} to {sheela})",
    ),
    "drake_ahead": (
        "ドレイク陣営優勢的終了（{drake}対{sheela}）",
        "Drake's camp ahead ({drake} to {sheela})",
    ),
    "draw": ("引き分け（{drake}対{sheela}）", "a draw ({drake} to {sheela})"),
    "sheela_ahead": (
        "シーラ陣営優勢的終了（{drake}対{sheela}）",
        "Sheela's camp ahead ({drake} to {sheela})",
    ),
    "sheela_complete": (
        "シーラ陣営完全勝利（{drake}対{sheela}）",
        "Sheela's camp's complete victory ({drake} to {sheela})",
    ),
    # combat (18–26)
    "battle": ("{hex}で{country}の手番の戦闘", "battle at {hex} in {country}'s phase"),
    "sortie": ("{country}のAB {n}枚が出撃", "{n} ABs of {country} sortie"),
    "stow": ("{unit}を{to}に搭載・収容", "a {unit} is stowed in a {to}"),
    "mounts": ("{char}が{unit}に搭乗", "{char} boards a {unit}"),
    "bombs": ("{country}の陣営が爆撃を宣言", "{country}'s camp will bomb"),
    "pool_air": (
        "空中戦：{country}の陣営 AB {units}枚（ダイス{dice}）＋キャラクター{bonus} → {hits}ヒット",
        "air combat: {country}'s camp, {units} ABs (dice {dice}) + {bonus} from characters → {hits} hits",
    ),
    "pool_aa": (
        "対空砲火：{country}の陣営 {units}ユニット（ダイス{dice}）＋キャラクター{bonus} → {hits}ヒット",
        "AA fire: {country}'s camp, {units} units (dice {dice}) + {bonus} from characters → {hits} hits",
    ),
    "pool_bombing": (
        "爆撃：{country}の陣営 AB {units}枚（ダイス{dice}）＋キャラクター{bonus} → {hits}ヒット",
        "bombing: {country}'s camp, {units} ABs (dice {dice}) + {bonus} from characters → {hits} hits",
    ),
    "pool_shelling": (
        "砲撃戦：{country}の陣営 {units}ユニット（ダイス{dice}）＋キャラクター{bonus} → {hits}ヒット",
        "shelling: {country}'s camp, {units} units (dice {dice}) + {bonus} from characters → {hits} hits",
    ),
    "command": (
        "{country}の陣営が指揮で{hits}ヒットを振り分ける",
        "{country}'s camp places {hits} hits by command",
    ),
    "hits_lost": ("端数{hits}ヒットは無効", "{hits} hits fit no unit and are lost"),
    "flipped": ("{country}の{unit}が裏になる", "{country}'s {unit} is flipped"),
    "removed": ("{country}の{unit}が除去される", "{country}'s {unit} is removed"),
    "fate": ("{char}の生存判定（{row}）：{fate}", "{char}'s survival roll ({row}): {fate}"),
    "grows": ("{char}が{to_char}に成長", "{char} grows into {to_char}"),
    "fate_L": ("{char}が軽傷：カップへ", "{char} is lightly wounded: into the cup"),
    "fate_H": ("{char}が重傷：重傷者ボックスへ", "{char} is heavily wounded: to the heavy wounds box"),
    "fate_D": ("{char}が除外される", "{char} is out of the game"),
    "battle_end": ("{hex}の戦闘終了", "the battle at {hex} ends"),
}

SEAT_NAMES: dict[str, tuple[str, str]] = {
    "drake": ("ドレイク軍", "Drake's army"),
    "ku": ("クの国", "Ku"),
    "rau": ("ラウの国", "Rau"),
    "na": ("ナの国", "Na"),
    "drake_camp": ("ドレイク陣営", "Drake's camp"),
    "sheela_camp": ("シーラ陣営", "Sheela's camp"),
}
"""Each seat (its id, from ``state.SEATINGS``) as players call it: the country it runs first (1.2,
2.9), or the camp where one player runs a whole camp (3.1)."""

COUNTRY_STATES: dict[str, tuple[str, str]] = {
    "neutral": ("静観", "standing by"),
    "armed": ("軍備", "armed"),
    "war": ("参戦", "at war"),
    "collapsed": ("滅亡", "collapsed"),
}
"""A country's state on the management sheet (``board.STATE_NAMES``), one word each
wherever it is said (3.4, 35): the terminal, the browser, the glossary."""

OUTCOME_WORDS: dict[str, tuple[str, str]] = {
    "drake_complete": ("ドレイク陣営完全勝利", "Drake's camp's complete victory"),
    "drake_ahead": ("ドレイク陣営優勢", "Drake's camp ahead"),
    "draw": ("引き分け", "a draw"),
    "sheela_ahead": ("シーラ陣営優勢", "Sheela's camp ahead"),
    "sheela_complete": ("シーラ陣営完全勝利", "Sheela's camp's complete victory"),
}
"""27.2's five bands (``Outcome.reason``), in a few words (study reports)."""

ZELANA_RUNNER_WORDS: tuple[tuple[str, str, str], ...] = (
    ("follow", "ナの国参戦まではラウの国、以後ナの国", "Rau until Na is at war, then Na"),
    ("rau", "常にラウの国", "Rau throughout"),
    ("na", "常にナの国", "Na throughout"),
)
"""The choices of the option ``zelana_runner`` (B-1), as the lobby and help texts say them."""

WORDS: dict[str, dict[str, tuple[str, str]]] = {
    "seat": SEAT_NAMES,
    "outcome": OUTCOME_WORDS,
    "state": COUNTRY_STATES,
}
"""The game's words for the ids its seats, views and outcomes carry (``GameSpec.words``); the
decisions (``step``) are the terminal's (``present.render``), added by the spec."""
