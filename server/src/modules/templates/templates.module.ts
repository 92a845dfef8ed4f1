import { Module } from '@nestjs/common';
import { TemplateBaseFilePolicy } from './template-base-file.policy';
import { TemplatesController } from './templates.controller';
import { TemplatesService } from './templates.service';

/** Document templates (docs/templates.md#editor); the editor's uploads live in the files module. */
@Module({
  controllers: [TemplatesController],
  providers: [TemplatesService, TemplateBaseFilePolicy],
  exports: [TemplatesService],
})
export class TemplatesModule {}
