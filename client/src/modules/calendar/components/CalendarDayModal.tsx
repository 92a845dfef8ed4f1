import {
  CALENDAR_DAY_KIND_LABELS,
  type CalendarDayRequest,
  calendarDayRequestSchema,
  STORED_CALENDAR_DAY_KINDS,
  type StoredCalendarDayKind,
} from '@contracts';
import { useEffect, useState } from 'react';
import { ActionModal } from '@/ui/ActionModal';
import { DateField } from '@/ui/DateField';
import { messageFor } from '@/ui/field-problem';
import { Select } from '@/ui/Select';
import { TextField } from '@/ui/TextField';
import { useContractSubmit } from '@/ui/useContractSubmit';

type Field = 'date' | 'name' | 'kind';
const FIELDS: readonly Field[] = ['date', 'name', 'kind'];
const KIND_OPTIONS = STORED_CALENDAR_DAY_KINDS.map((id) => ({ id, label: CALENDAR_DAY_KIND_LABELS[id] }));

export interface CalendarDayModalProps {
  isOpen: boolean;
  onClose: () => void;
  /** Throws to keep the modal open; the text of the failure is shown inside. */
  onSubmit: (body: CalendarDayRequest) => Promise<void>;
  failureText: (error: unknown) => string;
}

/** 'Adicionar dia': a municipal holiday or a ponto facultativo (docs/deadlines.md#calendar-screen). */
export function CalendarDayModal({ isOpen, onClose, onSubmit, failureText }: CalendarDayModalProps) {
  const [date, setDate] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [kind, setKind] = useState<StoredCalendarDayKind>('municipal');
  const { problem, touched, frame } = useContractSubmit(calendarDayRequestSchema, FIELDS, {
    isOpen,
    send: onSubmit,
    failureText,
  });

  useEffect(() => {
    if (!isOpen) return;
    setDate(null);
    setName('');
    setKind('municipal');
  }, [isOpen]);

  return (
    <ActionModal
      isOpen={isOpen}
      onClose={onClose}
      title="Adicionar dia sem expediente"
      submitLabel="Salvar"
      size="sm"
      // The server's own checks (calendarDayRequestSchema), each message at its field.
      {...frame(() => ({ date: date ?? '', name: name.trim(), kind }))}
    >
      <DateField
        label="Data"
        value={date}
        onChange={(value) => {
          setDate(value);
          if (value) touched('date');
        }}
        errorMessage={messageFor(problem, 'date')}
        isRequired
      />
      <TextField
        label="Nome"
        name="name"
        value={name}
        onChange={(value) => {
          setName(value);
          if (value.trim()) touched('name');
        }}
        errorMessage={messageFor(problem, 'name')}
        isRequired
      />
      <Select
        label="Tipo"
        options={KIND_OPTIONS}
        value={kind}
        onChange={(value) => setKind(value as StoredCalendarDayKind)}
        errorMessage={messageFor(problem, 'kind')}
        isRequired
      />
    </ActionModal>
  );
}
