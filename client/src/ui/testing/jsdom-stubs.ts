/**
 * What jsdom lacks and the app's components use, for component tests: `window.matchMedia` (every
 * query answers `smallScreen`), `CSS.escape` (react-aria reads meta tags with it) and
 * `Element.scrollIntoView` (forms bring their first invalid field into view).
 */
export function stubBrowser({ smallScreen = false }: { smallScreen?: boolean } = {}): jest.Mock {
  const matchMedia = jest.fn((query: string) => ({
    matches: smallScreen,
    media: query,
    onchange: null,
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
    addListener: jest.fn(),
    removeListener: jest.fn(),
    dispatchEvent: jest.fn(),
  }));
  window.matchMedia = matchMedia;
  if (!('scrollIntoView' in Element.prototype)) Object.assign(Element.prototype, { scrollIntoView: jest.fn() });
  globalThis.CSS ??= { escape: (value: string) => value.replace(/["\\]/g, '\\$&') } as typeof CSS;
  return matchMedia;
}
