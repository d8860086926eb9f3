import type { Company } from './universe.ts';

const HEADER =
  'Security Code,Issuer Name,Security Id,Security Name,Status,Group,Face Value,ISIN No,Industry,Instrument,Sector Name,Industry New Name,Igroup Name,ISubgroup Name';

/** A CSV cell, quoted when it holds a comma (BSE's "Oil, Gas & Consumable Fuels"). */
const cell = (text: string) => (/[",]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/**
 * BSE's list of scrips in its 2024 layout (`Equity.csv`): CRLF, every data row ending with an
 * extra comma, Group padded (`B `), face value with two decimals, BSE's sector names with
 * their commas, and `Industry` repeating the basic industry with commas turned into "- ".
 * It gives each scrip code its ISIN, which is how BSE's corporate actions find their company.
 */
export function writeBseScripList(rows: ReadonlyArray<{ company: Company; faceValue: number }>): Uint8Array {
  const sorted = [...rows].sort((a, b) => a.company.bseCode.localeCompare(b.company.bseCode));
  const lines = sorted.map(({ company: c, faceValue }) => {
    const s = c.sector;
    const cells = [
      c.bseCode,
      c.name,
      c.bseId,
      c.name.toUpperCase(),
      'Active',
      `${c.group} `,
      `${faceValue}.00`,
      c.isin,
      s.industry.replace(/,/g, '-'),
      'Equity',
      s.macro,
      s.bseSector,
      s.group,
      s.industry,
    ];
    return `${cells.map(cell).join(',')},`;
  });
  return new TextEncoder().encode([HEADER, ...lines].map((line) => `${line}\r\n`).join(''));
}
