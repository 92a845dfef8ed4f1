import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import type { AuthUser } from '#server/common/auth-user';
import { CurrentUser } from '#server/common/decorators/current-user.decorator';
import { ReqMeta } from '#server/common/decorators/request-meta.decorator';
import type { RequestMeta } from '#server/common/http/request';
import { Replies } from '#server/common/openapi/replies';
import { messageResponseSchema } from '#server/contracts/auth';
import { uuidParam } from '#server/common/pipes/uuid-param.pipe';
import { templateListSchema, type TemplateView, templateViewSchema } from '#server/contracts/templates';
import { TemplateDto } from './dto/template.dto';
import { TEMPLATE_NOT_FOUND, TemplatesService } from './templates.service';

const uuid = uuidParam(TEMPLATE_NOT_FOUND);

/** docs/templates.md#api "Templates and uploads"; who may do what: README, Decisions › Templates. */
@Controller('templates')
export class TemplatesController {
  constructor(private readonly templates: TemplatesService) {}

  @Get()
  @Replies(templateListSchema)
  list(@CurrentUser() user: AuthUser): Promise<TemplateView[]> {
    return this.templates.list(user);
  }

  @Post()
  @Replies(templateViewSchema, 201)
  create(
    @CurrentUser() user: AuthUser,
    @Body() body: TemplateDto,
    @ReqMeta() meta: RequestMeta,
  ): Promise<TemplateView> {
    return this.templates.create(user, body, meta);
  }

  @Put(':id')
  @Replies(templateViewSchema)
  update(
    @CurrentUser() user: AuthUser,
    @Param('id', uuid) id: string,
    @Body() body: TemplateDto,
    @ReqMeta() meta: RequestMeta,
  ): Promise<TemplateView> {
    return this.templates.update(user, id, body, meta);
  }

  @Delete(':id')
  @Replies(messageResponseSchema)
  async remove(
    @CurrentUser() user: AuthUser,
    @Param('id', uuid) id: string,
    @ReqMeta() meta: RequestMeta,
  ): Promise<{ message: string }> {
    await this.templates.remove(user, id, meta);
    return { message: 'Template excluído com sucesso.' };
  }
}
