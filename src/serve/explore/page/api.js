// @ts-check
// The public API, called with the key the user gave this tab (sessionStorage: it is gone
// when the tab closes, and never sent anywhere but this origin's /v1/ routes).

/** @typedef {Record<string, string | number | null | undefined>} Params */
/**
 * A response body: the data and what the API says about it.
 * @template D, M
 * @typedef {{ data: D, meta: M }} Envelope
 */
/** @typedef {{ loc?: (string | number)[], msg: string }} ValidationItem */
/** @typedef {{ detail?: string | ValidationItem[] } | null} ErrorBody */

const KEY_NAME = 'explorer.api-key';

/** @returns {string | null} */
export const getKey = () => window.sessionStorage.getItem(KEY_NAME);
/** @param {string} key */
export const setKey = (key) => window.sessionStorage.setItem(KEY_NAME, key.trim());
export const forgetKey = () => window.sessionStorage.removeItem(KEY_NAME);

export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {string} message
   */
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/**
 * The words of an error body: FastAPI's `detail` string, or its validation items.
 * @param {number} status
 * @param {ErrorBody} body
 */
function describe(status, body) {
  const detail = body && body.detail;
  if (typeof detail === 'string') return `${status}: ${detail}`;
  if (Array.isArray(detail)) return `${status}: ${detail.map((d) => `${(d.loc || []).join('.')}: ${d.msg}`).join('; ')}`;
  return `${status}: the API answered with an error`;
}

/**
 * @param {string} path
 * @param {Params} [params]
 * @param {RequestInit} [init]
 * @returns {Promise<unknown>} the body; each caller states the shape it reads
 */
async function request(path, params, init = {}) {
  const url = new URL(path, window.location.origin);
  for (const [name, value] of Object.entries(params || {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(name, String(value));
  }
  const key = getKey();
  /** @type {Record<string, string>} */
  const headers = { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}) };
  if (key) headers['x-api-key'] = key;
  const response = await fetch(url, { ...init, headers });
  /** @type {unknown} */
  const body = await response.json().catch(() => null);
  if (response.status === 401) window.dispatchEvent(new CustomEvent('explorer:key-needed'));
  if (!response.ok) throw new ApiError(response.status, describe(response.status, /** @type {ErrorBody} */ (body)));
  return body;
}

/**
 * `GET path?params`: the `{data, meta}` body. Empty parameters are left out.
 * @param {string} path
 * @param {Params} [params]
 */
export const apiGet = (path, params) => request(path, params);

/**
 * `POST path` with a JSON body.
 * @param {string} path
 * @param {unknown} body
 */
export const apiPost = (path, body) => request(path, {}, { method: 'POST', body: JSON.stringify(body) });
