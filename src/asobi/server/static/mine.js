// My games: every game this browser holds a seat link for (held.js), whose turn it is, and how
// many actions came since its page was last looked at; asked of the server every 30 s. The
// page's title counts the games where it is this browser's turn, and a browser notification
// (where allowed) says so when a new one comes while the tab is in the background.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const t = window.asobiT;
  const REFRESH_MS = 30000;
  let mineBefore = new Set();  // the games where it was our turn at the last answer

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) { if (k === "text") node.textContent = v; else node.setAttribute(k, v); }
    for (const c of children) node.append(c);
    return node;
  }

  async function refresh() {
    document.querySelectorAll("[data-t]").forEach((n) => { n.textContent = t(n.dataset.t); });
    document.querySelectorAll("button.lang").forEach((b) => b.classList.toggle("on", b.dataset.lang === window.asobiLang()));
    const held = window.AsobiHeld.all();
    const area = $("held");
    if (!held.length) { area.replaceChildren(el("p", { text: t("noHeld") })); document.title = `asobi — ${t("myGames")}`; return; }
    let answer;
    try {
      const r = await fetch("/api/seats", { method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ seats: held.map((x) => ({ game_id: x.game_id, token: x.token })), lang: window.asobiLang() }) });
      answer = await r.json();
      if (!r.ok) throw new Error(answer.detail || r.statusText);
      $("error").textContent = "";
    } catch (e) { $("error").textContent = e.message; return; }
    const rows = answer.map((g, i) => ({ g, held: held[i] }));
    // Seat names in the page's language (a game whose seats are ids names them in its board data).
    await Promise.all([...new Set(answer.filter((g) => g.found).map((g) => g.game))].map(window.asobiBoardData));
    rows.sort((a, b) => (b.g.your_turn - a.g.your_turn) || String(b.g.updated).localeCompare(String(a.g.updated)));
    const table = el("table", { class: "games" },
      el("tr", {}, ...["game", "yourSeat", "status", "news", ""].map((k) => el("th", { text: k ? t(k) : "" }))));
    const mine = new Set();
    for (const { g, held: h } of rows) {
      const link = `/play/${g.game_id}#token=${encodeURIComponent(h.token)}`;
      const forget = el("button", { text: t("forget") });
      forget.addEventListener("click", () => { window.AsobiHeld.forget(h.game_id, h.token); refresh(); });
      if (!g.found) {
        table.append(el("tr", { "data-game": g.game_id }, el("td", { text: `#${g.game_id}` }), el("td", { text: "" }),
          el("td", { class: "muted", text: t("linkGone") }), el("td", { text: "" }), el("td", {}, forget)));
        continue;
      }
      if (g.your_turn) mine.add(g.game_id);
      const status = g.status === "finished" ? t("finished")
        : g.your_turn ? `★ ${t("yourTurnShort")}`
        : g.to_move_name ? `${window.asobiSeat(g.game, g.to_move_name)} ${t("toDecide")}` : t(g.status === "playing" ? "open" : g.status);
      const fresh = g.actions - (h.seen_actions || 0);
      const row = el("tr", { "data-game": g.game_id, class: g.your_turn ? "mine" : "" },
        el("td", {}, el("a", { href: link, text: `${g.title || g.game} #${g.game_id}` })),
        el("td", { text: g.seat_name ? window.asobiSeat(g.game, g.seat_name) : "" }),
        el("td", { "data-testid": "status", text: status }),
        el("td", { "data-testid": "news", text: fresh > 0 && h.seen_state >= 0 ? `${fresh} ${t("news")}` : "" }),
        el("td", {}, forget));
      table.append(row);
    }
    area.replaceChildren(table);
    document.title = `${mine.size ? `(${mine.size}) ` : ""}asobi — ${t("myGames")}`;
    $("checked").textContent = `${t("checked")}: ${new Date().toLocaleTimeString()}`;
    const arrived = [...mine].filter((id) => !mineBefore.has(id));
    if (arrived.length && document.hidden && "Notification" in window && Notification.permission === "granted") {
      new Notification(`${t("yourTurn")} — ${arrived.map((id) => "#" + id).join(", ")}`, { tag: "asobi-mine" });
    }
    mineBefore = mine;
  }

  function offerNotifications() {
    const b = $("notify");
    b.hidden = !("Notification" in window) || Notification.permission !== "default";
    b.textContent = t("notify");
  }
  $("notify").addEventListener("click", () => Notification.requestPermission().then(offerNotifications));
  document.querySelectorAll("button.lang").forEach((b) => b.addEventListener("click", () => {
    localStorage.setItem("asobi.lang", b.dataset.lang); offerNotifications(); refresh();
  }));
  document.addEventListener("visibilitychange", () => { if (!document.hidden) refresh(); });
  offerNotifications();
  refresh();
  setInterval(refresh, REFRESH_MS);
})();
