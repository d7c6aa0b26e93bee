import dayjs from 'dayjs';
import { DATE_FORMAT } from '../../components/fields';

/** Rule 121: DD/MM/YYYY, with the time of day. */
export const formatDateTime = (iso: string | null | undefined) => (iso ? dayjs(iso).format(`${DATE_FORMAT} HH:mm:ss`) : '—');
export const formatTime = (iso: string | null | undefined) => (iso ? dayjs(iso).format('HH:mm:ss') : '—');
