import {
  TEMPLATE_DEFAULT_COLORS,
  TEMPLATE_DEFAULT_FONTS,
  TEMPLATE_DEFAULT_FORMATTING,
  TEMPLATE_FONTS,
  TEMPLATE_MARGIN_MAX_CM,
  type TemplateColors,
  type TemplateFonts,
  type TemplateFormatting,
  type TemplateOrganization,
} from '#server/contracts/templates';

/**
 * Safe CSS values from a template. The server validates templates, but these strings end up inside
 * CSS and inline styles: anything that is not a known font, a hex colour or a centimetre measure
 * in range takes the spec's default instead of reaching the stylesheet.
 */

/** Metric-compatible fonts installed with fonts-liberation, named after the font the template picks. */
const FONT_STACKS: Record<(typeof TEMPLATE_FONTS)[number], string> = {
  'Times New Roman': "'Times New Roman', 'Liberation Serif', serif",
  Arial: "Arial, 'Liberation Sans', Helvetica, sans-serif",
  'Courier New': "'Courier New', 'Liberation Mono', monospace",
};

const isTemplateFont = (name: string): name is (typeof TEMPLATE_FONTS)[number] =>
  (TEMPLATE_FONTS as readonly string[]).includes(name);

export function fontStack(name: string, fallback: keyof TemplateFonts): string {
  return FONT_STACKS[isTemplateFont(name) ? name : (TEMPLATE_DEFAULT_FONTS[fallback] as keyof typeof FONT_STACKS)];
}

export function safeColor(value: string, fallback: keyof TemplateColors): string {
  return /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(value) ? value : TEMPLATE_DEFAULT_COLORS[fallback];
}

const cm = (value: number, fallback: number) =>
  Number.isFinite(value) && value >= 0 && value <= TEMPLATE_MARGIN_MAX_CM ? value : fallback;

/**
 * The page box in cm. The template's margins are the blank edges of the paper; the letterhead
 * takes the first `headerHeight` cm inside the top margin's edge and the footer the last
 * `footerHeight` cm above the bottom margin, so the body text starts at top + headerHeight and
 * ends at bottom + footerHeight from the edges (it never runs under the header, whatever the margins).
 */
export interface PageBox {
  top: number;
  bottom: number;
  left: number;
  right: number;
  header: number;
  footer: number;
}

export function pageBox(formatting: TemplateFormatting): PageBox {
  const defaults = TEMPLATE_DEFAULT_FORMATTING;
  const margins = formatting.margins;
  return {
    top: cm(margins.top, defaults.margins.top),
    bottom: cm(margins.bottom, defaults.margins.bottom),
    left: cm(margins.left, defaults.margins.left),
    right: cm(margins.right, defaults.margins.right),
    header: cm(formatting.headerHeight, defaults.headerHeight),
    footer: cm(formatting.footerHeight, defaults.footerHeight),
  };
}

export interface OrganizationStyle {
  primary: string;
  secondary: string;
  accent: string;
  titleFont: string;
  bodyFont: string;
}

export function organizationStyle(organization: TemplateOrganization): OrganizationStyle {
  return {
    primary: safeColor(organization.colors.primary, 'primary'),
    secondary: safeColor(organization.colors.secondary, 'secondary'),
    accent: safeColor(organization.colors.accent, 'accent'),
    titleFont: fontStack(organization.fonts.title, 'title'),
    bodyFont: fontStack(organization.fonts.body, 'body'),
  };
}
