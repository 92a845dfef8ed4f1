import type { NotificationView } from '@contracts';
import { atom } from 'jotai';

/** The newest notifications shown by the header dropdown (first page, spec 1 §9 size 10). */
export const recentNotificationsAtom = atom<NotificationView[]>([]);
