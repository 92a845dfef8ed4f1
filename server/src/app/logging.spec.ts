import { logsArePretty, quietFrameworkChatter, redactUrlToken } from './logging';

describe('redactUrlToken', () => {
  it('replaces the token query parameter wherever it stands, keeping the rest', () => {
    expect(redactUrlToken('/api/uploads/a.pdf?token=eyJ.abc.def')).toBe('/api/uploads/a.pdf?token=[REDACTED]');
    expect(redactUrlToken('/api/uploads/a.pdf?download=1&token=eyJ.x&v=2')).toBe(
      '/api/uploads/a.pdf?download=1&token=[REDACTED]&v=2',
    );
    expect(redactUrlToken('/api/x?TOKEN=abc#frag')).toBe('/api/x?TOKEN=[REDACTED]#frag');
  });

  it('leaves other URLs untouched', () => {
    expect(redactUrlToken('/api/processes?q=token')).toBe('/api/processes?q=token');
    expect(redactUrlToken('/api/processes?mytoken=1')).toBe('/api/processes?mytoken=1');
  });
});

describe('logsArePretty', () => {
  it('prints readable lines on a terminal and JSON to a pipe or file, unless LOG_FORMAT says which', () => {
    expect(logsArePretty({ LOG_FORMAT: undefined }, true)).toBe(true);
    expect(logsArePretty({ LOG_FORMAT: undefined }, false)).toBe(false);
    expect(logsArePretty({ LOG_FORMAT: 'json' }, true)).toBe(false);
    expect(logsArePretty({ LOG_FORMAT: 'pretty' }, false)).toBe(true);
  });
});

describe('quietFrameworkChatter', () => {
  const written = (debugEnabled: boolean, args: unknown[], level = 30) => {
    const lines: unknown[][] = [];
    const logger = { isLevelEnabled: (name: string) => name === 'debug' && debugEnabled };
    quietFrameworkChatter.call(logger, args, (...logged) => lines.push(logged), level);
    return lines;
  };

  it("drops Nest's per-route and per-module boot lines at info", () => {
    expect(written(false, [{ context: 'RouterExplorer' }, 'Mapped {/api/logs, GET} route'])).toEqual([]);
    expect(written(false, [{ context: 'InstanceLoader' }, 'AppModule dependencies initialized'])).toEqual([]);
  });

  it('keeps them at debug, and keeps every other line and every warning', () => {
    expect(written(true, [{ context: 'RouterExplorer' }, 'Mapped'])).toHaveLength(1);
    expect(written(false, [{ context: 'Bootstrap' }, 'SEMGI em http://localhost:3005/semgi/'])).toHaveLength(1);
    expect(written(false, [{ context: 'RouterExplorer' }, 'algo errado'], 40)).toHaveLength(1);
    expect(written(false, ['texto simples'])).toHaveLength(1);
  });
});
