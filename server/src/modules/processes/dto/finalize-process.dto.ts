import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import type { FinalizeProcessRequest } from '../../../contracts/processes';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const REQUIRED = 'Por favor, adicione uma observação final.';

export class FinalizeProcessDto implements FinalizeProcessRequest {
  // class-validator runs the lowest decorator first: emptiness is reported before length.
  @Transform(trim)
  @MaxLength(20_000)
  @IsString({ message: REQUIRED })
  @IsNotEmpty({ message: REQUIRED })
  finalResponse: string;

  /** Ignored: the caller is the actor. */
  @IsOptional()
  @IsString()
  userId?: string;

  @IsOptional()
  @IsString()
  userName?: string;
}
