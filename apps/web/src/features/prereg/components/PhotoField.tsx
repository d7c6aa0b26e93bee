import { Button, FileButton, Group, Image, Input, Modal, Stack, Text } from '@mantine/core';
import { PREREG_IMAGE } from '@gatehouse/contract';
import { IconCamera, IconTrash, IconUpload } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The camera's picture: a 480 × 640 portrait JPEG (inside rule 140's limits). */
const SHOT = { width: 480, height: 640 };

async function imageSize(file: File): Promise<{ width: number; height: number } | null> {
  const url = URL.createObjectURL(file);
  try {
    return await new Promise((resolve) => {
      const img = new window.Image();
      img.onload = () => resolve({ width: img.naturalWidth, height: img.naturalHeight });
      img.onerror = () => resolve(null);
      img.src = url;
    });
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * Rule 140 before the upload (the server decodes and checks again): PNG or JPEG, at most 3 MB, 250-4096 px wide
 * and 300-2688 px high. Answers the message key of the first problem, or null.
 */
export async function checkPhoto(file: File): Promise<string | null> {
  if (file.type !== 'image/png' && file.type !== 'image/jpeg') return 'photo_type';
  if (file.size > PREREG_IMAGE.maxBytes) return 'photo_too_large';
  const size = await imageSize(file);
  if (!size) return 'photo_type';
  const { width: w, height: h } = size;
  if (w < PREREG_IMAGE.minWidth || w > PREREG_IMAGE.maxWidth || h < PREREG_IMAGE.minHeight || h > PREREG_IMAGE.maxHeight) return 'photo_size';
  return null;
}

/** The front camera in a dialog: a live picture, "take", then the portrait goes back as a JPEG file. */
function CameraDialog({ opened, onClose, onShot }: { opened: boolean; onClose: () => void; onShot: (f: File) => void }) {
  const { t } = useTranslation('prereg');
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<'starting' | 'on' | 'none'>('starting');
  useEffect(() => {
    if (!opened) return;
    let stream: MediaStream | null = null;
    let closed = false;
    setState('starting');
    (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('no camera');
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user', width: { ideal: 960 }, height: { ideal: 1280 } } });
        if (closed || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        setState('on');
      } catch {
        if (!closed) setState('none');
      }
    })();
    return () => {
      closed = true;
      stream?.getTracks().forEach((tr) => tr.stop());
    };
  }, [opened]);
  const take = () => {
    const v = video.current;
    if (!v?.videoWidth) return;
    const canvas = document.createElement('canvas');
    canvas.width = SHOT.width;
    canvas.height = SHOT.height;
    // The middle of the picture, cropped to a portrait.
    const scale = Math.max(SHOT.width / v.videoWidth, SHOT.height / v.videoHeight);
    const sw = SHOT.width / scale;
    const sh = SHOT.height / scale;
    canvas.getContext('2d')!.drawImage(v, (v.videoWidth - sw) / 2, (v.videoHeight - sh) / 2, sw, sh, 0, 0, SHOT.width, SHOT.height);
    canvas.toBlob((blob) => blob && onShot(new File([blob], 'photo.jpg', { type: 'image/jpeg' })), 'image/jpeg', 0.9);
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('photo_take')} centered fullScreen={false}>
      <Stack>
        <video ref={video} muted playsInline style={{ width: '100%', borderRadius: 8, display: state === 'on' ? 'block' : 'none' }} />
        {state === 'none' ? <Text c="dimmed">{t('photo_no_camera')}</Text> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button leftSection={<IconCamera size={18} />} onClick={take} disabled={state !== 'on'}>
            {t('photo_capture')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The visitor's photo when the flow asks for one (rules 134, 140): taken with the camera or uploaded, checked
 * here for type, bytes and size, shown before it is sent.
 */
export function PhotoField({ value, onChange, error, onError }: { value: File | null; onChange: (f: File | null) => void; error?: string | null; onError: (key: string | null) => void }) {
  const { t } = useTranslation('prereg');
  const [camera, setCamera] = useState(false);
  const preview = useMemo(() => (value ? URL.createObjectURL(value) : null), [value]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const take = async (file: File | null) => {
    setCamera(false);
    if (!file) return;
    const problem = await checkPhoto(file);
    onError(problem);
    onChange(problem ? null : file);
  };
  return (
    <Input.Wrapper label={t('photo')} description={t('photo_hint')} required error={error}>
      <Stack gap="xs" mt={6}>
        {preview ? <Image src={preview} alt={t('photo')} w={160} h={213} radius="md" fit="cover" /> : null}
        <Group gap="xs">
          <Button variant="light" leftSection={<IconCamera size={18} />} onClick={() => setCamera(true)}>
            {t('photo_take')}
          </Button>
          <FileButton onChange={(f) => void take(f)} accept="image/png,image/jpeg">
            {(props) => (
              <Button variant="light" leftSection={<IconUpload size={18} />} {...props} data-testid="photo-upload">
                {t('photo_upload')}
              </Button>
            )}
          </FileButton>
          {value ? (
            <Button variant="subtle" color="red" leftSection={<IconTrash size={18} />} onClick={() => onChange(null)}>
              {t('photo_remove')}
            </Button>
          ) : null}
        </Group>
      </Stack>
      <CameraDialog opened={camera} onClose={() => setCamera(false)} onShot={(f) => void take(f)} />
    </Input.Wrapper>
  );
}
