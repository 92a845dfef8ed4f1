import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import type { AuthUser } from '#server/common/auth-user';
import { CurrentUser } from '#server/common/decorators/current-user.decorator';
import { ReqMeta } from '#server/common/decorators/request-meta.decorator';
import { Roles } from '#server/common/decorators/roles.decorator';
import type { RequestMeta } from '#server/common/http/request';
import { uuidParam } from '#server/common/pipes/uuid-param.pipe';
import { CreateUserDto } from './dto/create-user.dto';
import { UpdateStatusDto } from './dto/update-status.dto';
import { UpdateUserDto } from './dto/update-user.dto';
import { UsersService } from './users.service';
import { Replies } from '#server/common/openapi/replies';
import { messageResponseSchema } from '#server/contracts/auth';
import {
  createUserResponseSchema,
  resetPasswordResponseSchema,
  userListResponseSchema,
  userLookupSchema,
  userViewSchema,
} from '#server/contracts/users';

const uuid = uuidParam('Usuário não encontrado.');

@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @Replies(userListResponseSchema)
  list(@CurrentUser() caller: AuthUser) {
    return this.users.list(caller);
  }

  @Get('for-reports')
  @Replies(userLookupSchema.array())
  forReports() {
    return this.users.lookups();
  }

  @Roles('admin')
  @Post()
  @Replies(createUserResponseSchema, 201)
  create(@CurrentUser() caller: AuthUser, @Body() body: CreateUserDto, @ReqMeta() meta: RequestMeta) {
    return this.users.create(caller, body, meta);
  }

  @Roles('admin')
  @Put(':id')
  @Replies(userViewSchema)
  update(
    @CurrentUser() caller: AuthUser,
    @Param('id', uuid) id: string,
    @Body() body: UpdateUserDto,
    @ReqMeta() meta: RequestMeta,
  ) {
    return this.users.update(caller, id, body, meta);
  }

  @Roles('admin')
  @Patch(':id/status')
  @Replies(userViewSchema)
  setStatus(
    @CurrentUser() caller: AuthUser,
    @Param('id', uuid) id: string,
    @Body() body: UpdateStatusDto,
    @ReqMeta() meta: RequestMeta,
  ) {
    return this.users.setStatus(caller, id, body.status, meta);
  }

  @Roles('admin')
  @Post(':id/reset-password')
  @HttpCode(200)
  @Replies(resetPasswordResponseSchema)
  resetPassword(@CurrentUser() caller: AuthUser, @Param('id', uuid) id: string, @ReqMeta() meta: RequestMeta) {
    return this.users.resetPassword(caller, id, meta);
  }

  @Roles('admin')
  @Delete(':id')
  @Replies(messageResponseSchema)
  async remove(@CurrentUser() caller: AuthUser, @Param('id', uuid) id: string, @ReqMeta() meta: RequestMeta) {
    await this.users.remove(caller, id, meta);
    return { message: 'Usuário excluído com sucesso.' };
  }
}
