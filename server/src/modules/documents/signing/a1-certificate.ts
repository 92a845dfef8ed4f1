import { BadRequestException } from '@nestjs/common';
import { createPrivateKey, type KeyObject } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import forge from 'node-forge';
import type { CertificateInfo } from '#server/contracts/documents';
import { DOCUMENT_MESSAGES } from '#server/contracts/documents';

/** An opened A1 certificate: the signer's certificate, its chain and private key (memory only). */
export interface A1Credentials {
  certificate: forge.pki.Certificate;
  /** Every certificate in the file (the signer's included), for the CMS certificate set. */
  chain: forge.pki.Certificate[];
  privateKey: KeyObject;
  info: CertificateInfo;
}

export const CERTIFICATE_MESSAGES = {
  unreadable: 'Não foi possível abrir o certificado: arquivo inválido ou senha incorreta.',
  noKey: 'O certificado não contém a chave privada correspondente.',
  notYetValid: 'O certificado ainda não é válido.',
  expired: 'O certificado está vencido.',
  keyUsage: 'O certificado não permite assinatura digital (uso de chave).',
  algorithm: 'Apenas certificados com chave RSA são aceitos.',
} as const;

const bad = (message: string) => new BadRequestException(message);

/** Largest .p12/.pfx read: a real one has a few kilobytes, anything bigger is not a certificate. */
const MAX_CERTIFICATE_BYTES = 1024 * 1024;

/** An uploaded certificate (multer streamed it to a temporary file, deleted after the request). */
export interface CertificateUpload {
  path: string;
  size: number;
}

/** Opens an uploaded certificate: 400 when none was sent, or it is too big to be one. */
export async function openA1Upload(upload: CertificateUpload | undefined, password: string): Promise<A1Credentials> {
  if (!upload?.size) throw bad(DOCUMENT_MESSAGES.certificateRequired);
  if (upload.size > MAX_CERTIFICATE_BYTES) throw bad(CERTIFICATE_MESSAGES.unreadable);
  return openA1(await readFile(upload.path), password);
}

/** Opens a PKCS#12 (.p12/.pfx) with its password. Nothing is kept once the request ends. */
export function openA1(der: Buffer, password: string): A1Credentials {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(
      forge.asn1.fromDer(forge.util.createBuffer(der.toString('binary'))),
      false,
      password,
    );
  } catch {
    throw bad(CERTIFICATE_MESSAGES.unreadable);
  }
  const chain = (p12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? [])
    .map((bag) => bag.cert)
    .filter((cert): cert is forge.pki.Certificate => Boolean(cert));
  const keyBag =
    p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag]?.[0] ??
    p12.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag]?.[0];
  const key = keyBag?.key;
  if (!key) throw bad(CERTIFICATE_MESSAGES.noKey);
  if (!('n' in key)) throw bad(CERTIFICATE_MESSAGES.algorithm);
  const certificate = chain.find((cert) => {
    const pub = cert.publicKey as forge.pki.rsa.PublicKey;
    return 'n' in pub && pub.n.equals(key.n) && pub.e.equals(key.e);
  });
  if (!certificate) throw bad(CERTIFICATE_MESSAGES.noKey);
  const privateKey = createPrivateKey(forge.pki.privateKeyToPem(key));
  return { certificate, chain, privateKey, info: certificateInfo(certificate) };
}

/** Refuses a certificate outside its validity period or without a signing key usage. */
export function assertUsableForSigning(credentials: A1Credentials, now = new Date()): void {
  const { validity } = credentials.certificate;
  if (now < validity.notBefore) throw bad(CERTIFICATE_MESSAGES.notYetValid);
  if (now > validity.notAfter) throw bad(CERTIFICATE_MESSAGES.expired);
  const usage = credentials.certificate.getExtension('keyUsage') as {
    digitalSignature?: boolean;
    nonRepudiation?: boolean;
  } | null;
  // RFC 5280: without the extension the key is not restricted.
  if (usage && !usage.digitalSignature && !usage.nonRepudiation) throw bad(CERTIFICATE_MESSAGES.keyUsage);
}

export function certificateInfo(cert: forge.pki.Certificate): CertificateInfo {
  return {
    subject: distinguishedName(cert.subject),
    issuer: distinguishedName(cert.issuer),
    serialNumber: cert.serialNumber.toUpperCase(),
    validFrom: cert.validity.notBefore.toISOString(),
    validTo: cert.validity.notAfter.toISOString(),
    type: 'A1',
  };
}

/** "CN=Maria Silva, OU=..., O=..., C=BR" (most specific first, as people read it). */
function distinguishedName(name: forge.pki.Certificate['subject']): string {
  return name.attributes
    .map((attr) => `${attr.shortName ?? attr.name ?? attr.type}=${String(attr.value)}`)
    .reverse()
    .join(', ');
}
