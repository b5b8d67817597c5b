// The JSON API client. Every error the server sends is {"error": "..."}; it becomes an ApiError
// carrying the HTTP status and that message, so callers can show it as it is.

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.name = "ApiError";
    this.status = status;
  }
}

/** Send a request; resolve to {status, data} on 2xx, reject with an ApiError otherwise. */
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
  try {
    response = await fetch(path, init);
  } catch (err) {
    if (err && err.name === "AbortError") throw err;
    throw new ApiError(0, "Cannot reach the wordlekit server. Is it still running?");
  }
  const text = await response.text();
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
    throw new ApiError(response.status, message);
  }
  return { status: response.status, data };
}

/** Like request() but resolves to the JSON body only. */
export async function api(path, options) {
  return (await request(path, options)).data;
}
