/** The HTML bodies the exchanges answer with when they do not answer with data. */
const html = (title: string, body: string) =>
  `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>\n`;

/** NSE's archive host answers a file it has not published (yet) with 200 and a page like this. */
export const NOT_AVAILABLE_PAGE = html(
  'NSE - Resource not available',
  '<h1>Resource not available</h1><p>The resource you are looking for is not available at this moment. Please try again later.</p>',
);

export const NOT_FOUND_PAGE = html('404 - Not Found', '<h1>404 - File or directory not found.</h1>');

/** What NSE's CDN answers an API call without the site's cookies. */
export const ACCESS_DENIED_PAGE = html(
  'Access Denied',
  "<h1>Access Denied</h1><p>You don't have permission to access this resource on this server.</p>",
);

export const HOME_PAGE = html(
  'NSE - National Stock Exchange of India Ltd: Live Share/Stock Market News &amp; Updates',
  '<h1>National Stock Exchange of India</h1><p>Replay of www.nseindia.com: this page sets the cookies the API wants.</p>',
);

export const TOO_MANY_REQUESTS_PAGE = html('429 Too Many Requests', '<h1>Too Many Requests</h1>');
