import type { zMapSettings } from '@gatehouse/contract';
import 'leaflet/dist/leaflet.css';
import { Box, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../lib/http';
import type { z } from 'zod';

interface Props {
  lat: number;
  long: number;
  radius: number;
  zoom: number;
  onPick: (p: { lat: number; long: number; zoom: number }) => void;
}

/**
 * The site's location on a Leaflet map: click to place it, the circle shows the radius. Tiles come from the
 * server's MAP_TILE_URL (GET /api/map_settings), so an installation without internet uses its own tile server.
 */
export default function SiteMap({ lat, long, radius, zoom, onPick }: Props) {
  const { t } = useTranslation('sites');
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const circle = useRef<L.Circle | null>(null);
  const dot = useRef<L.CircleMarker | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  const settings = useQuery({
    queryKey: ['sites', 'map-settings'],
    queryFn: () => http.get<z.output<typeof zMapSettings>>('/api/map_settings').then((r) => r.data),
    staleTime: Infinity,
  });

  useEffect(() => {
    if (!box.current || !settings.data || map.current) return;
    const m = L.map(box.current).setView([lat, long], zoom);
    L.tileLayer(settings.data.tile_url, { attribution: settings.data.attribution, maxZoom: 22 }).addTo(m);
    circle.current = L.circle([lat, long], { radius }).addTo(m);
    dot.current = L.circleMarker([lat, long], { radius: 6, color: '#c92a2a', fillOpacity: 1 }).addTo(m);
    m.on('click', (e: L.LeafletMouseEvent) => pick.current({ lat: Number(e.latlng.lat.toFixed(6)), long: Number(e.latlng.lng.toFixed(6)), zoom: m.getZoom() }));
    map.current = m;
    return () => {
      m.remove();
      map.current = null;
    };
    // The map is made once; later changes move the marker (below).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settings.data]);

  useEffect(() => {
    if (!map.current || !Number.isFinite(lat) || !Number.isFinite(long)) return;
    circle.current?.setLatLng([lat, long]).setRadius(radius > 0 ? radius : 1);
    dot.current?.setLatLng([lat, long]);
  }, [lat, long, radius]);

  return (
    <Box>
      <Box ref={box} h={260} style={{ borderRadius: 8, overflow: 'hidden' }} data-testid="site-map" />
      <Text size="xs" c="dimmed">{t('site.map_help')}</Text>
    </Box>
  );
}
