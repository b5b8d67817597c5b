// The installable app's page side: the service worker's registration (web/pwa.py serves it at
// /sw.js: the pages open offline) and the banner that says, while the server cannot be
// reached, that the pages open but play needs the server.

import { h } from "./dom.js";

const MESSAGE = "You are offline: the pages open, but play needs the wordlekit server.";

/** Register the worker and show the banner whenever the browser is (or seems) offline. */
export function setupOffline(doc) {
  const banner = h(
    "p",
    { class: "offline-banner", role: "status", "data-testid": "offline-banner", hidden: true },
    MESSAGE,
  );
  doc.body.prepend(banner);
  const show = (offline) => {
    banner.hidden = !offline;
  };
  window.addEventListener("offline", () => show(true));
  window.addEventListener("online", () => show(false));
  // a request failed for want of the server (api.js): offline as far as play goes
  window.addEventListener("wordlekit:unreachable", () => show(true));
  show(navigator.onLine === false);

  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {
      /* blocked (a private window, a policy): the app works the same, online only */
    });
  }
  return banner;
}
