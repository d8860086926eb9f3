/**
 * Words that are topics of a question, not names: never (part of) a company reference,
 * but kept in the search text. Without them "Dividend history of ITC" would name a
 * company "Dividend", and "what did Infosys say about AI" a company "AI".
 */
const TOPICS = `dividend dividends attrition guidance outlook commentary management ceo cfo md chairman chairperson board directors
  capex demand margin margins headcount hiring hires layoffs deal deals order orders orderbook acquisition acquisitions merger mergers
  demerger strategy strategies risk risks news update updates announcement announcements announce announced announces disclose discloses disclosed filing filings filed
  disclosure disclosures intimation intimations report reports presentation
  transcript concall con-call call calls earnings segment segments business businesses plan plans expansion launch launches
  performance loss losses impact reason reasons split bonus buyback buybacks rights issue ipo rating ratings auditor auditors
  insider trading trades agm egm meeting meetings employees employee wages wage salary inflation dollar usd gst regulation regulations
  sebi rbi government policy ai genai cloud digital technology us usa uk europe america american china japan global domestic international
  export exports import imports pricing volume volumes capacity utilisation utilization subsidiary subsidiaries promoter promoters
  shareholders shareholder investors investor analysts analyst view views opinion q&a performance trend trends
  rise rose risen fall fell fallen drop dropped decline declined increase increased decrease decreased jump jumped grow grew grown growth
  high higher low lower strong weak good bad better worse surge surged slump slumped
  falling rising gaining losing declining growing jumping crashing crash rally rallied
  record restated restatement restatements revision revisions revised`;

export const TOPIC_WORDS: ReadonlySet<string> = new Set(TOPICS.split(/\s+/).filter(Boolean));

/** Whether a word (any case) names a topic rather than a company. */
export const isTopicWord = (word: string): boolean => TOPIC_WORDS.has(word.toLowerCase());
