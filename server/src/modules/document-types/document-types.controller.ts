import { Body, Controller, Get, Param, Post, Put, Query } from '@nestjs/common';
import { Replies } from '#server/common/openapi/replies';
import type { AuthUser } from '#server/common/auth-user';
import { CurrentUser } from '#server/common/decorators/current-user.decorator';
import { ReqMeta } from '#server/common/decorators/request-meta.decorator';
import { Roles } from '#server/common/decorators/roles.decorator';
import type { RequestMeta } from '#server/common/http/request';
import { uuidParam } from '#server/common/pipes/uuid-param.pipe';
import {
  DOCUMENT_TYPE_MESSAGES,
  type DocumentType,
  documentTypeListSchema,
  documentTypeSchema,
} from '#server/contracts/document-types';
import { DocumentTypesService } from './document-types.service';
import { DocumentTypeDto, DocumentTypeListQueryDto, UpdateDocumentTypeDto } from './dto/document-type.dto';

const uuid = uuidParam(DOCUMENT_TYPE_MESSAGES.notFound);

/** Document types and their minimum signature levels (docs/documents.md#types). */
@Controller('document-types')
export class DocumentTypesController {
  constructor(private readonly service: DocumentTypesService) {}

  @Get()
  @Replies(documentTypeListSchema)
  list(
    @CurrentUser() caller: AuthUser,
    @Query() { includeInactive }: DocumentTypeListQueryDto,
  ): Promise<DocumentType[]> {
    return this.service.list(caller, includeInactive);
  }

  @Roles('admin')
  @Post()
  @Replies(documentTypeSchema, 201)
  create(@CurrentUser() caller: AuthUser, @Body() body: DocumentTypeDto, @ReqMeta() meta: RequestMeta) {
    return this.service.create(caller, body, meta);
  }

  @Roles('admin')
  @Put(':id')
  @Replies(documentTypeSchema)
  update(
    @CurrentUser() caller: AuthUser,
    @Param('id', uuid) id: string,
    @Body() body: UpdateDocumentTypeDto,
    @ReqMeta() meta: RequestMeta,
  ) {
    return this.service.update(caller, id, body, meta);
  }
}
