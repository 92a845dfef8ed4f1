/** Image insertion (docs/templates.md#editor): a size (30, 50, 80 % or a percentage) and an alignment. */
export const IMAGE_SIZES = [
  { id: 'small', label: 'Pequena (30%)', percent: 30 },
  { id: 'medium', label: 'Média (50%)', percent: 50 },
  { id: 'large', label: 'Grande (80%)', percent: 80 },
  { id: 'custom', label: 'Personalizada (%)', percent: null },
] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number]['id'];

export const IMAGE_ALIGNMENTS = [
  { id: 'left', label: 'Esquerda' },
  { id: 'center', label: 'Centro' },
  { id: 'right', label: 'Direita' },
] as const;
export type ImageAlignment = (typeof IMAGE_ALIGNMENTS)[number]['id'];

export const CUSTOM_PERCENT_INVALID = 'Informe uma porcentagem entre 1 e 100.';

export interface ImageChoice {
  size: ImageSize;
  /** The typed percentage when size is 'custom' (e.g. "65" or "65,5"). */
  customPercent: string;
  alignment: ImageAlignment;
}

export const DEFAULT_IMAGE_CHOICE: ImageChoice = { size: 'medium', customPercent: '', alignment: 'center' };

/** The width in percent of the page's text width, or null when a custom value is not 1 to 100. */
export function imagePercent(choice: Pick<ImageChoice, 'size' | 'customPercent'>): number | null {
  const preset = IMAGE_SIZES.find((size) => size.id === choice.size)?.percent;
  if (preset) return preset;
  const text = choice.customPercent.trim().replace('%', '').replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const value = Math.round(Number(text) * 10) / 10;
  return value >= 1 && value <= 100 ? value : null;
}

/**
 * How the chosen image enters the content: an inline image with a `width: N%` style inside a
 * paragraph aligned left, centre or right (the two styles the server's sanitiser keeps).
 */
export function imageAttributes(choice: ImageChoice): { width: string; textAlign: ImageAlignment } | null {
  const percent = imagePercent(choice);
  return percent === null ? null : { width: `${percent}%`, textAlign: choice.alignment };
}
