import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser } from '../../common/decorators/current-user.decorator';
import { ReqMeta } from '../../common/decorators/request-meta.decorator';
import { Roles } from '../../common/decorators/roles.decorator';
import type { RequestMeta } from '../../common/http/request';
import { uuidParam } from '../../common/pipes/uuid-param.pipe';
import { DepartmentsService } from './departments.service';
import { DepartmentDto } from './dto/department.dto';

const uuid = uuidParam('Departamento não encontrado.');

@Controller('departments')
export class DepartmentsController {
  constructor(private readonly departments: DepartmentsService) {}

  @Get()
  list() {
    return this.departments.list();
  }

  @Roles('admin')
  @Post()
  create(@CurrentUser() caller: AuthUser, @Body() body: DepartmentDto, @ReqMeta() meta: RequestMeta) {
    return this.departments.create(caller, body, meta);
  }

  @Roles('admin')
  @Put(':id')
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
  async remove(@CurrentUser() caller: AuthUser, @Param('id', uuid) id: string, @ReqMeta() meta: RequestMeta) {
    await this.departments.remove(caller, id, meta);
    return { message: 'Departamento excluído com sucesso.' };
  }
}
