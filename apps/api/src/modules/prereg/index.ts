/** What other modules may use of the pre-registration module. */
export { currentCondition } from './flow-rules';
