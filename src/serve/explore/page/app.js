// @ts-check
// The explorer's shell: the key form, the view switcher and the status line. Views are
// ES modules in views/; each builds its own section and renders when it is shown.
import { forgetKey, getKey, setKey } from './api.js';
import { el } from './dom.js';
import { subscribe } from './state.js';
import { companyView } from './views/company.js';
import { coverageView } from './views/coverage.js';
import { financialsView } from './views/financials.js';
import { measureView } from './views/measure.js';
import { ownershipView } from './views/ownership.js';
import { pricesView } from './views/prices.js';
import { timelineView } from './views/timeline.js';

/**
 * What the shell gives each view.
 * @typedef {object} ViewContext
 * @property {(message: string) => void} status says something on the status line
 * @property {(error: unknown) => HTMLElement} failure an alert saying what went wrong
 * @property {(id: string) => void} go shows another view
 */
/**
 * A view: its section, built once, and what to do when it is shown and when the company changes.
 * @typedef {object} View
 * @property {string} id
 * @property {string} label
 * @property {HTMLElement} section
 * @property {() => void | Promise<void>} show
 * @property {() => void} [reset]
 */

/**
 * The page's element with this id (index.html holds each).
 * @param {string} id
 */
const byId = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

const status = byId('status');
const nav = byId('views');
const main = byId('main');
const keyForm = /** @type {HTMLFormElement} */ (byId('key-form'));
const keyInput = /** @type {HTMLInputElement} */ (byId('api-key'));
const keyState = byId('key-state');
const forget = /** @type {HTMLButtonElement} */ (byId('forget-key'));
const keyHelp = byId('key-help');

/** @type {ViewContext} */
const ctx = {
  status: (message) => void (status.textContent = message),
  failure: (error) => el('p', { class: 'error', role: 'alert' }, error instanceof Error ? error.message : String(error)),
  go: (id) => show(id),
};
/** @type {View[]} */

const views = [companyView, financialsView, timelineView, measureView, ownershipView, pricesView, coverageView].map((make) => make(ctx));
/** @type {Map<string, HTMLButtonElement>} */
const buttons = new Map();

for (const view of views) {
  view.section.id = `view-${view.id}`;
  view.section.hidden = true;
  main.append(view.section);
  const button = el(
    'button',
    { type: 'button', 'aria-controls': view.section.id, 'aria-pressed': 'false', onclick: () => show(view.id) },
    view.label,
  );
  buttons.set(view.id, button);
  nav.append(el('li', {}, button));
}

/** @param {string} id */
function show(id) {
  for (const view of views) {
    const active = view.id === id;
    view.section.hidden = !active;
    buttons.get(view.id)?.setAttribute('aria-pressed', String(active));
    if (active) void view.show();
  }
  window.history.replaceState(null, '', `#${id}`);
}

// A new company makes every view stale: each reads it again when next shown.
subscribe((patch) => {
  if ('company' in patch) for (const view of views) view.reset?.();
});

/** With a key, the header shrinks to one line saying so; without, it asks for one and says where keys come from. */
function showKeyState() {
  const key = getKey();
  keyState.textContent = key ? 'Using the key kept for this tab (sessionStorage); it is sent only to this service’s API.' : '';
  keyState.hidden = !key;
  keyHelp.hidden = Boolean(key);
  for (const element of keyForm.querySelectorAll('label, input, button[type="submit"]'))
    /** @type {HTMLElement} */ (element).hidden = Boolean(key);
  forget.hidden = !key;
  if (!key) keyInput.focus();
}

keyForm.addEventListener('submit', (event) => {
  event.preventDefault();
  if (!keyInput.value.trim()) return;
  setKey(keyInput.value);
  keyInput.value = '';
  showKeyState();
  ctx.status('Key saved for this tab.');
});
forget.addEventListener('click', () => {
  forgetKey();
  showKeyState();
  ctx.status('Key forgotten.');
});
window.addEventListener('explorer:key-needed', () => {
  forgetKey();
  showKeyState();
  ctx.status('The API refused the key (401): enter a valid one.');
});

showKeyState();
const start = window.location.hash.slice(1);
show(views.some((v) => v.id === start) ? start : 'company');
