import { readCsv } from '../read-csv.ts';

/** The UDiFF bhavcopy's 34 columns, in the exchanges' order (as in the real NSE F&O file of ../shared). */
export const UDIFF_COLUMNS = [
  'TradDt', 'BizDt', 'Sgmt', 'Src', 'FinInstrmTp', 'FinInstrmId', 'ISIN', 'TckrSymb', 'SctySrs', 'XpryDt',
  'FininstrmActlXpryDt', 'StrkPric', 'OptnTp', 'FinInstrmNm', 'OpnPric', 'HghPric', 'LwPric', 'ClsPric', 'LastPric',
  'PrvsClsgPric', 'UndrlygPric', 'SttlmPric', 'OpnIntrst', 'ChngInOpnIntrst', 'TtlTradgVol', 'TtlTrfVal',
  'TtlNbOfTxsExctd', 'SsnId', 'NewBrdLotQty', 'Rmks', 'Rsvd1', 'Rsvd2', 'Rsvd3', 'Rsvd4',
] as const; // prettier-ignore

export type UdiffRow = Partial<Record<(typeof UDIFF_COLUMNS)[number], string>>;

const quote = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

/** A UDiFF CSV (LF, final newline, as the real F&O file): cash-market rows of one session. */
export function udiffCsv(rows: readonly UdiffRow[]): Uint8Array {
  const lines = [UDIFF_COLUMNS.join(','), ...rows.map((row) => UDIFF_COLUMNS.map((column) => quote(row[column] ?? '')).join(','))];
  return new TextEncoder().encode(`${lines.join('\n')}\n`);
}

/** Cells by the header's trimmed names. */
function records(bytes: Uint8Array): Array<(name: string) => string> {
  const [header = [], ...rows] = readCsv(new TextDecoder().decode(bytes));
  const index = new Map(header.map((name, i) => [name.trim(), i]));
  return rows.map((cells) => (name: string) => (cells[index.get(name) ?? -1] ?? '').trim());
}

const session = (day: string): UdiffRow => ({ TradDt: day, BizDt: day, Sgmt: 'CM', FinInstrmTp: 'STK', SsnId: 'F1', NewBrdLotQty: '1' });

/**
 * NSE's CM UDiFF for a day, built from that day's real legacy bhavcopy: every row, the
 * legacy values copied as written (no arithmetic). What the legacy file lacks stays empty:
 * the NSE token (`FinInstrmId`) and, for symbols not in EQUITY_L, the name. `SttlmPric` is the
 * close, as in the cash market.
 */
export function udiffFromLegacy(legacy: Uint8Array, day: string, names: ReadonlyMap<string, string>): Uint8Array {
  return udiffCsv(
    records(legacy).map((cell) => ({
      ...session(day),
      Src: 'NSE',
      ISIN: cell('ISIN'),
      TckrSymb: cell('SYMBOL'),
      SctySrs: cell('SERIES'),
      FinInstrmNm: names.get(cell('SYMBOL')) ?? '',
      OpnPric: cell('OPEN'),
      HghPric: cell('HIGH'),
      LwPric: cell('LOW'),
      ClsPric: cell('CLOSE'),
      LastPric: cell('LAST'),
      PrvsClsgPric: cell('PREVCLOSE'),
      SttlmPric: cell('CLOSE'),
      TtlTradgVol: cell('TOTTRDQTY'),
      TtlTrfVal: cell('TOTTRDVAL'),
      TtlNbOfTxsExctd: cell('TOTALTRADES'),
    })),
  );
}

/** A BSE scrip as its scrip list names it. */
export interface BseScrip {
  readonly isin: string;
  readonly id: string;
  readonly name: string;
}

/**
 * BSE's CM UDiFF for a day, built from that day's real legacy `EQDDMMYY.CSV`: its equity
 * rows (SC_TYPE Q), the scrip code as `FinInstrmId`, the group as `SctySrs`, and ISIN and
 * scrip id from BSE's scrip list where it names the code (else empty).
 */
export function bseUdiffFromLegacy(legacy: Uint8Array, day: string, scrips: ReadonlyMap<string, BseScrip>): Uint8Array {
  return udiffCsv(
    records(legacy)
      .filter((cell) => cell('SC_TYPE') === 'Q')
      .map((cell) => {
        const scrip = scrips.get(cell('SC_CODE'));
        return {
          ...session(day),
          Src: 'BSE',
          FinInstrmId: cell('SC_CODE'),
          ISIN: scrip?.isin ?? '',
          TckrSymb: scrip?.id ?? '',
          SctySrs: cell('SC_GROUP'),
          FinInstrmNm: scrip?.name ?? cell('SC_NAME'),
          OpnPric: cell('OPEN'),
          HghPric: cell('HIGH'),
          LwPric: cell('LOW'),
          ClsPric: cell('CLOSE'),
          LastPric: cell('LAST'),
          PrvsClsgPric: cell('PREVCLOSE'),
          SttlmPric: cell('CLOSE'),
          TtlTradgVol: cell('NO_OF_SHRS'),
          TtlTrfVal: cell('NET_TURNOV'),
          TtlNbOfTxsExctd: cell('NO_TRADES'),
        };
      }),
  );
}
