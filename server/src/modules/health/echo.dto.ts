import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { WorkerEchoRequest } from '#server/contracts/jobs';

export class EchoDto implements WorkerEchoRequest {
  @IsOptional()
  @IsString()
  @MaxLength(200)
  message?: string;
}
