import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { CsvRecordStream } from './csv-record-stream';

describe('CsvRecordStream', () => {
  it('ends records with CRLF, keeps line breaks inside quoted fields, and counts records across chunks', async () => {
    const counter = new CsvRecordStream();
    const copyOutput = ['a;"linha 1\nlinha 2";c\nd;"diz ""', 'oi""\n";f\n', 'g;h;i\n'];
    const out = await text(Readable.from(copyOutput.map((c) => Buffer.from(c))).pipe(counter));
    expect(out).toBe('a;"linha 1\nlinha 2";c\r\nd;"diz ""oi""\n";f\r\ng;h;i\r\n');
    expect(counter.records).toBe(3);
  });

  it('gives the same result whatever the chunk boundaries', async () => {
    const fields = ['a', '"b;c"', '"x\ny"', '"diz ""oi"""', '""', '"\n"', 'z'];
    let csv = '';
    let expected = '';
    for (let r = 0; r < 500; r += 1) {
      const line = Array.from({ length: 1 + (r % 5) }, (_, k) => fields[(r * 7 + k * 3) % fields.length]).join(';');
      csv += `${line}\n`;
      expected += `${line}\r\n`;
    }
    const bytes = Buffer.from(csv);
    const chunks: Buffer[] = [];
    for (let at = 0; at < bytes.length;) {
      const size = 1 + ((at * 31) % 97);
      chunks.push(bytes.subarray(at, at + size));
      at += size;
    }
    const counter = new CsvRecordStream();
    expect(await text(Readable.from(chunks).pipe(counter))).toBe(expected);
    expect(counter.records).toBe(500);
  });
});
