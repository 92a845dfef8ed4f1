import { requiredSignatureLevel, signatureLevelRefusal } from './signature-level.policy';

const contrato = { name: 'Contrato', minimumLevel: 'qualified' as const };
const oficio = { name: 'Ofício', minimumLevel: 'simple' as const };

describe('signature level policy (docs/documents.md#types)', () => {
  it('requires what the type asks, and a simple signature of a document without a type', () => {
    expect(requiredSignatureLevel(contrato)).toBe('qualified');
    expect(requiredSignatureLevel(oficio)).toBe('simple');
    expect(requiredSignatureLevel(null)).toBe('simple');
  });

  it('refuses a simple signature on a type that requires a qualified one, naming the type', () => {
    expect(signatureLevelRefusal(contrato, 'simple')).toBe(
      'Este tipo de documento (Contrato) exige assinatura qualificada com certificado digital ICP-Brasil.',
    );
  });

  it('accepts a signature at or above the required level', () => {
    expect(signatureLevelRefusal(contrato, 'qualified')).toBeNull();
    expect(signatureLevelRefusal(oficio, 'simple')).toBeNull();
    expect(signatureLevelRefusal(oficio, 'qualified')).toBeNull();
    expect(signatureLevelRefusal(null, 'simple')).toBeNull();
  });
});
