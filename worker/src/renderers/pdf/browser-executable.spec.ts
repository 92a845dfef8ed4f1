import { chromiumProblem, packagedChromiumInstalled } from './browser-executable';

describe('chromiumProblem', () => {
  it('names the package to install when no Chromium was found', () => {
    expect(chromiumProblem(undefined)).toBe(
      'Chromium não encontrado em /usr/bin/chromium: instale com `apt-get install -y chromium fonts-liberation` ou defina PUPPETEER_EXECUTABLE_PATH.',
    );
  });

  it('has nothing to say when there is no system Chromium but the packaged one is installed', () => {
    expect(chromiumProblem(undefined, () => false, true)).toBeUndefined();
  });

  it('names a configured path that does not exist', () => {
    expect(chromiumProblem('/opt/chrome/chrome', () => false, true)).toMatch(
      /^Chromium não encontrado em \/opt\/chrome\/chrome \(PUPPETEER_EXECUTABLE_PATH\): instale com/,
    );
  });

  it('has nothing to say when the executable is there', () => {
    expect(chromiumProblem('/usr/bin/chromium', () => true)).toBeUndefined();
  });
});

describe('packagedChromiumInstalled', () => {
  it('finds the package a development install (npm ci) has', () => {
    expect(packagedChromiumInstalled()).toBe(true);
  });
});
