// @ts-check
// DOM building without HTML parsing: every piece of data becomes a text node or an attribute
// value, never markup (docs/explorer.md, security).

/** @typedef {Node | string | number | boolean | null | undefined | Children} Child */
/** @typedef {Array<Child>} Children */
/** @typedef {Record<string, unknown>} Props */
/** @typedef {{ cells: Child[], attrs?: Props }} Row */

/**
 * An http(s) URL from the data, or null: no javascript: or data: links.
 * @param {unknown} url
 * @returns {string | null}
 */
export function safeHref(url) {
  if (typeof url !== 'string' || url === '') return null;
  try {
    const parsed = new URL(url, window.location.href);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/**
 * Appends children, arrays flattened: nodes as they are, anything else as text.
 * @template {Element} E
 * @param {E} node
 * @param {Child[]} children
 * @returns {E}
 */
export function append(node, children) {
  for (const child of children) {
    if (Array.isArray(child)) append(node, child);
    else if (child !== null && child !== undefined && child !== false) node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

/**
 * `el('a', { href, class: 'x', onclick: fn }, 'text', child)`.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Props} [props]
 * @param {Child[]} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'class') node.className = String(value);
    else if (key.startsWith('on') && typeof value === 'function') node.addEventListener(key.slice(2), /** @type {EventListener} */ (value));
    else if (key === 'dataset') Object.assign(node.dataset, /** @type {Record<string, string>} */ (value));
    else if (key === 'href') {
      const href = safeHref(value);
      if (href) node.setAttribute('href', href);
    } else node.setAttribute(key, value === true ? '' : String(value));
  }
  return append(node, children);
}

/**
 * A link to a source document, or the text alone when there is no usable URL.
 * @param {string | null | undefined} url
 * @param {string} text
 * @returns {HTMLAnchorElement | string}
 */
export const sourceLink = (url, text) => {
  const href = safeHref(url);
  return href ? el('a', { href, rel: 'noopener noreferrer', target: '_blank' }, text) : text;
};

/**
 * A missing value, shown as missing with its reason (never as 0).
 * @param {string} reason
 */
export const missing = (reason) => el('span', { class: 'missing' }, `missing: ${reason}`);

/**
 * A table in a keyboard-scrollable region; `rows` are arrays of cells (text or nodes) or `{ cells, attrs }`.
 * @param {string} caption
 * @param {string[]} head
 * @param {(Child[] | Row)[]} rows
 */
export function table(caption, head, rows) {
  const body = rows.map((row) => {
    /** @type {Row} */
    const { cells, attrs = {} } = Array.isArray(row) ? { cells: row } : row;
    return el(
      'tr',
      attrs,
      cells.map((cell) => (cell instanceof Node && cell.nodeName === 'TD' ? cell : el('td', {}, cell))),
    );
  });
  return el(
    'div',
    { class: 'scroll', tabindex: '0', role: 'region', 'aria-label': caption },
    el(
      'table',
      {},
      el('caption', {}, caption),
      el(
        'thead',
        {},
        el(
          'tr',
          {},
          head.map((h) => el('th', { scope: 'col' }, h)),
        ),
      ),
      el('tbody', {}, body),
    ),
  );
}

/**
 * A labelled form control: `<label>text <control></label>`.
 * @param {string} text
 * @param {HTMLElement} control
 * @param {string} [hint]
 */
export const field = (text, control, hint) =>
  el('label', { class: 'field' }, el('span', {}, text), control, hint ? el('small', {}, hint) : null);

/**
 * A view's section, labelled by its heading `title`; `id` names the heading `<id>-title`.
 * @param {string} id
 * @param {string} title
 * @param {Child[]} children
 */
export const viewSection = (id, title, ...children) =>
  el('section', { 'aria-labelledby': `${id}-title` }, el('h2', { id: `${id}-title` }, title), ...children);

/**
 * A `<select name>` of `options`: each a value shown as it is, or a [value, text] pair.
 * @param {string} name
 * @param {(string | [string, string])[]} options
 */
export const select = (name, options) =>
  el(
    'select',
    { name },
    options.map((option) => {
      const [value, text] = Array.isArray(option) ? option : [option, option];
      return el('option', { value }, text);
    }),
  );
