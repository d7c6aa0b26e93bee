import { allowLocalOrigin } from '../adapters/egress';
import { startNet2Fake } from './net2';
import { startWondeFake } from './wonde';

export interface DemoDirectories {
  wonde: { school_id: string; token: string; base_url: string };
  paxton: { username: string; password: string; client_id: string; server_url: string };
  close: () => Promise<void>;
}

let running: DemoDirectories | null = null;
/** The demo's directory fakes, when this process started them. */
export const demoDirectories = () => running;

/** Listens on `port`, or on any free port when it is taken (another Gatehouse on this machine). */
async function listen<T>(start: (port: number) => Promise<T>, port: number): Promise<T> {
  try {
    return await start(port);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || port === 0) throw err;
    return start(0);
  }
}

/**
 * `npm start` with DEMO_DATA (issue 19 part 5): the Wonde and Paxton Net2 fakes — the same ones the tests use,
 * speaking the real protocols — on 127.0.0.1 at `port` and `port + 1`, so that a newcomer can try a sync without an
 * account anywhere. Their two origins (and no other loopback address) pass the integrations' egress guard.
 */
export async function startDemoDirectories(port: number, log: (line: string) => void): Promise<DemoDirectories> {
  const wonde = await listen((p) => startWondeFake({ students: 40, employees: 8, port: p }), port);
  const net2 = await listen((p) => startNet2Fake({ users: 25, port: p }), port === 0 ? 0 : port + 1);
  net2.state.tokensPerSecond = 20; // a person clicking around, not the 2 a second Net2 ≥6.8 allows one client
  for (const f of [wonde, net2]) allowLocalOrigin(new URL(f.url).origin);
  log(`Demo directories: Wonde at ${wonde.config.base_url} (school ${wonde.config.school_id}, token ${wonde.config.token}); Paxton Net2 at ${net2.config.server_url} (operator "${net2.config.username}", password ${net2.config.password}, client id ${net2.config.client_id}).`);
  running = {
    wonde: wonde.config,
    paxton: net2.config,
    close: async () => {
      await Promise.all([wonde.close(), net2.close()]);
      running = null;
    },
  };
  return running;
}
