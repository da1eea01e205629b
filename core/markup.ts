// Text put inside HTML or XML markup (the portal's server, the mock's pages, e-mails and SVG ballots,
// the CLI's JUnit report): the five special characters escaped, so a name or a value can never close
// an attribute or open an element. `&#39;` is the apostrophe both HTML and XML read.

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export const escapeMarkup = (text: string): string => text.replace(/[&<>"']/g, (ch) => ENTITIES[ch]!)
