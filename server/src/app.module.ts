import { Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { LoggerModule } from 'nestjs-pino';
import { HttpExceptionFilter } from './common/filters/http-exception.filter';
import { JwtAuthGuard } from './modules/auth/jwt-auth.guard';
import { RolesGuard } from './common/guards/roles.guard';
import { CoordinationModule } from './coordination/coordination.module';
import { DatabaseModule } from './database/database.module';
import { RepositoriesModule } from './repositories/repositories.module';
import { TimeModule } from './domain/deadlines/time.module';
import { pinoOptions } from './app/logging';
import { AppConfig, ConfigModule } from './config/config.module';
import { AuditModule } from './modules/audit/audit.module';
import { AuthModule } from './modules/auth/auth.module';
import { CalendarModule } from './modules/calendar/calendar.module';
import { DashboardModule } from './modules/dashboard/dashboard.module';
import { DepartmentsModule } from './modules/departments/departments.module';
import { DocumentsModule } from './modules/documents/documents.module';
import { SignaturesModule } from './modules/signatures/signatures.module';
import { DocumentTypesModule } from './modules/document-types/document-types.module';
import { FilesModule } from './modules/files/files.module';
import { HealthModule } from './modules/health/health.module';
import { NotificationsModule } from './modules/notifications/notifications.module';
import { ProcessesModule } from './modules/processes/processes.module';
import { ProfileModule } from './modules/profile/profile.module';
import { PublicTrackingModule } from './modules/public-tracking/public-tracking.module';
import { PublicRequestsModule } from './modules/public-requests/public-requests.module';
import { PurchaseOrdersModule } from './modules/purchase-orders/purchase-orders.module';
import { ReportsModule } from './modules/reports/reports.module';
import { SearchModule } from './modules/search/search.module';
import { SignatureBlocksModule } from './modules/signature-blocks/signature-blocks.module';
import { TemplatesModule } from './modules/templates/templates.module';
import { UsersModule } from './modules/users/users.module';
import { OutboxModule } from './outbox/outbox.module';
import { QueueModule } from './queue/queue.module';
import { RealtimeModule } from './realtime/realtime.module';

@Module({
  imports: [
    ConfigModule,
    LoggerModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => pinoOptions('server', config),
    }),
    DatabaseModule,
    RepositoriesModule,
    TimeModule,
    CoordinationModule,
    QueueModule,
    OutboxModule,
    AuditModule,
    AuthModule,
    RealtimeModule,
    UsersModule,
    ProfileModule,
    DepartmentsModule,
    CalendarModule,
    FilesModule,
    DocumentsModule,
    SignaturesModule,
    DocumentTypesModule,
    DashboardModule,
    NotificationsModule,
    ProcessesModule,
    PublicTrackingModule,
    PublicRequestsModule,
    PurchaseOrdersModule,
    ReportsModule,
    SearchModule,
    SignatureBlocksModule,
    TemplatesModule,
    HealthModule,
  ],
  providers: [
    { provide: APP_GUARD, useClass: JwtAuthGuard },
    { provide: APP_GUARD, useClass: RolesGuard },
    { provide: APP_FILTER, useClass: HttpExceptionFilter },
  ],
})
export class AppModule {}
