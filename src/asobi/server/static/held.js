// The seat links this browser holds, kept in its local storage (never sent anywhere except to ask
// the server how their games stand: POST /api/seats), with what each seat had seen when its page
// was last looked at (the state id and the number of actions), for "since you last looked".
"use strict";
window.AsobiHeld = (function () {
  const KEY = "asobi.held";
  const MAX = 100;  // the most the server answers for at once (routes/mine.py)
  const valid = (x) => x && Number.isInteger(x.game_id) && typeof x.token === "string" && x.token.length > 0;
  function load() {
    try {
      const list = JSON.parse(localStorage.getItem(KEY) || "[]");
      return Array.isArray(list) ? list.filter(valid) : [];
    } catch (e) { return []; }  // a damaged list: start again rather than fail the page
  }
  const save = (list) => localStorage.setItem(KEY, JSON.stringify(list.slice(-MAX)));
  const find = (list, gameId, token) => list.find((x) => x.game_id === gameId && x.token === token);
  return {
    all: load,
    remember(gameId, token) {
      const list = load();
      if (!find(list, gameId, token)) { list.push({ game_id: gameId, token, seen_state: -1, seen_actions: 0 }); save(list); }
    },
    lastLook(gameId, token) { return find(load(), gameId, token) || null; },
    look(gameId, token, stateId, actions) {
      const list = load();
      const held = find(list, gameId, token);
      if (held && (held.seen_state !== stateId || held.seen_actions !== actions)) {
        held.seen_state = stateId; held.seen_actions = actions; save(list);
      }
    },
    forget(gameId, token) { save(load().filter((x) => !(x.game_id === gameId && x.token === token))); },
  };
})();
