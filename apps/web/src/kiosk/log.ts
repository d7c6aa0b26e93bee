/** Kiosk logging (the `kiosk-logging` remote command turns it on or off; kept across restarts). */
const KEY = 'gatehouse.kiosk.logging';
export const setLogging = (on: boolean) => localStorage.setItem(KEY, on ? '1' : '0');
export const log = (...args: unknown[]) => {
  if (localStorage.getItem(KEY) === '1') console.info('[kiosk]', ...args);
};
