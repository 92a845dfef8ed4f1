import { createZodDto } from 'nestjs-zod';
import { createSignatureBlockSchema } from '#server/contracts/signature-blocks';

export class CreateSignatureBlockDto extends createZodDto(createSignatureBlockSchema) {}
