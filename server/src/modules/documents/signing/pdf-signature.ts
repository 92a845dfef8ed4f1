import { BadRequestException } from '@nestjs/common';
import { plainAddPlaceholder } from '@signpdf/placeholder-plain';
import signpdf from '@signpdf/signpdf';
import { SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import QRCode from 'qrcode';
import { winAnsi, wrap } from '#server/domain/files/pdf-text';
import type { A1Credentials } from './a1-certificate';
import { CadesSigner } from './cades-signer';

export interface StampInfo {
  title: string;
  protocolNumber: string;
  /** Names of the signers, in signing order. */
  signers: string[];
  date: Date;
  /** Time zone of the printed date (the configured TIME_ZONE). */
  timeZone: string;
  verificationUrl: string;
}

const UNPREPARABLE = 'Não foi possível preparar o PDF para assinatura (arquivo protegido ou corrompido).';
/** Room for the CMS: signer certificate + chain. 16 KiB of DER (32 KiB of hex). */
const SIGNATURE_LENGTH = 16_384;

const formatDate = (date: Date, timeZone: string) =>
  new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone }).format(date);

/**
 * The visible stamp, drawn before the first signature (later signatures are incremental and
 * cannot change the page): a footer line on every page and a closing page with the signers, the
 * date, the verification address and its QR code. Saved without object streams so the plain
 * placeholder can append signatures incrementally.
 */
export async function stampForSignature(pdf: Buffer, info: StampInfo): Promise<Buffer> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(pdf, { updateMetadata: false });
  } catch {
    throw new BadRequestException(UNPREPARABLE);
  }
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const footer = winAnsi(
    `${info.protocolNumber} - assinado eletronicamente. Verifique a autenticidade em ${info.verificationUrl}`,
  );
  for (const page of doc.getPages()) drawFooter(page, font, footer);

  const qr = await doc.embedPng(await QRCode.toBuffer(info.verificationUrl, { margin: 1, width: 300 }));
  const page = doc.addPage([595.28, 841.89]);
  let y = 780;
  const line = (text: string, size = 11, f: PDFFont = font) => {
    for (const chunk of wrap(winAnsi(text), f, size, 495)) {
      page.drawText(chunk, { x: 50, y, size, font: f, color: rgb(0.1, 0.1, 0.1) });
      y -= size + 6;
    }
  };
  line('Folha de assinaturas eletrônicas', 16, bold);
  y -= 6;
  line(`Documento: ${info.title}`);
  line(`Protocolo: ${info.protocolNumber}`);
  line(`Data: ${formatDate(info.date, info.timeZone)}`);
  y -= 6;
  line('Signatários:', 12, bold);
  for (const [index, name] of info.signers.entries()) line(`${index + 1}. ${name}`);
  y -= 6;
  line('Verifique a autenticidade deste documento no endereço abaixo ou pelo QR code:', 11);
  line(info.verificationUrl, 9);
  page.drawImage(qr, { x: 50, y: y - 160, width: 150, height: 150 });
  line('');
  y -= 170;
  line('Assinaturas conforme a MP nº 2.200-2/2001, a Lei nº 14.063/2020 e o Decreto nº 10.543/2020.', 9);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

function drawFooter(page: PDFPage, font: PDFFont, text: string) {
  const { width } = page.getSize();
  const size = 6.5;
  // At most two lines in the bottom margin.
  wrap(text, font, size, width - 40)
    .slice(0, 2)
    .forEach((line, index) => page.drawText(line, { x: 20, y: 16 - index * 8, size, font, color: rgb(0.3, 0.3, 0.3) }));
}

export interface SignatureMeta {
  signerName: string;
  reason: string;
  location: string;
  signingTime: Date;
}

/**
 * Appends one PAdES signature (ETSI.CAdES.detached, SHA-256) as an incremental update: the bytes
 * before it, and so every earlier signature, stay untouched.
 */
export async function addPadesSignature(pdf: Buffer, credentials: A1Credentials, meta: SignatureMeta): Promise<Buffer> {
  let withPlaceholder: Buffer;
  try {
    withPlaceholder = plainAddPlaceholder({
      pdfBuffer: pdf,
      reason: winAnsi(meta.reason),
      contactInfo: '',
      name: winAnsi(meta.signerName),
      location: winAnsi(meta.location),
      signingTime: meta.signingTime,
      signatureLength: SIGNATURE_LENGTH,
      subFilter: SUBFILTER_ETSI_CADES_DETACHED,
      appName: 'SEMGI',
    });
  } catch {
    throw new BadRequestException(UNPREPARABLE);
  }
  return Buffer.from(await signpdf.sign(withPlaceholder, new CadesSigner(credentials), meta.signingTime));
}
