import { Body, Controller, HttpCode, Post, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import type {
  CandResponse,
  HeartResponse,
  IssueListResponse,
  LotteryIndexResponse,
  OddsListResponse,
  PlayOrderResponse,
  VerifyResponse,
} from '@sum28/contracts';
import { Player, PlayerAuthGuard, type PlayerContext } from '../auth/player-auth.guard';
import { EnvelopeInterceptor, withMessage, type WithMessage } from '../common/http/envelope';
import { BetMetricsInterceptor } from '../ops/bet-metrics.interceptor';
import { BettingService } from './betting.service';
import { CandDto, HeartDto, IssueListDto, LotteryIndexDto, OddsListDto, PlayOrderDto, VerifyDto } from './dto/lottery.dto';
import { HEART_LIMIT_PER_MINUTE, HeartService } from './heart.service';
import { LotteryService } from './lottery.service';

@ApiTags('player: lottery')
@Controller('index.php/api/Lottery')
@UseInterceptors(EnvelopeInterceptor)
export class LotteryController {
  constructor(
    private readonly lottery: LotteryService,
    private readonly hearts: HeartService,
    private readonly betting: BettingService,
  ) {}

  @Post('index')
  @HttpCode(200)
  @UseGuards(PlayerAuthGuard)
  @ApiHeader({ name: 'token', required: true })
  @ApiOperation({ summary: 'Games (lines) with their rooms and entry limits' })
  index(@Body() dto: LotteryIndexDto): Promise<LotteryIndexResponse> {
    return this.lottery.index(dto.game_id, dto.lang ?? 'tw');
  }

  @Post('oddsList')
  @HttpCode(200)
  @UseGuards(PlayerAuthGuard)
  @ApiHeader({ name: 'token', required: true })
  @ApiOperation({ summary: "A room's odds per category, with each one's return to player" })
  oddsList(@Body() dto: OddsListDto): Promise<OddsListResponse> {
    return this.lottery.oddsList(dto.plan_id, dto.lang ?? 'tw');
  }

  @Post('heart')
  @HttpCode(200)
  @Throttle({ default: { limit: HEART_LIMIT_PER_MINUTE, ttl: 60_000 } })
  @UseGuards(PlayerAuthGuard)
  @ApiHeader({ name: 'token', required: true })
  @ApiOperation({ summary: 'Heartbeat (every 2 s): current and last round, balance, real room feed since since_id, unseen win' })
  heart(@Body() dto: HeartDto, @Player() p: PlayerContext): Promise<HeartResponse> {
    return this.hearts.heart(p.user, dto, dto.lang ?? 'tw');
  }

  @Post('playOrder')
  @HttpCode(200)
  @UseGuards(PlayerAuthGuard)
  @ApiHeader({ name: 'token', required: true })
  @ApiOperation({ summary: 'One bet on one category of the open round (idempotency_key makes a retry safe)' })
  @UseInterceptors(BetMetricsInterceptor)
  async playOrder(@Body() dto: PlayOrderDto, @Player() p: PlayerContext): Promise<WithMessage<PlayOrderResponse>> {
    return withMessage('ORDER_SUCCESS', await this.betting.place(p.user, dto));
  }

  @Post('issueList')
  @HttpCode(200)
  @UseGuards(PlayerAuthGuard)
  @ApiHeader({ name: 'token', required: true })
  @ApiOperation({ summary: 'Recent rounds, newest first: hash always, digits and seed once drawn' })
  issueList(@Body() dto: IssueListDto): Promise<IssueListResponse> {
    // null is absent (IsOptional lets it through): the default applies, not an unbounded list.
    return this.lottery.issueList(dto.game_id, dto.limit ?? undefined);
  }

  @Post('cand')
  @HttpCode(200)
  @UseGuards(PlayerAuthGuard)
  @ApiHeader({ name: 'token', required: true })
  @ApiOperation({ summary: 'Chart data: drawn rounds with their sums, oldest first' })
  cand(@Body() dto: CandDto): Promise<CandResponse> {
    return this.lottery.cand(dto.game_id, dto.limit ?? undefined);
  }

  @Post('verify')
  @HttpCode(200)
  @ApiOperation({ summary: 'Public: recompute a drawn round from its revealed seed (hash commitment and digits); ROUND_NOT_DRAWN before the draw' })
  verify(@Body() dto: VerifyDto): Promise<VerifyResponse> {
    return this.lottery.verify(dto.game_id, dto.issue);
  }
}
