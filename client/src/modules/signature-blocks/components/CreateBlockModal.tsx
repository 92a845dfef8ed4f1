import { canManageDocument, createSignatureBlockSchema, type DocumentView, type SignatureBlockView } from '@contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { errorMessage } from '@/lib/http';
import { useDebouncedValue } from '@/lib/useDebouncedValue';
import { currentUserAtom } from '@/modules/auth/states/currentUserAtom';
import { documentKeys } from '@/modules/documents/api/document-keys';
import { documentsApi } from '@/modules/documents/api/documents-api';
import { useUserLookups } from '@/modules/users/hooks/useUserLookups';
import { ActionModal } from '@/ui/ActionModal';
import { Button } from '@/ui/Button';
import { Checkbox } from '@/ui/Checkbox';
import { messageFor } from '@/ui/field-problem';
import { Select } from '@/ui/Select';
import { Spinner } from '@/ui/Spinner';
import { TextField } from '@/ui/TextField';
import { useContractSubmit } from '@/ui/useContractSubmit';
import { signatureBlocksApi } from '../api/signature-blocks-api';

type Field = 'name' | 'documentIds' | 'signers';
const FIELDS: readonly Field[] = ['name', 'documentIds', 'signers'];

export interface CreateBlockModalProps {
  isOpen: boolean;
  onClose: () => void;
  onCreated: (block: SignatureBlockView) => void;
}

/** 'Novo bloco': a name, documents picked from a search (those I may send for signing), and the signers in order. */
export function CreateBlockModal({ isOpen, onClose, onCreated }: CreateBlockModalProps) {
  const me = useAtomValue(currentUserAtom);
  const { users, error: usersError } = useUserLookups(isOpen);
  const [name, setName] = useState('');
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const [picked, setPicked] = useState<DocumentView[]>([]);
  const [signers, setSigners] = useState<string[]>([]);
  const { problem, touched, frame } = useContractSubmit(createSignatureBlockSchema, FIELDS, {
    isOpen,
    send: async (body) => onCreated(await signatureBlocksApi.create(body)),
    failureText: (caught) => errorMessage(caught, 'Não foi possível criar o bloco de assinatura.'),
  });
  const found = useQuery({
    queryKey: documentKeys.search(q, ''),
    queryFn: ({ signal }) => documentsApi.list(q, '', signal),
    enabled: isOpen,
    // The rows stay (same keys) while the next answer comes, so a box being ticked is not swapped under the pointer.
    placeholderData: keepPreviousData,
  });
  // Busy until the list answers what is typed now (the debounce, then the request).
  const searching = search.trim() !== q || found.isFetching;
  // Only documents I may send for signing: mine (any, for an admin), not signed yet.
  const offered = (found.data ?? []).filter(
    (doc) => me && canManageDocument(doc, me) && doc.signatures.length === 0 && doc.status !== 'rejected',
  );

  useEffect(() => {
    if (!isOpen) return;
    setName('');
    setSearch('');
    setPicked([]);
    setSigners([]);
  }, [isOpen]);

  const toggle = (doc: DocumentView, on: boolean) => {
    setPicked((current) => (on ? [...current, doc] : current.filter((d) => d.id !== doc.id)));
    touched('documentIds');
  };
  const nameOf = (id: string) => users.find((u) => u._id === id)?.name ?? id;

  return (
    <ActionModal
      isOpen={isOpen}
      onClose={onClose}
      title="Novo bloco de assinatura"
      submitLabel="Criar bloco"
      size="lg"
      // The server's own checks (createSignatureBlockSchema), each message at its field.
      {...frame(() => ({ name, documentIds: picked.map((d) => d.id), signers }))}
    >
      <TextField
        label="Nome do bloco"
        value={name}
        onChange={(value) => {
          setName(value);
          touched('name');
        }}
        errorMessage={messageFor(problem, 'name')}
        placeholder="Ex.: Atos de 26/11"
        isRequired
      />
      <fieldset className="block-form__documents">
        <legend className="field__label">Documentos</legend>
        <TextField label="Buscar documentos" value={search} onChange={setSearch} placeholder="Título ou protocolo" />
        {found.isPending && <Spinner label="Buscando documentos..." />}
        {found.error && <p className="field__error">{errorMessage(found.error, 'Falha ao buscar documentos.')}</p>}
        {found.data && offered.length === 0 && (
          <p className="muted">Nenhum documento seu aguardando assinatura foi encontrado.</p>
        )}
        {offered.length > 0 && (
          <ul className="block-form__results" aria-label="Documentos encontrados" aria-busy={searching}>
            {offered.map((doc) => (
              <li key={doc.id}>
                <Checkbox isSelected={picked.some((d) => d.id === doc.id)} onChange={(on) => toggle(doc, on)}>
                  <span className="block-form__doc-title">{doc.title}</span>{' '}
                  <span className="muted">
                    {doc.protocolNumber}
                    {doc.processName ? ` · ${doc.processName}` : ''}
                  </span>
                </Checkbox>
              </li>
            ))}
          </ul>
        )}
        <p className="block-form__count" aria-live="polite">
          {picked.length === 1 ? '1 documento selecionado' : `${picked.length} documentos selecionados`}
        </p>
        {messageFor(problem, 'documentIds') && (
          <p className="field__error" role="alert">
            {messageFor(problem, 'documentIds')}
          </p>
        )}
      </fieldset>
      <fieldset className="block-form__signers">
        <legend className="field__label">Signatários (na ordem de assinatura)</legend>
        {usersError && <p className="field__error">{usersError}</p>}
        <Select
          label="Adicionar signatário"
          placeholder="Selecione um usuário..."
          value={null}
          options={users
            .filter((u) => !signers.includes(u._id))
            .map((u) => ({ id: u._id, label: `${u.name} — ${u.department}` }))}
          onChange={(id) => {
            setSigners((current) => [...current, id]);
            touched('signers');
          }}
          errorMessage={messageFor(problem, 'signers')}
        />
        {signers.length > 0 && (
          <ol className="block-form__signer-list">
            {signers.map((id) => (
              <li key={id}>
                <span>{nameOf(id)}</span>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remover ${nameOf(id)}`}
                  onPress={() => setSigners((current) => current.filter((other) => other !== id))}
                >
                  ×
                </Button>
              </li>
            ))}
          </ol>
        )}
      </fieldset>
    </ActionModal>
  );
}
