import '../notifications.css';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState, type Key } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { errorMessage } from '@/lib/http';
import { Button } from '@/ui/Button';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorBanner } from '@/ui/ErrorBanner';
import { PageHeader } from '@/ui/PageHeader';
import { Pagination } from '@/ui/Pagination';
import { Tab, TabList, TabPanel, Tabs } from '@/ui/Tabs';
import { type NotificationFilter, notificationsApi } from '../api/notifications-api';
import { notificationKeys } from '../api/notification-keys';
import { NotificationIcon } from '../components/NotificationIcon';
import { useNotificationActions } from '../hooks/useNotificationActions';
import { useUnreadCount } from '../hooks/useRecentNotifications';
import { fullDate, notificationLabel } from '../utils/notification-format';

/** docs/notifications.md#limits: page size of the notifications page. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

const EMPTY_SUFFIX: Record<NotificationFilter, string> = { all: '', unread: ' não lida', read: ' lida' };
const NOTIFICATION_FILTERS = Object.keys(EMPTY_SUFFIX) as NotificationFilter[];

/** /notifications (docs/notifications.md#page). */
export default function NotificationsPage() {
  const [filter, setFilter] = useState<NotificationFilter>('all');
  const [page, setPage] = useState(1);
  const unread = useUnreadCount();
  const { markRead, markAllRead, remove, removeRead } = useNotificationActions();
  const list = useQuery({
    queryKey: notificationKeys.list(page, filter),
    queryFn: ({ signal }) => notificationsApi.list(page, NOTIFICATIONS_PAGE_SIZE, filter, signal),
    placeholderData: keepPreviousData,
  });
  const data = list.data ?? null;
  // The banner can be dismissed; the next failure shows it again.
  const [dismissedAt, setDismissedAt] = useState(0);
  const error =
    list.error && list.errorUpdatedAt !== dismissedAt
      ? errorMessage(list.error, 'Falha ao carregar notificações')
      : null;

  // Past the last page (after deletes): show the last one. Past a capped count there is no known
  // last page: the pages go on while they come full (docs/processes.md#list-counts).
  const lastPage = data && !data.totalIsLowerBound ? data.totalPages : undefined;
  useEffect(() => {
    if (lastPage !== undefined && lastPage < page) setPage(lastPage);
  }, [lastPage, page]);

  const notifications = data?.notifications ?? [];
  return (
    <section className="notifications-page">
      <PageHeader
        title="Notificações"
        actions={
          <>
            {unread > 0 && (
              <Button variant="secondary" onPress={() => void markAllRead()}>
                Marcar todas como lidas
              </Button>
            )}
            <Button variant="secondary" onPress={() => void removeRead()}>
              Limpar notificações lidas
            </Button>
          </>
        }
      />
      {error && <ErrorBanner message={error} onDismiss={() => setDismissedAt(list.errorUpdatedAt)} />}
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
        {/* One panel per tab (each tab controls its panel); the selected one shows the filtered list. */}
        {NOTIFICATION_FILTERS.map((id) => (
          <TabPanel key={id} id={id}>
            {data && notifications.length === 0 ? (
              <EmptyState title={`Nenhuma notificação${EMPTY_SUFFIX[filter]}`} />
            ) : (
              <ul className="notification-cards">
                {notifications.map((n) => (
                  <li
                    key={n.id}
                    className={`notification-card${n.read ? '' : ' notification-card--unread'}`}
                    onClick={() => !n.read && void markRead(n)}
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
                        <AriaButton className="link-button" onPress={() => void markRead(n)}>
                          Marcar como lida
                        </AriaButton>
                      )}
                      <AriaButton className="link-button link-button--danger" onPress={() => void remove(n)}>
                        Excluir
                      </AriaButton>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </TabPanel>
        ))}
      </Tabs>
      {data && (
        <Pagination
          page={data.page}
          totalPages={data.totalPages}
          onChange={setPage}
          openEnded={
            data.totalIsLowerBound ? { pageIsFull: notifications.length === NOTIFICATIONS_PAGE_SIZE } : undefined
          }
        />
      )}
    </section>
  );
}
