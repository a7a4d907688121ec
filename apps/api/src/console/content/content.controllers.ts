import { crudController } from '../common/crud.controller';
import { ContentAdminService } from './content-admin.service';
import { ARTICLES, BANNERS, NOTICES } from './content-defs';
import { CreateArticleDto, CreateBannerDto, CreateNoticeDto, UpdateArticleDto, UpdateBannerDto, UpdateNoticeDto } from './content.dto';

export const BannersController = crudController({
  name: 'BannersController',
  path: 'banners',
  read: 'banners.read',
  write: 'banners.write',
  def: BANNERS,
  writer: ContentAdminService,
  createDto: CreateBannerDto,
  updateDto: UpdateBannerDto,
  create: (w, actor, dto: CreateBannerDto) => w.createBanner(actor, dto),
  update: (w, actor, id, dto: UpdateBannerDto) => w.updateBanner(actor, id, dto),
  remove: 'plain',
});

export const ArticlesController = crudController({
  name: 'ArticlesController',
  path: 'articles',
  read: 'articles.read',
  write: 'articles.write',
  def: ARTICLES,
  writer: ContentAdminService,
  createDto: CreateArticleDto,
  updateDto: UpdateArticleDto,
  create: (w, actor, dto: CreateArticleDto) => w.createArticle(actor, dto),
  update: (w, actor, id, dto: UpdateArticleDto) => w.updateArticle(actor, id, dto),
  remove: 'plain',
});

export const NoticesController = crudController({
  name: 'NoticesController',
  path: 'notices',
  read: 'notices.read',
  write: 'notices.write',
  def: NOTICES,
  writer: ContentAdminService,
  createDto: CreateNoticeDto,
  updateDto: UpdateNoticeDto,
  create: (w, actor, dto: CreateNoticeDto) => w.createNotice(actor, dto),
  update: (w, actor, id, dto: UpdateNoticeDto) => w.updateNotice(actor, id, dto),
  remove: 'plain',
});
