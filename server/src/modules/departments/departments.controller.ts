import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { Replies } from '#server/common/openapi/replies';
import { messageResponseSchema } from '#server/contracts/auth';
import { departmentViewSchema } from '#server/contracts/departments';
import type { AuthUser } from '#server/common/auth-user';
import { CurrentUser } from '#server/common/decorators/current-user.decorator';
import { ReqMeta } from '#server/common/decorators/request-meta.decorator';
import { Roles } from '#server/common/decorators/roles.decorator';
import type { RequestMeta } from '#server/common/http/request';
import { uuidParam } from '#server/common/pipes/uuid-param.pipe';
import { DepartmentsService } from './departments.service';
import { DepartmentDto } from './dto/department.dto';

const uuid = uuidParam('Departamento não encontrado.');

@Controller('departments')
export class DepartmentsController {
  constructor(private readonly departments: DepartmentsService) {}

  @Get()
  @Replies(departmentViewSchema.array())
  list() {
    return this.departments.list();
  }

  @Roles('admin')
  @Post()
  @Replies(departmentViewSchema, 201)
  create(@CurrentUser() caller: AuthUser, @Body() body: DepartmentDto, @ReqMeta() meta: RequestMeta) {
    return this.departments.create(caller, body, meta);
  }

  @Roles('admin')
  @Put(':id')
  @Replies(departmentViewSchema)
  update(
    @CurrentUser() caller: AuthUser,
    @Param('id', uuid) id: string,
    @Body() body: DepartmentDto,
    @ReqMeta() meta: RequestMeta,
  ) {
    return this.departments.update(caller, id, body, meta);
  }

  @Roles('admin')
  @Delete(':id')
  @Replies(messageResponseSchema)
  async remove(@CurrentUser() caller: AuthUser, @Param('id', uuid) id: string, @ReqMeta() meta: RequestMeta) {
    await this.departments.remove(caller, id, meta);
    return { message: 'Departamento excluído com sucesso.' };
  }
}
