import { createZodDto } from 'nestjs-zod';
import { departmentRequestSchema } from '#server/contracts/departments';

export class DepartmentDto extends createZodDto(departmentRequestSchema) {}
