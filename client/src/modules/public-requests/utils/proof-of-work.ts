import { sha, solveChallenge } from 'altcha/lib';
import { publicRequestsApi } from '../api/public-requests-api';

/**
 * Whether this browser can solve the proof of work: Web Crypto exists only in a secure context
 * (HTTPS, or localhost), so a city hall serving the site over plain HTTP cannot take online filings
 * (docs/processes.md#online-filing).
 */
export function canSolveProofOfWork(): boolean {
  return Boolean(globalThis.isSecureContext && globalThis.crypto?.subtle);
}

export const INSECURE_CONTEXT_MESSAGE =
  'Esta página precisa ser aberta por uma conexão segura (endereço iniciado por https://) para enviar a solicitação. Procure o atendimento da Prefeitura.';

/**
 * Fetches an ALTCHA challenge from the server and solves it in the browser with the bundled ALTCHA
 * library (Web Crypto, no outside call): the base64 payload the filing sends as `altcha`
 * (docs/processes.md#online-filing).
 */
export async function solveProofOfWork(): Promise<string> {
  if (!canSolveProofOfWork()) throw new Error(INSECURE_CONTEXT_MESSAGE);
  const challenge = await publicRequestsApi.challenge();
  const solution = await solveChallenge({ challenge, deriveKey: sha.deriveKey });
  if (!solution) throw new Error('Não foi possível concluir a verificação anti-robô. Tente novamente.');
  const payload = { challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution };
  return btoa(JSON.stringify(payload));
}
