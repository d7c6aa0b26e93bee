import { describe, expect, it } from 'vitest';
import { credentialsBox } from './credentials';

describe('the first start prints the generated admin password last, boxed (issue 15 part 4)', () => {
  it('frames the e-mail, the password and where to sign in in one box of even lines', () => {
    const box = credentialsBox('admin@gatehouse.local', 'Zr8_q-7xY2kP0aBc', 'http://localhost:3000');
    const lines = box.split('\n').filter(Boolean);
    expect(lines[0]).toMatch(/^\+-+\+$/);
    expect(lines.at(-1)).toBe(lines[0]);
    expect(new Set(lines.map((l) => l.length)).size).toBe(1);
    expect(box).toContain('|  Password:   Zr8_q-7xY2kP0aBc');
    expect(box).toContain('E-mail:     admin@gatehouse.local');
    expect(box).toContain('Sign in at: http://localhost:3000');
  });
});
