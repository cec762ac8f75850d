// The game page: one WebSocket per seat held on this screen (several in hot-seat), or one as a
// spectator. Shows whose turn it is (a bot that is thinking marked with how long it has thought),
// the board (a per-game module in boards/, else the text drawing), the legal actions as buttons
// and the log with its clause ids.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const t = window.asobiT;
  const gameId = Number(location.pathname.split("/").pop());
  const hash = new URLSearchParams(location.hash.slice(1));
  const tokens = (hash.get("token") || "").split(",").filter(Boolean);
  let clauses = {};
  let shownSeat = null;       // the seat on screen (hot-seat: hidden until its player says so)
  let handoverTo = null;
  const zoomView = {};        // the board's zoom and pan, kept while the board is redrawn
  let hinted = null;          // the last hint: {state_id, action, label, bot}
  let thinking = null;        // the bot thinking now: {seat, stateId, since (this page's clock, ms)}
  let thoughtUpTo = -1;       // the latest state whose bot was said to have stopped thinking

  class SeatSocket {
    constructor(token) {
      this.token = token; this.state = null; this.log = []; this.since = -1; this.epoch = ""; this.closed = false;
      // What happened since this seat's page was last looked at (one seat per screen only: in
      // hot-seat the screen is shared), shown once on the first message.
      const held = token && tokens.length === 1 ? window.AsobiHeld.lastLook(gameId, token) : null;
      this.lastLook = held && held.seen_state >= 0 ? held.seen_state : null;
      this.news = null;
      if (token) window.AsobiHeld.remember(gameId, token);
      this.connect();
    }
    connect() {
      const scheme = location.protocol === "https:" ? "wss" : "ws";
      this.ws = new WebSocket(`${scheme}://${location.host}/ws/games/${gameId}`);
      this.ws.onopen = () => {
        const hello = { type: "hello", since: this.since, epoch: this.epoch, lang: window.asobiLang(), text: wantText() };
        if (this.token) hello.token = this.token; else hello.watch = true;
        const host = localStorage.getItem(`asobi.host.${gameId}`);  // the host may watch a game closed to spectators
        if (!this.token && host) hello.host = host;
        this.ws.send(JSON.stringify(hello));
      };
      this.ws.onmessage = (event) => this.receive(JSON.parse(event.data));
      this.ws.onclose = (event) => {
        if (event.code >= 4400 && event.code < 4500) { this.closed = true; return; }  // refused: do not retry
        if (!this.closed) setTimeout(() => this.connect(), 1000);
      };
    }
    send(message) {
      if (this.token) message.token = this.token;
      this.ws.send(JSON.stringify(message));
    }
    receive(message) {
      if (message.type === "error") { $("error").textContent = message.message; return; }
      if (message.type === "hint") { hinted = message; render(); return; }
      if (message.type === "thinking") { think(message); return; }
      if (message.type === "timeout") {  // the turn timer ran out: the bot's choice follows as a state
        const name = this.state ? this.state.seats[message.seat].name : String(message.seat);
        this.log.push({ kind: "act", who: name, text: `⏱ ${t("timedOut")}` });
        return;
      }
      if (message.type !== "state") return;
      $("error").textContent = "";
      if (thinking && message.state_id > thinking.stateId) thinking = null;  // the bot has moved
      if (message.reset_log) this.log = [];
      if (message.reset_log) for (const e of message.opening) this.log.push({ kind: "event", ...e });
      const news = this.lastLook !== null && message.reset_log ? [] : null;
      for (const u of message.updates) {
        const from = this.log.length;
        if (u.action === null && u.undone) this.log.push({ kind: "act", who: u.actor_name, text: `↶ ${u.undone}` });
        else {
          if (u.actor >= 0 && u.actor !== message.seat && u.label) this.log.push({ kind: "act", who: u.actor_name, text: u.label });
          for (const e of u.events) this.log.push({ kind: "event", ...e });
        }
        if (news && u.state_id > this.lastLook) news.push(...this.log.slice(from));
      }
      if (news) { this.news = news.length ? { lines: news, actions: message.actions } : null; this.lastLook = null; }
      // Card names come once per socket and language (the whole game's): kept here.
      if (!this.names || this.namesLang !== message.lang) { this.names = {}; this.namesLang = message.lang; }
      message.names = Object.assign(this.names, message.names);
      this.state = message; this.since = message.state_id; this.epoch = message.epoch;
      if (this.autoPass(message)) return;
      render();
      if (message.legal.length && !hotseat) tellTurn(message);
      if (timer.seconds) lookAtClock();
    }
    // Stops (a client setting the server never reads): pass for the person at a window that is
    // not one of their stops, or where they hold nothing to play (unless "all"). In hot-seat only
    // the window's kind counts: whether the screen is handed over must not tell what a hand holds.
    autoPass(s) {
      if (!s.window || !s.stops || !s.legal.length || s.over || this.asking) return false;
      const stops = stopsOf(s);
      if (stops.has("all")) return false;
      if (!(!hotseat && !s.window.playable) && stops.has(s.window.stop)) return false;
      if (this.passedAt === s.state_id) return true;
      this.passedAt = s.state_id;
      this.log.push({ kind: "act", who: s.seats[s.seat].name, text: t("autoPassed") });
      this.send({ type: "act", action: s.stops.pass, state_id: s.state_id });
      return true;
    }
  }

  // The room says a bot started thinking (with how long it has thought so far, for a page that
  // joins meanwhile) or stopped; the messages may pass each other, so a start for a state whose
  // stop has come is old news.
  function think(m) {
    if (m.seat === null) {
      thoughtUpTo = Math.max(thoughtUpTo, m.state_id);
      if (thinking && thinking.stateId <= m.state_id) thinking = null;
    } else if (m.state_id > thoughtUpTo) {
      thinking = { seat: m.seat, stateId: m.state_id, since: performance.now() - 1000 * (m.elapsed || 0) };
    }
    showThinking();
  }

  // The thinking seat in the seats line, with its time so far (redrawn every second).
  function showThinking() {
    document.querySelectorAll("#who .seat.thinking").forEach((n) => {
      n.classList.remove("thinking");
      n.querySelectorAll(".elapsed").forEach((x) => x.remove());
    });
    if (!thinking) return;
    const node = document.querySelector(`#who .seat[data-seat="${thinking.seat}"]`);
    if (!node) return;
    const seconds = Math.floor((performance.now() - thinking.since) / 1000);
    node.classList.add("thinking");
    node.append(el("span", { class: "elapsed", "data-testid": "thinking", text: ` — ${t("thinking")} ${seconds}${t("secondsShort")}` }));
  }
  setInterval(() => { if (thinking) showThinking(); }, 1000);

  function stopsOf(s) {
    const saved = localStorage.getItem("asobi.stops." + s.game);
    try { if (saved !== null) return new Set(JSON.parse(saved)); } catch (e) { /* a damaged setting: the default */ }
    return new Set(s.stops.default);
  }

  function showStops(s) {  // the Stops box: one checkbox per stop the game names
    const box = $("stops-box");
    box.hidden = !s.stops || s.seat === null;
    if (box.hidden || box.dataset.game === s.game) return;
    box.dataset.game = s.game;
    const list = $("stops");
    list.replaceChildren();
    const chosen = stopsOf(s);
    for (const name of s.stops.names) {
      const input = el("input", { type: "checkbox", "data-stop": name });
      input.checked = chosen.has(name);
      input.addEventListener("change", () => {
        const now = [...list.querySelectorAll("input:checked")].map((x) => x.dataset.stop);
        localStorage.setItem("asobi.stops." + s.game, JSON.stringify(now));
      });
      list.append(el("label", {}, input, " ", el("span", { "data-t": "stop_" + name, text: t("stop_" + name) })), " ");
    }
  }

  // The text drawing is sent only while it is shown: when the game has no board module, or its
  // panel is open (it is most of the cost of a state message).
  function wantText() {
    const ready = typeof sockets !== "undefined" ? sockets.find((s) => s.state) : null;
    return $("text-box").open || !(ready && boardOf(ready.state.game));
  }
  // A game's board module, once it and what it fetches (a printed hex map) have loaded: drawn or
  // asked for odds before that, it would read a board it does not have yet.
  const boardsReady = new Set();
  function boardOf(game) {
    return boardsReady.has(game) && window.AsobiBoards ? window.AsobiBoards[game] || null : null;
  }
  function updateText() {
    for (const s of sockets) {
      if (s.state && s.ws.readyState === WebSocket.OPEN && (s.state.text !== null) !== wantText()) {
        s.send({ type: "sync", since: s.since, epoch: s.epoch, lang: window.asobiLang(), text: wantText() });
      }
    }
  }

  const sockets = tokens.length ? tokens.map((tk) => new SeatSocket(tk)) : [new SeatSocket(null)];
  const hotseat = sockets.length > 1;

  function current() {
    // Hot-seat: the socket of the seat to decide (else the one shown last); otherwise the only one.
    const ready = sockets.filter((s) => s.state);
    if (!ready.length) return null;
    if (!hotseat) return ready[0];
    const deciding = ready.find((s) => s.state.legal.length);
    return deciding || ready.find((s) => s.state.seat === shownSeat) || ready[0];
  }

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) { if (k === "text") node.textContent = v; else node.setAttribute(k, v); }
    for (const c of children) node.append(c);
    return node;
  }

  // A seat as people call it, in the page's language (a game's seats may be ids: i18n.js).
  const seatName = (s, name) => window.asobiSeat(s.game, name);

  function render() {
    const sock = current();
    document.querySelectorAll("[data-t]").forEach((n) => { n.textContent = t(n.dataset.t); });
    document.querySelectorAll("button.lang").forEach((b) => b.classList.toggle("on", b.dataset.lang === window.asobiLang()));
    if (!sock) { $("turn").textContent = t("connecting"); return; }
    const s = sock.state;
    if (hotseat && s.seat !== shownSeat) {  // hand the screen over, hiding the last seat's hand
      handoverTo = s.seat;
      hinted = null; $("hint-text").textContent = ""; window.AsobiInspect.close();
      $("handover").hidden = false;
      const name = seatName(s, s.seats[s.seat].name);
      $("handover-text").textContent = `${t("passTo")} ${name}`;
      $("handover-go").textContent = `${t("ready")} ${name} — ${t("show")}`;
      for (const id of ["board", "actions", "log", "text"]) $(id).replaceChildren();  // nothing of the last seat stays
      return;
    }
    const away = document.hidden && s.legal.length > 0;  // the tab's title says it is this seat's turn
    document.title = `${away ? "● " + t("yourTurn") + " — " : ""}asobi — ${s.title} #${s.game_id}`;
    if (!document.hidden && sock.token && !hotseat) window.AsobiHeld.look(gameId, sock.token, s.state_id, s.actions);
    showNews(sock, s);
    $("title").textContent = `${s.title} #${s.game_id}`;
    const who = $("who");
    who.replaceChildren((s.seat === null ? t("watching") : `${t("you")} ${seatName(s, s.seats[s.seat].name)}`) + " — ");
    s.seats.forEach((x, i) => {
      if (i) who.append(" · ");
      const label = `${seatName(s, x.name)}${x.kind === "human" ? (x.connected ? " ●" : " ○") : " (" + (x.kind_name || x.kind) + ")"}`;
      who.append(el("span", { class: "seat", "data-seat": x.seat, text: label }));
    });
    showThinking();
    const board = boardOf(s.game);
    const deciding = board && board.deciding ? board.deciding(s.view, s.lang) : "";
    const turn = $("turn");
    turn.classList.toggle("mine", s.legal.length > 0);
    turn.dataset.stateId = s.state_id;
    if (s.over) turn.textContent = `${t("over")}: ${s.outcome ? s.outcome.text : ""}`;
    else if (s.legal.length) turn.textContent = `${t("yourTurn")} (${seatName(s, s.seats[s.seat].name)})${deciding ? " — " + deciding : ""}`;
    else if (s.to_move_name) turn.textContent = `${seatName(s, s.to_move_name)} ${t("toDecide")}${deciding ? " — " + deciding : ""}`;
    else turn.textContent = "…";
    const area = $("board");
    area.replaceChildren();
    $("layout").classList.toggle("wide", Boolean(board && board.wide));  // a big map: the log goes below
    if (board) {
      try {
        // A module that plays by pointing (board.points) is handed the legal choices, a way to
        // take one and a way to narrow the buttons to some.
        const ctx = { names: s.names, lang: s.lang, seat: s.seat, seats: s.seats, stateId: s.state_id, legal: s.legal,
          act: (action) => act(sock, s, action), narrow: (chosen) => narrowTo(s, chosen), redraw: render };
        window.AsobiZoom.show(board.draw(s.view, ctx), area, zoomView);
      } catch (e) { area.append(el("p", { class: "error", text: `board: ${e.message}` })); }
    }
    if (board && (board.squareOf || s.legal.some((c) => c.targets)) && !board.points && s.legal.length) clickableSquares(area, board, s, sock);
    $("text").textContent = s.text || "";
    if (!board) area.append(el("pre", { class: "text", text: s.text || "" }));  // a game without a board module
    const actions = $("actions");
    actions.replaceChildren();
    const hint = hinted && hinted.state_id === s.state_id && s.legal.length ? hinted : null;
    // Long lists (a wargame's) come in groups named by the board module, with a filter box.
    const grouped = board && board.groupOf && s.legal.length > GROUP_FROM;
    if (grouped) actions.append(actionFilter(actions, s.lang));
    const groups = new Map();
    for (const choice of s.legal) {
      const b = el("button", { text: choice.label, "data-action": JSON.stringify(choice.action) });
      if (hint && JSON.stringify(hint.action) === JSON.stringify(choice.action)) b.classList.add("hinted");
      // the board module's forecast once it is loaded, else the page's own (a forecast of exchanges)
      if (choice.forecast && board && board.forecast) b.append(board.forecast(choice.forecast, s.lang));
      else if (choice.forecast && choice.forecast.exchanges) b.append(forecastLines(choice.forecast, s.names, s.lang));
      b.addEventListener("click", () => act(sock, s, choice.action));
      if (!grouped) { actions.append(b); continue; }
      const name = board.groupOf(choice.action, s.lang);
      if (!groups.has(name)) {
        const box = el("div", { class: "group", "data-group": name }, el("h3", { text: name }));
        groups.set(name, box);
        actions.append(box);
      }
      groups.get(name).append(b);
    }
    if (!s.legal.length && !s.over) actions.append(el("span", { class: "muted", text: `${t("waiting")} ${s.to_move_name ? seatName(s, s.to_move_name) : "…"}` }));
    showStops(s);
    $("undo").hidden = !(s.can_undo > 0);
    $("hint").hidden = !s.legal.length;
    $("hint-text").textContent = hint ? `${t("hintIs")} (${hint.bot}): ${hint.label}` : "";
    const replays = $("replays");
    replays.hidden = !s.over;
    if (s.over && !replays.childElementCount) {  // the finished game from each seat's point of view
      replays.append(t("replay") + ": ");
      for (const x of s.seats) replays.append(el("a", { href: `/replay/${s.game_id}?seat=${x.seat}`, "data-seat": x.seat, text: seatName(s, x.name) }), " ");
      replays.append(el("a", { href: `/replay/${s.game_id}`, text: t("spectator") }));
    }
    const log = $("log");
    const atEnd = log.scrollTop + log.clientHeight >= log.scrollHeight - 4;
    log.replaceChildren();
    for (const line of sock.log) log.append(logItem(s, line));
    if (atEnd) log.scrollTop = log.scrollHeight;
    if (!hotseat) shownSeat = s.seat;  // hot-seat: only the hand-over button changes the seat shown
  }

  function logItem(s, line) {  // one line of the log: an action by a seat, or an event with its clause
    if (line.kind === "act") return el("li", { class: "act", text: `[${seatName(s, line.who)}] ${line.text}` });
    const colon = line.text.indexOf(": ");
    const body = colon >= 0 && line.text.slice(0, colon) === line.clause ? line.text.slice(colon + 2) : line.text;
    return el("li", {}, el("span", { class: "clause", title: clauses[line.clause] || "", "data-clause": line.clause, text: line.clause }), " ", body);
  }

  // "Since you last looked": the log lines this seat may see that came after its page was last
  // looked at, until the person closes the box.
  function showNews(sock, s) {
    const box = $("news");
    box.hidden = !sock.news;
    if (!sock.news) return;
    const list = box.querySelector("ol");
    list.replaceChildren(...sock.news.lines.map((line) => logItem(s, line)));
    box.querySelector("summary").textContent = `${t("sinceLast")} (${sock.news.lines.length})`;
  }
  $("news-close").addEventListener("click", () => { for (const x of sockets) x.news = null; render(); });

  // A seat's decision arrived while its tab is in the background: the title says so (render), and
  // a browser notification too where the person allowed them.
  let toldAt = -1;
  function tellTurn(s) {
    if (!document.hidden || toldAt === s.state_id) return;
    toldAt = s.state_id;
    if (!("Notification" in window) || Notification.permission !== "granted") return;
    const note = new Notification(`${t("yourTurn")} — ${s.title} #${s.game_id}`,
      { body: seatName(s, s.seats[s.seat].name), tag: `asobi-${s.game_id}` });
    note.onclick = () => { window.focus(); note.close(); };
  }
  document.addEventListener("visibilitychange", () => { if (!document.hidden) render(); });
  function offerNotifications() {
    const b = $("notify");
    b.hidden = !("Notification" in window) || Notification.permission !== "default" || hotseat || !tokens.length;
    b.textContent = t("notify");
  }
  $("notify").addEventListener("click", () => Notification.requestPermission().then(offerNotifications));
  offerNotifications();

  // The turn timer: when the person to decide runs out of time (asked again after every change).
  const timer = { seconds: null, deadline: null };
  function lookAtClock() {
    fetch(`/api/games/${gameId}`).then((r) => (r.ok ? r.json() : null)).then((g) => {
      if (g) { timer.seconds = g.turn_seconds; timer.deadline = g.turn_deadline; showClock(); }
    }).catch(() => null);
  }
  function showClock() {
    const clock = $("clock");
    const sock = current();
    const s = sock && sock.state;
    clock.hidden = !timer.seconds || !timer.deadline || !s || s.over || s.to_move === null;
    if (clock.hidden) return;
    const left = Math.max(0, Math.round((Date.parse(timer.deadline) - Date.now()) / 1000));
    const hms = left >= 3600 ? `${Math.floor(left / 3600)}:${String(Math.floor(left / 60) % 60).padStart(2, "0")}:${String(left % 60).padStart(2, "0")}`
      : `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
    clock.textContent = `⏱ ${seatName(s, s.to_move_name)}: ${hms} ${t("timeLeft")}`;
    clock.classList.toggle("mine", s.legal.length > 0);
  }
  setInterval(() => { if (timer.seconds) showClock(); }, 1000);

  const GROUP_FROM = 8;  // from this many legal actions on, a board with groups shows them grouped

  // The filter box over grouped actions: keeps the buttons whose label holds the text typed.
  function actionFilter(actions, lang) {
    const input = el("input", { type: "search", id: "action-filter", "data-testid": "action-filter",
      placeholder: lang === "ja" ? "行動を絞り込む…" : "filter the actions…" });
    input.addEventListener("input", () => {
      const want = input.value.trim().toLowerCase();
      actions.querySelectorAll("button[data-action]").forEach((b) => { b.hidden = want !== "" && !b.textContent.toLowerCase().includes(want); });
      showGroups(actions);
    });
    return input;
  }
  function showGroups(actions) {  // a group with no button left shown is hidden too
    actions.querySelectorAll(".group").forEach((g) => { g.hidden = !g.querySelector("button[data-action]:not([hidden])"); });
  }

  // A battle forecast under an attack's button: per open equipment choice, the damage, the
  // counter-attack and who is left standing.
  function forecastLines(f, names, lang) {
    const ja = lang === "ja";
    const name = (id) => (names && names[id]) || id;
    const box = el("small", { class: "forecast", "data-testid": "forecast" });
    for (const x of f.exchanges) {
      const uses = [];
      if (f.weapon && f.weapon_usable) uses.push(x.attacker_uses ? `${name(f.weapon)} ✓` : `${name(f.weapon)} ✗`);
      if (f.counter_weapon && f.counter_usable) uses.push(x.defender_uses ? `${name(f.counter_weapon)} ✓` : `${name(f.counter_weapon)} ✗`);
      const hit = ja ? `${name(f.defender)} −${x.damage} → ${x.defender_left}${x.defender_left === 0 ? "（撤退）" : ""}${x.poisons_defender ? " ☠" : ""}`
        : `${name(f.defender)} −${x.damage} → ${x.defender_left}${x.defender_left === 0 ? " (retreats)" : ""}${x.poisons_defender ? " ☠" : ""}`;
      const back = x.counter === null ? (ja ? "反撃なし" : "no counter")
        : `${ja ? "反撃" : "counter"} −${x.counter} → ${x.attacker_left}${x.attacker_left === 0 ? (ja ? "（撤退）" : " (retreats)") : ""}${x.poisons_attacker ? " ☠" : ""}`;
      box.append(el("span", { text: `${uses.length ? "[" + uses.join(", ") + "] " : ""}⚔ ${hit} · ${back}` }));
    }
    return box;
  }

  // Take a legal action (a button, a square of the board): the buttons wait for the answer.
  function act(sock, s, action) {
    $("actions").querySelectorAll("button").forEach((x) => { x.disabled = true; });
    sock.asking = false;
    sock.send({ type: "act", action, state_id: s.state_id });
  }

  // Show only the buttons of these choices, with the way back to every action.
  function narrowTo(s, chosen) {
    const keep = new Set(chosen.map((c) => JSON.stringify(c.action)));
    $("actions").querySelectorAll("button[data-action]").forEach((b) => { b.hidden = !keep.has(b.dataset.action); });
    showGroups($("actions"));
    if (!$("show-all")) {
      const all = el("a", { id: "show-all", class: "show-all", role: "button", href: "#", text: s.lang === "ja" ? "すべての行動を表示" : "show every action" });
      all.addEventListener("click", (e) => {
        e.preventDefault();
        $("actions").querySelectorAll("button[data-action], .group").forEach((b) => { b.hidden = false; });
        all.remove();
      });
      $("actions").prepend(all);
    }
  }

  // The squares a choice is taken on: the game's own word (its targets), else the module's.
  const squaresOf = (board, c) => (c.targets && c.targets.squares) || (board.squareOf ? [board.squareOf(c.action)] : []);

  function clickableSquares(area, board, s, sock) {
    // Click a square to choose there: one action is taken at once, several narrow the buttons.
    area.querySelectorAll("[data-square]").forEach((node) => {
      const square = Number(node.dataset.square);
      const here = s.legal.filter((c) => squaresOf(board, c).includes(square));
      if (!here.length) return;
      node.classList.add("can");
      node.addEventListener("click", () => {
        if (here.length === 1) { act(sock, s, here[0].action); return; }
        narrowTo(s, here);
      });
    });
  }

  // After an undo the person is asked even at windows the stops pass, until they choose again:
  // else undoing a pass the page made would only see it made again.
  $("undo").addEventListener("click", () => { const s = current(); if (s) { s.asking = true; s.send({ type: "undo" }); } });
  $("text-box").addEventListener("toggle", updateText);
  $("hint").addEventListener("click", () => { const s = current(); if (s) s.send({ type: "hint" }); });
  window.AsobiZoom.controls($("zoom"), () => $("board").querySelector("svg"), zoomView);
  window.AsobiZoom.onResize(render);
  const gameOf = () => { const s = current(); return s ? s.state.game : ""; };
  window.AsobiInspect.attach($("board"), gameOf, () => window.asobiLang());
  $("log").addEventListener("click", (e) => {  // a clause id opens its text (hover shows it too; phones have no hover)
    const c = e.target.closest("[data-clause]");
    if (c) window.AsobiInspect.clause(c.dataset.clause, clauses[c.dataset.clause]);
  });
  $("handover-go").addEventListener("click", () => { $("handover").hidden = true; shownSeat = handoverTo; render(); });
  document.querySelectorAll("button.lang").forEach((b) => b.addEventListener("click", () => {
    localStorage.setItem("asobi.lang", b.dataset.lang);
    for (const s of sockets) if (s.ws.readyState === WebSocket.OPEN) s.send({ type: "sync", lang: b.dataset.lang, since: -1, text: wantText() });
    loadClauses();
  }));

  async function loadClauses() {
    const sock = sockets.find((s) => s.state);
    const game = sock ? sock.state.game : null;
    if (!game) { setTimeout(loadClauses, 300); return; }
    window.AsobiInspect.load(game);
    window.asobiBoardData(game).then(render);  // the seats' names, among others
    const r = await fetch(`/api/catalog/${game}/clauses?lang=${window.asobiLang()}`);  // hover text follows the page's language
    if (r.ok) { clauses = await r.json(); render(); }
    if (window.AsobiBoards && !window.AsobiBoards[game] && !document.getElementById("board-" + game)) {
      const script = el("script", { src: `/games/${game}/board.js`, id: "board-" + game });
      script.onload = () => useWhenReady(game);
      script.onerror = () => { render(); updateText(); };  // a game without a board module: its text
      document.body.append(script);
    } else if (window.AsobiBoards && window.AsobiBoards[game]) {
      useWhenReady(game);
    } else {
      updateText();  // its script is on its way: its onload uses it
    }
  }
  // Use a loaded board module once what it fetches first (a printed hex map) has come.
  function useWhenReady(game) {
    const board = window.AsobiBoards[game];  // (a script that registered none: the game's text)
    Promise.resolve(board && board.ready).catch(() => null).then(() => { boardsReady.add(game); render(); updateText(); });
  }
  // A seeded game is predictable by whoever knows its seed: every seat is told so on joining.
  // A game with a turn timer shows the time its person to decide has left.
  fetch(`/api/games/${gameId}`).then((r) => (r.ok ? r.json() : null)).then((g) => {
    if (!g) return;
    if (g.turn_seconds) { timer.seconds = g.turn_seconds; timer.deadline = g.turn_deadline; showClock(); }
    if (!g.seeded) return;
    $("seeded").hidden = false; $("seeded").textContent = `${t("seeded")} — ${t("seededHelp")}`;
  }).catch(() => null);
  render();
  loadClauses();
})();
