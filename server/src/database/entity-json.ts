import type { EntityMetadata } from 'typeorm';

const PLAIN_TYPES = new Set(['text', 'uuid', 'integer', 'boolean', 'date', 'timestamptz']);

/**
 * SQL of one row of `alias` as a JSON object keyed by the entity's property names, for reads that
 * gather several tables' rows into one statement (json_agg); entityFromJson turns it back into the
 * entity TypeORM would have read.
 */
export function entityJsonSql(metadata: EntityMetadata, alias: string): string {
  for (const column of metadata.columns) {
    // JSON carries these as TypeORM would read them (timestamps revived below, bigints by their transformer).
    const readable = PLAIN_TYPES.has(String(column.type)) || (column.type === 'bigint' && column.transformer);
    if (!readable)
      throw new Error(`${metadata.name}.${column.propertyName}: tipo ${String(column.type)} não lido em JSON`);
  }
  const pairs = metadata.columns.map((column) => `'${column.propertyName}', ${alias}.${column.databaseName}`);
  return `json_build_object(${pairs.join(', ')})`;
}

/** The entity of an entityJsonSql object: timestamps as Dates, transformed columns read back. */
export function entityFromJson<T>(metadata: EntityMetadata, json: Record<string, unknown>): T {
  const entity: Record<string, unknown> = {};
  for (const column of metadata.columns) {
    let value = json[column.propertyName];
    if (value !== null && column.type === 'timestamptz') value = new Date(value as string);
    const transformer = column.transformer;
    if (transformer && !Array.isArray(transformer)) value = transformer.from(value);
    entity[column.propertyName] = value;
  }
  return entity as T;
}
