import { describe } from 'vitest';
import { itPlansEach, type PlanRow } from '../../../../test/support/plan-question.ts';

// Quote phrasings: price, market cap, CMP, LTP, trading at, worth now, close; never "worth buying".

// The latest price or market cap of one company
const PRICES: readonly PlanRow[] = [
  ["What's Reliance trading at?", { route: 'quote', reference: 'Reliance' }],
  ['TCS share price', { route: 'quote', reference: 'TCS' }],
  ['Current price of HDFC Bank', { route: 'quote', reference: 'HDFC Bank' }],
  ['What is the LTP of NSE:RELIANCE?', { route: 'quote', reference: 'NSE:RELIANCE' }],
  ['Market cap of Infosys', { route: 'quote', reference: 'Infosys' }],
  ["What is TCS's market capitalisation today?", { route: 'quote', reference: 'TCS' }],
  ["How much is HUL's stock worth right now?", { route: 'quote', reference: 'HUL' }],
  ['What was the closing price of Reliance?', { route: 'quote', reference: 'Reliance' }],
  ['Quote for ITC', { route: 'quote', reference: 'ITC' }],
  ['infosys share price today', { route: 'quote', reference: 'infosys' }],
  ['Price history of Reliance', { route: 'quote', reference: 'Reliance' }],
  ['What is INE009A01021 trading at?', { route: 'quote', reference: 'INE009A01021' }],
  ["What's the market value of ACC?", { route: 'quote', reference: 'ACC' }],
  ["What is Infosys's market cap today?", { route: 'quote', reference: 'Infosys' }],
  ['How much is an HDFC Bank share worth now?', { route: 'quote', reference: 'HDFC Bank' }],
  ['What price is Reliance trading at today?', { route: 'quote', reference: 'Reliance' }],
  ['CMP of Bajaj Finance', { route: 'quote', reference: 'Bajaj Finance' }],
  ['What is the last traded price of ACC?', { route: 'quote', reference: 'ACC' }],
  ['What did Reliance close at?', { route: 'quote', reference: 'Reliance' }],
  ['Where did TCS close at today?', { route: 'quote', reference: 'TCS' }],
  ['What did Infosys close at yesterday?', { route: 'quote', reference: 'Infosys' }],
  ['ITC stock price now', { route: 'quote', reference: 'ITC' }],
  // where a stock trades, what a share is worth
  ['Where is Infosys trading right now?', { route: 'quote', reference: 'Infosys' }],
  ['How much is one ITC share worth today?', { route: 'quote', reference: 'ITC' }],
  ["What's the CMP of SBI?", { route: 'quote', reference: 'SBI' }],
  ['RIL stock price today', { route: 'quote', reference: 'RIL' }],
  ["What is HDFC Bank's share price right now?", { route: 'quote', reference: 'HDFC Bank' }],
  ['Where is Tata Motors trading today?', { route: 'quote', reference: 'Tata Motors' }],
  ['What does a Reliance share cost now?', { route: 'quote', reference: 'Reliance' }],
  ['Latest traded price of NSE:INFY', { route: 'quote', reference: 'NSE:INFY' }],
  ['What is the current market price of BSE:500325?', { route: 'quote', reference: 'BSE:500325' }],
  ['Is ITC worth buying?', { route: 'semantic', reference: 'ITC', search_text: 'worth buying' }],
];

// Planned without a today
const QUOTES: readonly PlanRow[] = [
  ['current price of Reliance', { route: 'quote', reference: 'Reliance' }],
  ['RELIANCE share price', { route: 'quote', reference: 'RELIANCE' }],
  ['What is the stock price of HDFC Bank?', { route: 'quote', reference: 'HDFC Bank' }],
  ['NSE:TCS quote', { route: 'quote', reference: 'NSE:TCS' }],
  ['Reliance Industries market cap', { route: 'quote', reference: 'Reliance Industries' }],
  ['How much is Infosys trading at?', { route: 'quote', reference: 'Infosys' }],
  ['BSE:500325 last close', { route: 'quote', reference: 'BSE:500325' }],
];

describe('planQuestion: quotes', () => {
  itPlansEach(PRICES);
  itPlansEach(QUOTES, {});
});
