/** subset-font ships no types: the one call web/build/subset-fonts.ts makes. */
declare module 'subset-font' {
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: { targetFormat?: 'woff2' | 'woff' | 'sfnt' | 'truetype'; preserveNameIds?: number[] },
  ): Promise<Buffer>;
}
