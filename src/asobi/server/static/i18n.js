// The client's own words in English and Japanese (the game's words come from the server).
"use strict";
window.AsobiText = {
  en: {
    lobby: "Lobby", newGame: "New game", game: "Game", seats: "Seats", seed: "Seed (optional)", create: "Create",
    hotseat: "Hot-seat: all people at this screen", links: "Join links (keep them private: each opens one seat)",
    spectator: "Spectators", games: "Saved games", open: "Open", finished: "Finished", watch: "watch",
    handOut: "hand out links", human: "person", status: "status", actions: "actions", result: "result",
    you: "You are", watching: "Watching (public information only)", toDecide: "to decide", yourTurn: "Your turn",
    over: "Game over", undo: "Undo my last decision", log: "Log", board: "Board", text: "Text drawing",
    choose: "Choose an action", waiting: "Waiting for", connecting: "connecting…", passTo: "Pass the screen to",
    ready: "I am", show: "show my seat", noGames: "no saved games yet",
    hint: "Hint", hintIs: "The bot suggests", replay: "Replay as", replayOf: "Replay", moves: "Moves",
    asSeat: "Point of view", first: "start", prev: "back", next: "forward", last: "end", frame: "step",
    stops: "Stops", stopsHelp: "Where you want to be asked; at other windows (and where you hold nothing to play, unless \"all\") this page passes for you.",
    autoPassed: "passed (not one of your stops)",
    stop_answer: "an effect is announced", stop_turn: "steps of your turn", stop_others: "steps of others' turns",
    stop_enemy: "steps of the enemy turn", stop_all: "every window, even with nothing to play",
    chance: "chance", setup: "setup",
    seeded: "seeded: predictable", seededHelp: "Made with a seed: whoever knows the seed can predict every card and die to come.",
    confirmSeeded: "A game with a seed is predictable by whoever knows the seed, and this one has several people. Make it anyway?",
    hostSecret: "Host secret (keep it private: it hands out links and deletes the game; this browser keeps it)",
    askHost: "This game's host secret (printed by the terminal that started it):", delete: "delete",
    closeWatch: "close to spectators", openWatch: "open to spectators",
    levels: "Levels", bots: "Bots (by kind, for experts)", upTo: "up to", perDecision: "s a decision",
    takesLonger: "takes longer", rated: "rated by", notHere: "not on this server",
    thinking: "thinking…", secondsShort: " s",
    myGames: "My games", sinceLast: "Since you last looked", seen: "Seen", notify: "Tell me when it is my turn",
    myGamesHelp: "The games this browser holds a seat link for (kept in this browser only).", noHeld: "This browser holds no seat links yet: open a game's join link and it is listed here.",
    yourTurnShort: "your turn", news: "new", linkGone: "this link no longer opens a seat (the game was deleted)", forget: "forget",
    checked: "checked", yourSeat: "Your seat",
    timer: "Turn timer in minutes (optional: when a person's time runs out, the normal bot decides for them)",
    timeLeft: "left to decide", timedOut: "ran out of time: the bot decided", timerOff: "no turn timer",
    status_playing: "playing", status_finished: "finished", "status_read-only": "read-only", status_damaged: "damaged",
  },
  ja: {
    lobby: "ロビー", newGame: "新しいゲーム", game: "ゲーム", seats: "席", seed: "シード（任意）", create: "作成",
    hotseat: "ホットシート：全員この画面で遊ぶ", links: "参加リンク（各リンクで1つの席に座れます。他人に見せないこと）",
    spectator: "観戦", games: "保存されたゲーム", open: "進行中", finished: "終了", watch: "観戦",
    handOut: "リンクを発行", human: "人間", status: "状態", actions: "手数", result: "結果",
    you: "あなたの席", watching: "観戦中（公開情報のみ）", toDecide: "の選択", yourTurn: "あなたの番です",
    over: "ゲーム終了", undo: "直前の自分の選択を取り消す", log: "ログ", board: "盤面", text: "テキスト表示",
    choose: "行動を選んでください", waiting: "待機中:", connecting: "接続中…", passTo: "画面を渡してください:",
    ready: "私は", show: "自分の席を表示", noGames: "保存されたゲームはまだありません",
    hint: "ヒント", hintIs: "ボットの提案", replay: "リプレイ（視点）", replayOf: "リプレイ", moves: "手順",
    asSeat: "視点", first: "最初", prev: "戻る", next: "進む", last: "最後", frame: "手",
    stops: "ストップ", stopsHelp: "聞かれたい機会を選びます。それ以外の機会（と、出せるものがない機会。「すべて」を除く）ではこの画面がパスします。",
    autoPassed: "パス（ストップ外）",
    stop_answer: "効果が宣言されたとき", stop_turn: "自分の手番の区切り", stop_others: "他の人の手番の区切り",
    stop_enemy: "エネミーターンの区切り", stop_all: "すべての機会（出せるものがなくても）",
    chance: "偶然", setup: "準備",
    seeded: "シードあり：予測可能", seededHelp: "シードを指定して作られたゲームです。シードを知る人はこれからのカードとダイスをすべて予測できます。",
    confirmSeeded: "シードを指定したゲームは、シードを知る人に予測されます。このゲームには人間が複数います。それでも作りますか？",
    hostSecret: "ホスト秘密鍵（他人に見せないこと。リンクの発行とゲームの削除に使います。このブラウザが保存します）",
    askHost: "このゲームのホスト秘密鍵（ゲームを始めた端末が表示したもの）:", delete: "削除",
    closeWatch: "観戦を締め切る", openWatch: "観戦を許可する",
    levels: "強さ", bots: "ボット（種類で選ぶ・上級者向け）", upTo: "1手最大", perDecision: "秒",
    takesLonger: "時間がかかります", rated: "レーティング", notHere: "このサーバーでは不可",
    thinking: "考え中…", secondsShort: "秒",
    myGames: "自分のゲーム", sinceLast: "前回見てから", seen: "確認した", notify: "自分の番を通知する",
    myGamesHelp: "このブラウザが参加リンクを持つゲームです（リンクはこのブラウザにだけ保存されます）。", noHeld: "このブラウザはまだ参加リンクを持っていません。ゲームの参加リンクを開くとここに載ります。",
    yourTurnShort: "あなたの番", news: "新しい手", linkGone: "このリンクではもう席に着けません（ゲームは削除されました）", forget: "忘れる",
    checked: "確認時刻", yourSeat: "あなたの席",
    timer: "持ち時間（分・任意。時間切れになると標準のボットが代わりに選びます）",
    timeLeft: "残り時間", timedOut: "時間切れ：ボットが代わりに選びました", timerOff: "持ち時間なし",
    status_playing: "対局中", status_finished: "終了", "status_read-only": "閲覧のみ", status_damaged: "破損",
  },
};
window.asobiLang = function () { return localStorage.getItem("asobi.lang") || "en"; };
window.asobiT = function (key) { const t = window.AsobiText[window.asobiLang()]; return (t && t[key]) || window.AsobiText.en[key] || key; };

// A game's printed board data (GET /api/catalog/<game>/board), fetched once per page; and the
// seats said in the page's language: a game whose seat names are ids (a wargame's "drake",
// "sheela_camp") names them in ja and en in that data ("seats"). Until it has come, a seat is its
// id. The game's words (its steps, outcomes, a country's state…) come with it: asobiWord.
(function () {
  const boards = {};
  const seatNames = {};
  const words = {};
  window.asobiBoardData = function (game) {
    if (!boards[game]) {
      boards[game] = fetch(`/api/catalog/${encodeURIComponent(game)}/board`)
        .then((r) => (r.ok ? r.json() : {}))
        .catch(() => ({}))
        .then((data) => { seatNames[game] = data.seats || {}; words[game] = data.words || {}; return data; });
    }
    return boards[game];
  };
  // An id of the game's words (group "step", "outcome"…) in the page's language; the id itself
  // until the words have come.
  window.asobiWord = function (game, group, key) {
    const said = words[game] && words[game][group] && words[game][group][key];
    return said ? said[window.asobiLang()] || said.en : key;
  };
  window.asobiSeat = function (game, name) {
    const said = seatNames[game] && seatNames[game][name];
    return said ? said[window.asobiLang()] || said.en : name;
  };
})();
