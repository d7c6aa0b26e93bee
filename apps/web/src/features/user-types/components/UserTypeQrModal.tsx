import { Alert, Button, Center, CopyButton, Group, Image, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getUserTypeQr, type UserTypeNode } from '../api/user-types';

/** Prints only the code and the type's name, in a window of its own (the console around it stays off the paper). */
export function printQr(title: string, dataUrl: string, caption: string) {
  const w = window.open('', '_blank', 'width=480,height=640');
  if (!w) return false;
  const d = w.document;
  d.title = title;
  d.documentElement.dir = document.documentElement.dir;
  const box = d.createElement('div');
  box.style.cssText = 'font-family:sans-serif;text-align:center;padding:24px';
  const h = d.createElement('h1');
  h.textContent = title;
  const img = d.createElement('img');
  img.src = dataUrl;
  img.style.cssText = 'width:320px;height:320px';
  const p = d.createElement('p');
  p.textContent = caption;
  p.style.cssText = 'font-size:12px;word-break:break-all';
  box.append(h, img, p);
  d.body.append(box);
  img.onload = () => {
    w.focus();
    w.print();
  };
  return true;
}

/** The user type's QR code (GET /api/user-type-qr/{id}): people scan it to pre-register as that type. */
export function UserTypeQrModal({ node, onClose }: { node: UserTypeNode; onClose: () => void }) {
  const { t } = useTranslation('user-types');
  const qr = useQuery({ queryKey: ['user-types', 'qr', node.id], queryFn: () => getUserTypeQr(node.id) });
  const title = t('qr_title', { name: node.name });
  return (
    <Modal opened onClose={onClose} title={title}>
      {qr.isLoading ? (
        <Center py="xl"><Loader /></Center>
      ) : qr.data ? (
        <Stack align="center">
          <Image src={qr.data.qrcode} alt={title} w={280} h={280} />
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }} dir="ltr">{qr.data.url}</Text>
          <Text size="sm">{t('qr_hint')}</Text>
          <Group>
            <Button leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => printQr(title, qr.data.qrcode, qr.data.url)}>{t('print')}</Button>
            <Button variant="default" component="a" href={qr.data.qrcode} download={`user-type-${node.id}-qr.png`} leftSection={<IconDownload size={16} aria-hidden />}>{t('download')}</Button>
            <CopyButton value={qr.data.url}>{({ copied, copy }) => <Button variant="subtle" onClick={copy}>{copied ? t('copied') : t('copy_link')}</Button>}</CopyButton>
          </Group>
        </Stack>
      ) : (
        <Alert color="red">{qr.error?.message ?? t('qr_failed')}</Alert>
      )}
    </Modal>
  );
}
