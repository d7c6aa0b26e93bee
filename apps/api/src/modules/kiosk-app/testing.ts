/** What tests and benchmarks outside this module may call directly: the kiosk's identify and scan use cases. */
export { identify } from './identify';
export { scanAtKiosk } from './scan';
