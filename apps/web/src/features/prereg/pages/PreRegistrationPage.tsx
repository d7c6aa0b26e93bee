import { Alert, Anchor, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { getSession } from '../../../lib/session';
import { getLinkSettings, getUserTypes } from '../api/prereg';
import { RegistrationForm } from '../components/RegistrationForm';
import { VisitorFrame } from '../components/VisitorFrame';

/**
 * /pre-registration/:id: a visitor registers a visit through a shared link, on a phone, without logging in
 * (rules 130-140). An unknown, inactive or expired link, or one nobody may register through, is "not available"
 * (rule 151). A Passport holder may sign in first and come back (comingFromPassport).
 */
export default function PreRegistrationPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('prereg');
  const [params] = useSearchParams();
  // Back from the Passport sign-in: the visitor's own details, and their passport id with the registration.
  const user = params.get('comingFromPassport') === 'true' ? getSession()?.user : null;
  const passport = user?.passport_id ? { first_name: user.first_name, last_name: user.last_name, email: user.email, passport_id: user.passport_id } : null;
  const settings = useQuery({ queryKey: ['prereg', id, 'settings'], queryFn: () => getLinkSettings(id), enabled: !!id, retry: false });
  const types = useQuery({ queryKey: ['prereg', id, 'types'], queryFn: () => getUserTypes(id), enabled: !!id, retry: false });
  if (!id || settings.isError || types.isError || types.data?.length === 0) {
    return (
      <VisitorFrame>
        <Alert color="red" data-testid="prereg-unavailable">
          {t('not_available')}
        </Alert>
      </VisitorFrame>
    );
  }
  if (!settings.data || !types.data) {
    return (
      <VisitorFrame>
        <Loader aria-label={t('loading')} />
      </VisitorFrame>
    );
  }
  const place = [settings.data.site_name, settings.data.area_name].filter(Boolean).join(' · ');
  return (
    <VisitorFrame heading={settings.data.entity_name} logo={settings.data.entity_logo}>
      <Stack>
        <Title order={2}>{t('title')}</Title>
        {place ? <Text c="dimmed">{place}</Text> : null}
        {passport ? null : (
          <Text size="sm">
            {t('passport_hint')}{' '}
            <Anchor component={Link} to={`/login?next=${encodeURIComponent(`/pre-registration/${id}?comingFromPassport=true`)}`}>
              {t('passport_link')}
            </Anchor>
          </Text>
        )}
        <RegistrationForm code={id} timezone={settings.data.timezone} types={types.data} passport={passport} />
      </Stack>
    </VisitorFrame>
  );
}
