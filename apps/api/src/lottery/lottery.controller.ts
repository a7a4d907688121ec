import { Body, Controller, HttpCode, Post, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiExtraModels, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { CandResponse, IssueListResponse, LotteryIndexResponse, OddsListResponse, VerifyResponse } from '@sum28/contracts';
import { PlayerAuthGuard } from '../auth/player-auth.guard';
import { EnvelopeInterceptor } from '../common/http/envelope';
import { CandDto, HeartDto, IssueListDto, LotteryIndexDto, OddsListDto, PlayOrderDto, VerifyDto } from './dto/lottery.dto';
import { LotteryService } from './lottery.service';

@ApiTags('player: lottery')
// Lottery/heart and Lottery/playOrder are native Fastify routes (heart-route.ts, play-order-route.ts); their
// operations are added to the document from there, with these bodies as components.
@ApiExtraModels(HeartDto, PlayOrderDto)
@Controller('index.php/api/Lottery')
@UseInterceptors(EnvelopeInterceptor)
export class LotteryController {
  constructor(private readonly lottery: LotteryService) {}

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
