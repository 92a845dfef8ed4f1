import { createHash, sign } from 'node:crypto';
import { Signer } from '@signpdf/utils';
import forge from 'node-forge';
import type { A1Credentials } from './a1-certificate';

const { asn1 } = forge;
const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha256WithRSA: '1.2.840.113549.1.1.11',
};

const seq = (items: forge.asn1.Asn1[]) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, items);
const set = (items: forge.asn1.Asn1[]) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SET, true, items);
const oid = (value: string) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(value).getBytes());
const int = (value: number) =>
  asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, asn1.integerToDer(value).getBytes());
const octets = (bytes: Buffer) =>
  asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, bytes.toString('binary'));
const nullValue = () => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.NULL, false, '');
const algorithm = (value: string, withNull = true) => seq(withNull ? [oid(value), nullValue()] : [oid(value)]);
const der = (node: forge.asn1.Asn1) => Buffer.from(asn1.toDer(node).getBytes(), 'binary');
const attribute = (type: string, value: forge.asn1.Asn1) => seq([oid(type), set([value])]);

/**
 * CAdES-BES detached signature (SHA-256, RSA) as PAdES baseline B-B asks: signed attributes
 * content-type, message-digest and ESS signing-certificate-v2; no signing-time attribute (the
 * time is the signature dictionary's /M). node-forge's PKCS#7 cannot encode the ESS attribute,
 * so the CMS structure is assembled here and signed with node:crypto.
 */
export class CadesSigner extends Signer {
  constructor(private readonly credentials: A1Credentials) {
    super();
  }

  override sign(pdfBuffer: Buffer): Promise<Buffer> {
    return Promise.resolve(buildCadesDetached(this.credentials, pdfBuffer));
  }
}

export function buildCadesDetached(credentials: A1Credentials, content: Buffer): Buffer {
  const { certificate, chain, privateKey } = credentials;
  const certDer = der(forge.pki.certificateToAsn1(certificate));
  const attributes = [
    attribute(OID.contentType, oid(OID.data)),
    attribute(OID.messageDigest, octets(createHash('sha256').update(content).digest())),
    // SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2 }; hashAlgorithm defaults to SHA-256.
    attribute(OID.signingCertificateV2, seq([seq([seq([octets(createHash('sha256').update(certDer).digest())])])])),
  ];
  // DER: the elements of a SET OF are ordered by their encodings.
  const sorted = attributes
    .map((node) => ({ node, bytes: der(node) }))
    .sort((a, b) => Buffer.compare(a.bytes, b.bytes))
    .map(({ node }) => node);
  // The signature covers the attributes encoded as a SET; in SignerInfo they are [0] IMPLICIT.
  const signature = sign('sha256', der(set(sorted)), privateKey);
  const signedAttrs = asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, sorted);

  const issuerAndSerial = seq([
    forge.pki.distinguishedNameToAsn1(certificate.issuer),
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, forge.util.hexToBytes(certificate.serialNumber)),
  ]);
  const signerInfo = seq([
    int(1),
    issuerAndSerial,
    algorithm(OID.sha256),
    signedAttrs,
    algorithm(OID.sha256WithRSA),
    octets(signature),
  ]);
  const certificates = asn1.create(
    asn1.Class.CONTEXT_SPECIFIC,
    0,
    true,
    chain.map((cert) => forge.pki.certificateToAsn1(cert)),
  );
  const signedData = seq([int(1), set([algorithm(OID.sha256)]), seq([oid(OID.data)]), certificates, set([signerInfo])]);
  return der(seq([oid(OID.signedData), asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [signedData])]));
}
