import { Body, Controller, HttpCode, Post, Req, UseGuards, UseInterceptors } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { GetMyTeamResponse } from '@sum28/contracts';
import { AllowPendingPasswordChange, Player, PlayerAuthGuard, type PlayerContext } from '../auth/player-auth.guard';
import { EnvelopeInterceptor, withMessage, type WithMessage } from '../common/http/envelope';
import { AccountsService, type ProfileView } from './accounts.service';
import { GetMyTeamDto, NewPassDto, ProfileDto } from './dto/accounts.dto';

@ApiTags('player: account')
@Controller('index.php/api/user')
@UseInterceptors(EnvelopeInterceptor)
@UseGuards(PlayerAuthGuard)
@ApiHeader({ name: 'token', required: true })
export class AccountsController {
  constructor(private readonly accounts: AccountsService) {}

  @Post('newPass')
  @HttpCode(200)
  @AllowPendingPasswordChange()
  @ApiOperation({ summary: 'Change the login password (old one required); ends the other sessions' })
  async newPass(@Body() dto: NewPassDto, @Player() p: PlayerContext, @Req() req: FastifyRequest): Promise<WithMessage<null>> {
    await this.accounts.changePassword(p.user.id, p.sessionId, dto, req.ip);
    return withMessage('SET_SUCCESS', null);
  }

  @Post('profile')
  @HttpCode(200)
  @ApiOperation({ summary: 'Edit nickname and mobile (username is read-only)' })
  async profile(@Body() dto: ProfileDto, @Player() p: PlayerContext): Promise<WithMessage<ProfileView>> {
    return withMessage('SET_SUCCESS', await this.accounts.updateProfile(p.user.id, dto, dto.lang ?? 'tw'));
  }

  @Post('getMyTeam')
  @HttpCode(200)
  @ApiOperation({ summary: 'Agents: the members they invited, 20 per page' })
  getMyTeam(@Body() dto: GetMyTeamDto, @Player() p: PlayerContext): Promise<GetMyTeamResponse> {
    return this.accounts.team(p.user, dto);
  }
}
