import { sha, solveChallenge } from 'altcha/lib';
import { publicRequestsApi } from '../api/public-requests-api';

/**
 * Fetches an ALTCHA challenge from the server and solves it in the browser with the bundled ALTCHA
 * library (Web Crypto, no outside call): the base64 payload the filing sends as `altcha`
 * (docs/processes.md#online-filing).
 */
export async function solveProofOfWork(): Promise<string> {
  const challenge = await publicRequestsApi.challenge();
  const solution = await solveChallenge({ challenge, deriveKey: sha.deriveKey });
  if (!solution) throw new Error('Não foi possível concluir a verificação anti-robô. Tente novamente.');
  const payload = { challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution };
  return btoa(JSON.stringify(payload));
}
