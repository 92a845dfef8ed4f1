import { createDemoCa, issueDemoA1 } from '#server/seed/demo-certificates';
import { assertUsableForSigning, CERTIFICATE_MESSAGES, openA1 } from './a1-certificate';

describe('A1 certificates', () => {
  const ca = createDemoCa();
  const maria = issueDemoA1(ca, { name: 'Maria Silva', password: '1234' });

  it('reads subject, issuer and validity from the .p12 and labels it as not ICP-Brasil', () => {
    const { info } = openA1(maria, '1234');
    expect(info.subject).toMatch(/^CN=Maria Silva, OU=TESTE - NAO E ICP-Brasil/);
    expect(info.issuer).toMatch(/^CN=AC SEMGI de Teste/);
    expect(new Date(info.validTo).getTime()).toBeGreaterThan(Date.now());
    expect(info.type).toBe('A1');
  });

  it('refuses a wrong password, an expired certificate and one without a signing key usage', () => {
    expect(() => openA1(maria, 'errada')).toThrow(CERTIFICATE_MESSAGES.unreadable);
    expect(() => openA1(Buffer.from('não é um p12'), '1234')).toThrow(CERTIFICATE_MESSAGES.unreadable);
    const expired = issueDemoA1(ca, {
      name: 'Vencido',
      password: 'x',
      notBefore: new Date('2020-01-01'),
      notAfter: new Date('2021-01-01'),
    });
    expect(() => assertUsableForSigning(openA1(expired, 'x'))).toThrow(CERTIFICATE_MESSAGES.expired);
    const future = issueDemoA1(ca, { name: 'Futuro', password: 'x', notBefore: new Date(Date.now() + 86_400_000) });
    expect(() => assertUsableForSigning(openA1(future, 'x'))).toThrow(CERTIFICATE_MESSAGES.notYetValid);
    const encipherOnly = issueDemoA1(ca, { name: 'Cifra', password: 'x', keyUsage: { keyEncipherment: true } });
    expect(() => assertUsableForSigning(openA1(encipherOnly, 'x'))).toThrow(CERTIFICATE_MESSAGES.keyUsage);
    expect(() => assertUsableForSigning(openA1(maria, '1234'))).not.toThrow();
  });
});
