/** What other modules may use of the compliance (entry conditions) module. */
export { evaluateAnswers } from './evaluate-answers';
