import { createRequire } from 'node:module';
import type { EmergencyReport, Language } from '@gatehouse/contract';
import PDFDocument from 'pdfkit';

/**
 * The session report as a PDF (pdfkit). Arabic renders: Noto Sans Arabic is embedded for Arabic runs (fontkit
 * shapes the letters: joining forms and ligatures, laid out right to left) and Noto Sans for the rest; an Arabic
 * report is laid out right to left (runs in visual order, text aligned to the right).
 */
const require = createRequire(import.meta.url);
const FONTS = {
  latin: require.resolve('@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff'),
  latinExt: require.resolve('@fontsource/noto-sans/files/noto-sans-latin-ext-400-normal.woff'),
  arabic: require.resolve('@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff'),
};

const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
const LATIN_EXT = /[\u0100-\u024F]/;

/** Splits a line into runs of Arabic and other text; spaces stay with the run before, punctuation goes with the Latin font (the Arabic subset has none). */
export function runsOf(text: string): { text: string; arabic: boolean }[] {
  const out: { text: string; arabic: boolean }[] = [];
  for (const ch of text) {
    const strong = ARABIC.test(ch) ? true : /\s/u.test(ch) ? null : false;
    const last = out.at(-1);
    if (last && (strong === null || strong === last.arabic)) last.text += ch;
    else out.push({ text: ch, arabic: strong ?? false });
  }
  return out;
}

type Labels = Record<string, string>;

export function reportPdf(report: EmergencyReport, lang: Language, labels: Labels, formatTime: (iso: string | null) => string): Promise<Buffer> {
  const rtl = lang === 'ar';
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: report.name, Author: report.entity_name } });
  doc.registerFont('latin', FONTS.latin);
  doc.registerFont('latinExt', FONTS.latinExt);
  doc.registerFont('arabic', FONTS.arabic);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  /** One line of mixed text at the current y, aligned to the start of the reading direction. */
  const line = (text: string, size = 10, gap = 4) => {
    if (doc.y > doc.page.height - doc.page.margins.bottom - size * 2) doc.addPage();
    const runs = runsOf(text);
    const ordered = rtl ? [...runs].reverse() : runs;
    const fontOf = (r: { text: string; arabic: boolean }) => (r.arabic ? 'arabic' : LATIN_EXT.test(r.text) ? 'latinExt' : 'latin');
    const widths = ordered.map((r) => doc.font(fontOf(r)).fontSize(size).widthOfString(r.text));
    const total = Math.min(width, widths.reduce((a, b) => a + b, 0));
    let x = rtl ? left + width - total : left;
    const y = doc.y;
    ordered.forEach((r, i) => {
      doc.font(fontOf(r)).fontSize(size).text(r.text, x, y, { lineBreak: false, features: r.arabic ? ['rlig', 'calt', 'liga', 'init', 'medi', 'fina', 'isol'] : undefined });
      x += widths[i];
    });
    doc.y = y + size + gap;
  };

  line(report.entity_name, 11);
  line(report.name, 18, 8);
  if (report.drill) line(labels.drill, 12);
  line(`${labels.started}: ${formatTime(report.started_at)} — ${labels.by} ${report.started_by_name} (${labels[`method_${report.start_method}`]})`);
  line(`${labels.ended}: ${report.ended_at ? `${formatTime(report.ended_at)} — ${labels.by} ${report.ended_by_name ?? ''}` : labels.still_running}`);
  line(`${labels.sites}: ${report.sites.map((s) => s.name).join(', ')}`);
  line(`${labels.accounted}: ${report.accounted_after_seconds === null ? labels.not_all_accounted : `${Math.floor(report.accounted_after_seconds / 60)} min ${report.accounted_after_seconds % 60} s`}`);
  const c = report.counts;
  line(`${labels.total}: ${c.total} · ${labels.safe}: ${c.safe} · ${labels.needs_help}: ${c.needs_help} · ${labels.not_on_site}: ${c.not_on_site} · ${labels.unaccounted}: ${c.unaccounted} · ${labels.left}: ${c.left}`, 10, 12);

  line(labels.people, 14, 6);
  for (const p of report.people) {
    const where = [p.site_name, p.area_name].filter(Boolean).join(' / ');
    const status = `${labels[p.status]}${p.muster_point_name ? ` @ ${p.muster_point_name}` : ''}`;
    const by = p.status_by_name ? ` — ${p.status_by_name}, ${formatTime(p.status_at)}` : '';
    const presence = p.presence === 'left' ? ` (${labels.left_at} ${formatTime(p.left_at)})` : p.joined_at ? ` (${labels.joined_at} ${formatTime(p.joined_at)})` : '';
    line(`${p.first_name} ${p.last_name} · ${p.user_type ?? ''} · ${where}: ${status}${by}${presence}`, 9, 3);
  }
  doc.y += 8;
  line(labels.timeline, 14, 6);
  for (const e of report.timeline) {
    const what = e.kind === 'mark' ? `${labels[e.status ?? 'unaccounted']}${e.muster_point_name ? ` @ ${e.muster_point_name}` : ''}` : labels[`kind_${e.kind}`];
    line(`${formatTime(e.at)} · ${e.person_name ?? ''} ${what}${e.actor_name ? ` — ${e.actor_name}` : ''}`, 9, 3);
  }
  doc.end();
  return done;
}
