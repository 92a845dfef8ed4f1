/** Departments (docs/accounts.md#departments): one schema per shape (README, "Uma forma, um lugar"). */
import { z } from 'zod';
import { FIELDS } from './schema-fields';
import { DEPARTMENT_NAME_MAX_LENGTH, USER_MESSAGES } from './users';

export const DEPARTMENT_DESCRIPTION_MAX_LENGTH = 500;

export const departmentViewSchema = z
  .strictObject({ _id: FIELDS.uuid, id: FIELDS.uuid, name: FIELDS.text, description: FIELDS.text.nullable() })
  .meta({ id: 'DepartmentView' });
export type DepartmentView = z.infer<typeof departmentViewSchema>;

/** POST /departments and PUT /departments/{id}. */
export const departmentRequestSchema = z.strictObject({
  name: z
    .string(FIELDS.typed(USER_MESSAGES.departmentNameRequired))
    .trim()
    .min(1, USER_MESSAGES.departmentNameRequired)
    .max(DEPARTMENT_NAME_MAX_LENGTH, USER_MESSAGES.departmentNameTooLong),
  description: FIELDS.optional(
    FIELDS.trimmed(DEPARTMENT_DESCRIPTION_MAX_LENGTH, USER_MESSAGES.departmentDescriptionTooLong),
  ),
});
export type DepartmentRequest = z.input<typeof departmentRequestSchema>;
