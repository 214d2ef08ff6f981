// proxy-addr (express's own dependency for `req.ip`) ships no types.
declare module 'proxy-addr' {
  import type { IncomingMessage } from 'node:http';

  type Trust = (address: string, hop: number) => boolean;
  function proxyaddr(req: IncomingMessage, trust: Trust): string;
  namespace proxyaddr {
    function compile(trusted: string | string[]): Trust;
  }
  export = proxyaddr;
}
