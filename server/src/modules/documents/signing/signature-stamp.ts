import { BadRequestException } from '@nestjs/common';
import type { PDFDocument, PDFEmbeddedPage, PDFFont, PDFPage } from 'pdf-lib';
import {
  bandLayout,
  type BandLayout,
  bandText,
  type Box,
  fitBandLines,
  pageStampLayout,
  signatureParagraph,
  type StampInfo,
  visibleBox,
} from './stamp-layout';
import { winAnsi, wrap } from '#server/domain/files/pdf-text';

export const UNPREPARABLE_PDF = 'Não foi possível preparar o PDF para assinatura (arquivo protegido ou corrompido).';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const INK = [0.1, 0.1, 0.1] as const;
const MUTED = [0.3, 0.3, 0.3] as const;

type PdfLib = typeof import('pdf-lib');

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/**
 * The visible stamp (docs/documents.md#stamp): every page's content shrinks to leave a band at its
 * foot with the signers, the dates, the verification code and a QR code to the public page, and a
 * signatures page closes the document. Saved without object streams so PAdES signatures can be
 * appended incrementally.
 */
export async function stampPdf(pdf: Buffer, info: StampInfo): Promise<Buffer> {
  // Loaded on first use: keeps the server's start fast.
  const lib = await import('pdf-lib');
  let doc: PDFDocument;
  try {
    doc = await lib.PDFDocument.load(pdf, { updateMetadata: false });
  } catch {
    throw new BadRequestException(UNPREPARABLE_PDF);
  }
  const fonts = {
    regular: await doc.embedFont(lib.StandardFonts.Helvetica),
    bold: await doc.embedFont(lib.StandardFonts.HelveticaBold),
  };
  const qr = await embedQrCode(lib, doc, info.verificationUrl);

  for (const page of doc.getPages()) shrinkContent(lib, doc, page);
  addSignaturesPages(lib, doc, info, fonts, qr);

  const sentences = bandText(info).map(winAnsi);
  for (const page of doc.getPages()) drawBand(lib, page, sentences, fonts.regular, qr);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/**
 * Wraps the page's own content in `q <scale and move> … Q`, above the band. (pdf-lib's
 * scaleContent would also wrap whatever is drawn on the page afterwards, the band included.)
 */
function shrinkContent(lib: PdfLib, doc: PDFDocument, page: PDFPage) {
  const { content } = stampLayoutOf(page);
  const stream = (...operators: Parameters<PDFDocument['context']['contentStream']>[0]) =>
    doc.context.register(doc.context.contentStream(operators));
  page.node.normalize();
  page.node.wrapContentStreams(
    stream(lib.pushGraphicsState(), lib.concatTransformationMatrix(...content)),
    stream(lib.popGraphicsState()),
  );
}

/** The stamp's layout on the page as shown: its visible box under its /Rotate. */
const stampLayoutOf = (page: PDFPage) =>
  pageStampLayout(visibleBox(page.getMediaBox(), page.getCropBox()), page.getRotation().angle);

/** The band, drawn on the displayed page (upright at its foot whatever the page's rotation). */
function drawBand(lib: PdfLib, page: PDFPage, sentences: string[], font: PDFFont, qr: PDFEmbeddedPage) {
  const { frame, band: layout } = stampLayoutOf(page);
  page.pushOperators(lib.pushGraphicsState(), lib.concatTransformationMatrix(...frame.toUser));
  drawBandUpright(lib, page, layout, sentences, font, qr);
  page.pushOperators(lib.popGraphicsState());
}

function drawBandUpright(
  lib: PdfLib,
  page: PDFPage,
  layout: BandLayout,
  sentences: string[],
  font: PDFFont,
  qr: PDFEmbeddedPage,
) {
  const { band, qr: qrBox, text } = layout;
  const muted = lib.rgb(...MUTED);
  page.drawLine({
    start: { x: band.x + 6, y: band.y + band.height - 1 },
    end: { x: band.x + band.width - 6, y: band.y + band.height - 1 },
    thickness: 0.5,
    color: muted,
  });
  page.drawPage(qr, qrBox);
  const fit = fitBandLines(sentences, (t, size) => font.widthOfTextAtSize(t, size), text);
  let y = text.y + text.height - fit.size;
  for (const line of fit.lines) {
    page.drawText(line, { x: text.x, y, size: fit.size, font, color: muted });
    y -= fit.lineHeight;
  }
}

/** The signatures page(s): SEI's "Documento assinado eletronicamente por …" block, one per signature. */
function addSignaturesPages(lib: PdfLib, doc: PDFDocument, info: StampInfo, fonts: Fonts, qr: PDFEmbeddedPage) {
  const [width, height] = A4;
  const ink = lib.rgb(...INK);
  const body: Box = {
    x: MARGIN,
    y: bandLayout({ x: 0, y: 0, width, height }).band.height + 20,
    width: width - 2 * MARGIN,
    height: 0,
  };
  let page = doc.addPage(A4);
  let y = height - MARGIN;
  const room = (needed: number) => {
    if (y - needed >= body.y) return;
    page = doc.addPage(A4);
    y = height - MARGIN;
  };
  const paragraph = (text: string, size: number, font = fonts.regular, gap = 4) => {
    const lines = wrap(winAnsi(text), (t) => font.widthOfTextAtSize(t, size), body.width);
    room(lines.length * (size + 3));
    for (const line of lines) {
      page.drawText(line, { x: body.x, y: y - size, size, font, color: ink });
      y -= size + 3;
    }
    y -= gap;
  };

  paragraph('Folha de assinaturas', 16, fonts.bold, 8);
  paragraph(`Documento: ${info.title}`, 11);
  paragraph(`Protocolo: ${info.protocolNumber}`, 11, fonts.regular, 12);
  for (const signer of info.signers) {
    room(60);
    paragraph(signatureParagraph(signer, info.timeZone), 10);
    const sha256 = signer.signature?.sha256;
    if (signer.signature) paragraph(`SHA-256: ${sha256 ?? 'da revisão assinada, na página de verificação'}`, 8);
    y -= 8;
  }
  const side = 110;
  room(side + 40);
  paragraph(
    `A autenticidade deste documento pode ser conferida em ${info.verificationUrl}, informando o código verificador ${info.verificationCode}, ou pelo QR code abaixo.`,
    10,
  );
  page.drawPage(qr, { x: body.x, y: y - side, width: side, height: side });
}

/**
 * The QR code as vector art in one form XObject, drawn on every page: one rectangle per run of
 * dark modules, with a one-module quiet zone. (A PNG would cost seconds to encode and decode.)
 */
async function embedQrCode(lib: PdfLib, doc: PDFDocument, text: string): Promise<PDFEmbeddedPage> {
  const { default: QRCode } = await import('qrcode');
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = modules.size;
  const art = await lib.PDFDocument.create();
  const page = art.addPage([size + 2, size + 2]);
  page.drawRectangle({ x: 0, y: 0, width: size + 2, height: size + 2, color: lib.rgb(1, 1, 1) });
  for (let row = 0; row < size; row++) {
    let start = -1;
    for (let col = 0; col <= size; col++) {
      const dark = col < size && modules.get(row, col);
      if (dark && start < 0) start = col;
      if (!dark && start >= 0) {
        page.drawRectangle({ x: start + 1, y: size - row, width: col - start, height: 1, color: lib.rgb(0, 0, 0) });
        start = -1;
      }
    }
  }
  return doc.embedPage(page);
}
