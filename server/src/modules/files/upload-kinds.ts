import type { UploadType } from '#server/contracts/templates';

/** Owner kinds (stored_files.owner_kind) of the files POST /uploads stores: the upload type itself. */
export const TEMPLATE_BASE_KIND = 'template-base' satisfies UploadType;
export const ORGANIZATION_LOGO_KIND = 'organization-logo' satisfies UploadType;
export const TEMPLATE_IMAGE_KIND = 'template-image' satisfies UploadType;
