import { Module } from '@nestjs/common';
import { TemplatesModule } from '../templates/templates.module';
import { DocumentFilePolicy } from './document-file.policy';
import { DocumentVerificationController } from './document-verification.controller';
import { DocumentsController } from './documents.controller';
import { DocumentsService } from './documents.service';
import { DocumentSealService } from './signing/document-seal.service';
import { DocumentSigningService } from './signing/document-signing.service';
import { SignatureStampService } from './signing/signature-stamp.service';
import { DocumentVerificationService } from './signing/document-verification.service';
import { SignatureLevelPolicy } from './signing/signature-level.policy';
import { SigningThrottleService } from './signing/signing-throttle.service';
import { SignatureTurnsService } from './signing/signature-turns.service';
import { SignatureHistoryService } from './signing/signature-history.service';
import { AuthModule } from '../auth/auth.module';

/** Standalone documents, signing and public verification (docs/documents.md#viewer /documents, /verify-signature). */
@Module({
  imports: [TemplatesModule, AuthModule],
  controllers: [DocumentsController, DocumentVerificationController],
  providers: [
    DocumentsService,
    DocumentFilePolicy,
    DocumentSealService,
    SigningThrottleService,
    DocumentSigningService,
    DocumentVerificationService,
    SignatureStampService,
    SignatureTurnsService,
    SignatureHistoryService,
    SignatureLevelPolicy,
  ],
  exports: [DocumentsService, SignatureTurnsService, SignatureHistoryService, DocumentSigningService],
})
export class DocumentsModule {}
