import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('csv', () => {
  it('quotes commas, quotes and line breaks, and leaves plain cells alone', () => {
    expect(csvCell('Ana Garcia')).toBe('Ana Garcia');
    expect(csvCell('Hall, east')).toBe('"Hall, east"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(36.6)).toBe('36.6');
    expect(csvCell(null)).toBe('');
  });

  it('defuses cells a spreadsheet would run as formulas', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell('-3')).toBe("'-3");
    expect(csvCell('\tcmd')).toBe('"\'\tcmd"');
  });

  it('quotes every cell holding a separator a spreadsheet may split on, so `Bob;=1+1` stays one cell', () => {
    expect(csvCell('Bob;=1+1')).toBe('"Bob;=1+1"');
    expect(csvCell('a\tb')).toBe('"a\tb"');
  });

  it('writes a header row and CRLF line ends', () => {
    expect(toCsv(['Name', 'Area'], [['أمل', 'القاعة']])).toBe('Name,Area\r\nأمل,القاعة\r\n');
  });
});
