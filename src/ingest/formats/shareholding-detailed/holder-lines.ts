import type { HolderLine } from '#schemas/events';
import { categoryPathOf } from '#ingest/shared/shareholding-support';
import { readFigures } from './read-figures.ts';
import type { SourceCategory } from './source-file.ts';

/** A row's category: SEBI's path for its member, else the extract's names from the top down. */
function categoryOf(node: SourceCategory, ancestors: readonly SourceCategory[]): string {
  const known = node.member ? categoryPathOf(node.member) : undefined;
  if (known) return known;
  const names = [...ancestors, node].map((n) => n.name?.trim()).filter((n): n is string => !!n);
  return (names.join(' / ') || 'Unclassified').slice(0, 200);
}

/**
 * The named holders of a filing (its NameOfTheShareholder rows), in the extract's order, each
 * under its SEBI category. Names keep their words; runs of spaces and line breaks inside a name
 * (the filer's wrapping) become one space. A holder without a usable name is left out, noted.
 */
export function holderLines(
  nodes: readonly SourceCategory[],
  totalShares: number | null,
  ancestors: readonly SourceCategory[] = [],
): { readonly lines: readonly HolderLine[]; readonly notes: readonly string[] } {
  const lines: HolderLine[] = [];
  const notes: string[] = [];
  for (const node of nodes) {
    const category = categoryOf(node, ancestors);
    for (const entity of node.entities ?? []) {
      const name = entity.name.replace(/\s+/g, ' ').trim();
      const figures = readFigures(entity.percentage, entity.shares, totalShares);
      if (name === '' || name.length > 300) notes.push(`a holder in ${category} has no usable name ("${name.slice(0, 40)}"): left out`);
      else if (figures.note) notes.push(`holder "${name}": ${figures.note}; left out`);
      else lines.push({ category, name, shares: figures.shares, percentage: figures.percentage });
    }
    const below = holderLines(node.children ?? [], totalShares, [...ancestors, node]);
    lines.push(...below.lines);
    notes.push(...below.notes);
  }
  return { lines, notes };
}
