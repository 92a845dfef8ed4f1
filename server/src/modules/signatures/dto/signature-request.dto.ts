import { createZodDto } from 'nestjs-zod';
import {
  addSignersSchema,
  createSignatureRequestSchema,
  pendingSignaturesQuerySchema,
  refuseSignatureSchema,
} from '#server/contracts/signature-requests';

export class CreateSignatureRequestDto extends createZodDto(createSignatureRequestSchema) {}

export class AddSignersDto extends createZodDto(addSignersSchema) {}

export class RefuseSignatureDto extends createZodDto(refuseSignatureSchema) {}

export class PendingSignaturesQueryDto extends createZodDto(pendingSignaturesQuerySchema) {}
