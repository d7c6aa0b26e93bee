import { CERTIFICATE_PAYLOAD_MAX } from '@gatehouse/contract';
import { Button, FileButton, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconCamera, IconPhoto } from '@tabler/icons-react';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canReadQr, canScanQr, readQrFromImage, useQrCamera } from '../../../lib/qr-reader';

const PICTURE_MAX = 10 * 1024 * 1024;

function CameraScan({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation('compliance');
  const video = useRef<HTMLVideoElement>(null);
  const state = useQrCamera(video, true, onCode);
  return (
    <Stack gap="xs">
      <video ref={video} hidden={state !== 'on'} muted playsInline style={{ width: '100%', borderRadius: 8 }} />
      <Text size="sm" c={state === 'off' ? 'red' : 'dimmed'}>
        {t(state === 'on' ? 'certificate_scan_hint' : state === 'off' ? 'certificate_camera_off' : 'certificate_camera_starting')}
      </Text>
    </Stack>
  );
}

/**
 * The QR text of a COVID certificate (EU DCC 'HC1:' or SMART Health Card 'shc:/'): scanned with the camera or read
 * from a picture where the browser reads QR codes (the picture never leaves the device), or pasted.
 */
export function CertificateInput({ value, onChange, error }: { value: string; onChange: (v: string) => void; error?: string | null }) {
  const { t } = useTranslation('compliance');
  const [scanning, setScanning] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const found = useCallback(
    (code: string) => {
      setScanning(false);
      setNotice({ ok: true, text: t('certificate_read') });
      onChange(code);
    },
    [onChange, t],
  );
  const picture = async (file: File | null) => {
    if (!file) return;
    if (file.size > PICTURE_MAX) return setNotice({ ok: false, text: t('certificate_picture_too_large') });
    const code = await readQrFromImage(file);
    if (code) found(code);
    else setNotice({ ok: false, text: t('certificate_no_qr') });
  };
  return (
    <Stack gap="xs">
      <Textarea
        label={t('certificate_label')}
        description={t('certificate_help')}
        value={value}
        onChange={(e) => {
          setNotice(null);
          onChange(e.currentTarget.value);
        }}
        rows={3}
        maxLength={CERTIFICATE_PAYLOAD_MAX}
        dir="ltr"
        spellCheck={false}
        autoComplete="off"
        styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
        error={error ?? (notice && !notice.ok ? notice.text : undefined)}
      />
      {notice?.ok ? (
        <Text size="xs" c="green">
          {notice.text}
        </Text>
      ) : null}
      <Group gap="xs">
        {canScanQr() ? (
          <Button size="xs" variant="light" leftSection={<IconCamera size={14} aria-hidden />} onClick={() => setScanning(true)}>
            {t('certificate_scan')}
          </Button>
        ) : null}
        {canReadQr() ? (
          <FileButton accept="image/png,image/jpeg,image/webp" onChange={(f) => void picture(f)}>
            {(props) => (
              <Button size="xs" variant="light" leftSection={<IconPhoto size={14} aria-hidden />} {...props}>
                {t('certificate_upload')}
              </Button>
            )}
          </FileButton>
        ) : null}
        {value ? (
          <Button size="xs" variant="subtle" onClick={() => onChange('')}>
            {t('certificate_clear')}
          </Button>
        ) : null}
      </Group>
      {!canReadQr() ? (
        <Text size="xs" c="dimmed">
          {t('certificate_paste_only')}
        </Text>
      ) : null}
      <Modal opened={scanning} onClose={() => setScanning(false)} title={t('certificate_scan_title')}>
        {scanning ? <CameraScan onCode={found} /> : null}
      </Modal>
    </Stack>
  );
}
