import { chromiumProblem } from './chromium.service';

describe('chromiumProblem', () => {
  it('names the package to install when no Chromium was found', () => {
    expect(chromiumProblem(undefined)).toBe(
      'Chromium não encontrado em /usr/bin/chromium: instale com `apt-get install -y chromium fonts-liberation` ou defina PUPPETEER_EXECUTABLE_PATH.',
    );
  });

  it('names a configured path that does not exist', () => {
    expect(chromiumProblem('/opt/chrome/chrome', () => false)).toMatch(
      /^Chromium não encontrado em \/opt\/chrome\/chrome \(PUPPETEER_EXECUTABLE_PATH\): instale com/,
    );
  });

  it('has nothing to say when the executable is there', () => {
    expect(chromiumProblem('/usr/bin/chromium', () => true)).toBeUndefined();
  });
});
