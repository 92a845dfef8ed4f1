import type { BadgeTone } from '@/ui/Badge';
import type { BlockResultState, SignatureBlockStatus } from '@contracts';

export const BLOCK_STATUS_TONES: Record<SignatureBlockStatus, BadgeTone> = { open: 'info', completed: 'success' };
export const RESULT_TONES: Record<BlockResultState, BadgeTone> = {
  pending: 'neutral',
  signed: 'success',
  failed: 'danger',
};
/** What a document the caller may not see is called in the block (its title is never shown). */
export const HIDDEN_DOCUMENT = 'Documento sem acesso';
