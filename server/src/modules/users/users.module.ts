import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { UsersController } from './users.controller';
import { TemporaryPasswordDeliveryService } from './temporary-password-delivery.service';
import { UsersService } from './users.service';

@Module({
  imports: [AuthModule],
  controllers: [UsersController],
  providers: [UsersService, TemporaryPasswordDeliveryService],
  exports: [UsersService],
})
export class UsersModule {}
