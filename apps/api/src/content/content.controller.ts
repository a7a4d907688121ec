import { Controller, Get, Query, Req, UseInterceptors } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ConfigResponse } from '@sum28/contracts';
import type { FastifyRequest } from 'fastify';
import { EnvelopeInterceptor } from '../common/http/envelope';
import { langOf } from '../common/http/lang';
import { PlayerRequestDto } from '../common/validation/player-request.dto';
import { ContentService } from './content.service';
import { ConfigDto } from './dto/notice.dto';

@ApiTags('player: content')
@Controller('index.php/api/index')
@UseInterceptors(EnvelopeInterceptor)
export class ContentController {
  constructor(private readonly content: ContentService) {}

  @Get('index')
  @ApiOperation({ summary: "Home: banners (image and caption) and platform announcements in the caller's language (lang or X-Lang; else tw)" })
  index(@Query() _q: PlayerRequestDto, @Req() req: FastifyRequest): ReturnType<ContentService['home']> {
    return this.content.home(langOf(req));
  }

  @Get('config')
  @ApiOperation({ summary: 'Client settings: the customer-service chat URL and hours' })
  config(@Query() _q: ConfigDto): Promise<ConfigResponse> {
    return this.content.config();
  }

  @Get('articleList')
  @ApiOperation({ summary: "News: hot topics and the original / recommend / wealth tabs, in the caller's language (lang or X-Lang; else tw)" })
  articleList(@Query() _q: PlayerRequestDto, @Req() req: FastifyRequest): ReturnType<ContentService['articleList']> {
    return this.content.articleList(langOf(req));
  }
}
