/** The methodology feature's public surface: the page and how it reads its inputs from the address. */
export { MethodologyPage, type ResultsStatus } from './components/methodology-page';
export { projectionParamsOf, readInputs, type MethodologyInputs } from './utils/query';
