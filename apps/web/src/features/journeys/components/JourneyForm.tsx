import { DEFAULT_TEMPERATURE_THRESHOLD_C, temperatureThreshold, zJourneyBody } from '@gatehouse/contract';
import { Alert, Button, Group, MultiSelect, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useZodForm } from '../../../components/form';
import { HttpError } from '../../../lib/http';
import { type BlockedSite, type JourneyWithFlows, useSaveJourney, validateJourneySites } from '../api/journeys';
import { useAttendanceModeOptions, useSiteOptions, useUserTypeOptions } from '../api/options';
import { toFormData, toPayload } from '../api/payload';
import { FormSection } from './FormSection';
import { LogoField, type LogoValue } from './LogoField';
import { SitesField } from './SitesField';
import { Toggles } from './Toggles';

const OUTPUTS = ['print_badge', 'door_relay', 'wiegand_output', 'facial_recognition', 'rfid_scan'] as const;

/**
 * A journey's settings (rule 195), outputs and checks (rule 196). Removing a permitted site is checked with
 * validate-update-journey before saving, and refused with the reason (rule 202).
 */
export function JourneyForm({ journey }: { journey: JourneyWithFlows | null }) {
  const { t } = useTranslation('journeys');
  const navigate = useNavigate();
  const sites = useSiteOptions();
  const userTypes = useUserTypeOptions();
  const modes = useAttendanceModeOptions();
  const save = useSaveJourney(journey?.id ?? null);
  const [logo, setLogo] = useState<LogoValue>({ file: null, remove: false });
  const [blocked, setBlocked] = useState<BlockedSite[]>([]);
  const [checking, setChecking] = useState(false);
  const form = useZodForm(zJourneyBody, {
    name: journey?.name ?? '',
    description: journey?.description ?? '',
    site_ids: journey?.site_ids ?? [],
    touch_mode: journey ? journey.touch_mode === 1 : false,
    quickpass_user_type_id: journey?.quickpass_user_type_id ?? null,
    instruction_screen: journey?.instruction_screen ?? '',
    shown_user_type_ids: journey?.shown_user_type_ids ?? [],
    covid_column_name: journey?.covid_column_name ?? '',
    name_matching: journey?.name_matching ?? 'quick',
    attendance_mode_id: journey?.attendance_mode_id ?? null,
    temperature_threshold: journey?.temperature_threshold ?? null,
    mask_check: journey ? journey.mask_check === 1 : false,
    temperature_check: journey ? journey.temperature_check === 1 : false,
    ...Object.fromEntries(OUTPUTS.map((k) => [k, journey ? journey[k] === 1 : false])),
  });
  const v = form.values;
  const rawSiteIds = v.site_ids as number[] | undefined;
  const siteIds = useMemo(() => rawSiteIds ?? [], [rawSiteIds]);
  const removesSites = !!journey && journey.site_ids.some((s) => !siteIds.includes(s));
  // The journey's own sites stay listed even when the admin cannot see them (they cannot be removed then: rule 202).
  const siteOptions = [...(sites.data ?? []), ...(journey?.sites ?? [])].filter((s, i, all) => all.findIndex((x) => x.id === s.id) === i);
  const typeOptions = (userTypes.data ?? []).map((u) => ({ value: String(u.id), label: u.name }));

  // Rule 202, as the admin edits the list: say at once which removed sites cannot go.
  useEffect(() => {
    if (!journey || !removesSites) return setBlocked([]);
    let live = true;
    validateJourneySites(journey.id, siteIds)
      .then((r) => live && setBlocked(r.data.blocked_sites))
      .catch(() => live && setBlocked([]));
    return () => {
      live = false;
    };
  }, [journey, siteIds, removesSites]);

  const submit = async () => {
    const body = form.validate();
    if (!body) return;
    if (journey && removesSites) {
      // Rule 202: ask before saving, and show the answer instead of saving.
      setChecking(true);
      const check = await validateJourneySites(journey.id, body.site_ids).catch((e: unknown) => (e instanceof HttpError ? null : Promise.reject(e)));
      setChecking(false);
      if (!check) return;
      setBlocked(check.data.blocked_sites);
      if (!check.data.can_update) {
        form.setErrors({ site_ids: check.message });
        return;
      }
    }
    const payload = { ...body, temperature_threshold: body.temperature_check ? temperatureThreshold(body.temperature_threshold) : null, ...(journey && logo.remove ? { remove_logo: true } : {}) };
    save.mutate(logo.file ? toFormData(payload, { logo: logo.file }) : toPayload(payload), {
      onSuccess: (r) => {
        notifications.show({ color: 'green', message: r.message });
        setLogo({ file: null, remove: false });
        if (!journey) navigate(`/update/journey/${r.data.id}`);
      },
      onError: (e) => form.applyServerError(e),
    });
  };

  return (
    <Stack>
      <FormSection title={t('section_details')}>
        <TextInput label={t('name')} required {...form.input('name')} maw={520} />
        <Textarea label={t('description')} autosize minRows={2} {...form.input('description')} />
        <LogoField saved={journey?.logo ?? null} value={logo} onChange={setLogo} error={form.errors.logo} />
      </FormSection>

      <FormSection title={t('section_sites')}>
        <SitesField
          options={siteOptions}
          value={siteIds}
          onChange={(ids) => form.setField('site_ids', ids)}
          blocked={blocked}
          error={form.errors.site_ids}
          unavailable={!sites.allowed}
        />
      </FormSection>

      <FormSection title={t('section_kiosk')}>
        <Switch label={t('touch_mode')} description={t('touch_mode_help')} checked={!!v.touch_mode} onChange={(e) => form.setField('touch_mode', e.currentTarget.checked)} />
        <Textarea label={t('instruction_screen')} description={t('instruction_screen_help')} autosize minRows={2} {...form.input('instruction_screen')} />
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <MultiSelect
            label={t('shown_user_types')}
            description={userTypes.allowed ? t('shown_user_types_help') : t('list_unavailable')}
            data={typeOptions}
            value={((v.shown_user_type_ids ?? []) as number[]).map(String)}
            onChange={(ids) => form.setField('shown_user_type_ids', ids.map(Number))}
            error={form.errors.shown_user_type_ids}
            searchable
            clearable
          />
          <Select
            label={t('quickpass_user_type')}
            description={userTypes.allowed ? t('quickpass_user_type_help') : t('list_unavailable')}
            data={typeOptions}
            value={v.quickpass_user_type_id ? String(v.quickpass_user_type_id) : null}
            onChange={(id) => form.setField('quickpass_user_type_id', id ? Number(id) : null)}
            error={form.errors.quickpass_user_type_id}
            searchable
            clearable
          />
        </SimpleGrid>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="name-matching-label">
            {t('name_matching')}
          </Text>
          <SegmentedControl
            aria-labelledby="name-matching-label"
            value={String(v.name_matching ?? 'quick')}
            onChange={(m) => form.setField('name_matching', m as 'quick' | 'private')}
            data={[
              { value: 'quick', label: t('name_matching_quick') },
              { value: 'private', label: t('name_matching_private') },
            ]}
            maw={320}
          />
          <Text size="xs" c="dimmed">
            {t(`name_matching_${v.name_matching === 'private' ? 'private' : 'quick'}_help`)}
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <TextInput label={t('covid_column_name')} description={t('covid_column_name_help')} {...form.input('covid_column_name')} />
          <Select
            label={t('attendance_mode')}
            description={modes.allowed ? t('attendance_mode_help') : t('list_unavailable')}
            data={(modes.data ?? []).map((m) => ({ value: String(m.id), label: m.name }))}
            value={v.attendance_mode_id ? String(v.attendance_mode_id) : null}
            onChange={(id) => form.setField('attendance_mode_id', id ? Number(id) : null)}
            error={form.errors.attendance_mode_id}
            clearable
          />
        </SimpleGrid>
      </FormSection>

      <FormSection title={t('outputs')}>
        <Toggles keys={OUTPUTS} values={v as Record<string, unknown>} onChange={(k, on) => form.setField(k, on)} />
      </FormSection>

      <FormSection title={t('checks')}>
        <Stack gap="xs">
          <Switch
            label={t('temperature_check')}
            checked={!!v.temperature_check}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              form.setField('temperature_check', on);
              if (on && v.temperature_threshold == null) form.setField('temperature_threshold', DEFAULT_TEMPERATURE_THRESHOLD_C);
            }}
          />
          {v.temperature_check ? (
            <NumberInput
              label={t('temperature_threshold')}
              description={t('temperature_threshold_help')}
              min={30}
              max={45}
              step={0.1}
              decimalScale={1}
              value={(v.temperature_threshold as number | null) ?? ''}
              onChange={(n) => form.setField('temperature_threshold', n === '' ? null : Number(n))}
              error={form.errors.temperature_threshold}
              maw={260}
              ms={{ base: 0, sm: 'xl' }}
            />
          ) : null}
        </Stack>
        <Switch label={t('mask_check')} checked={!!v.mask_check} onChange={(e) => form.setField('mask_check', e.currentTarget.checked)} />
      </FormSection>

      {form.formError ? (
        <Alert color="red" style={{ whiteSpace: 'pre-line' }}>
          {form.formError}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" component={Link} to="/journeys">
          {t('cancel')}
        </Button>
        <Button onClick={submit} loading={save.isPending || checking}>
          {t('save')}
        </Button>
      </Group>
    </Stack>
  );
}
