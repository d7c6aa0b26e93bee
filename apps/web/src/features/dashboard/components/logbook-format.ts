import type { LogbookRow } from '@gatehouse/contract';

/** A reading in Celsius with its Fahrenheit (rule 227: readings may be taken in either unit). */
export function celsiusAndFahrenheit(celsius: number, lang: string) {
  const n = new Intl.NumberFormat(lang, { maximumFractionDigits: 1 });
  return `${n.format(celsius)} °C (${n.format((celsius * 9) / 5 + 32)} °F)`;
}

/** The badge colour of a row's kind. */
export const rowKindColor = (row: Pick<LogbookRow, 'type'>) => (row.type === 'sign_in' ? 'teal' : row.type === 'expected' ? 'blue' : row.type === 'auto_sign_out' ? 'grape' : 'gray');
