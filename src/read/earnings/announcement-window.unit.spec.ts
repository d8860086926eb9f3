import { expect, it } from 'vitest';
import { announcementWindow } from './announcement-window.ts';

it('runs from midnight IST after the period end through the 60th day after it', () => {
  expect(announcementWindow('2024-12-31')).toEqual({ start: '2024-12-31T18:30:00.000Z', end: '2025-03-01T18:30:00.000Z' });
  // A leap year: 60 days after 31 Dec 2023 is 29 Feb 2024.
  expect(announcementWindow('2023-12-31').end).toBe('2024-02-29T18:30:00.000Z');
  expect(announcementWindow('2024-03-31')).toEqual({ start: '2024-03-31T18:30:00.000Z', end: '2024-05-30T18:30:00.000Z' });
});
