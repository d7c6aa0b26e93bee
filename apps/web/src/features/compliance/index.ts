/** What other console features may embed from the compliance area. */
export { ComplianceAnswers } from './components/ComplianceAnswers';
