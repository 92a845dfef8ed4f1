import type {
  CreateSignatureBlockRequest,
  SignatureBlockSummary,
  SignatureBlockView,
  SignBlockResponse,
} from '@contracts';
import { http } from '@/lib/http';
import { signRequestBody, type SignInput } from '@/modules/documents/api/documents-api';

const blockPath = (id: string, suffix = '') => `/signature-blocks/${encodeURIComponent(id)}${suffix}`;

/** A block of 100 documents, PAdES included, signs within the server's 120 s bound. */
const SIGN_TIMEOUT_MS = 150_000;

export const signatureBlocksApi = {
  list: (signal?: AbortSignal) => http.get<SignatureBlockSummary[]>('/signature-blocks', { signal }),
  get: (id: string, signal?: AbortSignal) => http.get<SignatureBlockView>(blockPath(id), { signal }),
  create: (body: CreateSignatureBlockRequest) => http.post<SignatureBlockView>('/signature-blocks', body),
  sign: (id: string, input: SignInput) =>
    http.post<SignBlockResponse>(blockPath(id, '/sign'), signRequestBody(input), { timeoutMs: SIGN_TIMEOUT_MS }),
};
