import type { EntityManager } from 'typeorm';

/** Unread notifications per user (0 for users without any): a count, so never below 0. */
export async function unreadCounts(manager: EntityManager, userIds: string[]): Promise<Map<string, number>> {
  const counts = new Map(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return counts;
  const rows: { userId: string; count: number }[] = await manager.query(
    `SELECT user_id AS "userId", count(*)::int AS count
       FROM notifications WHERE user_id = ANY($1::uuid[]) AND NOT read GROUP BY user_id`,
    [userIds],
  );
  for (const row of rows) counts.set(row.userId, row.count);
  return counts;
}

export async function unreadCount(manager: EntityManager, userId: string): Promise<number> {
  return (await unreadCounts(manager, [userId])).get(userId) ?? 0;
}
