// Stats that move with you, in the statistics dialog: "Get a code" (POST /api/stats/transfer;
// shown big with its expiry counting down), "Enter a code from another device" (POST
// /api/stats/claim: says how many games moved, then the figures are read again), the export
// file (GET /api/stats/export, a download) and its import (POST /api/stats/import).

import { api } from "./api.js";
import { elements, plural } from "./dom.js";

/** The transfer section over its element; `hooks.moved()` reads the statistics again. */
export function createTransfer(section, hooks) {
  const els = elements(section, {
    get: "transfer-get",
    code: "transfer-code",
    expiry: "transfer-expiry",
    claim: "transfer-claim",
    input: "transfer-input",
    submit: "transfer-submit",
    file: "transfer-file",
    status: "transfer-status",
  });
  let timer = null;

  function say(text, state = "ok") {
    els.status.textContent = text;
    section.dataset.state = state;
  }

  function countdown(until) {
    clearInterval(timer);
    const tick = () => {
      const left = Math.max(0, Math.round((until - Date.now()) / 1000));
      if (left === 0) {
        clearInterval(timer);
        els.code.classList.add("expired");
        els.expiry.textContent = "This code has expired: get a new one.";
        return;
      }
      const m = Math.floor(left / 60);
      const s = String(left % 60).padStart(2, "0");
      els.expiry.textContent = `Enter it on the other device within ${m}:${s} (once).`;
    };
    tick();
    timer = setInterval(tick, 1000);
  }

  els.get.addEventListener("click", async () => {
    els.get.disabled = true;
    try {
      const made = await api("/api/stats/transfer", { method: "POST" });
      els.code.textContent = made.code;
      els.code.classList.remove("expired");
      els.code.hidden = false;
      els.expiry.hidden = false;
      countdown(Date.now() + made.expires_in * 1000);
      say("");
    } catch (err) {
      say(err.message, "error");
    } finally {
      els.get.disabled = false;
    }
  });

  els.claim.addEventListener("submit", async (event) => {
    event.preventDefault();
    const code = els.input.value.trim();
    if (!code) {
      say("Type the code shown on the other device.", "error");
      return;
    }
    els.submit.disabled = true;
    try {
      const done = await api("/api/stats/claim", { method: "POST", body: { code } });
      els.input.value = "";
      const dropped = done.dropped
        ? ` (${plural(done.dropped, "duplicate game")} of the same puzzle left out)`
        : "";
      say(`${plural(done.moved, "game")} moved to this device${dropped}.`);
      hooks.moved();
    } catch (err) {
      say(err.message, "error");
    } finally {
      els.submit.disabled = false;
    }
  });

  els.file.addEventListener("change", async () => {
    const file = els.file.files[0];
    if (!file) return;
    let data;
    try {
      data = JSON.parse(await file.text());
    } catch {
      say(`${file.name} is not a JSON file of games.`, "error");
      els.file.value = "";
      return;
    }
    try {
      const done = await api("/api/stats/import", { method: "POST", body: data });
      say(
        `Imported ${plural(done.added, "game")} of ${done.games}` +
          (done.skipped ? ` (${done.skipped} already here).` : "."),
      );
      hooks.moved();
    } catch (err) {
      say(err.message, "error");
    } finally {
      els.file.value = "";
    }
  });
}
