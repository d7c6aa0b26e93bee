import { type Announcement, ANNOUNCEMENT_TEXT_MAX, type Language, LANGUAGES, zAnnouncementBody } from '@gatehouse/contract';
import { Alert, Button, Card, Fieldset, Group, MultiSelect, Radio, SimpleGrid, Stack, Switch, Tabs, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DateTimeField } from '../../../components/fields';
import { useZodForm } from '../../../components/form';
import { tMessage } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { siteOptionsQuery } from '../../sites/api/places';
import { useAllUserTypes } from '../../user-types/api/user-types';
import { useSaveAnnouncement } from '../api/announcements';
import { RichTextEditor } from './RichTextEditor';

const LOCAL = 'YYYY-MM-DD HH:mm:ss';
/** An ISO time as the picker's local value (the browser's clock) and back. */
export const toLocalInput = (iso: string | null | undefined) => (iso ? dayjs(iso).format(LOCAL) : null);
export const fromLocalInput = (v: string | null) => (v && dayjs(v).isValid() ? dayjs(v).toISOString() : null);

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ar: 'العربية', es: 'Español' };

/**
 * Create or edit an announcement (rules 262-265): title and rich text (with their English, Arabic and Spanish
 * versions), user types and sites, link, urgent, pinned, verbal, publish now or at a time, expiry never or at a time.
 * A time before now is refused by the browser's picker and by the server (rule 264), whose message shows on the field.
 */
export function AnnouncementForm({ announcement, actions }: { announcement: Announcement | null; actions?: ReactNode }) {
  const { t } = useTranslation('announcements');
  const navigate = useNavigate();
  const entityId = useSession()?.entity?.id ?? 0;
  const types = useAllUserTypes(entityId);
  const places = useQuery({ ...siteOptionsQuery(entityId), enabled: entityId > 0 });
  const save = useSaveAnnouncement(announcement?.id ?? null);
  const a = announcement;
  const form = useZodForm(zAnnouncementBody, {
    text: a?.text ?? '',
    text_i18n: a?.text_i18n ?? {},
    description: a?.description ?? '',
    description_i18n: a?.description_i18n ?? {},
    user_type_ids: a?.user_types.map((x) => x.id) ?? [],
    site_ids: a?.sites.map((x) => x.id) ?? [],
    url: a?.url ?? null,
    urgent: a?.urgent === 1,
    pinned: a?.pinned === 1,
    verbal: a?.verbal === 1,
    // An existing announcement keeps its publish time unless it is changed (the server does not re-check it then).
    publish: a ? 'custom' : 'now',
    publish_at: a?.publish_at ?? null,
    expiry: a?.expires_at ? 'custom' : 'never',
    expires_at: a?.expires_at ?? null,
  });
  const v = form.values;
  const textI18n = (v.text_i18n ?? {}) as Partial<Record<Language, string>>;
  const descriptionI18n = (v.description_i18n ?? {}) as Partial<Record<Language, string>>;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = form.validate();
    if (!body) return;
    save.mutate(
      { ...body, publish_at: body.publish === 'custom' ? body.publish_at : null, expires_at: body.expiry === 'custom' ? body.expires_at : null },
      {
        onSuccess: (res) => {
          notifications.show({ color: 'green', message: res.message || tMessage(a ? 'announcements.updated' : 'announcements.created') });
          navigate(`/announcements?tab=${res.data.status}`);
        },
        onError: (err) => form.applyServerError(err),
      },
    );
  };

  return (
    <Card withBorder padding="lg" component="form" onSubmit={submit} noValidate maw={960}>
      <Stack>
        {form.formError ? <Alert color="red" style={{ whiteSpace: 'pre-line' }}>{form.formError}</Alert> : null}
        <Tabs defaultValue="main" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="main">{t('form.main_text')}</Tabs.Tab>
            {LANGUAGES.map((l) => (
              <Tabs.Tab key={l} value={l} lang={l}>
                {LANGUAGE_NAMES[l]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="main" pt="md">
            <Stack>
              <TextInput label={t('form.text')} required maxLength={ANNOUNCEMENT_TEXT_MAX} {...form.input('text')} />
              <RichTextEditor label={t('form.description')} value={String(v.description ?? '')} onChange={(html) => form.setField('description', html)} error={form.errors.description} testId="announcement-description" />
            </Stack>
          </Tabs.Panel>
          {LANGUAGES.map((l) => (
            <Tabs.Panel key={l} value={l} pt="md" lang={l}>
              <Stack>
                <Text size="sm" c="dimmed">{t('form.translation_hint')}</Text>
                <TextInput
                  label={t('form.text_in', { language: LANGUAGE_NAMES[l] })}
                  dir={l === 'ar' ? 'rtl' : 'ltr'}
                  maxLength={ANNOUNCEMENT_TEXT_MAX}
                  value={textI18n[l] ?? ''}
                  onChange={(e) => form.setField('text_i18n', { ...textI18n, [l]: e.currentTarget.value })}
                  error={form.errors.text_i18n}
                />
                <RichTextEditor
                  label={t('form.description_in', { language: LANGUAGE_NAMES[l] })}
                  dir={l === 'ar' ? 'rtl' : 'ltr'}
                  value={descriptionI18n[l] ?? ''}
                  onChange={(html) => form.setField('description_i18n', { ...descriptionI18n, [l]: html })}
                  error={form.errors.description_i18n}
                />
              </Stack>
            </Tabs.Panel>
          ))}
        </Tabs>

        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <MultiSelect
            label={t('form.user_types')}
            required
            searchable
            data={(types.data ?? []).map((x) => ({ value: String(x.id), label: x.name }))}
            value={((v.user_type_ids ?? []) as number[]).map(String)}
            onChange={(x) => form.setField('user_type_ids', x.map(Number))}
            error={form.errors.user_type_ids}
          />
          <MultiSelect
            label={t('form.sites')}
            description={t('form.sites_hint')}
            searchable
            data={(places.data ?? []).map((x) => ({ value: String(x.id), label: x.name }))}
            value={((v.site_ids ?? []) as number[]).map(String)}
            onChange={(x) => form.setField('site_ids', x.map(Number))}
            error={form.errors.site_ids}
          />
        </SimpleGrid>
        <TextInput label={t('form.url')} description={t('form.url_hint')} placeholder="https://" type="url" value={String(v.url ?? '')} onChange={(e) => form.setField('url', e.currentTarget.value.trim() ? e.currentTarget.value : null)} error={form.errors.url} />

        <Fieldset legend={t('form.how')}>
          <Stack>
            <Switch label={t('form.urgent')} description={t('form.urgent_hint')} checked={!!v.urgent} onChange={(e) => form.setField('urgent', e.currentTarget.checked)} />
            <Switch label={t('form.pinned')} description={t('form.pinned_hint')} checked={!!v.pinned} onChange={(e) => form.setField('pinned', e.currentTarget.checked)} />
            <Switch label={t('form.verbal')} description={t('form.verbal_hint')} checked={!!v.verbal} onChange={(e) => form.setField('verbal', e.currentTarget.checked)} />
          </Stack>
        </Fieldset>

        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <WhenField
            legend={t('form.publish')}
            choices={[{ value: 'now', label: t('form.publish_now') }, { value: 'custom', label: t('form.at_time') }]}
            choice={String(v.publish)}
            onChoice={(x) => form.setField('publish', x as 'now' | 'custom')}
            timeLabel={t('form.publish_at')}
            time={v.publish_at as string | null}
            onTime={(iso) => form.setField('publish_at', iso)}
            error={form.errors.publish_at}
          />
          <WhenField
            legend={t('form.expiry')}
            choices={[{ value: 'never', label: t('form.expiry_never') }, { value: 'custom', label: t('form.at_time') }]}
            choice={String(v.expiry)}
            onChoice={(x) => form.setField('expiry', x as 'never' | 'custom')}
            timeLabel={t('form.expires_at')}
            time={v.expires_at as string | null}
            onTime={(iso) => form.setField('expires_at', iso)}
            error={form.errors.expires_at}
          />
        </SimpleGrid>

        <Group>
          <Button type="submit" loading={save.isPending}>
            {a ? t('form.save') : t('form.create')}
          </Button>
          <Button variant="default" onClick={() => navigate('/announcements')}>
            {t('form.cancel')}
          </Button>
          {actions}
        </Group>
      </Stack>
    </Card>
  );
}

/** Publish or expiry: a choice (now / never, or at a time) and, at a time, a date and time not before now (rule 264). */
function WhenField(p: { legend: string; choices: { value: string; label: string }[]; choice: string; onChoice: (v: string) => void; timeLabel: string; time: string | null; onTime: (iso: string | null) => void; error?: string }) {
  return (
    <Fieldset legend={p.legend}>
      <Stack>
        <Radio.Group value={p.choice} onChange={p.onChoice} aria-label={p.legend}>
          <Group>
            {p.choices.map((c) => (
              <Radio key={c.value} value={c.value} label={c.label} />
            ))}
          </Group>
        </Radio.Group>
        {p.choice === 'custom' ? (
          // DD/MM/YYYY HH:mm with weeks from Monday (rule 121), as every date in the console.
          <DateTimeField label={p.timeLabel} required minDate={dayjs().format(LOCAL)} value={toLocalInput(p.time)} onChange={(v) => p.onTime(fromLocalInput(v == null ? null : String(v)))} error={p.error} />
        ) : null}
      </Stack>
    </Fieldset>
  );
}
