import { DOCUMENT_MESSAGES, SIGNATURE_REQUEST_MESSAGES } from '@contracts';
import {
  documentEditErrors,
  type EditorValues,
  inspectionProblem,
  newDocumentErrors,
  newDocumentRequest,
  signatureRequestProblem,
  signingProblem,
  type SigningValues,
} from './document-form';

const USER = '0b8f7c52-1f0e-4c1a-9a53-2f4c8c1f0a11';
const editor = (values: Partial<EditorValues> = {}): EditorValues => ({
  title: 'Ofício 12',
  content: 'Texto.',
  confidential: false,
  confidentialAccess: [],
  processId: '',
  documentType: '',
  ...values,
});
const signing = (values: Partial<SigningValues> = {}): SigningValues => ({
  signatureType: 'simple',
  certificateType: 'password',
  password: 'segredo',
  certificatePassword: '',
  hasCertificate: false,
  ...values,
});

describe('document forms, checked by the contract the server uses', () => {
  it('sends the access list only for a confidential document, and no blank process', () => {
    expect(newDocumentRequest(editor({ title: ' Ofício ', confidentialAccess: [USER], processId: ' ' }))).toEqual({
      title: 'Ofício',
      content: 'Texto.',
      confidential: false,
      confidentialAccess: undefined,
      processId: undefined,
      documentType: undefined,
    });
    expect(newDocumentRequest(editor({ documentType: USER })).documentType).toBe(USER);
    expect(newDocumentRequest(editor({ confidential: true, confidentialAccess: [USER] })).confidentialAccess).toEqual([
      USER,
    ]);
  });

  it('puts each message at its field: the title, the process, and the content the editor needs', () => {
    const blank = editor({ title: '  ', content: ' ' });
    expect(newDocumentErrors(newDocumentRequest(blank), true)).toEqual({
      title: DOCUMENT_MESSAGES.titleRequired,
      content: DOCUMENT_MESSAGES.contentRequired,
    });
    expect(newDocumentErrors(newDocumentRequest(editor({ title: 'a'.repeat(201) })), false)).toEqual({
      title: DOCUMENT_MESSAGES.titleTooLong,
    });
    expect(newDocumentErrors(newDocumentRequest(editor({ processId: '1'.repeat(41) })), false)).toEqual({
      processId: 'O campo "processId" excede o tamanho máximo permitido.',
    });
    expect(newDocumentErrors(newDocumentRequest(editor()), false)).toEqual({});
    expect(documentEditErrors(editor({ title: '', content: '' }))).toEqual({
      title: DOCUMENT_MESSAGES.titleRequired,
      content: DOCUMENT_MESSAGES.contentRequired,
    });
  });

  it('answers a field outside the form (the access list) apart', () => {
    const request = newDocumentRequest(editor({ confidential: true, confidentialAccess: ['x'] }));
    expect(newDocumentErrors(request, false)).toEqual({ other: DOCUMENT_MESSAGES.accessUserInvalid });
  });

  it('asks for the credential of the method, then checks its length', () => {
    expect(signingProblem(signing({ password: '' }))).toEqual({
      field: 'password',
      message: DOCUMENT_MESSAGES.signingPasswordRequired,
    });
    expect(signingProblem(signing({ signatureType: 'qualified', certificateType: 'certificate' }))).toEqual({
      field: 'certificate',
      message: DOCUMENT_MESSAGES.certificateRequired,
    });
    expect(signingProblem(signing({ password: 'a'.repeat(201) }))).toEqual({
      field: 'password',
      message: 'O campo "password" excede o tamanho máximo permitido.',
    });
    expect(signingProblem(signing())).toBeNull();
    expect(inspectionProblem(false, '')?.field).toBe('certificate');
    expect(inspectionProblem(true, 'a'.repeat(201))?.field).toBe('certificatePassword');
    expect(inspectionProblem(true, '1234')).toBeNull();
  });

  it('refuses a signature request without signers, with more than 20, or with a long message', () => {
    expect(signatureRequestProblem({ signers: [], order: 'sequential' })).toBe(
      SIGNATURE_REQUEST_MESSAGES.signersRequired,
    );
    expect(signatureRequestProblem({ signers: Array(21).fill(USER), order: 'parallel' })).toBe(
      SIGNATURE_REQUEST_MESSAGES.tooManySigners,
    );
    expect(signatureRequestProblem({ signers: [USER], order: 'parallel', message: 'x'.repeat(1001) })).toBe(
      SIGNATURE_REQUEST_MESSAGES.messageTooLong,
    );
    expect(signatureRequestProblem({ signers: [USER, { department: 'Gabinete' }], order: 'sequential' })).toBeNull();
  });
});
