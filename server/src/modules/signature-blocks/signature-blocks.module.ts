import { Module } from '@nestjs/common';
import { DocumentsModule } from '../documents/documents.module';
import { SignaturesModule } from '../signatures/signatures.module';
import { SignatureBlocksController } from './signature-blocks.controller';
import { SignatureBlocksRepository } from './signature-blocks.repository';
import { SignatureBlocksService } from './signature-blocks.service';

/** Signature blocks: many documents, the same signers, one credential check (docs/documents.md#signature-blocks). */
@Module({
  imports: [DocumentsModule, SignaturesModule],
  controllers: [SignatureBlocksController],
  providers: [SignatureBlocksRepository, SignatureBlocksService],
})
export class SignatureBlocksModule {}
