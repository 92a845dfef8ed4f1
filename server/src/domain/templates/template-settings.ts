import {
  TEMPLATE_DEFAULT_FORMATTING,
  TEMPLATE_DEFAULT_ORGANIZATION,
  type TemplateFormatting,
  type TemplateOrganization,
  type TemplateRequestValues,
} from '#server/contracts/templates';

/** The stored organisation: every part the request omits takes its default (docs/templates.md#defaults). */
export function resolveOrganization(input: TemplateRequestValues['organization']): TemplateOrganization {
  const d = TEMPLATE_DEFAULT_ORGANIZATION;
  return {
    logo: input?.logo || null,
    name: input?.name ?? d.name,
    address: input?.address ?? d.address,
    phone: input?.phone ?? d.phone,
    email: input?.email ?? d.email,
    website: input?.website ?? d.website,
    colors: { ...d.colors, ...definedOnly(input?.colors) },
    fonts: { ...d.fonts, ...definedOnly(input?.fonts) },
  };
}

/** The stored page format: every part the request omits takes its default (docs/templates.md#defaults). */
export function resolveFormatting(input: TemplateRequestValues['formatting']): TemplateFormatting {
  const d = TEMPLATE_DEFAULT_FORMATTING;
  return {
    pageSize: input?.pageSize ?? d.pageSize,
    margins: { ...d.margins, ...definedOnly(input?.margins) },
    headerHeight: input?.headerHeight ?? d.headerHeight,
    footerHeight: input?.footerHeight ?? d.footerHeight,
  };
}

function definedOnly<T extends object>(value: T | undefined): Partial<T> {
  return Object.fromEntries(Object.entries(value ?? {}).filter(([, v]) => v !== undefined && v !== null)) as Partial<T>;
}
