/** What other features may use of the privacy manager (feature boundary). */
export { PersonPrivacyItems } from './components/PersonPrivacyItems';
