import { PAGE_SIZE_CM, type TemplateFormatting } from '@contracts';

/** Centimetres in a typographic point (the preview's type sizes follow the printed page). */
const CM_PER_PT = 2.54 / 72;

/** A box inside the sheet, as CSS lengths (absolute positioning). */
export interface PreviewBox {
  top?: string;
  bottom?: string;
  left: string;
  right: string;
  height?: string;
}

export interface PageGeometry {
  /** CSS aspect-ratio of the sheet. */
  aspectRatio: string;
  /** 12 pt at this page width (the sheet's type size). */
  fontSize: string;
  /** The letterhead band: headerHeight cm just inside the top margin. */
  header: PreviewBox;
  /** The text: from top + headerHeight to bottom + footerHeight, between the side margins. */
  body: PreviewBox;
  /** 'Página N de M': footerHeight cm just inside the bottom margin. */
  footer: PreviewBox;
}

/**
 * The printed page drawn to scale, as the worker lays it out (README › Templates: rendering):
 * every length in container-width units (`cqw`), so the sheet scales as a whole with its box.
 */
export function pageGeometry(formatting: TemplateFormatting): PageGeometry {
  const { width, height } = PAGE_SIZE_CM[formatting.pageSize] ?? PAGE_SIZE_CM.A4;
  const cm = (value: number) => `${((Math.max(value, 0) / width) * 100).toFixed(3)}cqw`;
  const { top, right, bottom, left } = formatting.margins;
  const sides = { left: cm(left), right: cm(right) };
  return {
    aspectRatio: `${width} / ${height}`,
    fontSize: cm(12 * CM_PER_PT),
    header: { ...sides, top: cm(top), height: cm(formatting.headerHeight) },
    body: { ...sides, top: cm(top + formatting.headerHeight), bottom: cm(bottom + formatting.footerHeight) },
    footer: { ...sides, bottom: cm(bottom), height: cm(formatting.footerHeight) },
  };
}

export const PAGE_SIZE_OPTIONS = [
  { id: 'A4', label: 'A4 (21 × 29,7 cm)' },
  { id: 'Letter', label: 'Carta (21,59 × 27,94 cm)' },
  { id: 'Legal', label: 'Ofício (21,59 × 35,56 cm)' },
] as const;
