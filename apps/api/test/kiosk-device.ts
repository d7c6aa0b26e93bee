/**
 * A kiosk device in its own process (for the heartbeat tests): connects with the device client, answers every
 * command after `COMMAND_MS`, prints `ready <kiosk id>` once the server has recorded it, and never disconnects
 * cleanly: the test stops it with SIGSTOP (hung) or SIGKILL (crashed).
 *   node --import tsx apps/api/test/kiosk-device.ts <server url> <device token>
 */
import { KioskClient } from '../src/modules/kiosks/testing';

const [serverUrl, token] = process.argv.slice(2);
const client = new KioskClient({
  serverUrl,
  token,
  appVersion: 'device-process',
  onCommand: () => new Promise((resolve) => setTimeout(() => resolve('done'), Number(process.env.COMMAND_MS ?? 0))),
});
client.connect().then(
  (r) => console.log(`ready ${r.kiosk_id}`),
  (err: Error) => {
    console.error(err.message);
    process.exit(1);
  },
);
