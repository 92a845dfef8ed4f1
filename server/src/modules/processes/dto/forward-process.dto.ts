import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import type { ForwardProcessRequest } from '../../../contracts/processes';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const REQUIRED = 'Por favor, preencha todos os campos para encaminhar o processo.';

export class ForwardProcessDto implements ForwardProcessRequest {
  // class-validator runs the lowest decorator first: emptiness is reported before length.
  @Transform(trim)
  @MaxLength(120)
  @IsString({ message: REQUIRED })
  @IsNotEmpty({ message: REQUIRED })
  destinationDepartment: string;

  // class-validator runs the lowest decorator first: emptiness is reported before length.
  @Transform(trim)
  @MaxLength(20_000)
  @IsString({ message: REQUIRED })
  @IsNotEmpty({ message: REQUIRED })
  comment: string;

  /** Ignored: the caller is the actor. */
  @IsOptional()
  @IsString()
  userId?: string;
}
