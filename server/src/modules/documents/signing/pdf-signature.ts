import { BadRequestException } from '@nestjs/common';
import type { A1Credentials } from './a1-certificate';
import { UNPREPARABLE_PDF } from './signature-stamp';
import { winAnsi } from '#server/domain/files/pdf-text';

/** Room for the CMS: signer certificate + chain. 16 KiB of DER (32 KiB of hex). */
const SIGNATURE_LENGTH = 16_384;

export interface SignatureMeta {
  signerName: string;
  reason: string;
  location: string;
  signingTime: Date;
}

/**
 * Appends one PAdES signature (ETSI.CAdES.detached, SHA-256) as an incremental update: the bytes
 * before it, and so every earlier signature, stay untouched.
 */
export async function addPadesSignature(pdf: Buffer, credentials: A1Credentials, meta: SignatureMeta): Promise<Buffer> {
  // Loaded on first use: keeps the server's start fast (cades-signer brings node-forge).
  const { plainAddPlaceholder } = await import('@signpdf/placeholder-plain');
  const { SignPdf } = await import('@signpdf/signpdf');
  const { SUBFILTER_ETSI_CADES_DETACHED } = await import('@signpdf/utils');
  const { CadesSigner } = await import('#server/modules/documents/signing/cades-signer');
  let withPlaceholder: Buffer;
  try {
    withPlaceholder = plainAddPlaceholder({
      pdfBuffer: pdf,
      reason: winAnsi(meta.reason),
      contactInfo: '',
      name: winAnsi(meta.signerName),
      location: winAnsi(meta.location),
      signingTime: meta.signingTime,
      signatureLength: SIGNATURE_LENGTH,
      subFilter: SUBFILTER_ETSI_CADES_DETACHED,
      appName: 'SEMGI',
    });
  } catch {
    throw new BadRequestException(UNPREPARABLE_PDF);
  }
  return Buffer.from(await new SignPdf().sign(withPlaceholder, new CadesSigner(credentials), meta.signingTime));
}
