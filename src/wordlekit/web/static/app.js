// wordlekit in the browser: the pages (hash routing), the header, and the start-up. Every page
// is made by its factory over its root element; this module holds no state of its own.

import { api } from "./api.js";
import { createAssistPage } from "./assist.js";
import { createBoardsAssist } from "./boards_assist.js";
import { createBotPage } from "./bot.js";
import { byId, focusAfterClose, h, settleAnimations, storage } from "./dom.js";
import { setupLists } from "./lists.js";
import { createPlayPage, oneFixedBoard } from "./play.js";
import { setupOffline } from "./pwa.js";
import { createReviewPage } from "./review.js";
import { createStatsDialog } from "./stats.js";
import { createTransfer } from "./transfer.js";

const TITLES = Object.freeze({
  play: "wordlekit: play",
  assist: "wordlekit: assist",
  bot: "wordlekit: bot",
  review: "wordlekit: review",
  boards: "wordlekit: boards helper",
});
// Old addresses: Absurdle is a variant of the Play page now.
const ALIASES = Object.freeze({ absurdle: { page: "play", variant: "absurdle" } });
const CONTRAST_KEY = "wordlekit.contrast";
// Used when /api/strategies cannot be reached, so the selects are never empty.
const FALLBACK_STRATEGIES = Object.freeze([
  { name: "entropy", summary: "most expected information (bits)" },
]);
// Used when /api/daily cannot be reached: the browser's date and the usual word length.
const FALLBACK_INFO = Object.freeze({ date: null, length: 5 });

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
  try {
    const strategies = await api("/api/strategies");
    if (Array.isArray(strategies) && strategies.length) return strategies;
  } catch {
    /* the fallback below */
  }
  return FALLBACK_STRATEGIES;
}

/** Today's puzzle and the word length of the server's list: {date, number, length}. */
async function loadInfo() {
  try {
    const info = await api("/api/daily");
    if (info && Number.isInteger(info.length)) return info;
  } catch {
    /* the fallback below */
  }
  return FALLBACK_INFO;
}

function createApp(doc) {
  const section = (name) => doc.querySelector(`section[data-page="${name}"]`);
  let current = "play";

  const info = loadInfo();
  // The selects are filled once the strategies arrive (after the pages below are made, so the
  // Assist page has put back the strategy it saved as the one wanted).
  const strategies = loadStrategies().then((list) => {
    fillStrategies(byId("assist-strategy"), byId("assist-strategy-summary"), list);
    fillStrategies(byId("bot-strategy"), byId("bot-strategy-summary"), list);
  });
  const stats = createStatsDialog(byId("stats-dialog"), {
    getGame: () => play.currentGame(),
    variant: () => play.currentVariant(),
    canReview: oneFixedBoard,
    share: (where) => play.share(where),
    playAgain: () => play.startPractice(),
    review: reviewCurrentGame,
  });
  createTransfer(byId("transfer"), { moved: () => stats.open() });
  const play = createPlayPage(section("play"), {
    isActive: () => current === "play",
    review: reviewCurrentGame,
    openStats: () => stats.open(),
  });
  const assist = createAssistPage(section("assist"), {
    ready: Promise.all([strategies, info]).then(([, about]) => about),
  });
  const bot = createBotPage(section("bot"));
  const review = createReviewPage(section("review"));
  const boards = createBoardsAssist(section("boards"));

  function route() {
    let wanted = window.location.hash.replace(/^#\/?/, "");
    const alias = ALIASES[wanted];
    if (alias) {
      play.chooseVariant(alias.variant);
      window.history.replaceState(null, "", `#${alias.page}`);
      wanted = alias.page;
    }
    const previous = current;
    current = wanted in TITLES ? wanted : "play";
    for (const el of doc.querySelectorAll("section[data-page]")) {
      el.hidden = el.dataset.page !== current;
    }
    for (const link of doc.querySelectorAll("[data-nav]")) {
      if (link.dataset.nav === current) link.setAttribute("aria-current", "page");
      else link.removeAttribute("aria-current");
    }
    doc.body.dataset.currentPage = current;
    doc.title = TITLES[current];
    if (current === "assist") assist.activate();
    if (current === "boards") boards.activate();
    // Moving between pages by the navigation puts the focus at the start of the new page.
    if (previous !== current && doc.activeElement?.closest?.("[data-nav]")) {
      byId("main").focus({ preventScroll: true });
    }
  }

  /** Show the Review page with the review of the finished game of the Play page. */
  function reviewCurrentGame() {
    const game = play.currentGame();
    if (!oneFixedBoard(game) || game.status === "playing") return;
    if (window.location.hash !== "#review") window.location.hash = "#review";
    route(); // now, not at the hashchange: the review page must be visible to take the focus
    review.reviewPlayedGame(game);
  }

  function setContrast(high, { save = true } = {}) {
    if (high) doc.documentElement.dataset.contrast = "high";
    else delete doc.documentElement.dataset.contrast;
    byId("contrast-toggle").setAttribute("aria-pressed", String(high));
    if (save) storage.set(CONTRAST_KEY, high ? "high" : "normal");
    doc.dispatchEvent(new CustomEvent("wordlekit:contrast", { detail: { high } }));
  }

  function start() {
    settleAnimations(doc);
    const sized = info.then((about) => {
      play.setInfo(about);
      bot.setLength(about.length);
      review.setLength(about.length);
    });
    setContrast(storage.get(CONTRAST_KEY) === "high", { save: false });
    byId("contrast-toggle").addEventListener("click", () => {
      setContrast(doc.documentElement.dataset.contrast !== "high");
    });
    byId("stats-button").addEventListener("click", () => stats.open());
    // A dialog gives the focus back to the control that opened it; on Play it goes to the
    // board instead, so that typing a word and Enter play it (Enter never reopens the dialog).
    focusAfterClose(byId("stats-dialog"), () => {
      if (current === "play") play.focusBoard();
    });
    window.addEventListener("hashchange", route);
    route();
    // The variants come before the game kept in this browser is shown (its variant is then
    // one of the chooser's).
    const resumed = play.loadVariants().then(() => play.resume());
    Promise.allSettled([strategies, sized, resumed]).then(() => {
      doc.documentElement.dataset.ready = "true";
    });
  }

  return { start };
}

// The offline banner and the service worker first: offline, the lists cannot be fetched.
setupOffline(document);
// The word list first: every page and request of the app is for it.
await setupLists(byId("list-select"));
createApp(document).start();
