import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import type { ForwardProcessRequest } from '../../../contracts/processes';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const REQUIRED = 'Por favor, preencha todos os campos para encaminhar o processo.';

export class ForwardProcessDto implements ForwardProcessRequest {
  @Transform(trim)
  @IsString({ message: REQUIRED })
  @IsNotEmpty({ message: REQUIRED })
  @MaxLength(120)
  destinationDepartment: string;

  @Transform(trim)
  @IsString({ message: REQUIRED })
  @IsNotEmpty({ message: REQUIRED })
  @MaxLength(20_000)
  comment: string;

  /** Ignored: the caller is the actor. */
  @IsOptional()
  @IsString()
  userId?: string;
}
