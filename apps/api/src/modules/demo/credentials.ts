/**
 * The generated admin password as the first start prints it (issue 15 part 4): LAST, after the server says where
 * it serves, in a box of its own so that it is not lost among the log lines above it.
 */
export function credentialsBox(email: string, password: string, url: string): string {
  const lines = ['Gatehouse admin account (shown once, keep it safe)', '', `Sign in at: ${url}`, `E-mail:     ${email}`, `Password:   ${password}`];
  const width = Math.max(...lines.map((l) => l.length));
  const rule = `+${'-'.repeat(width + 4)}+`;
  return ['', rule, ...lines.map((l) => `|  ${l.padEnd(width)}  |`), rule, ''].join('\n');
}
