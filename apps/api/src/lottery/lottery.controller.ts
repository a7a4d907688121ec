import { Body, Controller, HttpCode, Post, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiExtraModels, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type {
  CandResponse,
  IssueListResponse,
  LotteryIndexResponse,
  OddsListResponse,
  PlayOrderResponse,
  VerifyResponse,
} from '@sum28/contracts';
import { PlayerAuthGuard, PlayerRowInTransaction, type PlayerSession, PlayerSessionOf } from '../auth/player-auth.guard';
import { EnvelopeInterceptor, withMessage, type WithMessage } from '../common/http/envelope';
import { OpsMetrics } from '../ops/ops-metrics.service';
import { BettingService } from './betting.service';
import { CandDto, HeartDto, IssueListDto, LotteryIndexDto, OddsListDto, PlayOrderDto, VerifyDto } from './dto/lottery.dto';
import { LotteryService } from './lottery.service';

@ApiTags('player: lottery')
// Lottery/heart is a native Fastify route (heart-route.ts); its operation is added to the document from there.
@ApiExtraModels(HeartDto)
@Controller('index.php/api/Lottery')
@UseInterceptors(EnvelopeInterceptor)
export class LotteryController {
  constructor(
    private readonly lottery: LotteryService,
    private readonly betting: BettingService,
    private readonly metrics: OpsMetrics,
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

  @Post('playOrder')
  @HttpCode(200)
  @UseGuards(PlayerAuthGuard)
  @PlayerRowInTransaction()
  @ApiHeader({ name: 'token', required: true })
  @ApiOperation({ summary: 'One bet on one category of the open round (idempotency_key makes a retry safe)' })
  async playOrder(@Body() dto: PlayOrderDto, @PlayerSessionOf() p: PlayerSession): Promise<WithMessage<PlayOrderResponse>> {
    const out = await this.betting.place(p.userId, dto);
    // Counted when the bet is answered as a success (an idempotent replay too); a refused bet threw above.
    this.metrics.betsPlaced.inc();
    return withMessage('ORDER_SUCCESS', out);
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
