import { describe, expect, it } from 'vitest';
import { chooseRoute, type RouteSignals } from './choose-route.ts';

const NONE: RouteSignals = {
  reference: false,
  concepts: false,
  comparisons: false,
  condition: false,
  ranking: false,
  narrative: false,
  quote: false,
  plural: false,
  topic: false,
  crossSection: false,
};

describe('chooseRoute', () => {
  it.each<[string, Partial<RouteSignals>, string]>([
    ['comparisons without a company', { comparisons: true }, 'hybrid_screen'],
    ['a ranking without a company', { ranking: true }, 'hybrid_screen'],
    ['a company and comparisons over "companies"', { reference: true, comparisons: true, plural: true }, 'hybrid_screen'],
    ['a narrative question about a company', { reference: true, narrative: true, topic: true }, 'semantic'],
    ['a narrative question about named facts', { reference: true, narrative: true, concepts: true }, 'hybrid'],
    ['a narrative question about facts of no company', { narrative: true, concepts: true }, 'semantic'],
    ['a price of a company', { reference: true, quote: true }, 'quote'],
    ['a price of no company', { quote: true }, 'semantic'],
    ['a price and named facts', { reference: true, quote: true, concepts: true }, 'exact'],
    ['a condition on a company', { reference: true, concepts: true, comparisons: true, condition: true }, 'filter'],
    ['a comparison that made no condition', { reference: true, concepts: true, comparisons: true }, 'exact'],
    ['named facts of a company', { reference: true, concepts: true }, 'exact'],
    ['a cross-section of every company', { concepts: true, plural: true, crossSection: true }, 'filter'],
    ['a narrative question over every company', { concepts: true, narrative: true, crossSection: true }, 'semantic'],
    ['a ranking over every company', { concepts: true, ranking: true, crossSection: true }, 'hybrid_screen'],
    ['a company and a topic', { reference: true, topic: true }, 'semantic'],
    ['a company alone', { reference: true }, 'exact'],
    ['nothing at all', {}, 'semantic'],
  ])('%s → %s', (_, signals, route) => {
    expect(chooseRoute({ ...NONE, ...signals })).toBe(route);
  });
});
