// The public API, called with the key the user gave this tab (sessionStorage: it is gone
// when the tab closes, and never sent anywhere but this origin's /v1/ routes).

const KEY_NAME = 'explorer.api-key';

export const getKey = () => window.sessionStorage.getItem(KEY_NAME);
export const setKey = (key) => window.sessionStorage.setItem(KEY_NAME, key.trim());
export const forgetKey = () => window.sessionStorage.removeItem(KEY_NAME);

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** The words of an error body: FastAPI's `detail` string, or its validation items. */
function describe(status, body) {
  const detail = body && body.detail;
  if (typeof detail === 'string') return `${status}: ${detail}`;
  if (Array.isArray(detail)) return `${status}: ${detail.map((d) => `${(d.loc || []).join('.')}: ${d.msg}`).join('; ')}`;
  return `${status}: the API answered with an error`;
}

async function request(path, params, init = {}) {
  const url = new URL(path, window.location.origin);
  for (const [name, value] of Object.entries(params || {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(name, String(value));
  }
  const key = getKey();
  const headers = { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}) };
  if (key) headers['x-api-key'] = key;
  const response = await fetch(url, { ...init, headers });
  const body = await response.json().catch(() => null);
  if (response.status === 401) window.dispatchEvent(new CustomEvent('explorer:key-needed'));
  if (!response.ok) throw new ApiError(response.status, describe(response.status, body));
  return body;
}

/** `GET path?params`: the `{data, meta}` body. Empty parameters are left out. */
export const apiGet = (path, params) => request(path, params);

/** `POST path` with a JSON body. */
export const apiPost = (path, body) => request(path, {}, { method: 'POST', body: JSON.stringify(body) });
