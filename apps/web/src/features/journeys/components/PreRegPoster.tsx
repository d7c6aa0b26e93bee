import { Alert, Button, Center, Group, Image, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type PreRegLink, useLinkQr } from '../api/prereg-links';

export interface PosterText {
  organisation: string;
  instruction: string;
  place: string;
}

/**
 * Prints the poster in a window of its own (the console stays off the paper): the organisation's name, the QR code
 * of the link, a short instruction in the admin's language, and the address for those who cannot scan.
 */
export function printPoster(text: PosterText, qrcode: string, url: string, lang: string, dir: string) {
  const w = window.open('', '_blank', 'width=640,height=900');
  if (!w) return false;
  const d = w.document;
  d.title = text.organisation;
  d.documentElement.lang = lang;
  d.documentElement.dir = dir;
  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, css: string, text = '') => {
    const node = d.createElement(tag);
    node.style.cssText = css;
    node.textContent = text;
    return node;
  };
  const box = el('main', 'font-family:sans-serif;text-align:center;padding:32px');
  const img = el('img', 'width:400px;height:400px');
  img.src = qrcode;
  img.alt = '';
  const link = el('p', 'font-size:11px;word-break:break-all;color:#555', url);
  link.dir = 'ltr';
  box.append(el('h1', 'font-size:32px;margin:0 0 8px', text.organisation), el('p', 'font-size:18px;margin:0 0 16px', text.place), img, el('p', 'font-size:22px;margin:16px 0', text.instruction), link);
  d.body.append(box);
  img.onload = () => {
    w.focus();
    w.print();
  };
  return true;
}

/** The link's QR poster, shown before it is printed or downloaded. */
export function PreRegPoster({ link, organisation, place, onClose }: { link: PreRegLink; organisation: string; place: string; onClose: () => void }) {
  const { t, i18n } = useTranslation('prereg-links');
  const qr = useLinkQr(link.id);
  const text: PosterText = { organisation, place, instruction: t('poster_instruction') };
  return (
    <Modal opened onClose={onClose} title={t('poster_title')} size="lg" closeButtonProps={{ 'aria-label': t('close') }}>
      {qr.isLoading ? (
        <Center py="xl">
          <Loader aria-label={t('loading')} />
        </Center>
      ) : qr.data ? (
        <Stack align="center">
          <Paper withBorder p="lg" w="100%" ta="center" aria-label={t('poster_title')}>
            <Title order={2}>{organisation}</Title>
            <Text size="lg">{place}</Text>
            <Center>
              <Image src={qr.data.qrcode} alt={t('qr_alt')} w={300} h={300} />
            </Center>
            <Text size="lg" fw={500}>
              {text.instruction}
            </Text>
            <Text size="xs" c="dimmed" dir="ltr" style={{ wordBreak: 'break-all' }}>
              {qr.data.url}
            </Text>
          </Paper>
          <Group>
            <Button leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => printPoster(text, qr.data.qrcode, qr.data.url, i18n.language, document.documentElement.dir || 'ltr')}>
              {t('print')}
            </Button>
            <Button variant="default" component="a" href={qr.data.qrcode} download={`pre-registration-${link.id}.png`} leftSection={<IconDownload size={16} aria-hidden />}>
              {t('download')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Alert color="red">{t('qr_failed')}</Alert>
      )}
    </Modal>
  );
}
