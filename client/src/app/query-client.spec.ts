import { HttpError } from '@/lib/http';
import { shouldRetryQuery } from './query-client';

describe('shouldRetryQuery', () => {
  const network = new HttpError(0, 'sem conexão', { error: 'NetworkError' });

  it('tries a query again once when the connection failed', () => {
    expect(shouldRetryQuery(0, network)).toBe(true);
    expect(shouldRetryQuery(1, network)).toBe(false);
  });

  it('never repeats an HTTP answer, a timeout or an error that is not HTTP', () => {
    expect(shouldRetryQuery(0, new HttpError(404, 'x'))).toBe(false);
    expect(shouldRetryQuery(0, new HttpError(400, 'x'))).toBe(false);
    expect(shouldRetryQuery(0, new HttpError(500, 'x'))).toBe(false);
    expect(shouldRetryQuery(0, new HttpError(0, 'demorou', { error: 'Timeout' }))).toBe(false);
    expect(shouldRetryQuery(0, new Error('Resposta inválida do servidor.'))).toBe(false);
  });
});
