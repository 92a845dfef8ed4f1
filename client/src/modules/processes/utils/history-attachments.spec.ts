import type { ProcessDocumentView, ProcessHistoryEntryView } from '@contracts';
import { matchHistoryAttachments } from './history-attachments';

const ana = { _id: 'ana', name: 'Ana', department: 'Financeiro' };
const bia = { _id: 'bia', name: 'Bia', department: 'Jurídico' };
const at = (seconds: number) => new Date(Date.UTC(2025, 0, 1, 12, 0, seconds)).toISOString();

function entry(id: string, seconds: number, user = ana): ProcessHistoryEntryView {
  return { _id: id, date: at(seconds), from: null, to: null, comment: '', action: 'Resposta adicionada', user };
}

function doc(id: string, seconds: number, user: typeof ana | null = ana): ProcessDocumentView {
  return {
    _id: id,
    id,
    name: `${id}.pdf`,
    path: `/uploads/${id}.pdf`,
    size: 1024,
    mimeType: 'application/pdf',
    uploadDate: at(seconds),
    uploadedBy: user,
    context: 'response',
  };
}

describe('matchHistoryAttachments', () => {
  it('matches a file to the entry of the same user within two minutes, inclusive', () => {
    const result = matchHistoryAttachments([entry('e1', 0)], [doc('d1', 120), doc('d2', 121)]);
    expect(result.get('e1')?.map((d) => d._id)).toEqual(['d1']);
  });

  it('ignores files of another user or without uploader', () => {
    const result = matchHistoryAttachments([entry('e1', 0)], [doc('d1', 5, bia), doc('d2', 5, null)]);
    expect(result.size).toBe(0);
  });

  it('gives each file to the closest qualifying entry only, in upload order', () => {
    const history = [entry('e1', 0), entry('e2', 100), entry('e3', 50, bia)];
    const result = matchHistoryAttachments(history, [doc('d2', 95), doc('d1', 10), doc('d3', 52, bia)]);
    expect(result.get('e1')?.map((d) => d._id)).toEqual(['d1']);
    expect(result.get('e2')?.map((d) => d._id)).toEqual(['d2']);
    expect(result.get('e3')?.map((d) => d._id)).toEqual(['d3']);
  });

  it('matches files uploaded slightly before the entry was written', () => {
    const result = matchHistoryAttachments([entry('e1', 60)], [doc('d1', 0)]);
    expect(result.get('e1')).toHaveLength(1);
  });
});
