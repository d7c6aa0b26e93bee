/** What other console features may embed from the company area: the live-checked subdomain input. */
export { SubdomainInput } from './components/SubdomainInput';
