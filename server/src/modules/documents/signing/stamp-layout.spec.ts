import {
  BAND_HEIGHT,
  bandLayout,
  bandText,
  type Box,
  fitBandLines,
  type Matrix,
  pageStampLayout,
  signatureParagraph,
  type StampInfo,
  visibleBox,
} from './stamp-layout';
import { winAnsi, wrap } from '#server/domain/files/pdf-text';

const A4 = { x: 0, y: 0, width: 595.28, height: 841.89 };
/** A monospaced measure: 1 point per character at size 1. */
const mono = (text: string, size = 1) => text.length * size;

const info = (overrides: Partial<StampInfo> = {}): StampInfo => ({
  title: 'Ofício 12/2026',
  protocolNumber: 'DOC-2026-00012',
  verificationCode: 'abc123',
  verificationUrl: 'https://prefeitura.test/semgi/verify-signature?documentId=d&code=abc123',
  timeZone: 'America/Sao_Paulo',
  signers: [
    {
      name: 'Maria Silva',
      department: 'Administração',
      signature: { at: new Date('2026-11-26T13:05:00Z'), level: 'qualified', method: 'certificate', sha256: null },
    },
    {
      name: 'João Souza',
      department: 'Jurídico',
      signature: { at: new Date('2026-11-26T14:30:00Z'), level: 'simple', method: 'password', sha256: 'ab'.repeat(32) },
    },
    { name: 'Ana Lima', department: 'Gabinete', signature: null },
  ],
  ...overrides,
});

describe('bandLayout', () => {
  it('shrinks the content above a band at the foot, centred, never under the band', () => {
    const layout = bandLayout(A4);
    expect(layout.band).toEqual({ x: 0, y: 0, width: A4.width, height: BAND_HEIGHT });
    expect(layout.scale).toBeCloseTo((A4.height - BAND_HEIGHT) / A4.height);
    // The content's corners after scale then translation.
    const bottom = 0 * layout.scale + layout.offsetY;
    const top = A4.height * layout.scale + layout.offsetY;
    const left = 0 * layout.scale + layout.offsetX;
    const right = A4.width * layout.scale + layout.offsetX;
    expect(bottom).toBeCloseTo(BAND_HEIGHT);
    expect(top).toBeCloseTo(A4.height);
    expect(left).toBeCloseTo(A4.width - right);
  });

  it('follows a media box that does not start at the origin', () => {
    const media = { x: 100, y: 50, width: 400, height: 600 };
    const layout = bandLayout(media);
    expect(media.y * layout.scale + layout.offsetY).toBeCloseTo(media.y + BAND_HEIGHT);
    expect((media.y + media.height) * layout.scale + layout.offsetY).toBeCloseTo(media.y + media.height);
    expect(media.x * layout.scale + layout.offsetX - media.x).toBeCloseTo(
      media.x + media.width - ((media.x + media.width) * layout.scale + layout.offsetX),
    );
    expect(layout.band.y).toBe(50);
  });

  it('keeps the QR code and the text inside the band, side by side', () => {
    const { band, qr, text } = bandLayout(A4);
    expect(qr.width).toBe(qr.height);
    expect(qr.y).toBeGreaterThanOrEqual(band.y);
    expect(qr.y + qr.height).toBeLessThanOrEqual(band.y + band.height);
    expect(qr.x + qr.width).toBeLessThanOrEqual(band.x + band.width);
    expect(text.x + text.width).toBeLessThan(qr.x);
    expect(text.y + text.height).toBeLessThanOrEqual(band.y + band.height);
  });
});

/** A point through a PDF matrix. */
const through = ([a, b, c, d, e, f]: Matrix, x: number, y: number) => ({ x: a * x + c * y + e, y: b * x + d * y + f });
/** A direction through a matrix (no translation). */
const along = ([a, b, c, d]: Matrix, x: number, y: number) => ({ x: a * x + c * y, y: b * x + d * y });
/** What a viewer does to a direction of user space under /Rotate (clockwise, y up). */
const shown = (v: { x: number; y: number }, rotation: number) => {
  const r = (-rotation * Math.PI) / 180;
  return {
    x: Math.round(v.x * Math.cos(r) - v.y * Math.sin(r)) + 0,
    y: Math.round(v.x * Math.sin(r) + v.y * Math.cos(r)) + 0,
  };
};
const corners = (box: Box) => [
  [box.x, box.y],
  [box.x + box.width, box.y],
  [box.x, box.y + box.height],
  [box.x + box.width, box.y + box.height],
];

describe('pageStampLayout: the band upright at the foot of the page as shown, for every /Rotate', () => {
  const landscape = { x: 30, y: -20, width: 842, height: 595 };
  const cases: { rotation: number; box: Box; edge: 'bottom' | 'right' | 'top' | 'left' }[] = [
    { rotation: 0, box: A4, edge: 'bottom' },
    { rotation: 90, box: A4, edge: 'right' },
    { rotation: 180, box: A4, edge: 'top' },
    { rotation: 270, box: A4, edge: 'left' },
    { rotation: 0, box: landscape, edge: 'bottom' },
    { rotation: 90, box: landscape, edge: 'right' },
    { rotation: 180, box: landscape, edge: 'top' },
    { rotation: 270, box: landscape, edge: 'left' },
    { rotation: -90, box: landscape, edge: 'left' },
    { rotation: 450, box: landscape, edge: 'right' },
  ];

  it.each(cases)(
    '/Rotate $rotation on $box.width x $box.height: upright text, band on the $edge edge of user space',
    ({ rotation, box, edge }) => {
      const { frame, band, content } = pageStampLayout(box, rotation);
      const quarter = (((rotation / 90) % 4) + 4) % 4;
      expect([frame.width, frame.height]).toEqual(quarter % 2 ? [box.height, box.width] : [box.width, box.height]);

      // Text drawn left to right on the displayed page reads left to right, bottom to top stays upward.
      expect(shown(along(frame.toUser, 1, 0), rotation)).toEqual({ x: 1, y: 0 });
      expect(shown(along(frame.toUser, 0, 1), rotation)).toEqual({ x: 0, y: 1 });

      // The displayed page covers exactly the visible box.
      const mapped = corners({ x: 0, y: 0, width: frame.width, height: frame.height }).map(([x, y]) =>
        through(frame.toUser, x, y),
      );
      expect(Math.min(...mapped.map((p) => p.x))).toBeCloseTo(box.x);
      expect(Math.max(...mapped.map((p) => p.x))).toBeCloseTo(box.x + box.width);
      expect(Math.min(...mapped.map((p) => p.y))).toBeCloseTo(box.y);
      expect(Math.max(...mapped.map((p) => p.y))).toBeCloseTo(box.y + box.height);

      // The band (and the QR code and text inside it) lies along the expected edge of user space.
      for (const part of [band.band, band.qr, band.text]) {
        for (const [x, y] of corners(part)) {
          const p = through(frame.toUser, x, y);
          expect(p.x).toBeGreaterThanOrEqual(box.x - 1e-6);
          expect(p.x).toBeLessThanOrEqual(box.x + box.width + 1e-6);
          expect(p.y).toBeGreaterThanOrEqual(box.y - 1e-6);
          expect(p.y).toBeLessThanOrEqual(box.y + box.height + 1e-6);
          const inset = {
            bottom: p.y - box.y,
            top: box.y + box.height - p.y,
            left: p.x - box.x,
            right: box.x + box.width - p.x,
          }[edge];
          expect(inset).toBeLessThanOrEqual(BAND_HEIGHT + 1e-6);
        }
      }

      // The page's own content, shrunk, stays inside the visible box and off the band (above it as shown).
      const toShown = (x: number, y: number) => {
        const [a, b, c, d, e, f] = frame.toUser;
        const det = a * d - b * c;
        const dx = x - e;
        const dy = y - f;
        return { x: (d * dx - c * dy) / det, y: (a * dy - b * dx) / det };
      };
      for (const [x, y] of corners(box)) {
        const p = through(content, x, y);
        expect(p.x).toBeGreaterThanOrEqual(box.x - 1e-6);
        expect(p.x).toBeLessThanOrEqual(box.x + box.width + 1e-6);
        expect(p.y).toBeGreaterThanOrEqual(box.y - 1e-6);
        expect(p.y).toBeLessThanOrEqual(box.y + box.height + 1e-6);
        expect(toShown(p.x, p.y).y).toBeGreaterThanOrEqual(BAND_HEIGHT - 1e-6);
      }
      // Uniform scale: no rotation or skew is added to the content.
      expect(Math.abs(content[0] + content[3]) + Math.abs(content[1]) + Math.abs(content[2])).toBeCloseTo(
        2 * band.scale,
      );
    },
  );

  it('a /Rotate that is not a multiple of 90 is read as 0, as viewers do', () => {
    expect(pageStampLayout(A4, 45).frame.toUser).toEqual([1, 0, 0, 1, 0, 0]);
  });
});

describe('visibleBox', () => {
  it('is the crop box clipped to the media box, whatever corners the boxes are written with', () => {
    const media = { x: 0, y: 0, width: 600, height: 800 };
    expect(visibleBox(media, { x: 50, y: 40, width: 400, height: 500 })).toEqual({
      x: 50,
      y: 40,
      width: 400,
      height: 500,
    });
    expect(visibleBox(media, { x: -10, y: 700, width: 700, height: 300 })).toEqual({
      x: 0,
      y: 700,
      width: 600,
      height: 100,
    });
    expect(visibleBox({ x: 600, y: 800, width: -600, height: -800 }, media)).toEqual(media);
    // A crop box outside the media box shows nothing useful: the media box is used.
    expect(visibleBox(media, { x: 900, y: 900, width: 10, height: 10 })).toEqual(media);
  });
});

describe('bandText', () => {
  it('names who signed with date and time in the time zone, who is awaited, and the code', () => {
    const [signed, planned, verify] = bandText(info());
    expect(signed).toBe(
      'Documento DOC-2026-00012 assinado eletronicamente por Maria Silva em 26/11/2026 10:05 e João Souza em 26/11/2026 11:30.',
    );
    expect(planned).toBe('Signatários previstos: Ana Lima.');
    expect(verify).toContain('https://prefeitura.test/semgi/verify-signature?documentId=d&code=abc123');
    expect(verify).toContain('código verificador abc123');
  });

  it('without awaited signers, has no "previstos" sentence', () => {
    expect(bandText(info({ signers: info().signers.slice(0, 1) }))).toHaveLength(2);
  });
});

describe('signatureParagraph', () => {
  it('reads like SEI, with the level and Lei 14.063/2020', () => {
    const [maria, joao, ana] = info().signers;
    expect(signatureParagraph(maria, 'America/Sao_Paulo')).toBe(
      'Documento assinado eletronicamente por Maria Silva, Administração, em 26/11/2026, às 10:05, com assinatura ' +
        'qualificada ICP-Brasil (certificado digital A1, PAdES), com fundamento no art. 4º, inciso III, da Lei nº ' +
        '14.063/2020 e no regulamento municipal do processo eletrônico.',
    );
    expect(signatureParagraph(joao, 'America/Manaus')).toContain('em 26/11/2026, às 10:30, com assinatura simples');
    expect(signatureParagraph(joao, 'America/Sao_Paulo')).toContain('art. 4º, inciso I,');
    expect(signatureParagraph(ana, 'America/Sao_Paulo')).toBe('Assinatura de Ana Lima, Gabinete: aguardando.');
  });
});

describe('wrap and fitBandLines', () => {
  it('wraps by width and breaks a word longer than the line', () => {
    expect(wrap('um dois três', mono, 8)).toEqual(['um dois', 'três']);
    expect(wrap('abcdefghij', mono, 4)).toEqual(['abcd', 'efgh', 'ij']);
  });

  it('picks the largest size that fits', () => {
    const fit = fitBandLines(['a'.repeat(100)], mono, { width: 700, height: 10 });
    expect(fit).toMatchObject({ size: 7, lines: ['a'.repeat(100)] });
    // At 7 pt it takes two lines and the box holds one.
    expect(fitBandLines(['a'.repeat(100)], mono, { width: 600, height: 10 })).toMatchObject({
      size: 6,
      lines: ['a'.repeat(100)],
    });
  });

  it('when nothing fits, drops middle lines but always keeps the verification sentence', () => {
    const sentences = ['x'.repeat(1000), 'verifique em URL'];
    const fit = fitBandLines(sentences, mono, { width: 100, height: 30 });
    expect(fit.size).toBe(5);
    expect(fit.lines.length).toBeLessThanOrEqual(Math.floor(30 / fit.lineHeight));
    expect(fit.lines[fit.lines.length - 1]).toBe('verifique em URL');
    expect(fit.lines).toHaveLength(5);
    expect(fit.lines[3]).toBe(`${'x'.repeat(17)}...`);
  });

  it('keeps Latin-1 letters for the standard fonts and replaces the rest', () => {
    expect(winAnsi('Ação — “São João” ✓ 中')).toBe('Ação — “São João” ? ?');
  });
});
