import type { AnnouncementView } from '@gatehouse/contract';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KioskAnnouncements } from './Announcements';
import { type Lang, translator } from './i18n';

const item = (over: Partial<AnnouncementView>): AnnouncementView => ({
  id: 1,
  text: 'Fire drill',
  description: '<p>Leave by the <strong>north gate</strong>.</p>',
  url: null,
  urgent: 1,
  pinned: 0,
  verbal: 1,
  user_type_ids: [4],
  publish_at: '2026-11-27T08:00:00.000Z',
  expires_at: null,
  ...over,
});

/** Speech synthesis as the kiosk's browser offers it: what was spoken, in which language. */
function fakeSpeech() {
  const spoken: { text: string; lang: string }[] = [];
  vi.stubGlobal(
    'SpeechSynthesisUtterance',
    class {
      lang = '';
      constructor(public text: string) {}
    },
  );
  vi.stubGlobal('speechSynthesis', { speak: (u: { text: string; lang: string }) => spoken.push({ text: u.text, lang: u.lang }), cancel: vi.fn() });
  return spoken;
}

describe('kiosk announcements (issue 17 part 6, rules 262-265)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['en', 'en-GB', 'Announcements'],
    ['ar', 'ar-SA', 'الإعلانات'],
    ['es', 'es-ES', 'Avisos'],
  ] as const)('reads a verbal one aloud in the kiosk’s language (%s → %s), under a label in that language', (lang: Lang, voice, label) => {
    const spoken = fakeSpeech();
    render(<KioskAnnouncements t={translator(lang)} lang={lang} userTypeId={4} items={[item({}), item({ id: 2, text: 'Written only', verbal: 0 })]} />);
    expect(spoken).toEqual([{ text: 'Fire drill. Leave by the north gate.', lang: voice }]);
    expect(screen.getByRole('region', { name: label })).toHaveTextContent('Written only');
  });

  it('shows and reads nothing for a person of another user type', () => {
    const spoken = fakeSpeech();
    render(<KioskAnnouncements t={translator('ar')} lang="ar" userTypeId={9} items={[item({})]} />);
    expect(spoken).toEqual([]);
    expect(screen.queryByRole('region')).toBeNull();
  });
});
