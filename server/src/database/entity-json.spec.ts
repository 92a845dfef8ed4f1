import type { EntityMetadata } from 'typeorm';
import { entityFromJson, entityJsonSql } from './entity-json';

const column = (propertyName: string, databaseName: string, type: string, transformer?: unknown) =>
  ({ propertyName, databaseName, type, transformer }) as unknown as EntityMetadata['columns'][number];
const metadata = (columns: EntityMetadata['columns']) => ({ name: 'Exemplo', columns }) as unknown as EntityMetadata;

describe('entity JSON', () => {
  const bigint = { to: (v: number) => v, from: (v: string | number) => Number(v) };
  const example = metadata([
    column('id', 'id', 'uuid'),
    column('createdAt', 'created_at', 'timestamptz'),
    column('dueDate', 'due_date', 'date'),
    column('size', 'size', 'bigint', bigint),
  ]);

  it('names each column by its property and reads timestamps and transformed columns back', () => {
    expect(entityJsonSql(example, 'e')).toBe(
      "json_build_object('id', e.id, 'createdAt', e.created_at, 'dueDate', e.due_date, 'size', e.size)",
    );
    expect(
      entityFromJson(example, {
        id: 'a',
        createdAt: '2026-11-27T10:34:18.123456+00:00',
        dueDate: '2026-12-01',
        size: 7,
      }),
    ).toEqual({ id: 'a', createdAt: new Date('2026-11-27T10:34:18.123Z'), dueDate: '2026-12-01', size: 7 });
    expect(entityFromJson(example, { id: 'a', createdAt: null, dueDate: null, size: null })).toMatchObject({
      createdAt: null,
    });
  });

  it('refuses a column JSON would not carry as TypeORM reads it', () => {
    expect(() => entityJsonSql(metadata([column('total', 'total', 'numeric')]), 'e')).toThrow('Exemplo.total');
    expect(() => entityJsonSql(metadata([column('size', 'size', 'bigint')]), 'e')).toThrow('Exemplo.size');
  });
});
