import { ApiProperty, type ApiPropertyOptions } from '@nestjs/swagger';
import { getMetadataStorage, ValidationTypes } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';

const SWAGGER_PROPERTY = 'swagger/apiModelProperties';

/** A DTO class (class-validator keys its metadata by constructor). */
type DtoClass = abstract new (...args: never[]) => unknown;

type Schema = Record<string, unknown>;

/** JSON-schema facts of one class-validator rule (its `each` variant describes the list items). */
function factsOf(rule: ValidationMetadata): Schema {
  const [first] = (rule.constraints ?? []) as unknown[];
  switch (rule.name) {
    case 'isString':
      return { type: 'string' };
    case 'isBoolean':
      return { type: 'boolean' };
    case 'isInt':
      return { type: 'integer' };
    case 'isNumber':
      return { type: 'number' };
    case 'isObject':
      return { type: 'object' };
    case 'isUuid':
      return { type: 'string', format: 'uuid' };
    case 'isEmail':
      return { type: 'string', format: 'email' };
    case 'isDateString':
    case 'isIso8601':
      return { type: 'string', format: 'date' };
    case 'isIn':
      return { enum: first };
    case 'isEnum':
      return { enum: Object.values(first as object) };
    case 'maxLength':
      return { maxLength: first };
    case 'minLength':
      return { minLength: first };
    case 'min':
      return { minimum: first };
    case 'max':
      return { maximum: first };
    case 'matches':
      return first instanceof RegExp ? { pattern: first.source } : {};
    default:
      return {};
  }
}

const LIST_FACTS: Record<string, (limit: unknown) => Schema> = {
  isArray: () => ({}),
  arrayMaxSize: (limit) => ({ maxItems: limit }),
  arrayMinSize: (limit) => ({ minItems: limit }),
};

/** The class a nested (@ValidateNested) property holds: its declared TypeScript type. */
function nestedClass(target: DtoClass, property: string): DtoClass | undefined {
  const design = Reflect.getMetadata('design:type', target.prototype as object, property) as DtoClass | undefined;
  return design && design !== Object && design !== Array ? design : undefined;
}

/** @ApiProperty options equivalent to a property's class-validator rules. */
function propertyOptions(target: DtoClass, property: string, rules: ValidationMetadata[]): ApiPropertyOptions {
  const item: Schema = {};
  const list: Schema = {};
  let isList = false;
  let required = true;
  let nested = false;
  for (const rule of rules) {
    if (rule.type === ValidationTypes.CONDITIONAL_VALIDATION) required = false;
    if (rule.type === ValidationTypes.NESTED_VALIDATION) nested = true;
    if (rule.type !== ValidationTypes.CUSTOM_VALIDATION || !rule.name) continue;
    const listFact = LIST_FACTS[rule.name];
    if (listFact) {
      isList = true;
      Object.assign(list, listFact((rule.constraints as unknown[] | undefined)?.[0]));
    } else {
      if (rule.each) isList = true;
      Object.assign(item, factsOf(rule));
    }
  }
  const child = nested ? nestedClass(target, property) : undefined;
  if (child) Object.assign(item, { type: child });
  if (!item.type && item.enum) item.type = typeof (item.enum as unknown[])[0] === 'number' ? 'number' : 'string';
  // Without a type rule (e.g. @Allow()) Swagger falls back to the property's TypeScript type.
  if (!isList) return { ...item, required };
  if (!item.type) return { ...list, type: 'array', items: {}, required };
  return { ...item, ...list, isArray: true, required };
}

/**
 * Documents every class-validator DTO for OpenAPI, as the Nest Swagger compiler plugin would (the
 * build is plain tsc, without plugins): each validated property gets an @ApiProperty equivalent
 * to its rules (type, format, enum, lengths, list sizes, nesting, optional). A property that
 * already carries @ApiProperty keeps it. Call once, before SwaggerModule.createDocument.
 */
export function describeValidatedDtos(): void {
  const storage = getMetadataStorage() as unknown as { validationMetadatas: Map<DtoClass, ValidationMetadata[]> };
  for (const [target, metadatas] of storage.validationMetadatas) {
    if (typeof target !== 'function') continue;
    const byProperty = new Map<string, ValidationMetadata[]>();
    for (const rule of metadatas)
      byProperty.set(rule.propertyName, [...(byProperty.get(rule.propertyName) ?? []), rule]);
    for (const [property, rules] of byProperty) {
      if (Reflect.hasOwnMetadata(SWAGGER_PROPERTY, target.prototype as object, property)) continue;
      ApiProperty(propertyOptions(target, property, rules))(target.prototype as object, property);
    }
  }
}
