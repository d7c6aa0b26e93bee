/** For other features' tests only. */
export { default as PrivacyManagerPage } from './pages/PrivacyManagerPage';
