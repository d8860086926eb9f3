/** One server-sent event: its name (`message` when none is given) and its data lines joined. */
export interface StreamEvent {
  readonly event: string;
  readonly data: string;
}

/**
 * The events of a `text/event-stream` body, read as the WHATWG rules read them: blank lines
 * end an event, `data` lines join with a newline, comments (`:`) and other fields are skipped.
 */
export function parseEventStream(text: string): StreamEvent[] {
  const events: StreamEvent[] = [];
  for (const block of text.split(/\r\n\r\n|\n\n|\r\r/)) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split(/\r\n|\n|\r/)) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length > 0) events.push({ event, data: data.join('\n') });
  }
  return events;
}
