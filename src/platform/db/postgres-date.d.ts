// postgres-date ships no types: a timestamp's text as PostgreSQL writes it, read as pg-types reads it
// (a Date; Infinity or -Infinity for 'infinity'; null for text it cannot read).
declare module 'postgres-date' {
  export default function parseDate(text: string): Date | number | null;
}
