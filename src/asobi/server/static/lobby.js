// The lobby: create a game (options, who sits where), show its join links, list saved games.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const t = window.asobiT;
  let catalog = [];

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "text") node.textContent = v; else node.setAttribute(k, v);
    }
    for (const c of children) node.append(c);
    return node;
  }

  // A game's host secret, kept by the browser that made it (or typed in once, from the terminal).
  const hostKey = (id) => `asobi.host.${id}`;
  function hostSecret(id, ask) {
    let secret = localStorage.getItem(hostKey(id));
    if (!secret && ask) {
      secret = (window.prompt(t("askHost")) || "").trim();
      if (secret) localStorage.setItem(hostKey(id), secret);
    }
    return secret;
  }
  async function asHost(id, path, options) {
    const secret = hostSecret(id, true);
    if (!secret) throw new Error(t("askHost"));
    try {
      return await api(path, { ...options, headers: { ...(options.headers || {}), "X-Asobi-Host": secret } });
    } catch (e) {
      if (/host/.test(e.message)) localStorage.removeItem(hostKey(id));  // a wrong secret is not kept
      throw e;
    }
  }

  async function api(path, options) {
    const r = await fetch(path, options);
    const body = await r.json().catch(() => ({}));
    if (!r.ok) throw new Error(typeof body.detail === "string" ? body.detail : JSON.stringify(body.detail || r.status));
    return body;
  }

  function translate() {
    document.querySelectorAll("[data-t]").forEach((n) => { n.textContent = t(n.dataset.t); });
    document.querySelectorAll("button.lang").forEach((b) => b.classList.toggle("on", b.dataset.lang === window.asobiLang()));
    document.documentElement.lang = window.asobiLang();
  }

  function spec() { return catalog.find((g) => g.id === $("game").value); }
  const seatName = window.asobiSeat;  // (game, seat id): seats that are ids, by their names (i18n.js)

  function options() {
    const out = {};
    $("options").querySelectorAll("[data-option]").forEach((input) => {
      const kind = input.dataset.kind;
      if (kind === "bool") out[input.dataset.option] = input.checked;
      else if (input.value !== "") out[input.dataset.option] = kind === "int" ? Number(input.value) : input.value;
    });
    return out;
  }

  // `kept`: the values chosen so far (a language switch draws the form again without losing them).
  // Each option by its name in the page's language, its choices too, its help on hover.
  function drawOptions(kept = {}) {
    const g = spec(); const box = $("options"); box.replaceChildren();
    const ja = window.asobiLang() === "ja";
    for (const o of g.options) {
      if (o.kind === "str" && !o.choices) continue;  // free text (deck lists): the command line's business
      let input;
      if (o.choices) {
        input = el("select");
        const said = Object.fromEntries(o.choice_labels.map((c) => [String(c.value), ja ? c.ja : c.en]));
        for (const c of o.choices) input.append(el("option", { value: c, text: said[String(c)] || String(c) }));
        input.value = o.default;
      } else if (o.kind === "bool") {
        input = el("input", { type: "checkbox" }); input.checked = o.default;
      } else {
        input = el("input", { type: "number", value: o.default, style: "width:5em" });
        if (o.minimum !== null) input.min = o.minimum;
        if (o.maximum !== null) input.max = o.maximum;
      }
      if (o.name in kept) { if (o.kind === "bool") input.checked = kept[o.name]; else input.value = kept[o.name]; }
      input.dataset.option = o.name; input.dataset.kind = o.kind;
      input.addEventListener("change", () => { seatsDrawn = drawSeats(); });
      const help = ja && o.help_ja ? o.help_ja : o.help_en;
      box.append(el("label", { title: help, "data-label": o.name }, (ja ? o.label_ja : o.label_en) + " ", input));
    }
    seatsDrawn = drawSeats();
  }

  // Draws are numbered: a slow answer for a game or options no longer chosen must not replace the
  // seats drawn for the current ones (nor undo a seat already changed). Until the current draw is
  // on screen the seats are marked busy, and Create waits for it (`seatsDrawn`) rather than make a
  // game from the old seats. The button stays enabled: an option changed by leaving its field —
  // the change event of a click on Create — must not swallow that click.
  let drawing = 0;
  let seatsDrawn = Promise.resolve();
  async function seatsSettled() {
    let waited;
    do { waited = seatsDrawn; await waited; } while (waited !== seatsDrawn);
  }
  async function drawSeats() {
    const g = spec(); const mine = ++drawing;
    const box = $("seats");
    box.setAttribute("aria-busy", "true");
    const query = new URLSearchParams(options()).toString();
    await window.asobiBoardData(g.id);
    let names = g.seat_names;
    let error = "";
    try { names = await api(`/api/catalog/${g.id}/seats?${query}`); }
    catch (e) { error = e.message; }
    if (mine !== drawing) return;
    $("error").textContent = error;
    // the seats chosen so far stay where the same seat is drawn again (a language switch, an option
    // that changes some seats only), in the same game
    const before = box.dataset.game === g.id
      ? new Map([...box.querySelectorAll("label[data-seat-name]")].map((l) => [l.dataset.seatName, l.querySelector("select").value]))
      : new Map();
    box.replaceChildren();
    names.forEach((name, i) => {
      const select = el("select", { "data-seat": i });
      select.append(el("option", { value: "human", text: t("human") }));
      const levels = el("optgroup", { label: t("levels") });
      for (const level of g.levels) levels.append(levelOption(level, g.levels, g.rated_by));
      const kinds = el("optgroup", { label: t("bots") });
      for (const b of g.bots) kinds.append(el("option", { value: "bot:" + b, text: "bot:" + b }));
      select.append(levels, kinds);
      select.value = before.has(name) ? before.get(name) : i === 0 ? "human" : "bot:normal";
      box.append(el("label", { "data-seat-name": name }, seatName(g.id, name) + " ", select));
    });
    box.dataset.game = g.id; box.removeAttribute("aria-busy");
  }

  // A level in the seat menu: its name in the page's language, how long it may take a decision
  // (the slowest says it takes longer), its rating on the game's ladder (the ladder's command in the
  // tooltip); one this server's limits refuse is shown, disabled, with the reason.
  function levelOption(level, all, ratedBy) {
    const ja = window.asobiLang() === "ja";
    const slowest = Math.max(...all.map((l) => l.seconds));
    const notes = [`${t("upTo")} ${level.seconds}${ja ? "" : " "}${t("perDecision")}`];
    if (level.seconds === slowest && all.some((l) => l.seconds < slowest)) notes.push(t("takesLonger"));
    if (level.rating !== null) notes.push(ja ? level.rating_ja : level.rating_en);
    if (level.refused) notes.push(t("notHere"));
    const text = `${ja ? level.name_ja : level.name_en} (${notes.join(ja ? "、" : ", ")})`;
    const option = el("option", { value: "bot:" + level.level, text, "data-level": level.level,
      title: level.refused || `${level.level} = ${level.bot}` + (ratedBy ? ` (${t("rated")}: ${ratedBy})` : "") });
    if (level.refused) option.disabled = true;
    return option;
  }

  function linkRow(label, url) {
    const input = el("input", { readonly: "", value: url });
    return el("div", {}, el("div", {}, el("a", { href: url, target: "_blank", text: label })), input);
  }

  // One game a click: a second click while the first waits for its seats makes no second game.
  let creating = false;
  async function create() {
    if (creating) return;
    creating = true;
    try { await createOnce(); } finally { creating = false; }
  }

  async function createOnce() {
    $("error").textContent = ""; $("created").replaceChildren();
    await seatsSettled();
    if ($("error").textContent) return;  // the options were refused: nothing to make
    const seats = [...$("seats").querySelectorAll("select")].map((s) => s.value);
    const body = { game: spec().id, options: options(), seats };
    if ($("seed").value !== "") {
      body.seed = Number($("seed").value);
      if (seats.filter((s) => s === "human").length > 1) {
        if (!window.confirm(t("confirmSeeded"))) return;
        body.confirm_seeded = true;
      }
    }
    if ($("timer").value !== "") body.turn_seconds = Math.round(Number($("timer").value) * 60);
    try {
      const made = await api("/api/games", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      localStorage.setItem(hostKey(made.game_id), made.host_secret);
      const box = $("created");
      box.append(el("p", { text: `#${made.game_id} — ${t("links")}` }));
      if (made.seeded) box.append(el("p", { class: "seeded", title: t("seededHelp"), text: t("seeded") }));
      const humans = made.seats.filter((s) => s.link);
      if ($("hotseat").checked && humans.length > 1) {
        const url = `${location.origin}/play/${made.game_id}#token=${humans.map((s) => s.token).join(",")}`;
        box.append(linkRow(humans.map((s) => seatName(made.game, s.name)).join(" + "), url));
      } else {
        for (const s of humans) box.append(linkRow(seatName(made.game, s.name), s.link));
      }
      box.append(linkRow(t("spectator"), made.spectator_link));
      const secret = el("input", { readonly: "", value: made.host_secret, "data-host-secret": made.game_id });
      box.append(el("div", {}, el("div", { class: "muted", text: t("hostSecret") }), secret));
      refresh();
    } catch (e) { $("error").textContent = e.message; }
  }

  // A saved game's game, seats and result in the page's language (the list gives their ids).
  function gameTitle(id) {
    const g = catalog.find((x) => x.id === id);
    return g ? (window.asobiLang() === "ja" ? g.title_ja : g.title_en) : id;
  }
  function seatKind(game, kind) {
    const g = catalog.find((x) => x.id === game);
    const level = g && /^bot:[a-z]+$/.test(kind) ? g.levels.find((l) => "bot:" + l.level === kind) : null;
    if (kind === "human") return t("human");
    if (level) return window.asobiLang() === "ja" ? level.name_ja : level.name_en;
    return kind;  // a bot by its own name, as it is typed
  }
  function outcome(game, reason) {
    const g = catalog.find((x) => x.id === game);
    const said = g && g.words.outcome && g.words.outcome[reason];
    return said ? said[window.asobiLang()] || said.en : reason;
  }

  async function refresh() {
    const games = await api("/api/games");
    const box = $("games");
    if (!games.length) { box.replaceChildren(el("p", { class: "muted", text: t("noGames") })); return; }
    const table = el("table", { class: "games" });
    table.append(el("tr", {}, ...["#", t("game"), t("seats"), t("status"), t("actions"), t("result"), ""].map((h) => el("th", { text: h }))));
    for (const g of games) {
      const links = el("td", {}, el("a", { href: g.spectator_link, text: t("watch") }));
      if (g.status === "finished") links.append(" ", el("a", { href: `/replay/${g.id}?seat=0`, "data-replay": g.id, text: t("replayOf") }));
      if (!g.links && g.status === "playing") {
        const b = el("button", { text: t("handOut") });
        b.addEventListener("click", async () => {
          try {
            const made = await asHost(g.id, `/api/games/${g.id}/links`, { method: "POST" });
            const box2 = $("created"); box2.replaceChildren(el("p", { text: `#${g.id} — ${t("links")}` }));
            for (const s of made.seats.filter((s) => s.link)) box2.append(linkRow(seatName(made.game, s.name), s.link));
            refresh();
          } catch (e) { $("error").textContent = e.message; }
        });
        links.append(" ", b);
      }
      if (g.seeded) links.append(" ", el("span", { class: "seeded", title: t("seededHelp"), text: t("seeded") }));
      if (hostSecret(g.id, false)) {  // this browser made it: the host's own buttons
        const watchers = el("button", { text: t(g.spectators ? "closeWatch" : "openWatch") });
        watchers.addEventListener("click", () => asHost(g.id, `/api/games/${g.id}/spectators`, {
          method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ open: !g.spectators }),
        }).then(refresh, (e) => { $("error").textContent = e.message; }));
        const remove = el("button", { text: t("delete") });
        remove.addEventListener("click", async () => {
          try {
            const r = await fetch(`/api/games/${g.id}`, { method: "DELETE", headers: { "X-Asobi-Host": hostSecret(g.id, false) } });
            if (!r.ok) throw new Error((await r.json().catch(() => ({}))).detail || r.status);
            localStorage.removeItem(hostKey(g.id)); refresh();
          } catch (e) { $("error").textContent = e.message; }
        });
        links.append(" ", watchers, " ", remove);
      }
      table.append(el("tr", { "data-game": g.id },
        el("td", { text: g.id }), el("td", { text: gameTitle(g.game) }), el("td", { text: g.seats.map((k) => seatKind(g.game, k)).join(", ") }),
        el("td", { text: t("status_" + g.status) }), el("td", { text: g.actions }), el("td", { text: outcome(g.game, g.result) }), links));
    }
    box.replaceChildren(table);
  }

  document.querySelectorAll("button.lang").forEach((b) => b.addEventListener("click", () => {
    localStorage.setItem("asobi.lang", b.dataset.lang); translate(); drawOptions(options()); refresh();
  }));
  $("create").addEventListener("click", create);
  $("game").addEventListener("change", drawOptions);

  (async function start() {
    translate();
    catalog = await api("/api/catalog");
    for (const g of catalog) $("game").append(el("option", { value: g.id, text: `${g.title_ja} / ${g.title_en}` }));
    drawOptions();
    refresh();
  })();
})();
