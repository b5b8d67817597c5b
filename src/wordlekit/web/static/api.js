// The JSON API client. Every error the server sends is {"error": "..."}; it becomes an ApiError
// carrying the HTTP status and that message, so callers can show it as it is. And the one
// cancellation helper of the pages: a newer request makes the older ones obsolete. Every
// request names the word list chosen (lists.js adds `?list=`).

import { withList } from "./lists.js";

export class ApiError extends Error {
  /** `data` is the server's whole JSON error body (e.g. the `turn` of a contradiction). */
  constructor(status, message, data = null) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.data = data;
  }
}

/**
 * Send a request; resolve to {status, data} on 2xx, reject with an ApiError otherwise. With a
 * `signal` that is aborted (before or after the answer arrived) it rejects with an AbortError
 * instead: an answer that is no longer wanted never reaches the caller.
 */
export async function request(path, { method = "GET", body, signal } = {}) {
  const init = {
    method,
    headers: { Accept: "application/json" },
    credentials: "same-origin",
    cache: "no-store",
    signal,
  };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  for (let attempt = 0; ; attempt += 1) {
    try {
      response = await fetch(withList(path), init);
    } catch (err) {
      if (isAbort(err)) throw err;
      // pwa.js shows the offline banner: the pages open without the server, play needs it
      window.dispatchEvent(new Event("wordlekit:unreachable"));
      throw new ApiError(0, "Cannot reach the wordlekit server. Is it still running?");
    }
    // Refused for a moment only (this player's other long computations, still running, say
    // to wait a second): wait and ask again, as the player would be told to, a few times.
    const wait = Number(response.headers.get("Retry-After"));
    if (response.status !== 429 || !(wait > 0 && wait <= 1) || attempt >= SHORT_RETRIES) break;
    await response.text();
    await pause(wait * 1000, signal);
  }
  const text = await response.text();
  signal?.throwIfAborted();
  let data = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) {
    const message =
      data && typeof data.error === "string"
        ? data.error
        : `The server answered ${response.status} ${response.statusText || ""}`.trim();
    throw new ApiError(response.status, message, data);
  }
  return { status: response.status, data };
}

/** Retries of a request refused for a second (at most this many seconds of waiting). */
const SHORT_RETRIES = 8;

/** Wait `ms`, or reject with an AbortError as soon as `signal` is aborted. */
function pause(ms, signal) {
  return new Promise((resolve, reject) => {
    signal?.throwIfAborted();
    const timer = window.setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        window.clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/** Like request() but resolves to the JSON body only. */
export async function api(path, options) {
  return (await request(path, options)).data;
}

/** Whether an error is the AbortError of a cancelled request (to be ignored, not shown). */
export function isAbort(err) {
  return Boolean(err) && err.name === "AbortError";
}

/**
 * Cancellation of requests that a newer one makes obsolete, one AbortController at a time.
 * `renew()` aborts every request made with the current signal and returns a fresh signal for
 * the next ones; `signal` is the current one (for requests that belong to the same thing, such
 * as the game being played). Requests made with an aborted signal reject with an AbortError.
 */
export function cancellation() {
  let controller = new AbortController();
  return {
    get signal() {
      return controller.signal;
    },
    renew() {
      controller.abort();
      controller = new AbortController();
      return controller.signal;
    },
  };
}
