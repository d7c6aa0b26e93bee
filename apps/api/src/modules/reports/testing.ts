/** Test helpers other modules' tests may use (lint allows `<module>/testing` in test files only). */
export { reportsOrg } from './test-reports';
