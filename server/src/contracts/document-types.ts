/**
 * Document types and the minimum signature level of each (docs/documents.md#types).
 *
 * - GET  /document-types?includeInactive=true  -> DocumentType[] (active ones; inactive too for admins)
 * - POST /document-types   DocumentTypeRequest -> 201 DocumentType (admins)
 * - PUT  /document-types/:id  UpdateDocumentTypeRequest -> DocumentType (admins; `active: false` deactivates)
 */
import { z } from 'zod';
import { documentTypeRefSchema, SIGNATURE_TYPES, type SignatureType } from './documents';
import { FIELDS } from './schema-fields';

export const DOCUMENT_TYPE_NAME_MAX_LENGTH = 80;

/** How each level reads in the product (Lei 14.063/2020, art. 4º; docs/documents.md#types). */
export const SIGNATURE_LEVEL_LABELS: Record<SignatureType, string> = {
  simple: 'Simples (senha)',
  qualified: 'Qualificada (ICP-Brasil)',
};

export const DOCUMENT_TYPE_MESSAGES = {
  nameRequired: 'Informe o nome do tipo de documento.',
  nameTooLong: `O nome do tipo de documento deve ter no máximo ${DOCUMENT_TYPE_NAME_MAX_LENGTH} caracteres.`,
  levelInvalid: 'Nível mínimo de assinatura inválido: use simple (simples) ou qualified (qualificada).',
  activeInvalid: 'O campo "active" deve ser verdadeiro ou falso.',
  includeInactiveInvalid: 'O parâmetro includeInactive deve ser true ou false.',
  inactiveForbidden: 'Apenas administradores podem listar tipos de documento inativos.',
  notFound: 'Tipo de documento não encontrado.',
  inactive: 'Este tipo de documento está desativado. Escolha outro tipo.',
  /** Signing below the type's level (docs/documents.md#types); the signing panel shows it too. */
  qualifiedRequired: (name: string) =>
    `Este tipo de documento (${name}) exige assinatura qualificada com certificado digital ICP-Brasil.`,
  duplicate: (name: string) => `Já existe um tipo de documento chamado "${name}".`,
} as const;
const M = DOCUMENT_TYPE_MESSAGES;

/** Levels from lowest to highest: a signature meets a minimum at or below its own. */
const LEVEL_RANK: Record<SignatureType, number> = { simple: 0, qualified: 1 };
export const meetsSignatureLevel = (level: SignatureType, minimum: SignatureType) =>
  LEVEL_RANK[level] >= LEVEL_RANK[minimum];

export const documentTypeSchema = documentTypeRefSchema
  .extend({ active: z.boolean(), createdAt: FIELDS.dateTime, updatedAt: FIELDS.dateTime })
  .meta({ id: 'DocumentType' });
export type DocumentType = z.infer<typeof documentTypeSchema>;

export const documentTypeListSchema = z.array(documentTypeSchema);

const name = z
  .string(FIELDS.typed(M.nameRequired))
  .trim()
  .min(1, M.nameRequired)
  .max(DOCUMENT_TYPE_NAME_MAX_LENGTH, M.nameTooLong);
const minimumLevel = z.enum(SIGNATURE_TYPES, M.levelInvalid);

/** POST /document-types. */
export const documentTypeRequestSchema = z.strictObject({ name, minimumLevel });
export type DocumentTypeRequest = z.input<typeof documentTypeRequestSchema>;

/** PUT /document-types/:id: name and level; `active` absent leaves it as it is. */
export const updateDocumentTypeSchema = z.strictObject({
  name,
  minimumLevel,
  active: z.boolean(FIELDS.typed(M.activeInvalid)).optional(),
});
export type UpdateDocumentTypeRequest = z.input<typeof updateDocumentTypeSchema>;

/** GET /document-types?includeInactive=true (admins only). */
export const documentTypeListQuerySchema = z.object({
  includeInactive: FIELDS.queryBoolean(M.includeInactiveInvalid),
});
export type DocumentTypeListQuery = z.output<typeof documentTypeListQuerySchema>;
