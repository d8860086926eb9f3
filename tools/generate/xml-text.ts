/** Text as XML element content: the three characters XML reserves there, escaped. */
export const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
