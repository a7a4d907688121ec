import { Controller, Get, Query, UseInterceptors } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ConfigResponse } from '@sum28/contracts';
import { EnvelopeInterceptor } from '../common/http/envelope';
import { PlayerRequestDto } from '../common/validation/player-request.dto';
import { ContentService } from './content.service';
import { ConfigDto } from './dto/notice.dto';

@ApiTags('player: content')
@Controller('index.php/api/index')
@UseInterceptors(EnvelopeInterceptor)
export class ContentController {
  constructor(private readonly content: ContentService) {}

  @Get('index')
  @ApiOperation({ summary: 'Home: banners and platform announcements' })
  index(@Query() q: PlayerRequestDto): ReturnType<ContentService['home']> {
    return this.content.home(q.lang ?? 'tw');
  }

  @Get('config')
  @ApiOperation({ summary: 'Client settings: the customer-service chat URL and hours' })
  config(@Query() _q: ConfigDto): Promise<ConfigResponse> {
    return this.content.config();
  }

  @Get('articleList')
  @ApiOperation({ summary: 'News: hot topics and the original / recommend / wealth tabs' })
  articleList(@Query() _q: PlayerRequestDto): ReturnType<ContentService['articleList']> {
    return this.content.articleList();
  }
}
