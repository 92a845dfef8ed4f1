import { Transform, type TransformCallback } from 'node:stream';

const QUOTE = 0x22;
const LF = 0x0a;
const CRLF = Buffer.from('\r\n');

/**
 * Passes PostgreSQL's `COPY … (FORMAT csv)` output through, ending each record with CRLF (RFC 4180;
 * PostgreSQL writes LF) and counting the records. Line breaks inside quoted fields are data and
 * are left alone: a quote toggles the "inside a field" state (a doubled quote toggles it twice).
 * It jumps between quotes and line feeds with Buffer#indexOf instead of visiting every byte.
 */
export class CsvRecordStream extends Transform {
  records = 0;
  private quoted = false;

  constructor(private readonly onRecords?: (records: number) => void) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    const parts: Buffer[] = [];
    let start = 0;
    let i = 0;
    let nextLf = -2;
    while (i < chunk.length) {
      const quote = chunk.indexOf(QUOTE, i);
      if (this.quoted) {
        if (quote === -1) break;
        this.quoted = false;
        i = quote + 1;
        continue;
      }
      if (nextLf !== -1 && nextLf < i) nextLf = chunk.indexOf(LF, i);
      if (nextLf !== -1 && (quote === -1 || nextLf < quote)) {
        parts.push(chunk.subarray(start, nextLf), CRLF);
        start = nextLf + 1;
        i = start;
        this.records += 1;
      } else if (quote !== -1) {
        this.quoted = true;
        i = quote + 1;
      } else break;
    }
    if (parts.length === 0) {
      done(null, chunk);
    } else {
      parts.push(chunk.subarray(start));
      done(null, Buffer.concat(parts));
    }
    this.onRecords?.(this.records);
  }
}
