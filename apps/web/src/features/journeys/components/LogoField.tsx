import { LOGO_MAX_BYTES } from '@gatehouse/contract';
import { Button, Group, Image, Input, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconPhoto } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tMessage } from '../../../lib/i18n';

export interface LogoValue {
  /** A new file to upload with the journey. */
  file: File | null;
  /** Take the saved logo off. */
  remove: boolean;
}

/**
 * The journey's optional logo (PNG or JPEG, at least 200 x 45 px, at most 2 MB: rule 294). The file goes up with
 * the journey, where the server decodes and checks it; until then the chosen file is previewed here.
 */
export function LogoField({ saved, value, onChange, error }: { saved: string | null; value: LogoValue; onChange: (v: LogoValue) => void; error?: string }) {
  const { t } = useTranslation('journeys');
  const [preview, setPreview] = useState<string | null>(null);
  const [rejected, setRejected] = useState<string | null>(null);
  useEffect(() => {
    if (!value.file) return setPreview(null);
    const url = URL.createObjectURL(value.file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value.file]);
  const shown = preview ?? (value.remove ? null : saved);
  const onReject = (r: FileRejection[]) => setRejected(tMessage(r[0]?.errors[0]?.code === 'file-too-large' ? 'entity.logo_too_large' : 'entity.logo_invalid'));

  return (
    <Input.Wrapper label={t('logo')} description={t('logo_help')} error={rejected ?? error}>
      <Group align="center" mt="xs" wrap="wrap">
        {shown ? (
          <Image src={shown} alt={t('logo_current')} h={56} w="auto" maw={240} fit="contain" data-testid="journey-logo" />
        ) : (
          <Text size="sm" c="dimmed">
            {t('logo_none')}
          </Text>
        )}
        {shown ? (
          <Button size="xs" variant="subtle" color="red" onClick={() => onChange({ file: null, remove: !!saved })}>
            {t('logo_remove')}
          </Button>
        ) : null}
      </Group>
      <Dropzone
        mt="xs"
        onDrop={(files) => {
          setRejected(null);
          if (files[0]) onChange({ file: files[0], remove: false });
        }}
        onReject={onReject}
        maxSize={LOGO_MAX_BYTES}
        accept={['image/png', 'image/jpeg']}
        multiple={false}
        name="logo"
        aria-label={t('logo_drop')}
        inputProps={{ 'aria-label': t('logo') }}
        data-testid="journey-logo-dropzone"
      >
        <Stack align="center" gap={4} py="xs" style={{ pointerEvents: 'none' }}>
          <IconPhoto size={24} aria-hidden />
          <Text size="sm">{t('logo_drop')}</Text>
        </Stack>
      </Dropzone>
    </Input.Wrapper>
  );
}
