import { expect, it } from 'vitest';
import { statementNames } from './statement-names.ts';

it('names each text once, the same name every time it is read', () => {
  const names = statementNames(4);
  expect(names.nameOf('select 1')).toBe('imd_read_1');
  expect(names.nameOf('select 2')).toBe('imd_read_2');
  expect(names.nameOf('select 1')).toBe('imd_read_1');
});

it('names no new text past its limit, and still names the texts it named', () => {
  const names = statementNames(2);
  names.nameOf('select 1');
  names.nameOf('select 2');
  expect(names.nameOf('select 3')).toBeUndefined();
  expect(names.nameOf('select 2')).toBe('imd_read_2');
});

it('runs a retired text unnamed from then on, and never gives its name to another', () => {
  const names = statementNames(4);
  names.nameOf('select 1');
  names.retire('select 1');
  expect(names.nameOf('select 1')).toBeUndefined();
  expect(names.nameOf('select 2')).toBe('imd_read_2');
});
