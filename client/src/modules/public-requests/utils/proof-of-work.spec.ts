import { publicRequestsApi } from '../api/public-requests-api';
import { canSolveProofOfWork, INSECURE_CONTEXT_MESSAGE, solveProofOfWork } from './proof-of-work';

describe('proof of work in an insecure context', () => {
  const secureContext = Object.getOwnPropertyDescriptor(globalThis, 'isSecureContext');

  afterEach(() => {
    if (secureContext) Object.defineProperty(globalThis, 'isSecureContext', secureContext);
    else delete (globalThis as { isSecureContext?: boolean }).isSecureContext;
    jest.restoreAllMocks();
  });

  it('is available with Web Crypto in a secure context', () => {
    Object.defineProperty(globalThis, 'isSecureContext', { value: true, configurable: true });
    expect(canSolveProofOfWork()).toBe(true);
  });

  it('over plain HTTP says in pt-BR that the page needs HTTPS, without asking the server for a challenge', async () => {
    Object.defineProperty(globalThis, 'isSecureContext', { value: false, configurable: true });
    const challenge = jest.spyOn(publicRequestsApi, 'challenge');
    expect(canSolveProofOfWork()).toBe(false);
    await expect(solveProofOfWork()).rejects.toThrow(INSECURE_CONTEXT_MESSAGE);
    expect(challenge).not.toHaveBeenCalled();
    expect(INSECURE_CONTEXT_MESSAGE).toContain('https://');
  });
});
