import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import type { RateLimiterStoreAbstract } from 'rate-limiter-flexible';
import { Public } from '#server/common/decorators/public.decorator';
import { Replies } from '#server/common/openapi/replies';
import { type PublicTrackingResponse, publicTrackingResponseSchema } from '#server/contracts/public-tracking';
import { consumeOrRefuse } from '#server/coordination/consume-limit';
import { RateLimits } from '#server/coordination/rate-limits';
import { PublicTrackingRequestDto } from './public-tracking-request.dto';
import { PublicTrackingService } from './public-tracking.service';

/** Look-ups per address per minute. */
export const TRACKING_PER_IP_PER_MINUTE = 30;
/** Look-ups of one process number per hour, whatever the address (docs/processes.md#receipts-and-tracking). */
export const TRACKING_PER_NUMBER_PER_HOUR = 20;

/** The citizens' tracking: no login, rate-limited per address and per number in the coordination backend. */
@Public()
@Controller('public/tracking')
export class PublicTrackingController {
  private readonly perAddress: RateLimiterStoreAbstract;
  private readonly perNumber: RateLimiterStoreAbstract;

  constructor(
    private readonly tracking: PublicTrackingService,
    limits: RateLimits,
  ) {
    this.perAddress = limits.limiter({ name: 'tracking-ip', points: TRACKING_PER_IP_PER_MINUTE, duration: 60 });
    this.perNumber = limits.limiter({ name: 'tracking-number', points: TRACKING_PER_NUMBER_PER_HOUR, duration: 3600 });
  }

  @Post()
  @HttpCode(200)
  @Replies(publicTrackingResponseSchema)
  async track(@Body() body: PublicTrackingRequestDto, @Req() req: Request): Promise<PublicTrackingResponse> {
    await this.consume(this.perAddress, req.ip ?? 'unknown', 'a partir deste endereço');
    await this.consume(this.perNumber, body.number.toUpperCase(), 'deste processo');
    return this.tracking.track(body.number, body.code);
  }

  private consume(limiter: RateLimiterStoreAbstract, key: string, what: string): Promise<void> {
    return consumeOrRefuse(
      limiter,
      key,
      (seconds) => `Muitas consultas ${what}. Aguarde ${seconds} segundos e tente novamente.`,
    );
  }
}
