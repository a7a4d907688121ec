import { Controller, Get, Query, UseInterceptors } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { EnvelopeInterceptor } from '../common/http/envelope';
import { PlayerRequestDto } from '../common/validation/player-request.dto';
import { ContentService } from './content.service';

@ApiTags('player: content')
@Controller('index.php/api/index')
@UseInterceptors(EnvelopeInterceptor)
export class ContentController {
  constructor(private readonly content: ContentService) {}

  @Get('index')
  @ApiOperation({ summary: 'Home: banners and platform announcements' })
  index(@Query() _q: PlayerRequestDto): ReturnType<ContentService['home']> {
    return this.content.home();
  }

  @Get('articleList')
  @ApiOperation({ summary: 'News: hot topics and the original / recommend / wealth tabs' })
  articleList(@Query() _q: PlayerRequestDto): ReturnType<ContentService['articleList']> {
    return this.content.articleList();
  }
}
