import { IsOptional, IsString, MaxLength } from 'class-validator';

export class EchoDto {
  @IsOptional()
  @IsString()
  @MaxLength(200)
  message?: string;
}
