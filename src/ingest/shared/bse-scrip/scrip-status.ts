import type { ListingStatus } from '#schemas/events';
import { lookupTable } from '#platform/lookup-table';

const STATUSES: Readonly<Record<string, ListingStatus>> = lookupTable({
  ACTIVE: 'listed',
  SUSPENDED: 'suspended',
  DELISTED: 'delisted',
});

/** BSE's Status column to a listing status, or null for anything else (the 2015 list has one `N`). */
export function scripStatus(text: string): ListingStatus | null {
  return STATUSES[text.trim().toUpperCase()] ?? null;
}
