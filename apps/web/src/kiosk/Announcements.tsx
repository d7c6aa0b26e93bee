import type { AnnouncementView } from '@gatehouse/contract';
import { useEffect } from 'react';
import s from './kiosk.module.css';
import type { Lang, T } from './i18n';

const VOICE: Record<Lang, string> = { en: 'en-GB', ar: 'ar-SA', es: 'es-ES' };
const plain = (html: string) => new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';

/**
 * The active announcements for the person who just signed in (their user type), urgent ones first; verbal ones
 * are read aloud with the browser's speech synthesis in the kiosk's language. The HTML was sanitised by the server.
 */
export function KioskAnnouncements({ t, items, userTypeId, lang }: { t: T; items: AnnouncementView[]; userTypeId: number | null; lang: Lang }) {
  const mine = items.filter((a) => userTypeId !== null && a.user_type_ids.includes(userTypeId));
  useEffect(() => {
    const speech = typeof window !== 'undefined' ? window.speechSynthesis : undefined;
    if (!speech) return;
    for (const a of mine.filter((x) => x.verbal)) {
      const u = new SpeechSynthesisUtterance(`${a.text}. ${plain(a.description)}`);
      u.lang = VOICE[lang];
      speech.speak(u);
    }
    return () => speech.cancel();
    // Read once per sign-in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (!mine.length) return null;
  return (
    <section aria-label={t('announcements.label')} data-testid="kiosk-announcements">
      {mine.map((a) => (
        <article key={a.id} className={a.urgent ? s.error : undefined} data-testid={`announcement-${a.id}`}>
          <h2>{a.text}</h2>
          {/* Sanitised on the server: only what the console's editor produces. */}
          <div dangerouslySetInnerHTML={{ __html: a.description }} />
        </article>
      ))}
    </section>
  );
}
