import { PAGE_SIZE_CM, type TemplateFormatting } from '@contracts';

/** Points in a centimetre (the preview's type sizes follow the printed page). */
const CM_PER_PT = 2.54 / 72;

export interface PageGeometry {
  /** CSS aspect-ratio of the sheet. */
  aspectRatio: string;
  /** CSS padding of the sheet: percentages, which CSS takes of the width for every side. */
  padding: string;
  /** CSS font size of 12 pt at this page width, in container-width units (the preview scales as a whole). */
  fontSize: string;
}

const percentOfWidth = (cm: number, width: number) => `${((Math.max(cm, 0) / width) * 100).toFixed(3)}%`;

/** The printed page drawn to scale: size ratio, margins and type size relative to the sheet's width. */
export function pageGeometry(formatting: TemplateFormatting): PageGeometry {
  const { width, height } = PAGE_SIZE_CM[formatting.pageSize] ?? PAGE_SIZE_CM.A4;
  const { top, right, bottom, left } = formatting.margins;
  return {
    aspectRatio: `${width} / ${height}`,
    padding: [top, right, bottom, left].map((cm) => percentOfWidth(cm, width)).join(' '),
    fontSize: `${(((12 * CM_PER_PT) / width) * 100).toFixed(3)}cqw`,
  };
}

export const PAGE_SIZE_OPTIONS = [
  { id: 'A4', label: 'A4 (21 × 29,7 cm)' },
  { id: 'Letter', label: 'Carta (21,59 × 27,94 cm)' },
  { id: 'Legal', label: 'Ofício (21,59 × 35,56 cm)' },
] as const;
