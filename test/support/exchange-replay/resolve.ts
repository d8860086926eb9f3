import type { ApiContext, Catalogue, DatedSeries, ReplayHost, ServedApi, ServedFile } from './catalogue.ts';
import { addDays, eveningOf } from './dates.ts';
import { NOT_AVAILABLE_PAGE, NOT_FOUND_PAGE } from './pages.ts';
import type { Publications } from './publications.ts';

/** What a path answers, before the misbehaviours of the transport (cookies, 429s, delays). */
export interface Resolved {
  readonly status: number;
  readonly body: Uint8Array | string;
  readonly contentType: string;
  /** When the body was last changed, for Last-Modified (files only). */
  readonly modifiedAt?: number;
}

export interface ResolveSettings extends ApiContext {
  readonly holidays: ReadonlySet<string>;
}

const HTML = 'text/html; charset=utf-8';
const notAvailable: Resolved = { status: 200, body: NOT_AVAILABLE_PAGE, contentType: HTML };
const notFound: Resolved = { status: 404, body: NOT_FOUND_PAGE, contentType: HTML };

/** How far back a holiday looks for the session before it (a long weekend and a holiday or two). */
const HOLIDAY_LOOKBACK_DAYS = 10;

export class Resolver {
  readonly #files = new Map<string, ServedFile>();
  readonly #apis = new Map<string, ServedApi>();

  readonly #series: readonly DatedSeries[];
  readonly #settings: ResolveSettings;
  readonly #publications: Publications;
  readonly #startedAt: number;

  constructor(catalogue: Catalogue, settings: ResolveSettings, publications: Publications, startedAt: number) {
    this.#series = catalogue.series;
    this.#settings = settings;
    this.#publications = publications;
    this.#startedAt = startedAt;
    for (const file of catalogue.files) this.#files.set(`${file.host}${file.path}`, file);
    for (const api of catalogue.apis) this.#apis.set(`${api.host}${api.path}`, api);
  }

  resolve(host: ReplayHost, path: string, rawQuery: string): Resolved {
    const state = this.#publications.stateOf(host, path, rawQuery);
    if (state?.kind === 'published') {
      const { body, contentType, at } = state.publication;
      return { status: 200, body, contentType, modifiedAt: at };
    }
    if (state?.kind === 'unpublished') return notAvailable;
    const series = this.#series.find((s) => s.host === host && s.dayOf(path) !== undefined);
    if (series) return this.#dated(series, series.dayOf(path)!);
    const file = this.#files.get(`${host}${path}`);
    if (file) return this.#file(file);
    const api = this.#apis.get(`${host}${path}`);
    if (api) return api.answer(new URLSearchParams(rawQuery), this.#settings);
    return notFound;
  }

  #unpublishedOn(day: string | undefined): boolean {
    const { publishedUntil } = this.#settings;
    return day !== undefined && publishedUntil !== undefined && day > publishedUntil;
  }

  #file(file: ServedFile, day = file.day): Resolved {
    if (this.#unpublishedOn(day)) return notAvailable;
    return { status: 200, body: file.body(), contentType: file.contentType, modifiedAt: file.day ? eveningOf(file.day) : this.#startedAt };
  }

  /**
   * A file of a dated series: not yet published after `publishedUntil`; on a holiday, the
   * previous session's bytes under the holiday's name (as the exchanges have done); else the
   * day's file, or 404 when the corpus has none.
   */
  #dated(series: DatedSeries, day: string): Resolved {
    if (this.#unpublishedOn(day)) return notAvailable;
    if (this.#settings.holidays.has(day)) {
      for (let back = 1; back <= HOLIDAY_LOOKBACK_DAYS; back++) {
        const previous = addDays(day, -back);
        if (this.#settings.holidays.has(previous)) continue;
        const state = this.#publications.stateOf(series.host, series.pathFor(previous), '');
        if (state?.kind === 'published')
          return {
            status: 200,
            body: state.publication.body,
            contentType: state.publication.contentType,
            modifiedAt: state.publication.at,
          };
        const file = this.#files.get(`${series.host}${series.pathFor(previous)}`);
        if (file && state?.kind !== 'unpublished') return this.#file(file, previous);
      }
      return notFound;
    }
    const file = this.#files.get(`${series.host}${series.pathFor(day)}`);
    return file ? this.#file(file) : notFound;
  }
}
