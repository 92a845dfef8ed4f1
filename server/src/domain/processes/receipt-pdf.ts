import type { PDFFont } from 'pdf-lib';
import { winAnsi, wrap } from '#server/domain/files/pdf-text';

export interface ReceiptInfo {
  number: string;
  createdAt: Date;
  /** Time zone of the printed date (the configured TIME_ZONE). */
  timeZone: string;
  subject: string;
  receivingDepartment: string;
  requesterName: string;
  /** Grouped, XXXX-XXXX-XXXX-XXXX. */
  accessCode: string;
  /** Absolute address of the tracking page, filled in (the QR code's content). */
  trackingUrl: string;
}

/**
 * 'Comprovante de Protocolo' (docs/processes.md#receipts-and-tracking): one A4 page drawn with
 * pdf-lib in the server: no queue round trip nor Chromium for a page of fixed layout.
 */
export async function renderReceipt(info: ReceiptInfo): Promise<Buffer> {
  // Loaded on first use: keeps the server's and the worker's start fast.
  const { PDFDocument, rgb, StandardFonts } = await import('pdf-lib');
  const { default: QRCode } = await import('qrcode');
  const ink = rgb(0.1, 0.1, 0.1);
  const doc = await PDFDocument.create();
  doc.setTitle(`Comprovante de Protocolo ${info.number}`);
  doc.setProducer('SEMGI');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const mono = await doc.embedFont(StandardFonts.CourierBold);
  const page = doc.addPage([595.28, 841.89]);
  let y = 780;
  const line = (text: string, size = 11, f: PDFFont = font) => {
    for (const chunk of wrap(winAnsi(text), (t) => f.widthOfTextAtSize(t, size), 495)) {
      page.drawText(chunk, { x: 50, y, size, font: f, color: ink });
      y -= size + 6;
    }
  };
  const when = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: info.timeZone });
  line('Comprovante de Protocolo', 18, bold);
  y -= 8;
  line(`Número do processo: ${info.number}`, 12, bold);
  line(`Data: ${when.format(info.createdAt)}`);
  line(`Assunto: ${info.subject}`);
  line(`Setor de recebimento: ${info.receivingDepartment}`);
  line(`Requerente: ${info.requesterName}`);
  y -= 10;
  line('Código de acesso', 12, bold);
  line(info.accessCode, 20, mono);
  y -= 6;
  line('Acompanhe o processo com o número e o código de acesso no endereço abaixo ou pelo QR code:');
  line(info.trackingUrl, 9);
  const qr = await doc.embedPng(await QRCode.toBuffer(info.trackingUrl, { margin: 1, width: 300 }));
  page.drawImage(qr, { x: 50, y: y - 170, width: 170, height: 170 });
  y -= 190;
  line('Guarde este comprovante. Quem tiver o número e o código de acesso pode acompanhar o processo.', 9);
  return Buffer.from(await doc.save());
}
