// Company: search, the candidates listed for the user to choose (never a silent pick), then
// the chosen company's identity history from GET /v1/companies.
import { apiGet, apiPost } from '../api.js';
import { el, field, sourceLink, table, viewSection } from '../dom.js';
import { instant } from '../format.js';
import { state, update } from '../state.js';

const SCHEMES = { name: 'Name', nse: 'NSE symbol', bse: 'BSE code', isin: 'ISIN', cin: 'CIN' };

const period = (i) => (i.first_seen ? `${i.first_seen} to ${i.last_seen ?? 'now'}` : 'linked, not dated');

const resolves = (i) => (i.resolves_from || i.resolves_until ? `${i.resolves_from ?? 'always'} to ${i.resolves_until ?? 'now'}` : 'always');

// A list that states no date shows a day inferred from its content, the earliest it can be;
// its known_at is then only when it was received. Both are said, so neither reads as the other.
const shows = (s) =>
  s.observed_on
    ? `, shows ${s.observed_on_basis === 'inferred' ? `${s.observed_on} or later (inferred from its content)` : s.observed_on}`
    : '';

const known = (s) => `, known ${instant(s.known_at)}${s.known_at_basis === 'received' ? ' (when received)' : ''}`;

const sources = (i) =>
  el(
    'ul',
    { class: 'sources' },
    i.sources.map((s) => el('li', {}, `${s.kind} (${s.source}) `, sourceLink(s.url, s.file ?? 'source'), shows(s), known(s))),
    i.source_count > i.sources.length ? el('li', {}, `and ${i.source_count - i.sources.length} more`) : null,
  );

/** The profile of the company with this id: listed by its name, then picked out by id. */
async function loadProfile(company) {
  const body = await apiGet('/v1/companies', { q: company.name, limit: 500 });
  return body.data.find((c) => c.id === company.id) ?? null;
}

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

export function companyView(ctx) {
  const input = el('input', { type: 'search', name: 'company-query', required: true, maxlength: '200', autocomplete: 'off' });
  const candidates = el('div', { class: 'candidates' });
  const profileBox = el('div', {});

  const choose = async (hit) => {
    update({
      company: { id: hit.company_id, name: hit.name, nse_symbol: hit.nse_symbol, bse_code: hit.bse_code, isin: hit.isin },
      fact: null,
    });
    profileBox.replaceChildren(el('p', {}, `Loading ${hit.name}…`));
    try {
      const profile = await loadProfile(state.company);
      profileBox.replaceChildren(profile ? renderProfile(profile) : el('p', {}, 'The company list does not hold this company.'));
      ctx.status(`Chose ${hit.name}. The other views now show it.`);
    } catch (error) {
      profileBox.replaceChildren(ctx.failure(error));
    }
  };

  const search = async (event) => {
    event.preventDefault();
    const query = input.value.trim();
    if (!query) return;
    candidates.replaceChildren(el('p', {}, 'Searching…'));
    try {
      const body = await apiPost('/v1/search', { query, kinds: ['company'], limit: 10 });
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
      candidates.replaceChildren(ctx.failure(error));
    }
  };

  const section = viewSection(
    'company',
    'Company',
    el(
      'form',
      { class: 'row', role: 'search', onsubmit: (e) => void search(e) },
      field('Company name, ticker or ISIN', input),
      el('button', { type: 'submit' }, 'Search'),
    ),
    candidates,
    profileBox,
  );
  return { id: 'company', label: 'Company', section, show: () => undefined };
}
