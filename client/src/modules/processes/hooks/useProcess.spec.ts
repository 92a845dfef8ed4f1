import { HttpError } from '../../../lib/http';
import { classifyLoadError } from './useProcess';

describe('classifyLoadError', () => {
  it("treats the server's 404 (missing or confidential without access) as access denied", () => {
    expect(classifyLoadError(new HttpError(404, 'x', { serverMessage: 'Processo não encontrado.' }))).toEqual({
      kind: 'denied',
    });
  });

  it('shows the server message of a malformed id, and a generic failure otherwise', () => {
    expect(classifyLoadError(new HttpError(400, 'x', { serverMessage: 'Número de processo inválido.' }))).toEqual({
      kind: 'not-found',
      message: 'Número de processo inválido.',
    });
    expect(classifyLoadError(new HttpError(500, 'x'))).toEqual({ kind: 'failed' });
    expect(classifyLoadError(new Error('boom'))).toEqual({ kind: 'failed' });
  });
});
