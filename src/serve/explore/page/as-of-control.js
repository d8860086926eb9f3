// @ts-check
// An as_of control: a date picker and a slider whose stops are the company's filing times
// (and, last, "now"), kept in step. The value is an instant or a date (the API reads a date
// alone as its midnight UTC), or null for current knowledge.
import { el, field } from './dom.js';
import { instant } from './format.js';

/** @typedef {{ known_at: string, title: string }} FilingStop a filing time the slider stops at */
/**
 * @typedef {object} AsOfControl
 * @property {HTMLFieldSetElement} element
 * @property {string | null} value the instant or date chosen; null for now
 * @property {(nextFilings: FilingStop[], start: string | null) => void} reset
 */

/**
 * @param {{ name: string, legend: string, onChange: (value: string | null) => void }} options
 * @returns {AsOfControl}
 */
export function createAsOfControl({ name, legend, onChange }) {
  /** @type {FilingStop[]} */
  let filings = [];
  /** @type {string | null} */
  let value = null;
  const date = el('input', { type: 'date', name: `${name}-date` });
  const slider = el('input', { type: 'range', name: `${name}-slider`, min: '0', max: '0', step: '1', value: '0' });
  const now = el('button', { type: 'button' }, 'Now');
  const shown = el('output', { class: 'as-of-shown', 'aria-live': 'polite' });

  const describe = () => {
    if (value === null) return 'now: everything known';
    const stop = filings.find((f) => f.known_at === value);
    return stop ? `${instant(value)}, when “${stop.title}” was disseminated` : `${value} (00:00 UTC)`;
  };
  const render = () => {
    const words = describe();
    shown.textContent = `as_of = ${words}`;
    slider.setAttribute('aria-valuetext', words);
  };
  /**
   * @param {string | null} next
   * @param {'date' | 'slider'} [from] the control that set it, left as it is
   */
  const set = (next, from) => {
    value = next;
    if (from !== 'date') date.value = next ? next.slice(0, 10) : '';
    if (from !== 'slider') {
      const known =
        next === null ? filings.length : filings.filter((f) => f.known_at <= (next.length === 10 ? `${next}T00:00:00` : next)).length - 1;
      slider.value = String(Math.max(known, 0));
    }
    render();
    onChange(value);
  };
  slider.addEventListener('input', () => {
    const index = Number(slider.value);
    set(filings[index]?.known_at ?? null, 'slider');
  });
  date.addEventListener('change', () => set(date.value || null, 'date'));
  now.addEventListener('click', () => set(null));

  const element = el(
    'fieldset',
    { class: 'as-of' },
    el('legend', {}, legend),
    field('Date', date),
    field('Filing times (slide; last stop is now)', slider),
    now,
    shown,
  );
  return {
    element,
    get value() {
      return value;
    },
    /**
     * New stops (filings sorted by known_at), and the value to start at (null: now).
     * @param {FilingStop[]} nextFilings
     * @param {string | null} start
     */
    reset(nextFilings, start) {
      filings = nextFilings;
      slider.max = String(filings.length);
      value = start;
      date.value = start ? start.slice(0, 10) : '';
      const index = start === null ? filings.length : filings.findIndex((f) => f.known_at === start);
      slider.value = String(Math.max(index, 0));
      render();
    },
  };
}
