import { BadRequestException, Injectable } from '@nestjs/common';
import type { AuthUser } from '#server/common/auth-user';
import type { RequestMeta } from '#server/common/http/request';
import { AppConfig } from '#server/config/config.module';
import {
  DEADLINE_HISTORY_ACTIONS as ACTIONS,
  DEADLINE_KIND_LABELS,
  DEADLINE_MESSAGES as M,
  type DeadlineChange,
  type DeadlineInput,
  type ExtendDeadlineRequest,
} from '#server/contracts/deadlines';
import { localIsoDate } from '#server/contracts/dates';
import { LAI_REQUEST_TYPE, type ProcessView } from '#server/contracts/processes';
import { PROCESS_MESSAGES } from '#server/contracts/validation-messages';
import type { ProcessDeadlineEntity, ProcessEntity } from '#server/database/entities/index';
import { Transactions, type Tx } from '#server/database/transactions';
import { BusinessCalendar } from '#server/domain/calendar/business-calendar';
import { DeadlineClock } from '#server/domain/deadlines/deadline-clock';
import { daysText, deadlineText, extensionRefusal, isLate, shownDay } from '#server/domain/deadlines/deadline-changes';
import { daysBetween } from '#server/domain/deadlines/deadline-state';
import { type NewProcessDeadline, ProcessDeadlinesRepository } from '#server/repositories/process-deadlines.repository';
import { ProcessesRepository } from '#server/repositories/processes.repository';
import { ProcessActivityService } from './process-activity.service';
import { ProcessQueriesService } from './process-queries.service';
import { assertMayChangeDeadlines } from './process-rules';

/** A deadline as a client gives it, or a protocol's due date (by date). */
type DeadlineAsked = Pick<DeadlineInput, 'days' | 'date' | 'unit' | 'maxExtensions' | 'maxExtensionDays'>;

/** What a process action hands the deadline hooks: its transaction, process, actor and instant. */
export interface DeadlineHookContext {
  tx: Tx;
  process: ProcessEntity;
  user: AuthUser;
  meta: RequestMeta;
  /** The action's instant; each deadline entry is dated 1 ms after the previous one, keeping the history's order. */
  at: Date;
}

/**
 * Process deadlines (docs/deadlines.md#process-deadlines): their routes (set, suspend, resume,
 * extend) and the hooks ProcessCommandsService calls on creation, forward, response and
 * finalisation. Every change runs in the process's transaction with its row locked, leaves a
 * history entry and an audit row, and re-points `processes.deadline_id` (refreshShown).
 */
@Injectable()
export class ProcessDeadlinesService {
  constructor(
    private readonly transactions: Transactions,
    private readonly processes: ProcessesRepository,
    private readonly deadlines: ProcessDeadlinesRepository,
    private readonly calendar: BusinessCalendar,
    private readonly clock: DeadlineClock,
    private readonly queries: ProcessQueriesService,
    private readonly activity: ProcessActivityService,
    private readonly config: AppConfig,
  ) {}

  /** POST /processes/:id/deadline: sets the process deadline, replacing a running one. */
  set(user: AuthUser, id: string, input: DeadlineInput, meta: RequestMeta): Promise<ProcessView> {
    return this.change(user, id, meta, async (tx, process) => {
      if (process.requestType === LAI_REQUEST_TYPE)
        throw new BadRequestException(PROCESS_MESSAGES.laiDeadlineNotReplaceable);
      const fields = await this.fieldsOf(input, tx);
      const running = (await this.deadlines.running(id, tx)).find((d) => d.kind === 'process');
      const deadline = await this.saveProcessDeadline(tx, process, user, fields, running);
      return {
        change: 'set',
        deadlines: [deadline],
        days: null,
        history: { action: ACTIONS.set, comment: deadlineText(deadline) },
        audit: `Prazo do processo ${id} ${running ? 'redefinido' : 'definido'}`,
        details: { ...auditFields(deadline), replaced: running?.id ?? null },
      };
    });
  }

  /** POST /processes/:id/suspend: pauses every open deadline, keeping the days each had left. */
  suspend(user: AuthUser, id: string, reason: string, meta: RequestMeta): Promise<ProcessView> {
    return this.change(user, id, meta, async (tx) => {
      const open = (await this.deadlines.running(id, tx)).filter((d) => d.status === 'open');
      if (!open.length) throw new BadRequestException(M.noOpenDeadline);
      const context = await this.clock.context(
        open.map((d) => d.dueDate),
        tx,
      );
      const suspendedAt = this.clock.now();
      for (const deadline of open) {
        const left = daysBetween(context.today, deadline.dueDate, deadline.unit, context.isClosed);
        await this.apply(
          deadline,
          { status: 'suspended', suspendedAt, suspendReason: reason, remainingDays: Math.max(0, left) },
          tx,
        );
      }
      return {
        change: 'suspended',
        deadlines: open,
        days: null,
        history: { action: ACTIONS.suspended, comment: `Motivo: ${reason}\n${open.map(leftText).join('\n')}` },
        audit: `Prazos do processo ${id} sobrestados`,
        details: { reason, deadlines: open.map((d) => ({ id: d.id, remainingDays: d.remainingDays })) },
      };
    });
  }

  /**
   * POST /processes/:id/resume: counts again, from today, the days each suspended deadline had left;
   * one overdue when suspended keeps its due day.
   */
  resume(user: AuthUser, id: string, meta: RequestMeta): Promise<ProcessView> {
    return this.change(user, id, meta, async (tx) => {
      const suspended = (await this.deadlines.running(id, tx)).filter((d) => d.status === 'suspended');
      if (!suspended.length) throw new BadRequestException(M.noSuspendedDeadline);
      const today = this.clock.today();
      for (const deadline of suspended) {
        const suspendedOn = localIsoDate(deadline.suspendedAt!, this.config.TIME_ZONE);
        const left = deadline.remainingDays ?? 0;
        const dueDate =
          deadline.dueDate < suspendedOn
            ? deadline.dueDate
            : await this.calendar.due(today, left, left ? deadline.unit : 'calendar', tx);
        await this.apply(deadline, { status: 'open', dueDate, suspendedAt: null, remainingDays: null }, tx);
      }
      return {
        change: 'resumed',
        deadlines: suspended,
        days: null,
        history: {
          action: ACTIONS.resumed,
          comment: suspended.map((d) => `${DEADLINE_KIND_LABELS[d.kind]}: vence em ${shownDay(d.dueDate)}.`).join('\n'),
        },
        audit: `Prazos do processo ${id} retomados`,
        details: { deadlines: suspended.map((d) => ({ id: d.id, due: d.dueDate })) },
      };
    });
  }

  /** POST /processes/:id/extend: moves the shown (open) deadline by `days` of its unit, within its limits. */
  extend(user: AuthUser, id: string, request: ExtendDeadlineRequest, meta: RequestMeta): Promise<ProcessView> {
    return this.change(user, id, meta, async (tx, process) => {
      const shown = (await this.deadlines.running(id, tx)).find((d) => d.id === process.deadlineId);
      if (!shown) throw new BadRequestException(M.noOpenDeadline);
      if (shown.status === 'suspended') throw new BadRequestException(M.suspendedCannotExtend);
      const refusal = extensionRefusal(shown, request.days);
      if (refusal) throw new BadRequestException(refusal);
      const from = shown.dueDate;
      const dueDate = await this.calendar.due(from, request.days, shown.unit, tx);
      const extended = { extensions: shown.extensions + 1, extendedDays: shown.extendedDays + request.days };
      await this.apply(shown, { dueDate, ...extended }, tx);
      return {
        change: 'extended',
        deadlines: [shown],
        days: request.days,
        history: {
          action: ACTIONS.extended,
          comment: `${DEADLINE_KIND_LABELS[shown.kind]} prorrogado por ${daysText(request.days, shown.unit)}: vencia em ${shownDay(from)}, vence em ${shownDay(dueDate)}.\nJustificativa: ${request.justification}`,
        },
        audit: `Prazo do processo ${id} prorrogado`,
        details: { ...auditFields(shown), from, justification: request.justification },
        justification: request.justification,
      };
    });
  }

  /** Creation: `deadline`, or else the protocol's due date (by date), becomes the process deadline. */
  async atCreation(hook: DeadlineHookContext, input: DeadlineInput | undefined, protocolDue: string | null) {
    const asked: DeadlineAsked | null = input ?? (protocolDue ? { date: protocolDue } : null);
    if (!asked) return;
    const deadline = await this.saveProcessDeadline(
      hook.tx,
      hook.process,
      hook.user,
      await this.fieldsOf(asked, hook.tx),
    );
    await this.deadlines.refreshShown(hook.process.id, hook.tx);
    await this.record(hook, ACTIONS.set, deadlineText(deadline), `Prazo do processo ${hook.process.id} definido`, {
      ...auditFields(deadline),
    });
  }

  /**
   * Forward from `from` to `to`: the return deadlines asked by `to` are met (the process came back),
   * and `returnDeadline` asks `to` to return the process to `from`.
   */
  async atForward(hook: DeadlineHookContext, from: string, to: string, returnDeadline: DeadlineInput | undefined) {
    const met = await this.meet(hook, (d) => d.kind === 'return' && d.fromDepartment === to);
    if (!met && !returnDeadline) return;
    if (returnDeadline) {
      const fields = await this.fieldsOf(returnDeadline, hook.tx);
      const deadline = await this.deadlines.insert(
        {
          ...fields,
          processId: hook.process.id,
          kind: 'return',
          fromDepartment: from,
          toDepartment: to,
          setBy: hook.user.id,
          setAt: this.clock.now(),
        },
        hook.tx,
      );
      await this.record(
        hook,
        ACTIONS.returnRequested,
        `${from} pediu o retorno de ${to}. ${deadlineText(deadline)}`,
        `Retorno programado do processo ${hook.process.id} pedido a ${to}`,
        { ...auditFields(deadline), from, to },
      );
    }
    await this.deadlines.refreshShown(hook.process.id, hook.tx);
  }

  /** A response while the process is with a department asked to return it meets that return deadline. */
  async atResponse(hook: DeadlineHookContext) {
    if (await this.meet(hook, (d) => d.kind === 'return' && d.toDepartment === hook.process.currentDepartment)) {
      await this.deadlines.refreshShown(hook.process.id, hook.tx);
    }
  }

  /** Finalisation meets every running deadline. */
  async atFinalization(hook: DeadlineHookContext) {
    if (await this.meet(hook, () => true)) await this.deadlines.refreshShown(hook.process.id, hook.tx);
  }

  /** The route actions: lock, check, change, refresh the shown deadline, record, reply with the details. */
  private change(
    user: AuthUser,
    id: string,
    meta: RequestMeta,
    work: (tx: Tx, process: ProcessEntity) => Promise<DeadlineChangeDone>,
  ): Promise<ProcessView> {
    return this.transactions.run(async (tx) => {
      const process = await this.queries.lockVisible(tx, user, id);
      assertMayChangeDeadlines(user, process);
      const done = await work(tx, process);
      const [named] = done.deadlines;
      const now = this.clock.now();
      await this.deadlines.refreshShown(id, tx);
      await this.processes.update(id, { updatedAt: now, lastUpdate: now }, tx);
      await this.activity.record(tx, process, user, meta, {
        history: { ...done.history, from: process.currentDepartment, date: now },
        audit: { action: 'update', description: done.audit, details: done.details },
        event: {
          type: 'process.deadline-changed',
          extra: {
            change: done.change,
            deadlineKind: named.kind,
            due: named.dueDate,
            unit: named.unit,
            setBy: named.setBy,
            deadlineDepartments: [
              ...new Set(done.deadlines.flatMap((d) => [d.fromDepartment, d.toDepartment]).filter((d) => d !== null)),
            ],
            days: done.days,
            justification: done.justification ?? null,
          },
        },
      });
      return this.queries.details(user, id, tx);
    });
  }

  /** The fields of a new deadline from what was asked, counted from today (docs/deadlines.md#process-deadlines). */
  private async fieldsOf(asked: DeadlineAsked, tx: Tx) {
    const { today, unit, dueDate } = await this.clock.dueOf(asked, tx);
    return {
      unit,
      days: asked.days ?? null,
      startDate: today,
      dueDate,
      maxExtensions: asked.maxExtensions ?? this.config.DEADLINE_MAX_EXTENSIONS,
      maxExtensionDays: asked.maxExtensionDays ?? this.config.DEADLINE_MAX_EXTENSION_DAYS,
    };
  }

  /** Inserts the process deadline, or replaces the running one in place (its history entries keep the old). */
  private async saveProcessDeadline(
    tx: Tx,
    process: ProcessEntity,
    user: AuthUser,
    fields: Awaited<ReturnType<ProcessDeadlinesService['fieldsOf']>>,
    running?: ProcessDeadlineEntity,
  ): Promise<ProcessDeadlineEntity> {
    const values: NewProcessDeadline = {
      ...fields,
      processId: process.id,
      kind: 'process',
      fromDepartment: null,
      toDepartment: null,
      setBy: user.id,
      setAt: this.clock.now(),
    };
    if (!running) return this.deadlines.insert(values, tx);
    const replaced = {
      ...values,
      status: 'open' as const,
      suspendedAt: null,
      suspendReason: null,
      remainingDays: null,
      extensions: 0,
      extendedDays: 0,
    };
    await this.apply(running, replaced, tx);
    return running;
  }

  /** Writes `changes` to the deadline's row and to the entity at hand (which the history and event read). */
  private async apply(deadline: ProcessDeadlineEntity, changes: Partial<ProcessDeadlineEntity>, tx: Tx) {
    await this.deadlines.update(deadline.id, changes, tx);
    Object.assign(deadline, changes);
  }

  /** Meets the running deadlines `which` selects, on time or late by today's date; how many it met. */
  private async meet(hook: DeadlineHookContext, which: (deadline: ProcessDeadlineEntity) => boolean) {
    const met = (await this.deadlines.running(hook.process.id, hook.tx)).filter(which);
    const today = this.clock.today();
    const metAt = this.clock.now();
    for (const deadline of met) {
      const metLate = isLate(today, deadline.dueDate);
      await this.deadlines.update(
        deadline.id,
        { status: 'met', metAt, metLate, suspendedAt: null, remainingDays: null },
        hook.tx,
      );
      const ret = deadline.kind === 'return';
      await this.record(
        hook,
        ret ? ACTIONS.returnMet : ACTIONS.met,
        `${ret ? `Retorno de ${deadline.toDepartment} para ${deadline.fromDepartment}` : 'Prazo do processo'} cumprido ${metLate ? 'com atraso' : 'no prazo'} (vencimento em ${shownDay(deadline.dueDate)}).`,
        `${DEADLINE_KIND_LABELS[deadline.kind]} do processo ${hook.process.id} cumprido`,
        { ...auditFields(deadline), metLate },
      );
    }
    return met.length;
  }

  /** A deadline change made by another action: history (just after the action's own) and audit, no event. */
  private record(
    hook: DeadlineHookContext,
    action: string,
    comment: string,
    description: string,
    details: Record<string, unknown>,
  ) {
    hook.at = new Date(hook.at.getTime() + 1);
    return this.activity.record(hook.tx, hook.process, hook.user, hook.meta, {
      history: { action, comment, from: hook.process.currentDepartment, date: hook.at },
      audit: { action: 'update', description, details },
    });
  }
}

/** What a route action changed, for its history entry, audit row and event. */
interface DeadlineChangeDone {
  change: DeadlineChange;
  /** The deadlines changed; the event names the first (the one set or extended, the first suspended or resumed). */
  deadlines: ProcessDeadlineEntity[];
  days: number | null;
  /** An extension's justification, which the event carries to the requester's e-mail (docs/processes.md#access-to-information-requests). */
  justification?: string;
  history: { action: string; comment: string };
  audit: string;
  details: Record<string, unknown>;
}

const auditFields = (d: ProcessDeadlineEntity) => ({
  deadlineId: d.id,
  kind: d.kind,
  unit: d.unit,
  days: d.days,
  due: d.dueDate,
});

const leftText = (d: ProcessDeadlineEntity) =>
  `${DEADLINE_KIND_LABELS[d.kind]}: ${d.remainingDays === 1 ? 'resta' : 'restam'} ${daysText(d.remainingDays ?? 0, d.unit)}.`;
