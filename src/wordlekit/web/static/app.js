// wordlekit in the browser: the pages (hash routing), the header, and the start-up.

import { api } from "./api.js";
import { activateAssist, initAssist } from "./assist.js";
import { initBot } from "./bot.js";
import { byId, h, settleAnimations, storage } from "./dom.js";
import { currentGame, initPlay, resume, setToday, share, startPractice } from "./play.js";
import { initReview, reviewPlayedGame } from "./review.js";
import { initStats } from "./stats.js";

const PAGES = {
  play: { title: "wordlekit: play" },
  assist: { title: "wordlekit: assist" },
  bot: { title: "wordlekit: bot" },
  review: { title: "wordlekit: review" },
};
const CONTRAST_KEY = "wordlekit.contrast";
// Used when /api/strategies cannot be reached, so the selects are never empty.
const FALLBACK_STRATEGIES = [{ name: "entropy", summary: "most expected information (bits)" }];

let page = "play";

function route() {
  const wanted = window.location.hash.replace(/^#\/?/, "");
  const previous = page;
  page = wanted in PAGES ? wanted : "play";
  for (const section of document.querySelectorAll("section[data-page]")) {
    section.hidden = section.dataset.page !== page;
  }
  for (const link of document.querySelectorAll("[data-nav]")) {
    if (link.dataset.nav === page) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
  document.body.dataset.currentPage = page;
  document.title = PAGES[page].title;
  if (page === "assist") activateAssist();
  // Moving between pages by the navigation puts the focus at the start of the new page.
  if (previous !== page && document.activeElement?.closest?.("[data-nav]")) {
    byId("main").focus({ preventScroll: true });
  }
}

/** Show the Review page with the review of the finished game of the Play page. */
function reviewCurrentGame() {
  const game = currentGame();
  if (!game || game.status === "playing") return;
  if (window.location.hash !== "#review") window.location.hash = "#review";
  route(); // now, not at the hashchange: the review page must be visible to take the focus
  reviewPlayedGame(game);
}

function setContrast(high, { save = true } = {}) {
  if (high) document.documentElement.dataset.contrast = "high";
  else delete document.documentElement.dataset.contrast;
  byId("contrast-toggle").setAttribute("aria-pressed", String(high));
  if (save) storage.set(CONTRAST_KEY, high ? "high" : "normal");
  document.dispatchEvent(new CustomEvent("wordlekit:contrast", { detail: { high } }));
}

function fillStrategies(select, summaryEl, strategies) {
  const wanted = select.dataset.wanted || "entropy";
  select.replaceChildren(
    ...strategies.map((s) => h("option", { value: s.name, title: s.summary }, s.name)),
  );
  select.value = strategies.some((s) => s.name === wanted) ? wanted : strategies[0].name;
  const describe = () => {
    const chosen = strategies.find((s) => s.name === select.value);
    summaryEl.textContent = chosen ? chosen.summary : "";
  };
  select.addEventListener("change", describe);
  describe();
}

async function loadStrategies() {
  let strategies;
  try {
    strategies = await api("/api/strategies");
    if (!Array.isArray(strategies) || !strategies.length) strategies = FALLBACK_STRATEGIES;
  } catch {
    strategies = FALLBACK_STRATEGIES;
  }
  fillStrategies(byId("assist-strategy"), byId("assist-strategy-summary"), strategies);
  fillStrategies(byId("bot-strategy"), byId("bot-strategy-summary"), strategies);
}

async function loadToday() {
  try {
    const today = await api("/api/daily");
    setToday(today.date);
  } catch {
    /* keep the browser's date */
  }
}

function main() {
  settleAnimations();
  const strategiesReady = loadStrategies();
  initStats({ getGame: currentGame, share, playAgain: startPractice, review: reviewCurrentGame });
  initPlay({ isActive: () => page === "play", review: reviewCurrentGame });
  initAssist({ strategiesReady });
  initBot();
  initReview();

  setContrast(storage.get(CONTRAST_KEY) === "high", { save: false });
  byId("contrast-toggle").addEventListener("click", () => {
    setContrast(document.documentElement.dataset.contrast !== "high");
  });

  window.addEventListener("hashchange", route);
  route();

  Promise.allSettled([strategiesReady, loadToday(), resume()]).then(() => {
    document.documentElement.dataset.ready = "true";
  });
}

main();
