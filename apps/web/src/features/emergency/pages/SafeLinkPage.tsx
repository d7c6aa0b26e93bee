import type { z } from 'zod';
import type { zSafetyLinkInfo } from '@gatehouse/contract';
import { Alert, Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { HttpError, http } from '../../../lib/http';

type Info = z.output<typeof zSafetyLinkInfo>['data'];

/** /safe/:token: the single-use "I'm safe / I need help" page a person opens from the mail or SMS. */
export default function SafeLinkPage() {
  const { t } = useTranslation('emergency');
  const token = useParams().token ?? '';
  const info = useQuery({ queryKey: ['safe', token], queryFn: () => http.get<{ data: Info }>(`/api/emergency_link/${token}`, { notFound: 'throw' }).then((r) => r.data), retry: false });
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const answer = async (a: 'safe' | 'needs_help') => {
    try {
      const res = await http.post<{ message: string }>(`/api/emergency_link/${token}`, { answer: a }, { quiet: true });
      setDone(res.message);
    } catch (err) {
      setError(err instanceof HttpError ? err.message : String(err));
    }
  };
  const d = info.data;
  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder p="lg" maw={480} w="100%">
        <Stack>
          <Title order={2}>{t('safe_title')}</Title>
          {info.isError ? <Alert color="red">{info.error instanceof HttpError ? info.error.message : String(info.error)}</Alert> : null}
          {done ? <Alert color="green">{done}</Alert> : null}
          {error ? <Alert color="red">{error}</Alert> : null}
          {d && !done ? (
            d.state === 'open' ? (
              <>
                <Text>{t('safe_question', { name: d.first_name, organisation: d.organisation, session: d.session_name })}</Text>
                <Group grow>
                  <Button size="xl" color="green" onClick={() => void answer('safe')}>
                    {t('safe_yes')}
                  </Button>
                  <Button size="xl" color="red" onClick={() => void answer('needs_help')}>
                    {t('safe_help')}
                  </Button>
                </Group>
              </>
            ) : (
              <Alert>{d.state === 'used' ? t('safe_used') : t('safe_ended')}</Alert>
            )
          ) : null}
        </Stack>
      </Paper>
    </Center>
  );
}
