import type { RetrievalPlan } from '#schemas/query';
import type { CompanyIdentity } from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';
import { bareName, search } from '#read/search';

// A name as written and as registered compare without case, legal suffix, full stops or the
// difference between "&" and "and": "Larsen and Toubro" is LARSEN & TOUBRO LTD.
const looseName = (name: string): string =>
  bareName(name)
    .toLowerCase()
    .replace(/\s*&\s*/g, ' and ')
    .replace(/[.]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** The one company registered under `phrase` (see looseName), or undefined when none or several are. */
async function companyNamed(db: SqlExecutor, phrase: string): Promise<CompanyIdentity | undefined> {
  const { resolved, candidates } = await search(db, { query: phrase, kinds: ['company'], limit: 10 });
  const wanted = looseName(phrase);
  const named = [...(resolved ? [resolved] : []), ...candidates.map((c) => c.company)].filter(
    (company, i, all) => company.name !== null && looseName(company.name) === wanted && all.findIndex((c) => c.id === company.id) === i,
  );
  return named.length === 1 ? named[0] : undefined;
}

/**
 * The planner reads "A and B" as two companies ("TCS and Infosys"), which splits names that
 * hold an "and" ("Larsen and Toubro", "OCL Iron and Steel", "Oil and Natural Gas
 * Corporation"). Two neighbouring references that the question writes joined by "and" become
 * one, that company's registered name as the exchange writes it, when the joined words are the
 * name of exactly one company; otherwise the plan is left as it is. Only planner plans are
 * joined: a caller's references are its own.
 */
export async function joinNamesWithAnd(db: SqlExecutor, question: string, plan: RetrievalPlan): Promise<RetrievalPlan> {
  const references = plan.references ?? [];
  if (references.length < 2) return plan;
  const joined: string[] = [];
  for (let i = 0; i < references.length; i++) {
    const [first, second] = [references[i] ?? '', references[i + 1]];
    const written = second === undefined ? null : new RegExp(`${escaped(first)}\\s+and\\s+${escaped(second)}`, 'i').exec(question);
    const company = written ? await companyNamed(db, written[0]) : undefined;
    if (company?.name) {
      joined.push(company.name);
      i += 1;
    } else joined.push(first);
  }
  if (joined.length === references.length) return plan;
  const [reference = null, ...others] = joined;
  const single: RetrievalPlan = { ...plan, reference };
  if (others.length > 0) return { ...single, references: joined };
  delete single.references;
  return single;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
