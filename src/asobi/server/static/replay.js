// The replay viewer: a finished game frame by frame, from one seat's point of view (or a
// spectator's), as /api/games/<id>/replay gives it — the same redaction as live play. The move
// history lists every step; clicking one (or the slider, the buttons, ← →) goes there.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const t = window.asobiT;
  const gameId = Number(location.pathname.split("/").pop());
  const query = new URLSearchParams(location.search);
  let replay = null, at = 0, clauses = {};
  const zoomView = {};

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) { if (k === "text") node.textContent = v; else node.setAttribute(k, v); }
    for (const c of children) node.append(c);
    return node;
  }

  // A seat as people call it, in the page's language (a game's seats may be ids: i18n.js); the
  // dice and draws are chance's.
  const CHANCE = -1;
  const seatName = (name) => window.asobiSeat(replay.game, name);
  const actorName = (u) => (u.actor === CHANCE ? t("chance") : seatName(u.actor_name));

  function eventLine(e) {
    const colon = e.text.indexOf(": ");
    const body = colon >= 0 && e.text.slice(0, colon) === e.clause ? e.text.slice(colon + 2) : e.text;
    return el("span", { class: "ev" }, el("span", { class: "clause", title: clauses[e.clause] || "", "data-clause": e.clause, text: e.clause }), " ", body);
  }

  // The frames' text drawings are most of what a long game's replay costs to build: they are
  // asked for only when shown (the text box open, or a game without a board module).
  async function fetchReplay(withText) {
    const seat = query.get("seat");
    const lang = window.asobiLang();
    const r = await fetch(`/api/games/${gameId}/replay?lang=${lang}&text=${withText}${seat !== null ? "&seat=" + encodeURIComponent(seat) : ""}`);
    const body = await r.json().catch(() => ({}));
    if (!r.ok) { $("error").textContent = typeof body.detail === "string" ? body.detail : String(r.status); return null; }
    body.withText = withText;
    return body;
  }

  async function load() {
    const lang = window.asobiLang();
    replay = await fetchReplay($("text-box").open);
    if (!replay) return;
    const c = await fetch(`/api/catalog/${replay.game}/clauses?lang=${lang}`);
    if (c.ok) clauses = await c.json();
    window.AsobiInspect.load(replay.game);
    await window.asobiBoardData(replay.game);  // the seats' names, among others
    if (window.AsobiBoards && !window.AsobiBoards[replay.game] && !$("board-" + replay.game)) {
      await new Promise((done) => {
        const script = el("script", { src: `/games/${replay.game}/board.js`, id: "board-" + replay.game });
        script.onload = done; script.onerror = done;
        document.body.append(script);
      });
    }
    const board = window.AsobiBoards && window.AsobiBoards[replay.game];
    if (board && board.ready) await board.ready.catch(() => null);  // its printed board (a hex map)
    if (!board && !replay.withText) {  // the text drawing is the board
      replay = await fetchReplay(true);
      if (!replay) return;
    }
    setup();
    const step = Number(query.get("step"));
    go(Number.isInteger(step) && step >= 0 ? step : 0);
  }

  function setup() {
    document.title = `asobi — ${replay.title} #${gameId}`;
    $("title").textContent = `${t("replayOf")}: ${replay.title} #${gameId}`;
    const select = $("seat");
    select.replaceChildren(...replay.seats.map((s) => el("option", { value: String(s.seat), text: `${seatName(s.name)} (${s.kind_name || s.kind})` })),
      el("option", { value: "", text: t("spectator") }));
    select.value = replay.seat === null ? "" : String(replay.seat);
    $("slider").max = String(replay.frames.length - 1);
    const history = $("history");
    history.replaceChildren();
    const opening = el("li", { "data-step": 0 }, el("strong", { text: `0 · ${t("setup")}` }));
    for (const e of replay.opening) opening.append(eventLine(e));
    history.append(opening);
    replay.frames.forEach((frame, k) => {
      if (!k) return;
      const li = el("li", { "data-step": k });
      for (const u of frame.updates) {
        li.append(el("strong", { text: `${k} · [${actorName(u)}] ${u.label || "…"}` }));
        for (const e of u.events) li.append(eventLine(e));
      }
      history.append(li);
    });
  }

  function go(step) {
    if (!replay) return;
    at = Math.max(0, Math.min(replay.frames.length - 1, step));
    const frame = replay.frames[at];
    $("slider").value = String(at);
    $("where").textContent = `${t("frame")} ${at} / ${replay.frames.length - 1}`;
    $("where").dataset.step = at;
    const turn = $("turn");
    turn.dataset.stateId = frame.state_id;
    if (frame.over) turn.textContent = `${t("over")}: ${frame.outcome ? frame.outcome.text : ""}`;
    else turn.textContent = frame.to_move_name ? `${seatName(frame.to_move_name)} ${t("toDecide")}` : "…";
    const board = window.AsobiBoards && window.AsobiBoards[replay.game];
    const area = $("board");
    area.replaceChildren();
    $("layout").classList.toggle("wide", Boolean(board && board.wide));  // a big map: the moves go below
    if (board) {
      try {
        // redraw: a module that opens things in place (a stack of counters) draws the frame again
        const drawn = board.draw(frame.view, { names: frame.names, lang: replay.lang, seat: replay.seat, seats: replay.seats, redraw: () => go(at) });
        window.AsobiZoom.show(drawn, area, zoomView);
      } catch (e) { area.append(el("p", { class: "error", text: `board: ${e.message}` })); }
    } else {
      area.append(el("pre", { class: "text", text: frame.text }));
    }
    $("text").textContent = frame.text || "";
    const history = $("history");
    history.querySelectorAll("li.now").forEach((li) => li.classList.remove("now"));
    const now = history.querySelector(`li[data-step="${at}"]`);
    if (now) {
      now.classList.add("now");
      const top = now.offsetTop - history.offsetTop;
      if (top < history.scrollTop || top > history.scrollTop + history.clientHeight - now.offsetHeight) history.scrollTop = top - history.clientHeight / 2;
    }
    const url = new URL(location.href);
    url.searchParams.set("step", String(at));
    window.history.replaceState(null, "", url);
  }

  function translate() {
    document.querySelectorAll("[data-t]").forEach((n) => { n.textContent = t(n.dataset.t); });
    document.querySelectorAll("button.lang").forEach((b) => b.classList.toggle("on", b.dataset.lang === window.asobiLang()));
  }

  $("text-box").addEventListener("toggle", async () => {
    if (!$("text-box").open || !replay || replay.withText) return;
    const withText = await fetchReplay(true);
    if (withText) { replay = withText; go(at); }
  });
  $("first").addEventListener("click", () => go(0));
  $("prev").addEventListener("click", () => go(at - 1));
  $("next").addEventListener("click", () => go(at + 1));
  $("last").addEventListener("click", () => go(Infinity));
  $("slider").addEventListener("input", () => go(Number($("slider").value)));
  $("history").addEventListener("click", (e) => {
    const clause = e.target.closest("[data-clause]");
    if (clause) { window.AsobiInspect.clause(clause.dataset.clause, clauses[clause.dataset.clause]); return; }
    const li = e.target.closest("li[data-step]");
    if (li) go(Number(li.dataset.step));
  });
  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
    if (e.key === "ArrowLeft") go(at - 1);
    if (e.key === "ArrowRight") go(at + 1);
  });
  $("seat").addEventListener("change", () => {
    const url = new URL(location.href);
    if ($("seat").value === "") url.searchParams.delete("seat"); else url.searchParams.set("seat", $("seat").value);
    url.searchParams.set("step", String(at));
    location.href = url.toString();  // a new point of view is fetched whole: each seat's replay is its own
  });
  window.AsobiZoom.controls($("zoom"), () => $("board").querySelector("svg"), zoomView);
  window.AsobiZoom.onResize(() => go(at));
  window.AsobiInspect.attach($("board"), () => (replay ? replay.game : ""), () => window.asobiLang());
  document.querySelectorAll("button.lang").forEach((b) => b.addEventListener("click", () => {
    localStorage.setItem("asobi.lang", b.dataset.lang);
    translate();
    const keep = at;
    query.set("step", String(keep));
    load();
  }));
  translate();
  load();
})();
