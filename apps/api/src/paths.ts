import { fileURLToPath } from 'node:url';

/**
 * The API package's folder. This file sits in `src/` and the built server in `dist/` (scripts/build-api.mjs), one
 * level below the package either way, so the folders the server reads from resolve the same in both.
 */
const API_ROOT = new URL('..', import.meta.url);

/** The SQL migrations, applied in order at boot. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('src/db/migrations', API_ROOT));
/** The built console and kiosk (`npm run build`). */
export const WEB_DIST_DIR = fileURLToPath(new URL('../web/dist', API_ROOT));
