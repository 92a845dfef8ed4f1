import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** An e-mail the test SMTP server accepted, decoded just enough for assertions. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  messageId: string;
  text: string;
  html: string;
  /** Attachments, decoded. */
  attachments: { filename: string; contentType: string; content: Buffer }[];
  raw: string;
}

/**
 * A real SMTP server (the `smtp-server` package) on a free 127.0.0.1 port, for tests of what the
 * worker sends: no TLS, no authentication. `failNext(n, code)` answers the next n messages with an
 * SMTP error; `stop()`/`start()` take it down and bring it back on the same port.
 */
export class TestSmtpServer {
  readonly received: ReceivedMail[] = [];
  /** Messages refused so far (temporary or permanent replies). */
  refused = 0;
  private server: SMTPServer | null = null;
  private failures: number[] = [];
  port = 0;

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** The e-mails sent to `address`. */
  to(address: string): ReceivedMail[] {
    return this.received.filter((mail) => mail.to.includes(address.toLowerCase()));
  }

  /**
   * What `address` received besides the receipt of a new process, which every external requester
   * with an e-mail gets (docs/processes.md#receipts-and-tracking): the e-mails of later events.
   */
  toAfterReceipt(address: string): ReceivedMail[] {
    return this.to(address).filter((mail) => !mail.subject.startsWith('SEMGI: comprovante de protocolo '));
  }

  failNext(count: number, code: number): void {
    this.failures.push(...Array<number>(count).fill(code));
  }

  async start(): Promise<void> {
    const server = new SMTPServer({
      secure: false,
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const code = this.failures.shift();
          if (code !== undefined) {
            this.refused += 1;
            callback(Object.assign(new Error(`Falha simulada ${code}`), { responseCode: code }));
            return;
          }
          const raw = Buffer.concat(chunks).toString('utf8');
          const to = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
          this.received.push({ ...parseMessage(raw), to, raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** Headers (unfolded, lower-case names) and body of one MIME entity. */
function splitEntity(entity: string): { headers: Map<string, string>; body: string } {
  const cut = entity.search(/\r?\n\r?\n/);
  const head = cut < 0 ? entity : entity.slice(0, cut);
  const body = cut < 0 ? '' : entity.slice(cut).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=), as nodemailer writes them. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_m, kind: string, data: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(text: string): string {
  // A literal '%' (a temporary password may hold one) is escaped before =XX becomes %XX.
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/%/g, '%25')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => `%${hex}`);
  try {
    return decodeURIComponent(bytes);
  } catch {
    return bytes;
  }
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/** Subject, Message-ID, the text/plain and text/html parts and the attachments of a (possibly multipart) message. */
function parseMessage(raw: string): Omit<ReceivedMail, 'to' | 'raw'> {
  const { headers, body } = splitEntity(raw);
  const parts: Record<string, string> = {};
  const attachments: ReceivedMail['attachments'] = [];
  const collect = (entityHeaders: Map<string, string>, entityBody: string) => {
    const type = entityHeaders.get('content-type') ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (type.toLowerCase().startsWith('multipart/') && boundary) {
      for (const part of entityBody.split(`--${boundary}`).slice(1)) {
        if (part.startsWith('--')) break;
        const child = splitEntity(part.replace(/^\r?\n/, ''));
        collect(child.headers, child.body);
      }
      return;
    }
    const disposition = entityHeaders.get('content-disposition') ?? '';
    if (disposition.toLowerCase().startsWith('attachment')) {
      attachments.push({
        filename: decodeWords(/filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? ''),
        contentType: type.split(';')[0].trim().toLowerCase(),
        content: Buffer.from(entityBody.replace(/\s+/g, ''), 'base64'),
      });
      return;
    }
    const kind = type.toLowerCase().startsWith('text/html') ? 'html' : 'text';
    parts[kind] ??= decodeBody(entityHeaders, entityBody);
  };
  collect(headers, body);
  return {
    subject: decodeWords(headers.get('subject') ?? ''),
    messageId: headers.get('message-id') ?? '',
    text: parts.text ?? '',
    html: parts.html ?? '',
    attachments,
  };
}
