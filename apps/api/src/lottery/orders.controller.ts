import { Body, Controller, HttpCode, Post, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { CloseGameResultResponse, GetGameResultResponse, OrderDetailResponse, OrderListResponse } from '@sum28/contracts';
import { Player, PlayerAuthGuard, type PlayerContext } from '../auth/player-auth.guard';
import { EnvelopeInterceptor } from '../common/http/envelope';
import { CloseGameResultDto, GetGameResultDto, OrderDetailDto, OrderListDto } from './dto/order.dto';
import { OrdersService } from './orders.service';

@ApiTags('player: bets')
@Controller('index.php/api/user')
@UseInterceptors(EnvelopeInterceptor)
@UseGuards(PlayerAuthGuard)
@ApiHeader({ name: 'token', required: true })
export class OrdersController {
  constructor(private readonly orders: OrdersService) {}

  @Post('orderList')
  @HttpCode(200)
  @ApiOperation({ summary: 'Bet record between two platform days by status tab; scope 1: bets of an agent’s invitees' })
  orderList(@Body() dto: OrderListDto, @Player() p: PlayerContext): Promise<OrderListResponse> {
    return this.orders.orderList(p.user, dto, dto.lang ?? 'tw');
  }

  @Post('orderDetail')
  @HttpCode(200)
  @ApiOperation({ summary: 'One bet by its order number: the caller’s own, or an agent’s invitee’s (else ORDER_NOT_FOUND)' })
  orderDetail(@Body() dto: OrderDetailDto, @Player() p: PlayerContext): Promise<OrderDetailResponse> {
    return this.orders.orderDetail(p.user, dto.orderNo, dto.lang ?? 'tw');
  }

  @Post('getGameResult')
  @HttpCode(200)
  @ApiOperation({ summary: 'The oldest unacknowledged win in a game (win popup, code 1), or code NO_UNSEEN_WIN when there is none' })
  getGameResult(@Body() dto: GetGameResultDto, @Player() p: PlayerContext): Promise<GetGameResultResponse> {
    return this.orders.unseenWin(p.user.id, dto.game_id);
  }

  @Post('closeGameResult')
  @HttpCode(200)
  @ApiOperation({ summary: 'Acknowledges a win popup (own settled bets only; a pending bet is refused with BET_NOT_SETTLED)' })
  closeGameResult(@Body() dto: CloseGameResultDto, @Player() p: PlayerContext): Promise<CloseGameResultResponse> {
    return this.orders.closeGameResult(p.user.id, dto.order_id);
  }
}
