import { Body, Delete, Get, Post, Put, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { StaffActor } from '../../audit/audit.types';
import { CrudService } from '../common/crud.service';
import { IdParam } from '../common/id-param';
import { ListQueryDto } from '../list/list.dto';
import { respondCsv, respondPage } from '../list/respond';
import { Actor, ConsoleController, Permit } from '../permission';
import { ContentAdminService } from './content-admin.service';
import { ARTICLES, type ArticleView, BANNERS, type BannerView, NOTICES, type NoticeView } from './content-defs';
import { CreateArticleDto, CreateBannerDto, CreateNoticeDto, UpdateArticleDto, UpdateBannerDto, UpdateNoticeDto } from './content.dto';

@ConsoleController('banners')
export class BannersController {
  constructor(
    private readonly crud: CrudService,
    private readonly content: ContentAdminService,
  ) {}

  @Get()
  @Permit('banners.read')
  async list(@Query() q: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<BannerView[]> {
    return respondPage(reply, await this.crud.list(BANNERS, q));
  }

  @Get('export.csv')
  @Permit('banners.read')
  async csv(@Query() q: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    return respondCsv(reply, await this.crud.csv(BANNERS, q));
  }

  @Get(':id')
  @Permit('banners.read')
  get(@IdParam() id: number): Promise<BannerView> {
    return this.crud.get(BANNERS, id);
  }

  @Post()
  @Permit('banners.write')
  create(@Body() dto: CreateBannerDto, @Actor() actor: StaffActor): Promise<BannerView> {
    return this.content.createBanner(actor, dto);
  }

  @Put(':id')
  @Permit('banners.write')
  update(@IdParam() id: number, @Body() dto: UpdateBannerDto, @Actor() actor: StaffActor): Promise<BannerView> {
    return this.content.updateBanner(actor, id, dto);
  }

  @Delete(':id')
  @Permit('banners.write')
  remove(@IdParam() id: number, @Actor() actor: StaffActor): Promise<BannerView> {
    return this.crud.remove(BANNERS, actor, id);
  }
}

@ConsoleController('articles')
export class ArticlesController {
  constructor(
    private readonly crud: CrudService,
    private readonly content: ContentAdminService,
  ) {}

  @Get()
  @Permit('articles.read')
  async list(@Query() q: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<ArticleView[]> {
    return respondPage(reply, await this.crud.list(ARTICLES, q));
  }

  @Get('export.csv')
  @Permit('articles.read')
  async csv(@Query() q: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    return respondCsv(reply, await this.crud.csv(ARTICLES, q));
  }

  @Get(':id')
  @Permit('articles.read')
  get(@IdParam() id: number): Promise<ArticleView> {
    return this.crud.get(ARTICLES, id);
  }

  @Post()
  @Permit('articles.write')
  create(@Body() dto: CreateArticleDto, @Actor() actor: StaffActor): Promise<ArticleView> {
    return this.content.createArticle(actor, dto);
  }

  @Put(':id')
  @Permit('articles.write')
  update(@IdParam() id: number, @Body() dto: UpdateArticleDto, @Actor() actor: StaffActor): Promise<ArticleView> {
    return this.content.updateArticle(actor, id, dto);
  }

  @Delete(':id')
  @Permit('articles.write')
  remove(@IdParam() id: number, @Actor() actor: StaffActor): Promise<ArticleView> {
    return this.crud.remove(ARTICLES, actor, id);
  }
}

@ConsoleController('notices')
export class NoticesController {
  constructor(
    private readonly crud: CrudService,
    private readonly content: ContentAdminService,
  ) {}

  @Get()
  @Permit('notices.read')
  async list(@Query() q: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<NoticeView[]> {
    return respondPage(reply, await this.crud.list(NOTICES, q));
  }

  @Get('export.csv')
  @Permit('notices.read')
  async csv(@Query() q: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    return respondCsv(reply, await this.crud.csv(NOTICES, q));
  }

  @Get(':id')
  @Permit('notices.read')
  get(@IdParam() id: number): Promise<NoticeView> {
    return this.crud.get(NOTICES, id);
  }

  @Post()
  @Permit('notices.write')
  create(@Body() dto: CreateNoticeDto, @Actor() actor: StaffActor): Promise<NoticeView> {
    return this.content.createNotice(actor, dto);
  }

  @Put(':id')
  @Permit('notices.write')
  update(@IdParam() id: number, @Body() dto: UpdateNoticeDto, @Actor() actor: StaffActor): Promise<NoticeView> {
    return this.content.updateNotice(actor, id, dto);
  }

  @Delete(':id')
  @Permit('notices.write')
  remove(@IdParam() id: number, @Actor() actor: StaffActor): Promise<NoticeView> {
    return this.crud.remove(NOTICES, actor, id);
  }
}
