/** What other console features may embed from the compliance area. */
export { CertificateInput } from './components/CertificateInput';
export { CertificateSummary } from './components/CertificateSummary';
export { ComplianceAnswers } from './components/ComplianceAnswers';
