/** The format key of NSE's financial-results XBRL documents (the listing context matches on it). */
export const NSE_RESULTS_XBRL = 'nse-results-xbrl';
