import { config } from 'zod';

/**
 * Imported first by main.tsx, before any schema is built: zod would otherwise probe whether it may
 * compile parsers with `new Function`, which the page's Content-Security-Policy (no 'unsafe-eval')
 * refuses and the browser reports as a CSP violation. Parsing is the same either way.
 */
config({ jitless: true });
