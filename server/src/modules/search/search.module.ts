import { Module } from '@nestjs/common';
import { DocumentsModule } from '../documents/documents.module';
import { ProcessesModule } from '../processes/processes.module';
import { SearchController } from './search.controller';

/** The header search over processes and documents. */
@Module({
  imports: [ProcessesModule, DocumentsModule],
  controllers: [SearchController],
})
export class SearchModule {}
