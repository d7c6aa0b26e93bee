/** What other modules may use of kiosks (module boundary). */
export { sendCommand } from './send-command';
export { isFinal, moveRequest } from './request-log';
