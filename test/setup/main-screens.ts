import type { Page } from 'puppeteer-core';
import { eventually } from '#test/setup/eventually';

/** The main screens of a signed-in user that the browser suites visit (accessibility, layout). */
export function signedInRoutes(processRoute: string): string[] {
  return [
    '/dashboard',
    '/processes',
    processRoute,
    '/documents',
    '/documents/new',
    '/signature-blocks',
    '/templates',
    '/users',
    '/departments',
    '/calendar',
    '/document-types',
    '/notifications',
    '/purchase-orders',
    '/logs',
    '/search?q=reparo',
    '/profile',
    '/settings',
    '/change-password',
  ];
}

export const THEMES = ['light', 'dark'] as const;
export type ThemeName = (typeof THEMES)[number];

/** Switches the open page to `theme` and waits for the colour transition to settle. */
export async function showTheme(page: Page, theme: ThemeName): Promise<void> {
  await page.evaluate(`document.documentElement.setAttribute('data-theme', ${JSON.stringify(theme)})`);
  // Colours change with a short CSS transition: measure the settled page (spinners animate forever).
  await eventually(
    async () => !(await page.evaluate('document.getAnimations().some((a) => a instanceof CSSTransition)')),
    'o fim da transição de cores',
  );
}
