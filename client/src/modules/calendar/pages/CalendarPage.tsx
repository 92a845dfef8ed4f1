import { CALENDAR_DAY_KIND_LABELS, type CalendarDayRequest } from '@contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Redirect } from 'wouter';
import { errorMessage } from '@/lib/http';
import { useConfirmedDelete } from '@/lib/useConfirmedDelete';
import { Badge } from '@/ui/Badge';
import { Button } from '@/ui/Button';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { ErrorBanner } from '@/ui/ErrorBanner';
import { PageHeader } from '@/ui/PageHeader';
import { Select } from '@/ui/Select';
import { Table, type TableColumn } from '@/ui/Table';
import { currentUserAtom } from '@/modules/auth/states/currentUserAtom';
import { calendarApi } from '../api/calendar-api';
import { calendarKeys } from '../api/calendar-keys';
import { CalendarDayModal } from '../components/CalendarDayModal';
import { type CalendarRow, useCalendarYear } from '../hooks/useCalendarYear';
import { formatDay } from '@/lib/format';
import { KIND_TONES, selectableYears, weekdayOf } from '../utils/calendar-format';
import '@/styles/calendar.css';

const SAVE_FAILED = 'Erro ao salvar o dia no calendário';
const DELETE_FAILED = 'Erro ao excluir o dia do calendário';

const COLUMNS: TableColumn<CalendarRow>[] = [
  { id: 'date', header: 'Data', cell: (day) => formatDay(day.date) },
  { id: 'weekday', header: 'Dia da semana', cell: (day) => weekdayOf(day.date) },
  { id: 'name', header: 'Nome', cell: (day) => day.name },
  {
    id: 'kind',
    header: 'Tipo',
    cell: (day) => <Badge tone={KIND_TONES[day.kind]}>{CALENDAR_DAY_KIND_LABELS[day.kind]}</Badge>,
  },
];

/** Calendário (docs/deadlines.md#calendar-screen): administrators only; anyone else goes to the dashboard. */
export default function CalendarPage() {
  const me = useAtomValue(currentUserAtom);
  if (me?.role !== 'admin') return <Redirect to="/dashboard" replace />;
  return <CalendarScreen />;
}

function CalendarScreen() {
  const currentYear = new Date().getFullYear();
  const [year, setYear] = useState(currentYear);
  const [adding, setAdding] = useState(false);

  const queryClient = useQueryClient();
  const { rows, error } = useCalendarYear(year);
  const reload = () => queryClient.invalidateQueries({ queryKey: calendarKeys.all });
  const deletion = useConfirmedDelete<CalendarRow>((day) => calendarApi.remove(day.date), reload, DELETE_FAILED);

  async function add(body: CalendarDayRequest) {
    await calendarApi.add(body);
    setAdding(false);
    const addedYear = Number(body.date.slice(0, 4));
    if (addedYear !== year) setYear(addedYear);
    await reload();
  }

  return (
    <>
      <PageHeader
        title="Calendário"
        subtitle="Feriados e pontos facultativos: dias sem expediente na contagem dos prazos"
        actions={<Button onPress={() => setAdding(true)}>Adicionar dia</Button>}
      />
      {error && <ErrorBanner message={`Falha ao carregar o calendário: ${errorMessage(error, 'Erro desconhecido')}`} />}
      {deletion.error && <ErrorBanner message={deletion.error} onDismiss={deletion.dismissError} />}
      <div className="card">
        <div className="calendar-toolbar">
          <Select
            label="Ano"
            className="calendar-toolbar__year"
            options={selectableYears(currentYear).map((y) => ({ id: String(y), label: String(y) }))}
            value={String(year)}
            onChange={(value) => setYear(Number(value))}
          />
          <p className="calendar-toolbar__note">
            Sábados e domingos nunca têm expediente. A lista traz os feriados e pontos facultativos do ano: os nacionais
            e estaduais calculados pelo sistema, os municipais e facultativos adicionados aqui.
          </p>
        </div>
        <Table
          label={`Dias sem expediente em ${year}`}
          columns={COLUMNS}
          rows={rows ?? []}
          rowKey={(day) => `${day.date}:${day.kind}:${day.name}`}
          isLoading={rows === null && !error}
          loadingLabel="Carregando calendário..."
          emptyText={`Nenhum dia sem expediente em ${year}.`}
          actionsHeader="Ações"
          rowActions={(day) =>
            day.added ? (
              <Button variant="danger" size="sm" onPress={() => deletion.ask(day)}>
                Excluir
              </Button>
            ) : (
              <span className="calendar-computed">Calculado</span>
            )
          }
        />
      </div>

      <CalendarDayModal
        isOpen={adding}
        onClose={() => setAdding(false)}
        onSubmit={add}
        failureText={(caught) => errorMessage(caught, SAVE_FAILED)}
      />
      <ConfirmDialog
        isOpen={deletion.deleting !== null}
        onOpenChange={deletion.onOpenChange}
        title="Excluir dia do calendário"
        message={
          deletion.deleting &&
          `Tem certeza que deseja excluir ${deletion.deleting.name} (${formatDay(deletion.deleting.date)}) do calendário? ` +
            'Os prazos passam a contar este dia como útil.'
        }
        confirmLabel="Excluir"
        isDestructive
        isPending={deletion.pending}
        onConfirm={deletion.confirm}
      />
    </>
  );
}
