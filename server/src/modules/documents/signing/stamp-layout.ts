import type { SignatureMethod, SignatureType } from '#server/contracts/documents';
import { wrap } from '#server/domain/files/pdf-text';

/** Facts of a signature made. */
export interface StampSignature {
  at: Date;
  level: SignatureType;
  method: SignatureMethod;
  /** SHA-256 (hex) of the bytes signed; null when they are the PDF being stamped (a PAdES signature). */
  sha256: string | null;
}

/** One signer of the stamp: with the signature made, or null while it is still awaited. */
export interface StampSigner {
  name: string;
  department: string;
  signature: StampSignature | null;
}

export interface StampInfo {
  title: string;
  protocolNumber: string;
  verificationCode: string;
  verificationUrl: string;
  /** Time zone of the printed dates (the configured TIME_ZONE). */
  timeZone: string;
  signers: StampSigner[];
}

/** A rectangle in PDF points (origin bottom-left). */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where the stamp goes on one page and how the page's own content shrinks to make room for it. */
export interface BandLayout {
  /** Uniform factor applied to the page's content (≤ 1). */
  scale: number;
  /** Translation applied after the scale so the content sits centred above the band. */
  offsetX: number;
  offsetY: number;
  band: Box;
  qr: Box;
  text: Box;
}

/** Height of the band at the foot of every page, in points (about 2.3 cm). */
export const BAND_HEIGHT = 64;
const PADDING = 6;
/** Font sizes tried, largest first, until the band's text fits. */
const BAND_FONT_SIZES = [7, 6.5, 6, 5.5, 5];

/**
 * The band takes the bottom BAND_HEIGHT points of the page's visible box (its crop box); the content is scaled down
 * uniformly (about its origin) and moved up so nothing of it falls under the band.
 */
export function bandLayout(media: Box): BandLayout {
  const scale = (media.height - BAND_HEIGHT) / media.height;
  const offsetX = media.x * (1 - scale) + (media.width * (1 - scale)) / 2;
  const offsetY = media.y * (1 - scale) + BAND_HEIGHT;
  const band = { x: media.x, y: media.y, width: media.width, height: BAND_HEIGHT };
  const qrSide = BAND_HEIGHT - 2 * PADDING;
  const qr = { x: media.x + media.width - PADDING - qrSide, y: media.y + PADDING, width: qrSide, height: qrSide };
  const text = {
    x: media.x + 2 * PADDING,
    y: media.y + PADDING,
    width: qr.x - media.x - 4 * PADDING,
    height: qrSide,
  };
  return { scale, offsetX, offsetY, band, qr, text };
}

/** A PDF matrix [a b c d e f] (as the `cm` operator takes it): x' = a x + c y + e, y' = b x + d y + f. */
export type Matrix = [number, number, number, number, number, number];

/** The matrix applying `first`, then `then`. */
export function compose(first: Matrix, then: Matrix): Matrix {
  const [a, b, c, d, e, f] = first;
  const [A, B, C, D, E, F] = then;
  return [a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F];
}

export function invert([a, b, c, d, e, f]: Matrix): Matrix {
  const det = a * d - b * c;
  return [d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det];
}

/** A rectangle given by any two opposite corners, as a box with positive width and height. */
const normalised = (box: Box): Box => ({
  x: Math.min(box.x, box.x + box.width),
  y: Math.min(box.y, box.y + box.height),
  width: Math.abs(box.width),
  height: Math.abs(box.height),
});

/** What a viewer shows of a page: its crop box clipped to its media box (the media box when they do not meet). */
export function visibleBox(media: Box, crop: Box): Box {
  const [m, c] = [normalised(media), normalised(crop)];
  const x = Math.max(m.x, c.x);
  const y = Math.max(m.y, c.y);
  const width = Math.min(m.x + m.width, c.x + c.width) - x;
  const height = Math.min(m.y + m.height, c.y + c.height) - y;
  return width > 0 && height > 0 ? { x, y, width, height } : m;
}

/** A page as a viewer shows it: upright size, and the map from that upright page to the PDF's own coordinates. */
export interface PageFrame {
  width: number;
  height: number;
  /** From the displayed page (origin at its bottom-left corner, y up) to the page's user space. */
  toUser: Matrix;
}

/**
 * The displayed page of a visible box under /Rotate (degrees clockwise, a multiple of 90; anything
 * else is read as 0, as viewers do). The stamp is laid out on the displayed page so it reads upright
 * at its foot whatever the rotation (docs/documents.md#stamp).
 */
export function pageFrame(visible: Box, rotation: number): PageFrame {
  const { x, y, width: w, height: h } = visible;
  const quarter = rotation % 90 === 0 ? (((rotation / 90) % 4) + 4) % 4 : 0;
  switch (quarter) {
    case 1:
      return { width: h, height: w, toUser: [0, 1, -1, 0, x + w, y] };
    case 2:
      return { width: w, height: h, toUser: [-1, 0, 0, -1, x + w, y + h] };
    case 3:
      return { width: h, height: w, toUser: [0, -1, 1, 0, x, y + h] };
    default:
      return { width: w, height: h, toUser: [1, 0, 0, 1, x, y] };
  }
}

/** Where the stamp goes on a page: the band laid out on the displayed page, and the content's shrink in user space. */
export function pageStampLayout(
  visible: Box,
  rotation: number,
): { frame: PageFrame; band: BandLayout; content: Matrix } {
  const frame = pageFrame(visible, rotation);
  const band = bandLayout({ x: 0, y: 0, width: frame.width, height: frame.height });
  const shrink: Matrix = [band.scale, 0, 0, band.scale, band.offsetX, band.offsetY];
  const content = compose(compose(invert(frame.toUser), shrink), frame.toUser);
  return { frame, band, content };
}

const formatDate = (date: Date, timeZone: string) =>
  new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeZone }).format(date);
const formatTime = (date: Date, timeZone: string) =>
  new Intl.DateTimeFormat('pt-BR', { timeStyle: 'short', timeZone }).format(date);
export const formatDateTime = (date: Date, timeZone: string) =>
  `${formatDate(date, timeZone)} ${formatTime(date, timeZone)}`;

export const LEVEL_LABELS: Record<SignatureType, string> = {
  simple: 'simples',
  qualified: 'qualificada ICP-Brasil',
};

export const METHOD_LABELS: Record<SignatureMethod, string> = {
  password: 'login e senha do usuário',
  certificate: 'certificado digital A1, PAdES',
};

/** Lei 14.063/2020, art. 4º: I simples, III qualificada. */
const LEGAL_BASIS: Record<SignatureType, string> = {
  simple: 'art. 4º, inciso I',
  qualified: 'art. 4º, inciso III',
};

const joinNames = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} e ${names[names.length - 1]}`;

/** The band's sentences, in reading order (wrapped to the band's width when drawn). */
export function bandText(info: StampInfo): string[] {
  const parts = info.signers.flatMap((s) =>
    s.signature ? [`${s.name} em ${formatDateTime(s.signature.at, info.timeZone)}`] : [],
  );
  const planned = info.signers.filter((s) => !s.signature);
  const sentences = [
    parts.length
      ? `Documento ${info.protocolNumber} assinado eletronicamente por ${joinNames(parts)}.`
      : `Documento ${info.protocolNumber} a ser assinado eletronicamente.`,
  ];
  if (planned.length) sentences.push(`Signatários previstos: ${joinNames(planned.map((s) => s.name))}.`);
  sentences.push(
    `A autenticidade e as assinaturas podem ser conferidas em ${info.verificationUrl} ` +
      `(código verificador ${info.verificationCode}) ou pelo QR code ao lado.`,
  );
  return sentences;
}

/** The SEI-like paragraph of one signer on the signatures page. */
export function signatureParagraph(signer: StampSigner, timeZone: string): string {
  const made = signer.signature;
  if (!made) return `Assinatura de ${signer.name}, ${signer.department}: aguardando.`;
  return (
    `Documento assinado eletronicamente por ${signer.name}, ${signer.department}, em ${formatDate(made.at, timeZone)}, ` +
    `às ${formatTime(made.at, timeZone)}, com assinatura ${LEVEL_LABELS[made.level]} (${METHOD_LABELS[made.method]}), ` +
    `com fundamento no ${LEGAL_BASIS[made.level]}, da Lei nº 14.063/2020 e no regulamento municipal do processo eletrônico.`
  );
}

/**
 * The band's lines at the largest size that fits its text box; at the smallest size, lines that
 * still do not fit are dropped from the middle sentences (the verification sentence always stays).
 */
export function fitBandLines(
  sentences: string[],
  widthOf: (text: string, size: number) => number,
  box: Pick<Box, 'width' | 'height'>,
): { size: number; lineHeight: number; lines: string[] } {
  const layout = (size: number) => {
    const lineHeight = size * 1.2;
    const lines = sentences.flatMap((sentence) => wrap(sentence, (t) => widthOf(t, size), box.width));
    return { size, lineHeight, lines, room: Math.floor(box.height / lineHeight) };
  };
  for (const size of BAND_FONT_SIZES) {
    const fit = layout(size);
    if (fit.lines.length <= fit.room) return { size, lineHeight: fit.lineHeight, lines: fit.lines };
  }
  const smallest = layout(BAND_FONT_SIZES[BAND_FONT_SIZES.length - 1]);
  const last = wrap(sentences[sentences.length - 1], (t) => widthOf(t, smallest.size), box.width);
  const head = smallest.lines.slice(0, Math.max(0, smallest.room - last.length));
  if (head.length) head[head.length - 1] = `${head[head.length - 1].replace(/.{0,3}$/, '')}...`;
  return { size: smallest.size, lineHeight: smallest.lineHeight, lines: [...head, ...last] };
}
