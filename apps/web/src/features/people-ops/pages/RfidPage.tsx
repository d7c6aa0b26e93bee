import { Alert, Center, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { HttpError, joinErrors } from '../../../lib/http';
import { VisitorFrame } from '../../prereg';
import { useEnrolRfid, useRfidLink } from '../api/people-ops';

/**
 * The public RFID enrolment page (/rfid/:code, no console shell, phone-sized, en/ar/es): the person from the mail
 * types or scans their card's value and presses Enter (rule 172); a value already used answers the documented
 * message and the field stays for another try.
 */
export default function RfidPage() {
  const { t } = useTranslation('people-ops');
  const code = useParams().code ?? '';
  const link = useRfidLink(code);
  const enrol = useEnrolRfid(code);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const submit = () => {
    const rfid = value.trim();
    if (!rfid) return setError(t('rfid_required'));
    setError(null);
    enrol.mutate(rfid, {
      onSuccess: () => setDone(true),
      onError: (e) => setError(e instanceof HttpError ? joinErrors(e.fieldErrors) || e.message : e.message),
    });
  };
  let body;
  if (link.isLoading) body = <Center py="lg"><Loader aria-label={t('loading')} /></Center>;
  else if (link.isError) body = <Alert color="red" role="alert">{link.error.message || t('rfid_link_invalid')}</Alert>;
  else if (done)
    body = (
      <Stack align="center" data-testid="rfid-done">
        <IconCircleCheck size={48} color="var(--mantine-color-green-7)" aria-hidden />
        <Text ta="center">{t('rfid_done')}</Text>
      </Stack>
    );
  else
    body = (
      <Stack>
        <Text>{t('rfid_greeting', { name: link.data?.first_name ?? '' })}</Text>
        {link.data?.enrolled ? <Alert color="blue">{t('rfid_already')}</Alert> : null}
        <TextInput
          label={t('rfid_value')}
          description={t('rfid_enter_hint')}
          dir="ltr"
          autoFocus
          autoComplete="off"
          value={value}
          maxLength={64}
          error={error}
          disabled={enrol.isPending}
          onChange={(e) => setValue(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              submit();
            }
          }}
        />
      </Stack>
    );
  return (
    <VisitorFrame heading={t('rfid_page_title')}>
      <Stack>
        <Title order={2} size="h3">{t('rfid_page_title')}</Title>
        {body}
      </Stack>
    </VisitorFrame>
  );
}
