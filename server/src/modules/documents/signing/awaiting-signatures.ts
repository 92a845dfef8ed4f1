import type { DocumentSigningFlowEntryEntity } from '#server/database/entities/index';

/**
 * The signing-flow entries still awaited (docs/documents.md#verification): the one place that
 * decides it, for the public verification and the stamp.
 */
export const awaitedEntries = <T extends Pick<DocumentSigningFlowEntryEntity, 'signed'>>(flow: T[]): T[] =>
  flow.filter((entry) => !entry.signed);
