import { Body, Controller, HttpCode, Post, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type {
  PayInfoResponse,
  QuantityLogListResponse,
  RechargeQuoteResponse,
  RechargeResponse,
  SafetyInfoResponse,
  SetPayInfoResponse,
  WithdrawActionResponse,
  WithdrawInfoResponse,
} from '@sum28/contracts';
import { EmptyDto } from '../auth/dto/auth.dto';
import { Player, PlayerAuthGuard, type PlayerContext } from '../auth/player-auth.guard';
import { EnvelopeInterceptor, withMessage, type WithMessage } from '../common/http/envelope';
import { CapitalLogService } from './capital-log.service';
import { PayInfoDto, QuantityLogListDto, RechargeDto, RechargeQuoteDto, SetPayInfoDto, SetSafetyDto, WithdrawActionDto } from './dto/wallet.dto';
import { PayInfoService } from './pay-info.service';
import { RechargeService } from './recharge.service';
import { SecurityCodeService } from './security-code.service';
import { WithdrawService } from './withdraw.service';

@ApiTags('player: wallet')
@Controller('index.php/api/user')
@UseInterceptors(EnvelopeInterceptor)
@UseGuards(PlayerAuthGuard)
@ApiHeader({ name: 'token', required: true })
export class WalletController {
  constructor(
    private readonly recharges: RechargeService,
    private readonly withdrawals: WithdrawService,
    private readonly capitalLogs: CapitalLogService,
    private readonly payInfos: PayInfoService,
    private readonly securityCodes: SecurityCodeService,
  ) {}

  @Post('recharge')
  @HttpCode(200)
  @ApiOperation({ summary: 'Request a deposit (>= 100, one of 15 currencies); finance credits the amount converted at the rate in force on approval' })
  async recharge(@Body() dto: RechargeDto, @Player() p: PlayerContext): Promise<WithMessage<RechargeResponse>> {
    return withMessage('SUBMITTED', await this.recharges.request(p.user, dto));
  }

  @Post('rechargeQuote')
  @HttpCode(200)
  @ApiOperation({ summary: 'What a recharge would credit: the rate in force and the converted amount (rounded down); records nothing' })
  rechargeQuote(@Body() dto: RechargeQuoteDto, @Player() p: PlayerContext): Promise<RechargeQuoteResponse> {
    return this.recharges.quote(p.user, dto);
  }

  @Post('withdrawInfo')
  @HttpCode(200)
  @ApiOperation({ summary: 'Balances, bound accounts (masked), security code set, turnover still to wager' })
  withdrawInfo(@Body() _dto: EmptyDto, @Player() p: PlayerContext): Promise<WithdrawInfoResponse> {
    return this.withdrawals.info(p.user.id);
  }

  @Post('withdrawAction')
  @HttpCode(200)
  @ApiOperation({ summary: 'Request a withdrawal to the bound card (0) or wallet (1); the amount is held until finance pays or releases it' })
  async withdrawAction(@Body() dto: WithdrawActionDto, @Player() p: PlayerContext): Promise<WithMessage<WithdrawActionResponse>> {
    return withMessage('SUBMITTED', await this.withdrawals.request(p.user.id, dto));
  }

  @Post('quantityLogList')
  @HttpCode(200)
  @ApiOperation({ summary: 'Fund history between two platform days, newest first, optionally one type' })
  quantityLogList(@Body() dto: QuantityLogListDto, @Player() p: PlayerContext): Promise<QuantityLogListResponse> {
    return this.capitalLogs.list(p.user.id, dto);
  }

  @Post('payInfo')
  @HttpCode(200)
  @ApiOperation({ summary: 'The bound bank card (0) or wallet (1), account number masked to its last 4' })
  payInfo(@Body() dto: PayInfoDto, @Player() p: PlayerContext): Promise<PayInfoResponse> {
    return this.payInfos.get(p.user.id, dto.type);
  }

  @Post('setPayInfo')
  @HttpCode(200)
  @ApiOperation({ summary: 'Bind or replace the bank card (holder, card number, bank) or the USDT wallet (address, trc20/erc20/omni)' })
  async setPayInfo(@Body() dto: SetPayInfoDto, @Player() p: PlayerContext): Promise<WithMessage<SetPayInfoResponse>> {
    return withMessage('SET_SUCCESS', await this.payInfos.set(p.user.id, dto));
  }

  @Post('safetyInfo')
  @HttpCode(200)
  @ApiOperation({ summary: 'Whether a security code is set' })
  safetyInfo(@Body() _dto: EmptyDto, @Player() p: PlayerContext): SafetyInfoResponse {
    return this.securityCodes.info(p.user);
  }

  @Post('setSafety')
  @HttpCode(200)
  @ApiOperation({ summary: 'Set the 6-digit security code, or change it with the old one' })
  async setSafety(@Body() dto: SetSafetyDto, @Player() p: PlayerContext): Promise<WithMessage<null>> {
    await this.securityCodes.set(p.user.id, dto);
    return withMessage('SET_SUCCESS', null);
  }
}
