import { Module, type OnModuleInit } from '@nestjs/common';
import { StoredDashboardFigures } from '../dashboard/stored-dashboard-figures';
import { FileAccessRegistry } from '../files/file-access.registry';
import { ProcessActivityService } from './process-activity.service';
import { ProcessCommandsService } from './process-commands.service';
import { ProcessDeadlinesService } from './process-deadlines.service';
import { ProcessQueriesService } from './process-queries.service';
import { ProcessReceiptService } from './process-receipt.service';
import { ReceiptMailService } from './receipt-mail.service';
import { ProcessesController } from './processes.controller';
import { ProtocolsController } from './protocols.controller';
import { RequestersController } from './requesters.controller';

/** Processes, protocols and requesters (docs/processes.md#list). */
@Module({
  controllers: [ProcessesController, ProtocolsController, RequestersController],
  providers: [
    ProcessQueriesService,
    ProcessCommandsService,
    ProcessDeadlinesService,
    ProcessActivityService,
    ProcessReceiptService,
    ReceiptMailService,
    // The list's cards read the dashboard's stored figures (docs/processes.md#list-counts).
    StoredDashboardFigures,
  ],
  exports: [ProcessQueriesService, ProcessCommandsService],
})
export class ProcessesModule implements OnModuleInit {
  constructor(
    private readonly access: FileAccessRegistry,
    private readonly queries: ProcessQueriesService,
  ) {}

  /** A process attachment is served only to users who may see the process. */
  onModuleInit(): void {
    this.access.register('process', {
      canRead: async (user, file) => !!file.ownerId && (await this.queries.isVisible(user, file.ownerId)),
    });
  }
}
