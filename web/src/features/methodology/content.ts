// The page renders the doc itself, taken in at build time: the page and docs/methodology.md are one text.
import methodologyDoc from '../../../../docs/methodology.md?raw';

export const METHODOLOGY_DOC: string = methodologyDoc;
