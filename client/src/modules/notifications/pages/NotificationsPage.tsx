import '../notifications.css';
import type { NotificationListResponse, NotificationView } from '@contracts';
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useState, type Key } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { errorMessage } from '../../../lib/http';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { PageHeader } from '../../../ui/PageHeader';
import { Pagination } from '../../../ui/Pagination';
import { Tab, TabList, Tabs } from '../../../ui/Tabs';
import { toast } from '../../../ui/toast';
import { useSocketEvent } from '../../realtime/hooks/useSocketEvent';
import { type NotificationFilter, notificationsApi } from '../api/notifications-api';
import { NotificationIcon } from '../components/NotificationIcon';
import { useNotificationActions } from '../hooks/useMarkNotificationRead';
import { unreadCountAtom } from '../states/unreadCountAtom';
import { fullDate, notificationLabel } from '../utils/notification-format';

/** Spec 2 §9: page size of the notifications page. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

const EMPTY_SUFFIX: Record<NotificationFilter, string> = { all: '', unread: ' não lida', read: ' lida' };

/** /notifications (spec 2 §2.5). */
export default function NotificationsPage() {
  const [filter, setFilter] = useState<NotificationFilter>('all');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<NotificationListResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const unread = useAtomValue(unreadCountAtom);
  const setUnread = useSetAtom(unreadCountAtom);
  const { markRead, markAllRead } = useNotificationActions();

  const load = useCallback(async () => {
    try {
      const result = await notificationsApi.list(page, NOTIFICATIONS_PAGE_SIZE, filter);
      if (result.totalPages < page) setPage(result.totalPages);
      setData(result);
      setUnread(Math.max(0, result.unreadCount));
      setError(null);
    } catch (e) {
      setError(errorMessage(e, 'Falha ao carregar notificações'));
    }
  }, [page, filter, setUnread]);

  useEffect(() => {
    void load();
  }, [load]);
  // Live: another tab read or deleted, or a new notification arrived.
  useSocketEvent('notification:new', () => void load());
  useSocketEvent('notification:state', () => void load());

  const onMarkRead = async (n: NotificationView) => {
    if (await markRead(n)) await load();
  };
  const onDelete = async (n: NotificationView) => {
    try {
      const { unreadCount } = await notificationsApi.remove(n.id);
      setUnread(Math.max(0, unreadCount));
      await load();
    } catch (e) {
      toast.error(errorMessage(e, 'Falha ao excluir notificação'));
    }
  };
  const onClearRead = async () => {
    try {
      const { unreadCount } = await notificationsApi.removeRead();
      setUnread(Math.max(0, unreadCount));
      await load();
    } catch (e) {
      toast.error(errorMessage(e, 'Falha ao excluir notificações lidas'));
    }
  };

  const notifications = data?.notifications ?? [];
  return (
    <section className="notifications-page">
      <PageHeader
        title="Notificações"
        actions={
          <>
            {unread > 0 && (
              <Button variant="secondary" onPress={() => void markAllRead().then((ok) => (ok ? load() : undefined))}>
                Marcar todas como lidas
              </Button>
            )}
            <Button variant="secondary" onPress={() => void onClearRead()}>
              Limpar notificações lidas
            </Button>
          </>
        }
      />
      {error && <ErrorBanner message={error} onDismiss={() => setError(null)} />}
      <Tabs
        selectedKey={filter}
        onSelectionChange={(key: Key) => {
          setFilter(key as NotificationFilter);
          setPage(1);
        }}
      >
        <TabList aria-label="Filtrar notificações">
          <Tab id="all">Todas</Tab>
          <Tab id="unread">Não lidas ({unread})</Tab>
          <Tab id="read">Lidas</Tab>
        </TabList>
      </Tabs>
      {data && notifications.length === 0 ? (
        <EmptyState title={`Nenhuma notificação${EMPTY_SUFFIX[filter]}`} />
      ) : (
        <ul className="notification-cards">
          {notifications.map((n) => (
            <li
              key={n.id}
              className={`notification-card${n.read ? '' : ' notification-card--unread'}`}
              onClick={() => !n.read && void onMarkRead(n)}
            >
              <NotificationIcon type={n.type} />
              <div className="notification-card__body">
                <span className="notification-card__type">{notificationLabel(n.type)}</span>
                <h2 className="notification-card__title">{n.title}</h2>
                <p className="notification-card__message">{n.message}</p>
                <time className="notification-card__date" dateTime={n.createdAt}>
                  {fullDate(n.createdAt)}
                </time>
              </div>
              <div className="notification-card__actions" onClick={(e) => e.stopPropagation()}>
                {n.link && n.link !== '#' && (
                  <a href={n.link} target="_blank" rel="noopener noreferrer">
                    Visualizar
                  </a>
                )}
                {!n.read && (
                  <AriaButton className="link-button" onPress={() => void onMarkRead(n)}>
                    Marcar como lida
                  </AriaButton>
                )}
                <AriaButton className="link-button link-button--danger" onPress={() => void onDelete(n)}>
                  Excluir
                </AriaButton>
              </div>
            </li>
          ))}
        </ul>
      )}
      {data && <Pagination page={data.page} totalPages={data.totalPages} onChange={setPage} />}
    </section>
  );
}
