import type { DocumentView } from '#server/contracts/documents';
import type {
  SignatureBlockDocument,
  SignatureBlockSummary,
  SignatureBlockView,
} from '#server/contracts/signature-blocks';
import type { BlockResultRow, BlockRow, BlockSignerRow } from './signature-blocks.repository';

export function toBlockSummary(row: BlockRow): SignatureBlockSummary {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    createdBy: { id: row.creatorId, name: row.creatorName, department: row.creatorDepartment },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    documentCount: row.documentCount,
    signedCount: row.signedCount,
    isSigner: row.isSigner,
    myPendingCount: row.myPendingCount,
  };
}

/**
 * The block as `visible` (the caller's views of the documents they may see) allows: a document the
 * caller may not see keeps only its id, position and results (docs/documents.md#signature-blocks).
 */
export function toBlockView(
  row: BlockRow,
  signers: BlockSignerRow[],
  results: BlockResultRow[],
  visible: DocumentView[],
): SignatureBlockView {
  const documents = new Map<string, SignatureBlockDocument>();
  for (const r of results) {
    let doc = documents.get(r.documentId);
    if (!doc) {
      const view = visible.find((v) => v.id === r.documentId);
      doc = {
        documentId: r.documentId,
        position: r.position,
        visible: Boolean(view),
        title: view?.title ?? null,
        protocolNumber: view?.protocolNumber ?? null,
        processName: view?.processName ?? null,
        results: [],
      };
      documents.set(r.documentId, doc);
    }
    doc.results.push({
      userId: r.userId,
      state: r.state,
      reason: r.reason,
      signedAt: r.signedAt?.toISOString() ?? null,
    });
  }
  return { ...toBlockSummary(row), signers, documents: [...documents.values()] };
}
