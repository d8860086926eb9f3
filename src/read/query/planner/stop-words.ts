import { MONTH_WORDS } from '#domain/indian-text';

/**
 * Words that are never (part of) a company reference and carry no topic for document
 * search: question and function words, generic market nouns, and verbs of asking. A
 * company name never starts or ends with one, and runs of name words break at them.
 */
const FUNCTION_WORDS = `a an the of for in on at to by with from and or nor but vs versus v about than then as into onto over under
  per via is was are were be been being am do does did done has have had having can could would will shall should may might must
  what whats what's which who whom whose when where why how whether that thats that's this these those there theres there's here it its it's
  i me my we our us you your he she they them their his her him let lets let's please kindly pls plz hey hi hello thanks thank
  all any each every some much many more most less least few several other another such same own only just also too very
  not no yes ok okay if so both either neither up down out off again still yet ever even already
  above below beyond beneath between more less greater lesser equal equals exactly exceed exceeds exceeded exceeding
  crossed crosses atleast atmost upto minimum maximum where while whereas`;

const ASKING_VERBS = `show give get list find tell fetch pull retrieve display provide report reported reports compare compared check see look
  explain describe summarise summarize summary say said says saying mention mentioned mentions comment comments commented
  discuss discussed know need want like help calculate compute return returns tells tell`;

const MARKET_WORDS = `company companies companys firm firms corporate stock stocks share shares scrip scrips equity equities security securities
  ticker tickers symbol symbols listed listing exchange nse bse market markets sector sectors industry
  price prices quote quotes value values figure figures number numbers data detail details amount amounts metric metrics
  result results history historical change changes level levels
  year years quarter quarters quarterly annual annually yearly fiscal financial financials fy q1 q2 q3 q4 h1 h2 ytd ttm yoy qoq cagr
  best worst top bottom highest lowest largest smallest biggest
  current currently latest recent recently today now date period periods time times
  rs inr rupee rupees crore crores cr lakh lakhs lac percent
  names screen screens screener shortlist rank ranked ranking small mid large cap caps smallcap smallcaps midcap midcaps
  largecap largecaps bluechip bluechips psu psus banks lenders nbfcs insurers`;

export const STOP_WORDS: ReadonlySet<string> = new Set(
  [FUNCTION_WORDS, ASKING_VERBS, MARKET_WORDS]
    .flatMap((list) => list.split(/\s+/))
    .filter(Boolean)
    .concat(MONTH_WORDS),
);

/** Whether a word (any case, possessive stripped) is a stop word. */
export const isStopWord = (word: string): boolean => STOP_WORDS.has(word.toLowerCase());
