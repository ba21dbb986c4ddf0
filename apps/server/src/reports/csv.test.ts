import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvDelimiter, writeCsv, writeCsvBlocks } from './csv.ts';

describe('writeCsv', () => {
  it('starts with the byte order mark and ends lines with CRLF', () => {
    const csv = writeCsv(['名称', 'Zone'], [['应急灯 1', 'Büro']]);
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv).toBe('\uFEFF名称,Zone\r\n应急灯 1,Büro\r\n');
    expect(Buffer.from(csv, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });

  it('quotes separators, quotes, line breaks and outer spaces, and doubles quotes', () => {
    const csv = writeCsv(['a'], [['x,y'], ['say "hi"'], ['two\nlines'], [' padded'], ['plain']]);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'a',
      '"x,y"',
      '"say ""hi"""',
      '"two\nlines"',
      '" padded"',
      'plain',
      '',
    ]);
  });

  it('writes numbers as they are, empty cells empty, and formula-like text as text', () => {
    const csv = writeCsv(
      ['n', 'e', 'f'],
      [
        [-3.5, null, '=SUM(A1)'],
        [0, undefined, '@cmd'],
        [Number.NaN, '', '-1'],
      ],
    );
    expect(csv.slice(1).split('\r\n')).toEqual(['n,e,f', "-3.5,,'=SUM(A1)", "0,,'@cmd", ",,'-1", '']);
  });

  it('uses the semicolon for German and Spanish readers and quotes by the chosen separator', () => {
    expect(csvDelimiter('de')).toBe(';');
    expect(csvDelimiter('es')).toBe(';');
    expect(csvDelimiter('en')).toBe(',');
    expect(csvDelimiter('zh')).toBe(',');
    expect(writeCsv(['a', 'b'], [['1,5', 'x;y']], { delimiter: ';' }).slice(1)).toBe('a;b\r\n1,5;"x;y"\r\n');
  });
});

describe('writeCsvBlocks', () => {
  it('writes tables one under another, each under its title, with the quoting of writeCsv', () => {
    const csv = writeCsvBlocks(
      ['项目报告', 'Zeitraum: 1.10.–31.10.'],
      [
        {
          title: 'Energie; nach Netzwerk',
          header: ['Netzwerk', 'kWh'],
          rows: [
            ['上海办公室', 12.5],
            ['=SUM(A1)', null],
          ],
        },
        { title: 'Kosten', header: ['EUR'], rows: [[3.2]] },
      ],
      { delimiter: ';' },
    );
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      '项目报告',
      'Zeitraum: 1.10.–31.10.',
      '',
      '"Energie; nach Netzwerk"',
      'Netzwerk;kWh',
      '上海办公室;12.5',
      "'=SUM(A1);",
      '',
      'Kosten',
      'EUR',
      '3.2',
      '',
    ]);
  });
});
