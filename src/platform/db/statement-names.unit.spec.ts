import { expect, it } from 'vitest';
import { statementNames } from './statement-names.ts';

it('names each text once, the same name every time it is read', () => {
  const nameOf = statementNames(4);
  expect(nameOf('select 1')).toBe('imd_read_1');
  expect(nameOf('select 2')).toBe('imd_read_2');
  expect(nameOf('select 1')).toBe('imd_read_1');
});

it('names no new text past its limit, and still names the texts it named', () => {
  const nameOf = statementNames(2);
  nameOf('select 1');
  nameOf('select 2');
  expect(nameOf('select 3')).toBeUndefined();
  expect(nameOf('select 2')).toBe('imd_read_2');
});
