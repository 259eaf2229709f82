// The page: display settings (kept in localStorage), the lobby, and the table (table.js).

import { escapeHtml, language, loadLanguage, t, translatePage } from "./i18n.js";
import { renderMarkdown } from "./markdown.js";
import { openTable, closeTable, rerenderTable } from "./table.js";

const SETTINGS_KEY = "cardavia.settings";
const LAST_TABLE_KEY = "cardavia.table";
const DEFAULTS = { lang: "en", contrast: 50, grain: 50, temperature: 50, hintsAlways: false };

export const settings = { ...DEFAULTS, ...readJson(SETTINGS_KEY) };

function readJson(key) {
  try {
    return JSON.parse(localStorage.getItem(key) || "{}") || {};
  } catch {
    return {};
  }
}

export function saveSettings() {
  localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
}

function applyDisplay() {
  const root = document.documentElement;
  // 50% is neutral for contrast and temperature; grain 0..100% is the noise strength.
  root.style.setProperty("--contrast", (0.6 + settings.contrast * 0.008).toFixed(3));
  const warm = (settings.temperature - 50) / 50;
  const tint = document.getElementById("tint");
  tint.style.background = warm >= 0 ? "rgb(255, 150, 40)" : "rgb(40, 120, 255)";
  tint.style.opacity = (Math.abs(warm) * 0.16).toFixed(3);
  document.getElementById("grain").style.opacity = (settings.grain / 100 * 0.22).toFixed(3);
  for (const name of ["contrast", "grain", "temperature"]) {
    document.getElementById(`set-${name}`).value = settings[name];
    document.getElementById(`out-${name}`).textContent = `${settings[name]}%`;
  }
  document.getElementById("set-lang").value = settings.lang;
}

async function setLanguage(code) {
  settings.lang = code;
  saveSettings();
  await loadLanguage(code);
  translatePage();
  if (!document.getElementById("lobby").hidden) await showLobby();
  rerenderTable();
}

// ---- lobby ---------------------------------------------------------------------------

let gamesCache = { lang: null, games: [] };

async function fetchGames() {
  if (gamesCache.lang !== language()) {
    const response = await fetch(`/api/games?lang=${language()}`);
    gamesCache = { lang: language(), games: (await response.json()).games };
  }
  return gamesCache.games;
}

export function seatLabel(game, seat) {
  if (game === "bridge") return t(`seat.bridge.${"NESW"[seat]}`);
  return t("seat.name", { n: seat });
}

function optionInput(game, option) {
  const id = `opt-${game}-${option.name}`;
  const label = `<span>${escapeHtml(t(`option.${option.name}`))}</span>`;
  if (option.choices) {
    const choices = option.choices
      .map((c) => `<option value="${escapeHtml(c)}"${c === option.default ? " selected" : ""}>${escapeHtml(c)}</option>`)
      .join("");
    return `<label title="${escapeHtml(option.doc)}">${label}<select id="${id}" data-type="${option.type}" data-option="${option.name}">${choices}</select></label>`;
  }
  const bounds = `${option.minimum !== null ? ` min="${option.minimum}"` : ""}${option.maximum !== null ? ` max="${option.maximum}"` : ""}`;
  return `<label title="${escapeHtml(option.doc)}">${label}<input id="${id}" type="number" value="${option.default}"${bounds} data-type="${option.type}" data-option="${option.name}"></label>`;
}

async function showLobby(notice) {
  closeTable();
  document.getElementById("table").hidden = true;
  document.getElementById("table-nav").hidden = true;
  document.getElementById("lobby").hidden = false;
  document.getElementById("title").textContent = "";
  const note = document.getElementById("lobby-notice");
  note.hidden = !notice;
  note.textContent = notice || "";
  const resume = document.getElementById("resume");
  const last = localStorage.getItem(LAST_TABLE_KEY);
  resume.hidden = !last;
  resume.onclick = () => goToTable(last);
  const games = await fetchGames();
  const list = document.getElementById("games");
  list.innerHTML = "";
  for (const g of games) {
    const card = document.createElement("article");
    card.className = "game";
    card.dataset.game = g.id;
    const seats = Array.from({ length: g.players }, (_, s) => `<option value="${s}">${escapeHtml(seatLabel(g.id, s))}</option>`).join("");
    const options = g.options.map((o) => optionInput(g.id, o)).join("");
    card.innerHTML = `
      <h2>${escapeHtml(t(`game.${g.id}`))}</h2>
      <p class="players">${escapeHtml(t("ui.players", { n: g.players }))}${g.strategy ? "" : ` · <span class="small">${escapeHtml(t("ui.random_opponents"))}</span>`}</p>
      <p class="summary">${g.summary ? escapeHtml(g.summary) : `<em>${escapeHtml(t("ui.no_rules"))}</em>`}</p>
      <div class="form">
        <label><span>${escapeHtml(t("ui.your_seat"))}</span><select class="seat">${seats}</select></label>
        ${options}
      </div>
      <div class="row">
        <button type="button" class="primary play" data-game="${g.id}">${escapeHtml(t("ui.play"))}</button>
        <button type="button" class="rules" data-game="${g.id}">${escapeHtml(t("ui.rules"))}</button>
      </div>`;
    card.querySelector(".play").addEventListener("click", () => startGame(g, card));
    card.querySelector(".rules").addEventListener("click", () => showRules(g.id));
    list.append(card);
  }
}

async function startGame(game, card) {
  const seat = Number(card.querySelector(".seat").value);
  const options = {};
  for (const input of card.querySelectorAll("[data-option]")) {
    const raw = input.value;
    const name = input.dataset.option;
    const def = game.options.find((o) => o.name === name).default;
    const parsed = input.dataset.type === "int" ? Number(raw) : raw;
    if (parsed !== def) options[name] = parsed;
  }
  const response = await fetch("/api/tables", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ game: game.id, seat, options }),
  });
  const body = await response.json();
  if (!response.ok) {
    showLobby(body.error);
    return;
  }
  goToTable(body.id);
}

function goToTable(id) {
  history.pushState({ table: id }, "", `/?table=${encodeURIComponent(id)}`);
  localStorage.setItem(LAST_TABLE_KEY, id);
  enterTable(id);
}

function enterTable(id) {
  document.getElementById("lobby").hidden = true;
  document.getElementById("table").hidden = false;
  document.getElementById("table-nav").hidden = false;
  openTable(id, {
    onGone: () => {
      localStorage.removeItem(LAST_TABLE_KEY);
      history.replaceState({}, "", "/");
      showLobby(t("ui.table_gone"));
    },
  });
}

export async function showRules(game) {
  const dialog = document.getElementById("rules");
  const article = document.getElementById("rules-text");
  const response = await fetch(`/api/rules/${game}?lang=${language()}`);
  const body = await response.json();
  article.innerHTML = response.ok ? renderMarkdown(body.text) : `<p>${escapeHtml(t("ui.no_rules"))}</p>`;
  dialog.showModal();
  article.scrollTop = 0;
}

function route() {
  const id = new URLSearchParams(location.search).get("table");
  if (id) enterTable(id);
  else showLobby();
}

async function start() {
  await loadLanguage(settings.lang in { en: 1, ko: 1 } ? settings.lang : "en");
  translatePage();
  applyDisplay();
  const dialog = document.getElementById("settings");
  document.getElementById("btn-settings").addEventListener("click", () => dialog.showModal());
  document.getElementById("set-lang").addEventListener("change", (e) => setLanguage(e.target.value));
  for (const name of ["contrast", "grain", "temperature"]) {
    document.getElementById(`set-${name}`).addEventListener("input", (e) => {
      settings[name] = Number(e.target.value);
      saveSettings();
      applyDisplay();
    });
  }
  document.getElementById("set-reset").addEventListener("click", () => {
    Object.assign(settings, { contrast: 50, grain: 50, temperature: 50 });
    saveSettings();
    applyDisplay();
  });
  document.getElementById("home").addEventListener("click", (e) => {
    e.preventDefault();
    history.pushState({}, "", "/");
    showLobby();
  });
  document.getElementById("btn-lobby").addEventListener("click", () => {
    history.pushState({}, "", "/");
    showLobby();
  });
  window.addEventListener("popstate", route);
  route();
}

window.cardavia = { settings, setLanguage, showRules };
start();
