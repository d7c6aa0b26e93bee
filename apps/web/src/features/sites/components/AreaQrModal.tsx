import type { zAreaQr } from '@gatehouse/contract';
import { Button, Group, Image, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http } from '../../../lib/http';
import type { TreeArea } from '../api/places';
import type { z } from 'zod';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The area's QR code (rule 230), printed on its own page: the area's name above the code, the link below. */
export function AreaQrModal({ area, siteName, onClose }: { area: TreeArea; siteName: string; onClose: () => void }) {
  const { t, i18n } = useTranslation('sites');
  const qr = useQuery({
    queryKey: ['sites', 'qr', area.id],
    queryFn: () => http.get<z.output<typeof zAreaQr>>(`/api/area_qr_code/${area.id}`).then((r) => r.data),
  });
  const title = t('area.qr_title', { name: area.name });
  const print = () => {
    if (!qr.data) return;
    const w = window.open('', '_blank', 'width=600,height=800');
    if (!w) return;
    const dir = i18n.dir();
    w.document.write(
      `<!doctype html><html lang="${i18n.language}" dir="${dir}"><head><meta charset="utf-8"><title>${escape(title)}</title>` +
        '<style>body{font-family:system-ui,sans-serif;text-align:center;margin:48px}h1{font-size:32px;margin:0 0 4px}h2{font-weight:400;color:#555;margin:0 0 24px}img{width:360px;height:360px}p{color:#555;word-break:break-all}</style>' +
        `</head><body><h1>${escape(area.name)}</h1><h2>${escape(siteName)}</h2><img src="${qr.data.data_url}" alt=""><p>${escape(t('area.qr_scan'))}</p><p>${escape(qr.data.url)}</p></body></html>`,
    );
    w.document.close();
    w.addEventListener('load', () => w.print());
  };
  return (
    <Modal opened onClose={onClose} title={title}>
      <Stack align="center">
        {qr.isLoading ? <Loader /> : null}
        {qr.data ? (
          <>
            <Image src={qr.data.data_url} alt={title} w={280} />
            <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>{qr.data.url}</Text>
          </>
        ) : null}
        <Group>
          <Button leftSection={<IconPrinter size={16} aria-hidden />} disabled={!qr.data} onClick={print}>{t('area.print')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
