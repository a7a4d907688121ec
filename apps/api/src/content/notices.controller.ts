import { Body, Controller, HttpCode, Post, Req, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { NoticeListResponse, NoticeReadResponse } from '@sum28/contracts';
import { Player, PlayerAuthGuard, type PlayerContext } from '../auth/player-auth.guard';
import type { FastifyRequest } from 'fastify';
import { EnvelopeInterceptor } from '../common/http/envelope';
import { langOf } from '../common/http/lang';
import { NoticeListDto, NoticeReadDto } from './dto/notice.dto';
import { NoticesService } from './notices.service';

@ApiTags('player: content')
@Controller('index.php/api/user')
@UseInterceptors(EnvelopeInterceptor)
@UseGuards(PlayerAuthGuard)
@ApiHeader({ name: 'token', required: true })
export class PlayerNoticesController {
  constructor(private readonly notices: NoticesService) {}

  @Post('noticeList')
  @HttpCode(200)
  @ApiOperation({ summary: 'Notice screen: one page of in-site messages or platform announcements, with unread counts of both tabs' })
  noticeList(@Body() dto: NoticeListDto, @Player() p: PlayerContext, @Req() req: FastifyRequest): Promise<NoticeListResponse> {
    // An optional field sent as null is absent (IsOptional lets null through): the defaults apply.
    return this.notices.list(p.user.id, dto.tab, dto.page ?? undefined, dto.pageSize ?? undefined, langOf(req));
  }

  @Post('noticeRead')
  @HttpCode(200)
  @ApiOperation({ summary: 'Marks one entry, or every entry of a tab (both when omitted), as read; answers the unread counts' })
  noticeRead(@Body() dto: NoticeReadDto, @Player() p: PlayerContext): Promise<NoticeReadResponse> {
    return this.notices.read(p.user.id, dto.id, dto.tab);
  }
}
