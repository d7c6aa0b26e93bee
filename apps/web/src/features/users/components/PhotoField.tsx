import { Avatar, Button, Group, Input, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { USER_IMAGE_MAX, USER_IMAGE_MIN_HEIGHT, USER_IMAGE_MIN_WIDTH } from '@gatehouse/contract';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { tMessage } from '../../../lib/i18n';
import { useMemberFile } from '../api/files';

/** The picture's size in pixels, read by the browser (null when it cannot tell; the server decodes it anyway). */
async function pixelSize(file: File): Promise<{ width: number; height: number } | null> {
  if (typeof createImageBitmap !== 'function') return null;
  try {
    const bmp = await createImageBitmap(file);
    const size = { width: bmp.width, height: bmp.height };
    bmp.close();
    return size;
  } catch {
    return null;
  }
}

/**
 * Rule 174 before sending: PNG or JPEG, at most 3 MB, at least 250 x 300 px. Answers the message to show, or null.
 * The server decodes the file again and its message is the last word.
 */
export async function photoProblem(file: File): Promise<string | null> {
  if (file.type !== 'image/png' && file.type !== 'image/jpeg') return tMessage('people.image_invalid');
  if (file.size > USER_IMAGE_MAX) return tMessage('people.image_too_large');
  const size = await pixelSize(file);
  if (size && (size.width < USER_IMAGE_MIN_WIDTH || size.height < USER_IMAGE_MIN_HEIGHT)) return tMessage('people.image_too_small');
  return null;
}

interface Props {
  name: string;
  current: string | null;
  file: File | null;
  onFile: (file: File | null, problem: string | null) => void;
  error?: string;
  required?: boolean;
}

/** The person's photo: the saved one (a members-only file) or the chosen one, and a drop zone to choose another. */
export function PhotoField({ name, current, file, onFile, error, required }: Props) {
  const { t } = useTranslation('users');
  const saved = useMemberFile(file ? null : current);
  const preview = useMemo(() => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const choose = async (files: File[]) => {
    const f = files[0];
    if (f) onFile(f, await photoProblem(f));
  };
  const reject = (r: FileRejection[]) => onFile(null, tMessage(r[0]?.errors[0]?.code === 'file-too-large' ? 'people.image_too_large' : 'people.image_invalid'));
  return (
    <Input.Wrapper label={t('form.photo')} required={required} error={error}>
      <Group align="center" wrap="nowrap" mt={4}>
        <Stack gap={4} align="center">
          <Avatar src={preview ?? saved.url} name={name} color="initials" size={96} radius="md" alt={t('form.photo_of', { name })} />
          {file || error ? <Button size="compact-xs" variant="subtle" onClick={() => onFile(null, null)}>{t('form.photo_clear')}</Button> : null}
        </Stack>
        <Dropzone onDrop={(f) => void choose(f)} onReject={reject} accept={['image/png', 'image/jpeg']} maxSize={USER_IMAGE_MAX} multiple={false} name="image" inputProps={{ 'aria-label': t('form.photo') }} style={{ flex: 1 }} data-testid="photo-dropzone">
          <Stack gap={2} align="center" py="sm" style={{ pointerEvents: 'none' }}>
            <Text size="sm" fw={500}>{file ? file.name : t('form.photo_drop')}</Text>
            <Text size="xs" c="dimmed">{t('form.photo_rules')}</Text>
          </Stack>
        </Dropzone>
      </Group>
    </Input.Wrapper>
  );
}
