import { Module } from '@nestjs/common';
import { DocumentsModule } from '../documents/documents.module';
import { SignatureRequestsService } from './signature-requests.service';
import { SignaturesController } from './signatures.controller';

/** Signature requests on documents and the 'Assinaturas pendentes' inbox (docs/documents.md#signature-requests). */
@Module({
  imports: [DocumentsModule],
  controllers: [SignaturesController],
  providers: [SignatureRequestsService],
  exports: [SignatureRequestsService],
})
export class SignaturesModule {}
