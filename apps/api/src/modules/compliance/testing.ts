/** Test helpers other modules' tests may use (lint allows `<module>/testing` in test files only). */
export { base45Encode } from './certificates/base45';
export { encodeCbor, Tagged } from './certificates/cbor';
