import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

/**
 * Local test certificates for demos and tests. They are NOT ICP-Brasil certificates: the CA and
 * every issued certificate say so in their subject (O and OU), and no verifier trusts them.
 */
export const NOT_ICP_BRASIL = 'TESTE - NAO E ICP-Brasil';

export interface DemoCa {
  certificate: forge.pki.Certificate;
  privateKey: forge.pki.rsa.PrivateKey;
}

export interface DemoA1Options {
  /** Holder's name (CN). */
  name: string;
  password: string;
  email?: string;
  notBefore?: Date;
  notAfter?: Date;
  /** Defaults to digitalSignature + nonRepudiation. */
  keyUsage?: { digitalSignature?: boolean; nonRepudiation?: boolean; keyEncipherment?: boolean };
}

const DAY = 24 * 3600 * 1000;

function rsaKeyPair() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()),
    publicKey: forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString()),
  };
}

const subject = (commonName: string) => [
  { name: 'countryName', value: 'BR' },
  { name: 'organizationName', value: `SEMGI ${NOT_ICP_BRASIL}` },
  { name: 'organizationalUnitName', value: NOT_ICP_BRASIL },
  { name: 'commonName', value: commonName },
];

/** A positive serial number of 16 random bytes (hex). */
const serial = () => `01${randomBytes(15).toString('hex')}`;

export function createDemoCa(): DemoCa {
  const keys = rsaKeyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = serial();
  cert.validity.notBefore = new Date(Date.now() - DAY);
  cert.validity.notAfter = new Date(Date.now() + 5 * 365 * DAY);
  cert.setSubject(subject('AC SEMGI de Teste'));
  cert.setIssuer(subject('AC SEMGI de Teste'));
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  return { certificate: cert, privateKey: keys.privateKey };
}

/** Issues an A1 certificate for `options.name` and returns it as a PKCS#12 (.p12) file. */
export function issueDemoA1(ca: DemoCa, options: DemoA1Options): Buffer {
  const keys = rsaKeyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = serial();
  cert.validity.notBefore = options.notBefore ?? new Date(Date.now() - DAY);
  cert.validity.notAfter = options.notAfter ?? new Date(Date.now() + 365 * DAY);
  cert.setSubject(subject(options.name));
  cert.setIssuer(ca.certificate.subject.attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', critical: true, ...(options.keyUsage ?? { digitalSignature: true, nonRepudiation: true }) },
    { name: 'extKeyUsage', emailProtection: true, clientAuth: true },
    { name: 'subjectKeyIdentifier' },
    {
      name: 'authorityKeyIdentifier',
      keyIdentifier: ca.certificate.generateSubjectKeyIdentifier().getBytes(),
    },
    ...(options.email ? [{ name: 'subjectAltName', altNames: [{ type: 1, value: options.email }] }] : []),
  ]);
  cert.sign(ca.privateKey, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(keys.privateKey, [cert, ca.certificate], options.password, {
    algorithm: '3des',
    friendlyName: options.name,
  });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
}

/** The CA as PEM (certificate, private key), to keep it between runs of `npm run cert:demo`. */
export const demoCaToPem = (ca: DemoCa) => ({
  certificate: forge.pki.certificateToPem(ca.certificate),
  privateKey: forge.pki.privateKeyToPem(ca.privateKey),
});

export const demoCaFromPem = (certificate: string, privateKey: string): DemoCa => ({
  certificate: forge.pki.certificateFromPem(certificate),
  privateKey: forge.pki.privateKeyFromPem(privateKey),
});
