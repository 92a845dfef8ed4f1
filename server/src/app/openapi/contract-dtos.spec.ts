import {
  AuditLogFiltersDto,
  AuditLogListQueryDto,
  AuditPeriodDto,
} from '#server/modules/audit/dto/audit-log-query.dto';
import { ChangePasswordDto } from '#server/modules/auth/dto/change-password.dto';
import { LoginDto } from '#server/modules/auth/dto/login.dto';
import { DepartmentDto } from '#server/modules/departments/dto/department.dto';
import { CreateDocumentDto } from '#server/modules/documents/dto/create-document.dto';
import { InspectCertificateDto, SignDocumentDto } from '#server/modules/documents/dto/sign-document.dto';
import {
  SetSigningFlowDto,
  UpdateDocumentDto,
  UpdateDocumentStatusDto,
} from '#server/modules/documents/dto/update-document.dto';
import { UploadDocumentDto } from '#server/modules/documents/dto/upload-document.dto';
import { AttachDocumentDto } from '#server/modules/processes/dto/attach-document.dto';
import { CreateProcessDto } from '#server/modules/processes/dto/create-process.dto';
import { FinalizeProcessDto } from '#server/modules/processes/dto/finalize-process.dto';
import { ForwardProcessDto } from '#server/modules/processes/dto/forward-process.dto';
import {
  ProcessListFiltersDto,
  ProcessPagingDto,
  RequesterSearchQueryDto,
} from '#server/modules/processes/dto/process-list-filters.dto';
import { RespondProcessDto } from '#server/modules/processes/dto/respond-process.dto';
import { ToggleConfidentialDto } from '#server/modules/processes/dto/toggle-confidential.dto';
import { CreateMaterialItemDto } from '#server/modules/purchase-orders/dto/create-material-item.dto';
import { CreatePurchaseOrderDto } from '#server/modules/purchase-orders/dto/create-purchase-order.dto';
import { PurchaseOrderListFiltersDto } from '#server/modules/purchase-orders/dto/purchase-order-list-filters.dto';
import { UpdatePurchaseOrderStatusDto } from '#server/modules/purchase-orders/dto/update-purchase-order-status.dto';
import { SearchQueryDto } from '#server/modules/search/dto/search-query.dto';
import { ChangeEmailDto } from '#server/modules/profile/dto/change-email.dto';
import { UpdateProfileDto } from '#server/modules/profile/dto/update-profile.dto';
import { CreateUserDto } from '#server/modules/users/dto/create-user.dto';
import { UpdateStatusDto } from '#server/modules/users/dto/update-status.dto';
import { UpdateUserDto } from '#server/modules/users/dto/update-user.dto';

const DTOS = {
  CreatePurchaseOrderDto,
  UpdatePurchaseOrderStatusDto,
  PurchaseOrderListFiltersDto,
  CreateMaterialItemDto,
  DepartmentDto,
  AuditLogListQueryDto,
  AuditLogFiltersDto,
  AuditPeriodDto,
  CreateProcessDto,
  ForwardProcessDto,
  RespondProcessDto,
  FinalizeProcessDto,
  AttachDocumentDto,
  ToggleConfidentialDto,
  ProcessListFiltersDto,
  ProcessPagingDto,
  RequesterSearchQueryDto,
  LoginDto,
  ChangePasswordDto,
  SearchQueryDto,
  UpdateDocumentDto,
  UpdateDocumentStatusDto,
  CreateUserDto,
  UpdateUserDto,
  UpdateStatusDto,
  UpdateProfileDto,
  ChangeEmailDto,
  CreateDocumentDto,
  UploadDocumentDto,
  SignDocumentDto,
  InspectCertificateDto,
  SetSigningFlowDto,
};

/** The properties nestjs-zod hands to Swagger for the DTOs made from the contracts' zod schemas. */
describe('contract DTOs in the OpenAPI document', () => {
  it('give every property one type: Swagger reads a type list (zod’s bare `string | null`) as an array', () => {
    for (const [name, dto] of Object.entries(DTOS)) {
      const properties = dto._OPENAPI_METADATA_FACTORY() as Record<string, { type?: unknown }>;
      for (const [property, schema] of Object.entries(properties)) {
        expect([`${name}.${property}`, Array.isArray(schema.type)]).toEqual([`${name}.${property}`, false]);
      }
    }
  });
});
