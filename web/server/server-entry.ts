/**
 * What the server render of the SPA exports (web/src/entry-server.tsx, built into dist-ssr/ by
 * `npm run build -w web`; loaded by render-page.ts). Declared here once: the entry implements it,
 * the web server calls it, and neither imports the other's code.
 */

export interface RenderRequest {
  /** Path and query of the page, e.g. `/?nodes=3`. */
  url: string;
  /** Where the page's reads go: the gateway (GATEWAY_URL), not back through this server. */
  gatewayUrl: string;
  /** The visitor's address, sent as X-Forwarded-For so the gateway's rate limits count them. */
  clientAddress?: string;
  /** Past this, the page is rendered with what has arrived (the browser fetches the rest). */
  timeoutMs: number;
  /** The site's public origin (PUBLIC_ORIGIN): canonical links, sharing cards, the API docs' base URL. */
  origin: string;
}

/** The figures of a calculator link as the page writes them (its formatters), for its description and sharing card. */
export interface FigureTexts {
  /** The 'Monthly SHM Rewards' tile: 654.55 SHM. */
  monthlyShm: string;
  /** Its subtitle's amount, per active node: $82.80. */
  monthlyUsd: string;
  /** The 'Gross APY' and 'Net APY' tiles: 327.27%. */
  grossApy: string;
  netApy: string;
  /** Tiles are styled positive above 0, otherwise negative (spec §2.3). */
  grossApyPositive: boolean;
  netApyPositive: boolean;
  /** The 'Break Even Period' row: 7 months, 1.5 years, Never. */
  breakEven: string;
  /** 'break-even in 7 months', 'no break-even': for running text. */
  breakEvenPhrase: string;
  /** The planning investment and the nodes it buys: $10,000.00, 32 nodes. */
  investment: string;
  nodes: string;
  /** What a node needs: 2,400 SHM staked at $0.1265. */
  stake: string;
  shmPrice: string;
}

export interface RenderedPage {
  /** The app's markup, for `<div id="root">`. */
  html: string;
  /** The page's own head tags (title, description, canonical, robots, sharing cards), escaped. */
  head: string;
  /** What the browser's first render needs to equal this one (JSON): `<script type="application/json" id="ssr-state">`. */
  state: unknown;
  /** The build's modules of the matched page (keys of Vite's manifest): their code is preloaded, their styles inlined. */
  modules: string[];
  /** The calculator's figures for a link with calculator inputs, when the page shows them; else null. */
  figures: FigureTexts | null;
  /**
   * Every read the page's loaders declared has its answer (none failed, none late) and nothing failed
   * to render: only such a page may be reused for other visitors.
   */
  complete: boolean;
  /** Parts that failed to render on the server (the browser renders them). */
  failedParts: number;
}

export interface ServerEntry {
  render(request: RenderRequest): Promise<RenderedPage>;
  /** The public pages (canonical paths), for sitemap.xml. */
  sitemapPaths: readonly string[];
  /** The build's modules of the lazily loaded pages (keys of Vite's manifest). */
  pageModules: readonly string[];
}

/** The id of the JSON script element that carries `RenderedPage.state`. */
export const SSR_STATE_ID = 'ssr-state';

/** The product's name: page titles, the sharing card. */
export const PRODUCT_NAME = 'Shardeum Validator Node Calculator';

/** The sharing card the web server draws (seo/og-image.ts): its address (the query is a calculator link's inputs) and size. */
export const OG_IMAGE = { path: '/og/calculator.png', width: 1200, height: 630 } as const;
