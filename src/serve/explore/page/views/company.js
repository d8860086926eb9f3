// @ts-check
// Company: search, the candidates listed for the user to choose (never a silent pick), then
// the chosen company's identity history from GET /v1/companies.
import { apiGet, apiPost } from '../api.js';
import { el, field, sourceLink, table, viewSection } from '../dom.js';
import { instant } from '../format.js';
import { latestOnly } from '../latest.js';
import { update } from '../state.js';

/**
 * A source that showed an identifier.
 * @typedef {object} IdentifierSource
 * @property {string} kind
 * @property {string} source
 * @property {string | null} url
 * @property {string | null} file
 * @property {string | null} observed_on
 * @property {string | null} observed_on_basis
 * @property {string} known_at
 * @property {string | null} known_at_basis
 */
/**
 * A name, symbol, code or ISIN of the company, with when it was seen and resolves.
 * @typedef {object} Identifier
 * @property {string} scheme
 * @property {string} value
 * @property {boolean} current
 * @property {string | null} first_seen
 * @property {string | null} last_seen
 * @property {string | null} resolves_from
 * @property {string | null} resolves_until
 * @property {string} linked_by
 * @property {IdentifierSource[]} sources
 * @property {number} source_count
 */
/** @typedef {{ exchange: string, status: string, valid_from: string, valid_to: string | null, basis: string }} Listing */
/**
 * A company as GET /v1/companies lists it (the fields read here).
 * @typedef {object} Profile
 * @property {string} id
 * @property {string} name
 * @property {string | null} sector
 * @property {string | null} industry
 * @property {string} listing_status
 * @property {string | null} listing_date
 * @property {string} known_at
 * @property {Identifier[]} identifiers
 * @property {Listing[]} listings
 */
/**
 * A hit of POST /v1/search.
 * @typedef {object} SearchHit
 * @property {string} kind
 * @property {string} company_id
 * @property {string} name
 * @property {string | null} nse_symbol
 * @property {string | null} bse_code
 * @property {string | null} isin
 * @property {string} match
 * @property {number} score
 */

/** @type {Partial<Record<string, string>>} */
const SCHEMES = { name: 'Name', nse: 'NSE symbol', bse: 'BSE code', isin: 'ISIN', cin: 'CIN' };

/** @param {Identifier} i */
const period = (i) => (i.first_seen ? `${i.first_seen} to ${i.last_seen ?? 'now'}` : 'linked, not dated');

/** @param {Identifier} i */
const resolves = (i) => (i.resolves_from || i.resolves_until ? `${i.resolves_from ?? 'always'} to ${i.resolves_until ?? 'now'}` : 'always');

// A list that states no date shows a day inferred from its content, the earliest it can be;
// its known_at is then only when it was received. Both are said, so neither reads as the other.
/** @param {IdentifierSource} s */
const shows = (s) =>
  s.observed_on
    ? `, shows ${s.observed_on_basis === 'inferred' ? `${s.observed_on} or later (inferred from its content)` : s.observed_on}`
    : '';

/** @param {IdentifierSource} s */
const known = (s) => `, known ${instant(s.known_at)}${s.known_at_basis === 'received' ? ' (when received)' : ''}`;

/** @param {Identifier} i */
const sources = (i) =>
  el(
    'ul',
    { class: 'sources' },
    i.sources.map((s) => el('li', {}, `${s.kind} (${s.source}) `, sourceLink(s.url, s.file ?? 'source'), shows(s), known(s))),
    i.source_count > i.sources.length ? el('li', {}, `and ${i.source_count - i.sources.length} more`) : null,
  );

/**
 * The profile of the company with this id: listed by its name, then picked out by id.
 * @param {import('../state.js').Company} company
 * @returns {Promise<Profile | null>}
 */
async function loadProfile(company) {
  const body = /** @type {import('../api.js').Envelope<Profile[], unknown>} */ (
    await apiGet('/v1/companies', { q: company.name, limit: 500 })
  );
  return body.data.find((c) => c.id === company.id) ?? null;
}

/** @param {Profile} profile */
function renderProfile(profile) {
  return el(
    'div',
    { class: 'profile' },
    el('h3', {}, profile.name),
    el(
      'p',
      {},
      `Company id ${profile.id}. ${profile.sector ?? 'Sector not known'}; ${profile.industry ?? 'industry not known'}. `,
      `Listing status: ${profile.listing_status}${profile.listing_date ? `, listed ${profile.listing_date}` : ''}. Known since ${instant(profile.known_at)}.`,
    ),
    table(
      'Identity history: every name, symbol, code and ISIN, with its period and sources',
      ['Identifier', 'Value', 'Current', 'Seen (period)', 'Resolves to this company', 'Linked by', 'Sources'],
      profile.identifiers.map((i) => [
        SCHEMES[i.scheme] ?? i.scheme,
        i.value,
        i.current ? 'yes' : 'no',
        period(i),
        resolves(i),
        i.linked_by,
        sources(i),
      ]),
    ),
    table(
      'Listing status by exchange',
      ['Exchange', 'Status', 'From', 'To', 'Basis'],
      profile.listings.map((l) => [l.exchange, l.status, l.valid_from, l.valid_to ?? 'now', l.basis]),
    ),
  );
}

/**
 * @param {import('../app.js').ViewContext} ctx
 * @returns {import('../app.js').View}
 */
export function companyView(ctx) {
  const input = el('input', { type: 'search', name: 'company-query', required: true, maxlength: '200', autocomplete: 'off' });
  const candidates = el('div', { class: 'candidates' });
  const profileBox = el('div', {});
  const startSearch = latestOnly();
  const startChoice = latestOnly();

  /** @param {SearchHit} hit */
  const choose = async (hit) => {
    const current = startChoice();
    /** @type {import('../state.js').Company} */
    const company = { id: hit.company_id, name: hit.name, nse_symbol: hit.nse_symbol, bse_code: hit.bse_code, isin: hit.isin };
    update({
      company,
      fact: null,
    });
    profileBox.replaceChildren(el('p', {}, `Loading ${hit.name}…`));
    try {
      const profile = await loadProfile(company);
      if (!current()) return;
      profileBox.replaceChildren(profile ? renderProfile(profile) : el('p', {}, 'The company list does not hold this company.'));
      ctx.status(`Chose ${hit.name}. The other views now show it.`);
    } catch (error) {
      if (current()) profileBox.replaceChildren(ctx.failure(error));
    }
  };

  /** @param {SubmitEvent} event */
  const search = async (event) => {
    event.preventDefault();
    const query = input.value.trim();
    if (!query) return;
    const current = startSearch();
    candidates.replaceChildren(el('p', {}, 'Searching…'));
    try {
      const body = /** @type {import('../api.js').Envelope<{ hits: SearchHit[] }, unknown>} */ (
        await apiPost('/v1/search', { query, kinds: ['company'], limit: 10 })
      );
      if (!current()) return;
      const hits = body.data.hits.filter((h) => h.kind === 'company');
      candidates.replaceChildren(
        hits.length === 0
          ? el('p', {}, `No company matches “${query}”.`)
          : el(
              'div',
              {},
              el('h3', { id: 'candidates-heading' }, `Candidates for “${query}”: choose one`),
              el(
                'ul',
                { class: 'candidate-list', 'aria-labelledby': 'candidates-heading' },
                hits.map((hit) =>
                  el(
                    'li',
                    {},
                    el(
                      'button',
                      { type: 'button', class: 'candidate', onclick: () => void choose(hit) },
                      el('strong', {}, hit.name),
                      ` NSE ${hit.nse_symbol ?? '–'} · BSE ${hit.bse_code ?? '–'} · ISIN ${hit.isin ?? '–'} · ${hit.match} match, score ${hit.score}`,
                    ),
                  ),
                ),
              ),
            ),
      );
    } catch (error) {
      if (current()) candidates.replaceChildren(ctx.failure(error));
    }
  };

  const section = viewSection(
    'company',
    'Company',
    el(
      'form',
      { class: 'row', role: 'search', onsubmit: (/** @type {SubmitEvent} */ e) => void search(e) },
      field('Company name, ticker or ISIN', input),
      el('button', { type: 'submit' }, 'Search'),
    ),
    candidates,
    profileBox,
  );
  return { id: 'company', label: 'Company', section, show: () => undefined };
}
