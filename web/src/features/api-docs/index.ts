/** The API documentation page's content (spec §2.9). */
export { ApiDocs } from './components/api-docs';
