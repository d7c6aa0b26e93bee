import * as linkify from 'linkifyjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeMail, made } from '../../platform/mail';
import { buildTestApp, type TestApp } from '../../../test/harness';
import { createOrg } from '../../../test/factories';
import { mailsTo } from '../../../test/mime';
import { createPlace, dayAhead, multipart } from './test-fixtures';

/**
 * Issue 16 part 6: text a visitor typed never becomes a link in a mail. `=HYPERLINK("http://evil")` as a company
 * became an `<a href>` in the host's approval mail. An auto-linker (linkifyjs, as mail clients and editors use)
 * must find no link but the server's own, in the text part, in the HTML part's text nodes, or in its whole text.
 */

const HOSTILE = {
  first_name: 'http://evil.example',
  last_name: 'www.evil.com',
  company_name: '=HYPERLINK("http://evil.example/x")',
};

const decode = (html: string) =>
  html.replace(/&(lt|gt|quot|amp|#(\d+));/g, (_m, name: string, code?: string) => (code ? String.fromCharCode(Number(code)) : ({ lt: '<', gt: '>', quot: '"', amp: '&' } as Record<string, string>)[name]!));
/** The HTML part as a reader's auto-linker sees it: each text node, and the text of the whole part. */
const textNodes = (html: string) => html.split(/<[^>]*>/).map(decode);
const wholeText = (html: string) => decode(html.replace(/<br>/g, '\n').replace(/<[^>]*>/g, ''));
const links = (text: string) => linkify.find(text).map((l) => l.href);
const hrefs = (html: string) => [...html.matchAll(/<a\s[^>]*href="([^"]*)"/gi)].map((m) => decode(m[1]!));
const readable = (text: string) => text.replace(/\u200c/g, '');

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());

describe('the approval mail with a hostile name and company', () => {
  it('links only the approval link, in both parts, and still shows what the visitor typed', async () => {
    const org = await createOrg(h);
    const p = await createPlace(h, org);
    const body = multipart({
      journey_id: p.link.code,
      user_type_id: String(p.contractor.id),
      visit_date: dayAhead(),
      visit_time: '10:00:00',
      ...HOSTILE,
      email: `hostile-${Date.now()}@example.test`,
      phone: String(600000000 + Math.floor(Math.random() * 1e6)),
      host: String(p.host.id),
    });
    const res = await h.app.inject({ method: 'POST', url: '/api/create-expected-visit/en', payload: body.payload, headers: body.headers });
    expect(res.statusCode).toBe(201);

    const [mail] = await mailsTo(h, p.host.email!);
    const approval = mail!.text.match(/http:\/\/localhost:3000\/visit-approval\/[\w-]+/)![0];
    expect(links(mail!.text)).toEqual([approval]);
    expect(mail!.html).toBeDefined();
    const html = mail!.html!;
    expect(hrefs(html)).toEqual([approval]);
    expect(textNodes(html).flatMap(links)).toEqual([approval]);
    expect(links(wholeText(html))).toEqual([approval]);
    // What the visitor typed reads the same (the zero-width marks are invisible).
    expect(readable(mail!.text)).toContain(`http://evil.example www.evil.com (=HYPERLINK("http://evil.example/x"))`);
    expect(readable(wholeText(html))).toContain(`http://evil.example www.evil.com (=HYPERLINK("http://evil.example/x"))`);
    expect(mail!.subject).not.toMatch(/http:\/\/evil|www\.evil\.com/);
  });
});

describe('composeMail', () => {
  const typed = ['evil.example', 'bob@evil.example', 'http://evil.example', 'HTTPS://EVIL.COM/a?b=c', '//evil.com', 'evil\u3002com', 'http\uff1a//evil.com', 'evil.com:8080/x', '10.0.0.1:8080/x', 'http:\\\\evil.com'];

  it.each(typed)('%s: no link in either part, the server link stays one', (value) => {
    const mail = composeMail('en', { subject: 'mail.approval_request.subject', body: 'mail.approval_request.body' }, {
      name: 'Host',
      visitor: value,
      visitor_company: `${value} (${value})`,
      place: value,
      date: made('2026-12-01'),
      time: made('10:00'),
      tz: made('Europe/Madrid'),
      link: made('https://gatehouse.example/visit-approval/abc'),
    });
    expect(links(mail.text)).toEqual(['https://gatehouse.example/visit-approval/abc']);
    expect(hrefs(mail.html)).toEqual(['https://gatehouse.example/visit-approval/abc']);
    expect(textNodes(mail.html).flatMap(links)).toEqual(['https://gatehouse.example/visit-approval/abc']);
    expect(links(wholeText(mail.html))).toEqual(['https://gatehouse.example/visit-approval/abc']);
    expect(readable(mail.text)).toContain(`${value} (${value})`);
    // Server-made values are put as they are.
    expect(mail.text).toContain('2026-12-01 at 10:00 (Europe/Madrid)');
  });

  it('escapes HTML a visitor typed, in the Arabic direction for Arabic readers', () => {
    const mail = composeMail('ar', { subject: 'mail.approval_request.subject', body: 'mail.approval_request.body' }, { visitor_company: '<a href="http://evil.example">x</a><img src=x onerror=alert(1)>', link: made('https://g.example/a') });
    expect(mail.html).not.toMatch(/<img|<a href="http:\/\/evil/);
    expect(mail.html).toMatch(/^<div dir="rtl" lang="ar"/);
    expect(hrefs(mail.html)).toEqual(['https://g.example/a']);
  });

  it('puts server-made text after the body', () => {
    const mail = composeMail('en', { subject: 'people.rfid_subject', body: 'people.rfid_body' }, { name: 'a.b', kiosk: 'Gate' }, { after: made('https://g.example/rfid/x') });
    expect(mail.text.endsWith('\n\nhttps://g.example/rfid/x')).toBe(true);
    expect(hrefs(mail.html)).toEqual(['https://g.example/rfid/x']);
  });
});
