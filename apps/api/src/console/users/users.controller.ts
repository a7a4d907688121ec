import { Body, HttpCode, Post, Put, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiOperation } from '@nestjs/swagger';
import type { StaffActor } from '../../audit/audit.types';
import { ReadRoutes } from '../common/crud.controller';
import { IdParam } from '../common/id-param';
import { ContentAdminService } from '../content/content-admin.service';
import type { NoticeView } from '../content/content-defs';
import { Actor, ConsoleController, Permit } from '../permission';
import type { UserAdminView } from './user-admin-view';
import { type GiftAnswer, type ResetPasswordAnswer, type ResetRequestAnswer, UsersAdminService } from './users-admin.service';
import { FreezeDto, GiftDto, MessageDto, ResetPasswordDto, UpdateUserDto } from './users.dto';

@ConsoleController('users')
@ReadRoutes<UsersController, UserAdminView>({
  read: 'users.read',
  reader: (c) => c.users.reads,
  docs: {
    list: 'Players (filters: q, id, username, mobile, group_id, status, inviter_id, must_change_password, created_at_gte/lte)',
    csv: 'Players as CSV (same filter and sort as the list)',
  },
})
export class UsersController {
  constructor(
    readonly users: UsersAdminService,
    private readonly content: ContentAdminService,
  ) {}

  @Put(':id')
  @Permit('users.update')
  @ApiOperation({ summary: 'Edit nickname, mobile, group (1 member, 2 visitor, 3 agent)' })
  update(@IdParam() id: number, @Body() dto: UpdateUserDto, @Actor() actor: StaffActor): Promise<UserAdminView> {
    return this.users.update(actor, id, dto);
  }

  @Post(':id/reset-password')
  @HttpCode(200)
  @Permit('users.reset_password')
  @ApiOperation({
    summary:
      'A player with a security code: a temporary password, shown once; the player must change it (giving the code) and is signed out everywhere. A player without one: 202 with the request in `pending`, nothing changed, until a second staff member approves it at reset-password/approve',
  })
  async resetPassword(
    @IdParam() id: number,
    @Body() dto: ResetPasswordDto,
    @Actor() actor: StaffActor,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ResetPasswordAnswer | ResetRequestAnswer> {
    const out = await this.users.resetPassword(actor, id, dto);
    if ('pending' in out) reply.status(202);
    return out;
  }

  @Post(':id/reset-password/approve')
  @HttpCode(200)
  @Permit('users.reset_password')
  @ApiOperation({
    summary:
      'A second staff member approves the pending reset: not its requester (MAKER_CHECKER), not an account the requester set up in the last 24 hours (APPROVER_SET_UP_BY_PARTY); the temporary password is shown once, to this approver',
  })
  approveReset(@IdParam() id: number, @Body() _dto: ResetPasswordDto, @Actor() actor: StaffActor): Promise<ResetPasswordAnswer> {
    return this.users.approveReset(actor, id);
  }

  @Post(':id/reset-password/cancel')
  @HttpCode(200)
  @Permit('users.reset_password')
  @ApiOperation({ summary: 'Cancels the pending reset request {reason?}; nothing else changes' })
  cancelReset(@IdParam() id: number, @Body() dto: ResetPasswordDto, @Actor() actor: StaffActor): Promise<UserAdminView> {
    return this.users.cancelReset(actor, id, dto);
  }

  @Post(':id/freeze')
  @HttpCode(200)
  @Permit('users.freeze')
  freeze(@IdParam() id: number, @Body() dto: FreezeDto, @Actor() actor: StaffActor): Promise<UserAdminView> {
    return this.users.setFrozen(actor, id, true, dto);
  }

  @Post(':id/unfreeze')
  @HttpCode(200)
  @Permit('users.freeze')
  unfreeze(@IdParam() id: number, @Body() dto: FreezeDto, @Actor() actor: StaffActor): Promise<UserAdminView> {
    return this.users.setFrozen(actor, id, false, dto);
  }

  @Post(':id/message')
  @HttpCode(200)
  @Permit('users.message')
  @ApiOperation({
    summary:
      'In-site message {title, content} to this one player: a published notice of kind message (audited as notice.create); customer service may send it without notices.write (which edits public announcements)',
  })
  message(@IdParam() id: number, @Body() dto: MessageDto, @Actor() actor: StaffActor): Promise<NoticeView> {
    return this.content.createNotice(actor, { kind: 'message', user_id: id, title: dto.title, content: dto.content, published: true });
  }

  @Post(':id/gift')
  @HttpCode(200)
  @Permit('users.gift')
  @ApiOperation({
    summary:
      'Gift request {amount, reason}: pending (capital log type 4) until a different finance or superadmin member approves it at capital-logs/:id/approve',
  })
  gift(@IdParam() id: number, @Body() dto: GiftDto, @Actor() actor: StaffActor): Promise<GiftAnswer> {
    return this.users.gift(actor, id, dto);
  }
}
