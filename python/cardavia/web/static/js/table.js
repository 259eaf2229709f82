// The table: a websocket to the server's table, the seat's view drawn around the felt, card
// selection with the combination named as you select, the actions, hints, log and result.

import { cardBack, cardFace } from "./cards.js";
import { escapeHtml, fmt, language, seatName, t, value } from "./i18n.js";

let socket = null;
let tableId = null;
let data = null; // the last "state" message
let hints = null; // the last "hints" message for data.version
let hintPending = false;
let hintRequestedFor = -1;
let selection = []; // [{seat, index, card}]
let preview = null;
let message = null; // the last error
let hooks = {};
let closing = false;
let retries = 0;

const $ = (id) => document.getElementById(id);

function send(msg) {
  if (socket && socket.readyState === WebSocket.OPEN) {
    socket.send(JSON.stringify({ ...msg, lang: language() }));
  }
}

export function openTable(id, callbacks = {}) {
  closeTable();
  closing = false;
  tableId = id;
  hooks = callbacks;
  data = null;
  hints = null;
  selection = [];
  preview = null;
  message = null;
  connect();
}

export function closeTable() {
  closing = true;
  if (socket) socket.close();
  socket = null;
  tableId = null;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(tableId)}`);
  socket = ws;
  ws.addEventListener("open", () => {
    retries = 0;
    send({ type: "hello" });
  });
  ws.addEventListener("message", (event) => onMessage(JSON.parse(event.data)));
  ws.addEventListener("close", () => {
    if (closing || socket !== ws) return;
    setStatus(t("ui.reconnecting"));
    if (retries++ < 20) setTimeout(() => { if (!closing && socket === ws) connect(); }, 500 + retries * 250);
  });
}

function onMessage(msg) {
  if (msg.type === "state") {
    const changed = !data || data.version !== msg.version;
    data = msg;
    window.cardavia.tableVersion = msg.version;
    if (changed) {
      selection = [];
      preview = null;
      message = null;
      if (!hints || hints.version !== msg.version) hints = null;
    }
    render();
    maybeAutoHint();
  } else if (msg.type === "preview") {
    const current = selection.map((s) => s.card);
    if (JSON.stringify(current) === JSON.stringify(msg.cards)) {
      preview = msg;
      renderSelection();
    }
  } else if (msg.type === "hints") {
    hintPending = false;
    if (data && msg.version === data.version) hints = msg;
    renderHints();
  } else if (msg.type === "error") {
    if (msg.code === "no_table") {
      closing = true;
      if (hooks.onGone) hooks.onGone();
      return;
    }
    message = msg;
    renderMessage();
  }
}

export function rerenderTable() {
  if (data) {
    send({ type: "lang" });
    render();
  }
}

// ---- drawing ----------------------------------------------------------------------------

function ctx() {
  return { view: data.view };
}

function setStatus(text) {
  $("status").innerHTML = text;
}

function selectInfo() {
  const actions = data && data.actions;
  if (!actions || !actions.select.length) return null;
  return actions.select[0];
}

function selectable(card) {
  const sel = selectInfo();
  return !!sel && sel.cards.includes(card);
}

function otherSeatsOrder(view) {
  const n = view.num_players;
  const me = view.viewer ?? 0;
  const after = Array.from({ length: n - 1 }, (_, k) => (me + 1 + k) % n);
  // Play goes counterclockwise in the Chinese games (the next seat on your right) and
  // clockwise in bridge, smear and poker (the next seat on your left).
  return view.clockwise ? after : after.reverse();
}

function seatBox(seat, { compact = true } = {}) {
  const view = data.view;
  const box = document.createElement("div");
  box.className = `seat${seat.to_act ? " acting" : ""}${seat.you ? " me" : ""}`;
  box.dataset.seat = seat.seat;
  const tags = seat.tags.filter((tag) => tag !== "tag.to_act").map((tag) => `<span class="tag ${tag.replace("tag.", "t-")}">${escapeHtml(t(tag))}</span>`).join("");
  const stats = seat.stats.map((s) => `<span class="stat"><b>${escapeHtml(t(s.key))}</b> ${value(s.value, ctx())}</span>`).join("");
  box.innerHTML = `<div class="seat-head"><span class="name">${seatName(seat.seat, { view })}</span>${tags}</div><div class="stats">${stats}</div>`;
  const cards = document.createElement("div");
  cards.className = "seat-cards";
  if (seat.cards !== null && seat.cards !== undefined && !seat.you) {
    cards.classList.add("faces");
    drawHand(cards, seat);
  } else if (!seat.you && seat.count) {
    cards.append(cardBack(seat.count));
  }
  if (!seat.you) box.append(cards);
  if (seat.last) {
    const last = document.createElement("div");
    last.className = "last";
    last.innerHTML = fmt(seat.last, ctx());
    box.append(last);
  }
  return box;
}

function drawHand(container, seat) {
  const jokers = [t("card.small_joker_label"), t("card.big_joker_label")];
  let index = 0;
  for (const group of seat.groups) {
    const g = document.createElement("div");
    g.className = "group";
    for (const card of group) {
      const i = index++;
      const face = cardFace(card, { jokerLabels: jokers });
      face.dataset.seat = seat.seat;
      face.dataset.index = i;
      if (selectable(card)) {
        face.classList.add("playable");
        face.addEventListener("click", () => toggle(seat.seat, i, card));
        face.addEventListener("dblclick", () => playNow(seat.seat, i, card));
      } else if (data.actions && data.actions.select.length && (seat.you || seat.seat === data.view.to_act)) {
        face.classList.add("dim");
      }
      if (selection.some((s) => s.seat === seat.seat && s.index === i)) face.classList.add("selected");
      g.append(face);
    }
    container.append(g);
  }
}

function pileHtml(pile) {
  const wrap = document.createElement("div");
  wrap.className = `pile ${pile.key.replace("pile.", "p-")}`;
  const who = pile.seat !== null && pile.seat !== undefined ? ` · ${seatName(pile.seat, ctx())}` : "";
  const note = pile.note ? ` — ${fmt(pile.note, ctx())}` : "";
  const label = document.createElement("div");
  label.className = "pile-label";
  label.innerHTML = `${escapeHtml(t(pile.key))}${who}${note}`;
  const cards = document.createElement("div");
  cards.className = "pile-cards";
  const jokers = [t("card.small_joker_label"), t("card.big_joker_label")];
  for (const c of pile.cards) cards.append(cardFace(c, { small: true, jokerLabels: jokers }));
  wrap.append(cards, label);
  return wrap;
}

function render() {
  if (!data) return;
  const view = data.view;
  $("title").innerHTML = `${escapeHtml(t(`game.${data.table.game}`))} · ${seatName(data.table.seat, ctx())}`;
  document.body.dataset.game = data.table.game;
  // seats around the felt
  const others = otherSeatsOrder(view).map((s) => view.seats[s]);
  const top = $("seats-top");
  const left = $("seat-left");
  const right = $("seat-right");
  top.innerHTML = "";
  left.innerHTML = "";
  right.innerHTML = "";
  if (others.length >= 3) {
    left.append(seatBox(others[0]));
    right.append(seatBox(others[others.length - 1]));
    for (const s of others.slice(1, -1)) top.append(seatBox(s));
  } else {
    for (const s of others) top.append(seatBox(s));
  }
  // the table's center
  const center = $("center");
  center.innerHTML = "";
  for (const pile of view.table) center.append(pileHtml(pile));
  if (!view.table.length) {
    const empty = document.createElement("div");
    empty.className = "empty";
    empty.textContent = t(`phase.${view.phase}`);
    center.append(empty);
  }
  // you
  const me = view.seats[view.viewer];
  const you = $("you");
  you.innerHTML = "";
  you.append(seatBox(me));
  const hand = document.createElement("div");
  hand.className = "hand";
  hand.id = "hand";
  if (me.cards) drawHand(hand, me);
  you.append(hand);
  renderStatus();
  renderControls();
  renderSelection();
  renderMessage();
  renderPanel();
}

function renderStatus() {
  const view = data.view;
  let text;
  if (view.over) text = data.match.over ? t("ui.match_over") : t("ui.deal_over");
  else if (data.actions) text = `<b>${escapeHtml(t("ui.your_turn"))}</b>`;
  else if (view.to_act !== null) text = fmt({ key: "ui.waiting_for", params: { seat: view.to_act } }, ctx());
  else text = escapeHtml(t("ui.computer_playing"));
  setStatus(text);
}

function button(label, onClick, { primary = false, data: attrs = {} } = {}) {
  const b = document.createElement("button");
  b.type = "button";
  b.innerHTML = label;
  if (primary) b.className = "primary";
  for (const [k, v] of Object.entries(attrs)) b.dataset[k] = v;
  b.addEventListener("click", onClick);
  return b;
}

function renderControls() {
  const controls = $("controls");
  controls.innerHTML = "";
  const actions = data.actions;
  if (!actions) return;
  const sel = selectInfo();
  if (sel) {
    const play = button(escapeHtml(t(`ui.do_${sel.kind}`)), playSelection, { primary: true, data: { role: "play" } });
    play.id = "btn-play";
    play.disabled = !selection.length || (preview && !preview.ok);
    controls.append(play);
    const clear = button(escapeHtml(t("ui.clear")), () => { selection = []; preview = null; render(); }, { data: { role: "clear" } });
    clear.disabled = !selection.length;
    controls.append(clear);
  }
  for (const a of actions.buttons) {
    controls.append(button(fmt(a.label, ctx()), () => send({ type: "act", text: a.text }), { data: { action: a.text } }));
  }
  for (const list of actions.lists) {
    if (list.kind === "bid") {
      // a bid box: one button per bid, in rows of five
      const grid = document.createElement("div");
      grid.className = "bidbox";
      for (const item of list.items) grid.append(button(fmt(item.label, ctx()), () => send({ type: "act", text: item.text }), { data: { action: item.text } }));
      controls.append(grid);
      continue;
    }
    const wrap = document.createElement("span");
    wrap.className = "pick";
    const select = document.createElement("select");
    select.dataset.kind = list.kind;
    for (const item of list.items) {
      const opt = document.createElement("option");
      opt.value = item.text;
      opt.innerHTML = fmt(item.label, ctx());
      select.append(opt);
    }
    wrap.append(select, button(escapeHtml(t(`ui.do_${list.kind}`)), () => send({ type: "act", text: select.value }), { data: { role: `pick-${list.kind}` } }));
    controls.append(wrap);
  }
  for (const range of actions.ranges) {
    const wrap = document.createElement("span");
    wrap.className = "range";
    wrap.dataset.kind = range.kind;
    const slider = document.createElement("input");
    slider.type = "range";
    slider.min = range.min;
    slider.max = range.max;
    slider.value = range.min;
    const exact = document.createElement("input");
    exact.type = "number";
    exact.min = range.min;
    exact.max = range.max;
    exact.value = range.min;
    exact.className = "exact";
    const go = button("", () => send({ type: "act", text: `${range.kind} to ${exact.value}` }), { data: { role: `range-${range.kind}` } });
    const label = () => { go.innerHTML = escapeHtml(t(`act.${range.kind}`, { amount: exact.value })); };
    slider.addEventListener("input", () => { exact.value = slider.value; label(); });
    exact.addEventListener("input", () => { slider.value = exact.value; label(); });
    label();
    const all = button(escapeHtml(t("ui.all_in", { amount: range.max })), () => send({ type: "act", text: `${range.kind} to ${range.max}` }));
    wrap.append(slider, exact, go, all);
    controls.append(wrap);
  }
}

function renderSelection() {
  const box = $("selection");
  const sel = selectInfo();
  if (!data || !sel) {
    box.innerHTML = "";
    return;
  }
  const play = $("btn-play");
  if (!selection.length) {
    box.innerHTML = `<span class="hint-text">${escapeHtml(t(`ui.select_${sel.mode}`))}</span>`;
    if (play) play.disabled = true;
    return;
  }
  const cards = selection.map((s) => s.card).join(" ");
  let html = `<span class="sel-cards">${fmt({ key: "value.cards", params: { cards } })}</span>`;
  if (preview && preview.choices) {
    html += ` <span class="ok">${escapeHtml(t("ui.choose_reading"))}</span>`;
    box.innerHTML = html;
    const row = document.createElement("div");
    row.className = "choices";
    for (const c of preview.choices) {
      const label = fmt(c.label, ctx()) + (c.combo ? ` <small>(${fmt(c.combo, ctx())})</small>` : "");
      row.append(button(label, () => send({ type: "act", text: c.text }), { data: { choice: c.text } }));
    }
    box.append(row);
    if (play) play.disabled = true;
    return;
  }
  if (preview) {
    if (preview.ok) {
      const name = preview.combo ? fmt(preview.combo, ctx()) : t("ui.legal");
      html += ` <span class="ok">✓ ${name}</span>`;
    } else {
      html += ` <span class="bad">✗ ${preview.rule ? `<b>${escapeHtml(preview.rule)}</b> ` : ""}${escapeHtml(preview.message)}</span>`;
      if (preview.rule_text) html += `<div class="rule-text">${escapeHtml(preview.rule_text)}</div>`;
    }
  }
  box.innerHTML = html;
  if (play) play.disabled = !!preview && !preview.ok;
}

function renderMessage() {
  const box = $("message");
  if (!message) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  box.innerHTML = `<b>${escapeHtml(t("ui.error"))}</b> ${message.rule ? `<code>${escapeHtml(message.rule)}</code> ` : ""}${escapeHtml(message.message)}${message.rule_text ? `<div class="rule-text">${escapeHtml(message.rule_text)}</div>` : ""}`;
}

function renderPanel() {
  const view = data.view;
  const c = ctx();
  // result
  const resultBox = $("box-result");
  resultBox.hidden = !view.over;
  if (view.over) {
    $("result").innerHTML = (view.result || []).map((i) => `<div class="line"><span>${escapeHtml(t(i.key))}</span><span>${value(i.value, c)}</span></div>`).join("");
    $("btn-next").hidden = !data.can_next_deal;
    $("btn-next").onclick = () => send({ type: "next_deal" });
    $("btn-new-match").onclick = () => send({ type: "restart" });
  }
  $("btn-restart").onclick = () => {
    if (confirm(t("ui.confirm_restart"))) send({ type: "restart" });
  };
  $("btn-rules").onclick = () => window.cardavia.showRules(data.table.game);
  // info
  $("info").innerHTML = view.info.map((i) => `<dt>${escapeHtml(t(i.key))}</dt><dd>${value(i.value, c)}</dd>`).join("");
  // scoreboard
  const score = data.match;
  $("score").innerHTML = `<dt>${escapeHtml(t("ui.deals"))}</dt><dd>${score.deals}</dd>` + score.lines.map((i) => `<dt>${escapeHtml(t(i.key))}</dt><dd>${value(i.value, c)}</dd>`).join("");
  // log
  const log = $("log");
  log.innerHTML = view.log.map((e) => `<li${e.seat === view.viewer ? ' class="mine"' : ""}>${fmt(e.msg, c)}</li>`).join("");
  log.scrollTop = log.scrollHeight;
  // hints
  const note = [];
  if (!data.table.strategy) note.push(t("ui.no_strategy"));
  if (data.table.agent_note) note.push(t("ui.agent_fallback", { note: data.table.agent_note }));
  $("agent-note").textContent = note.join(" ");
  $("btn-hint").disabled = !data.actions;
  $("btn-hint").onclick = requestHint;
  const always = $("hints-always");
  always.checked = !!window.cardavia.settings.hintsAlways;
  always.onchange = () => {
    window.cardavia.settings.hintsAlways = always.checked;
    localStorage.setItem("cardavia.settings", JSON.stringify(window.cardavia.settings));
    maybeAutoHint();
  };
  renderHints();
}

function renderHints() {
  const list = $("hints");
  list.innerHTML = "";
  if (!data) return;
  if (hintPending) {
    list.innerHTML = `<li class="pending">${escapeHtml(t("ui.thinking"))}</li>`;
    return;
  }
  if (!hints || !data.actions) return;
  if (hints.error) {
    list.innerHTML = `<li class="unavailable">${escapeHtml(t("ui.hint_unavailable"))}<div class="small">${escapeHtml(hints.error)}</div></li>`;
    return;
  }
  hints.hints.forEach((h, i) => {
    const li = document.createElement("li");
    const line = h.line_labels && h.line_labels.length > 1 ? `<div class="small">${h.line_labels.map((l) => fmt(l, ctx())).join(" → ")}</div>` : "";
    const interval = h.samples > 1 ? ` ± ${h.interval.toFixed(2)}` : "";
    li.innerHTML = `<button type="button" class="hint" data-index="${i}"><span class="h-action">${fmt(h.label, ctx())}</span><span class="h-value">${escapeHtml(t("ui.hint_value", { value: h.value.toFixed(2) }))}${interval}</span></button><div class="small">${escapeHtml(h.reason)}</div>${line}`;
    li.querySelector("button").addEventListener("click", () => send({ type: "hint_play", index: i }));
    list.append(li);
  });
}

function requestHint() {
  if (!data || !data.actions) return;
  hintPending = true;
  hintRequestedFor = data.version;
  renderHints();
  send({ type: "hint" });
}

function maybeAutoHint() {
  if (data && data.actions && window.cardavia.settings.hintsAlways && hintRequestedFor !== data.version) requestHint();
}

// ---- selecting and playing cards ----------------------------------------------------

function toggle(seat, index, card) {
  const sel = selectInfo();
  if (!sel) return;
  const at = selection.findIndex((s) => s.seat === seat && s.index === index);
  if (sel.mode === "single") selection = at >= 0 ? [] : [{ seat, index, card }];
  else if (at >= 0) selection.splice(at, 1);
  else {
    if (selection.length && selection[0].seat !== seat) selection = [];
    selection.push({ seat, index, card });
  }
  preview = null;
  message = null;
  render();
  if (selection.length) send({ type: "preview", kind: sel.kind, cards: selection.map((s) => s.card) });
}

function playSelection() {
  const sel = selectInfo();
  if (!sel || !selection.length) return;
  send({ type: "play", kind: sel.kind, cards: selection.map((s) => s.card) });
}

function playNow(seat, index, card) {
  const sel = selectInfo();
  if (!sel || sel.mode !== "single") return;
  selection = [{ seat, index, card }];
  playSelection();
}
