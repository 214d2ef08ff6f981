// negotiator (express's own content negotiation) ships no types; this is the part the web server uses.
declare module 'negotiator' {
  import type { IncomingMessage } from 'node:http';

  export default class Negotiator {
    /** It reads the request's headers only. */
    constructor(request: Pick<IncomingMessage, 'headers'>);
    /** The coding the request takes best among `available` (by q-value, then `preferred`'s order); undefined when it takes none. */
    encoding(available: string[], options?: { preferred?: string[] }): string | undefined;
  }
}
