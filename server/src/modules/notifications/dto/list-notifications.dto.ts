import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, Max, Min } from 'class-validator';
import {
  NOTIFICATIONS_DEFAULT_LIMIT,
  NOTIFICATIONS_MAX_LIMIT,
  NOTIFICATIONS_MAX_PAGE,
} from '#server/contracts/notifications';
import { type ListNotificationsQuery } from '#server/contracts/notifications';

export class ListNotificationsDto implements ListNotificationsQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'A página deve ser um número inteiro.' })
  @Min(1, { message: 'A página deve ser maior ou igual a 1.' })
  @Max(NOTIFICATIONS_MAX_PAGE, { message: 'Parâmetros de paginação inválidos.' })
  page: number = 1;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'O limite deve ser um número inteiro.' })
  @Min(1, { message: `O limite deve estar entre 1 e ${NOTIFICATIONS_MAX_LIMIT}.` })
  @Max(NOTIFICATIONS_MAX_LIMIT, { message: `O limite deve estar entre 1 e ${NOTIFICATIONS_MAX_LIMIT}.` })
  limit: number = NOTIFICATIONS_DEFAULT_LIMIT;

  /** Optional filter of the notifications page tabs (Lidas / Não lidas); absent = all. */
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: 'O filtro "read" deve ser true ou false.' })
  read?: boolean;
}
