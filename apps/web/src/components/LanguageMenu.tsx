import { Button, LoadingOverlay, Menu } from '@mantine/core';
import { LANGUAGES, type Language } from '@gatehouse/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../lib/http';
import { savedLanguage } from '../lib/i18n';
import { getToken } from '../lib/session';
import { LANGUAGE_KEY } from '../lib/storage-keys';

/**
 * Language menu (rules 57, 80): a full-page loading overlay, the choice stored as `language` in local storage
 * (and on the account when signed in), then the page reloads; `ar` starts right-to-left.
 */
export function LanguageMenu({ variant = 'dark' }: { variant?: 'dark' | 'light' }) {
  const { t } = useTranslation('shell');
  const [busy, setBusy] = useState(false);
  const current = savedLanguage();
  const choose = async (lang: Language) => {
    if (lang === current) return;
    setBusy(true);
    localStorage.setItem(LANGUAGE_KEY, lang);
    if (getToken()) await http.post('/api/change-lang', { lang }).catch(() => undefined);
    window.location.reload();
  };
  return (
    <>
      <LoadingOverlay visible={busy} zIndex={10000} pos="fixed" overlayProps={{ blur: 2 }} data-testid="language-overlay" />
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant={variant === 'dark' ? 'subtle' : 'default'} color={variant === 'dark' ? 'gray.0' : undefined} size="compact-sm" aria-label={t('language.label')} data-testid="language-menu">
            {t(`language.${current}`)}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {LANGUAGES.map((lang) => (
            <Menu.Item key={lang} onClick={() => void choose(lang)} data-lang={lang} disabled={lang === current}>
              {t(`language.${lang}`)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </>
  );
}
