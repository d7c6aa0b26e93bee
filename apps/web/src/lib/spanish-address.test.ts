import { MESSAGES } from '@gatehouse/contract';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Words that address the reader as "tú" (pronouns, and verbs in the informal imperative or present). */
const INFORMAL = /(?<!\bse |\bpersona )\b(tu|tus|tú|te|ti|contigo|tienes|puedes|quieres|debes|necesitas|estás|eres|introduce|selecciona|elige|añade|escribe|revisa|inténtalo|inicia|espera un momento|actívala|completa las|haz|pulsa|toca|escanea|sube|abre|ponte|asegúrate|vuelve a intentarlo|explica|responde|cancela|guarda para)\b/i;

const strings = (v: unknown): string[] => (typeof v === 'string' ? [v] : v && typeof v === 'object' ? Object.values(v).flatMap(strings) : []);

describe('one form of address in Spanish: usted (issue 15 part 7)', () => {
  it('the console, visitor pages, kiosk and server messages never address the reader as tú', () => {
    const dir = join(__dirname, '..', 'locales', 'es');
    const catalogues = readdirSync(dir).map((f) => [`locales/es/${f}`, JSON.parse(readFileSync(join(dir, f), 'utf8'))] as const);
    const kiosk = ['kiosk/locales/es.json', JSON.parse(readFileSync(join(__dirname, '..', 'kiosk', 'locales', 'es.json'), 'utf8'))] as const;
    const found = [...catalogues, kiosk, ['contract messages', MESSAGES.es] as const].flatMap(([where, data]) => strings(data).filter((s) => INFORMAL.test(s)).map((s) => `${where}: ${s}`));
    expect(found).toEqual([]);
  });
});
