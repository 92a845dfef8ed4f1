import type { PDFOptions } from 'puppeteer-core';
import type { TemplateRenderJob } from '#server/contracts/templates';
import { escapeHtml } from '../html-escape';
import { pageSizeCm } from './template-page.html';
import { organizationStyle, pageBox } from './template-style';

/** The contact line under the organisation's name: the filled fields, in order. */
function contactLine(organization: TemplateRenderJob['organization']): string {
  return [organization.address, organization.phone, organization.email, organization.website]
    .map((field) => field.trim())
    .filter(Boolean)
    .map(escapeHtml)
    .join(' · ');
}

/**
 * The letterhead as Chromium's header template, drawn on every page. Chromium gives the header the
 * whole top margin of the page (margins.top + headerHeight); the letterhead fills the band of
 * headerHeight cm under the paper's top margin, aligned with the body's left and right margins.
 * Organisation fields are text (escaped); the logo is a data: URL made by the worker.
 */
export function letterheadTemplate(
  job: Pick<TemplateRenderJob, 'formatting' | 'organization'>,
  logo: string | null,
): string {
  const box = pageBox(job.formatting);
  const style = organizationStyle(job.organization);
  const org = job.organization;
  const contact = contactLine(org);
  // The letterhead's rule sits a little above the body's first line.
  const band = Math.max(box.header - 0.25, 0);
  const logoHtml = logo
    ? `<img src="${escapeHtml(logo)}" style="height:${band * 0.85}cm;width:auto;max-width:5cm;object-fit:contain;margin-right:0.4cm;flex:none">`
    : '';
  const body =
    org.name.trim() || logo || contact
      ? `<div style="display:flex;align-items:center;box-sizing:border-box;height:${band}cm;border-bottom:2px solid ${style.primary};overflow:hidden">
${logoHtml}<div style="flex:auto;min-width:0">
<div style="font-family:${style.titleFont};font-size:14pt;font-weight:bold;color:${style.primary};line-height:1.2">${escapeHtml(org.name.trim())}</div>
${contact ? `<div style="font-family:${style.bodyFont};font-size:8pt;color:${style.secondary};line-height:1.3;margin-top:1pt">${contact}</div>` : ''}
</div><div style="flex:none;width:0.25cm;height:${band * 0.6}cm;background:${style.accent};margin-left:0.3cm"></div></div>`
      : '';
  return `<div style="box-sizing:border-box;width:100%;margin:0;padding:${box.top}cm ${box.right}cm 0 ${box.left}cm;-webkit-print-color-adjust:exact;print-color-adjust:exact">${body}</div>`;
}

/** 'Página N de M' as Chromium's footer template, in the band of footerHeight cm above the bottom margin. */
export function pageNumberTemplate(job: Pick<TemplateRenderJob, 'formatting' | 'organization'>): string {
  const box = pageBox(job.formatting);
  const style = organizationStyle(job.organization);
  return `<div style="box-sizing:border-box;width:100%;height:${box.bottom + box.footer}cm;margin:0;padding:0 ${box.right}cm ${box.bottom}cm ${box.left}cm;display:flex;align-items:flex-end;justify-content:flex-end;-webkit-print-color-adjust:exact;print-color-adjust:exact">
<div style="font-family:${style.bodyFont};font-size:9pt;color:#444;border-top:1px solid ${style.secondary};width:100%;text-align:right;padding-top:2pt;box-sizing:border-box">Página <span class="pageNumber"></span> de <span class="totalPages"></span></div></div>`;
}

/** Page size and margins exactly as the template says (the CSS @page of templatePageHtml says the same). */
export function templatePdfOptions(
  job: Pick<TemplateRenderJob, 'formatting' | 'organization'>,
  logo: string | null,
): PDFOptions {
  const size = pageSizeCm(job.formatting.pageSize);
  const box = pageBox(job.formatting);
  return {
    width: `${size.width}cm`,
    height: `${size.height}cm`,
    preferCSSPageSize: true,
    printBackground: true,
    displayHeaderFooter: true,
    headerTemplate: letterheadTemplate(job, logo),
    footerTemplate: pageNumberTemplate(job),
    margin: {
      top: `${box.top + box.header}cm`,
      bottom: `${box.bottom + box.footer}cm`,
      left: `${box.left}cm`,
      right: `${box.right}cm`,
    },
  };
}
