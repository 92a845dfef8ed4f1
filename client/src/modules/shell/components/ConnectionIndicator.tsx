import { useAtomValue } from 'jotai';
import { socketStatusAtom } from '@/modules/realtime/states/socketStatusAtom';

const LABELS = {
  offline: 'Sem conexão em tempo real',
  connecting: 'Conectando...',
  connected: 'Conectado em tempo real',
  reconnecting: 'Reconectando...',
} as const;

/** Small dot showing the live (Socket.IO) connection state. */
export function ConnectionIndicator() {
  const status = useAtomValue(socketStatusAtom);
  return (
    <span className={`connection connection--${status}`} role="status" title={LABELS[status]}>
      <span className="connection__dot" aria-hidden="true" />
      <span className="visually-hidden">{LABELS[status]}</span>
    </span>
  );
}
