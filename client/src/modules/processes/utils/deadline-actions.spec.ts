import type { ProcessDeadlineDetail, ProcessView } from '@contracts';
import { availableDeadlineActions, shownDeadline } from './deadline-actions';

const detail = (over: Partial<ProcessDeadlineDetail>): ProcessDeadlineDetail => ({
  id: 'd1',
  due: '2026-12-04',
  unit: 'calendar',
  state: 'on-time',
  kind: 'process',
  businessDaysLeft: 6,
  days: 10,
  startDate: '2026-11-24',
  fromDepartment: null,
  toDepartment: null,
  setBy: null,
  setAt: '2026-11-24T12:00:00.000Z',
  suspendedAt: null,
  suspendReason: null,
  extensions: 0,
  extendedDays: 0,
  maxExtensions: 1,
  maxExtensionDays: 10,
  metAt: null,
  metLate: null,
  ...over,
});

type Facts = Pick<ProcessView, 'status' | 'permissions' | 'deadline' | 'deadlines' | 'requestType'>;
const process = (deadlines: ProcessDeadlineDetail[], over: Partial<Facts> = {}): Facts => {
  const [first] = deadlines;
  return {
    status: 'em andamento',
    permissions: { canAct: true, canDelete: false, canViewConfidentiality: false, canEditConfidentiality: false },
    deadline: first
      ? {
          due: first.due,
          unit: first.unit,
          state: first.state,
          kind: first.kind,
          businessDaysLeft: first.businessDaysLeft,
        }
      : null,
    deadlines,
    requestType: 'standard',
    ...over,
  };
};

describe('the deadline actions offered', () => {
  it('offers only "Definir prazo" on a process without deadlines', () => {
    expect(availableDeadlineActions(process([]))).toEqual(['set']);
  });

  it('suspends and extends a running deadline; resumes a paused one', () => {
    expect(availableDeadlineActions(process([detail({})]))).toEqual(['set', 'suspend', 'extend']);
    const paused = detail({ state: 'suspended', businessDaysLeft: null, suspendReason: 'Diligência' });
    expect(availableDeadlineActions(process([paused]))).toEqual(['set', 'resume']);
  });

  it('no longer offers "Prorrogar" once the extensions are used up', () => {
    expect(availableDeadlineActions(process([detail({ extensions: 1, extendedDays: 5 })]))).toEqual(['set', 'suspend']);
    expect(availableDeadlineActions(process([detail({ maxExtensions: 0 })]))).toEqual(['set', 'suspend']);
  });

  it("keeps a LAI request's legal clock: extend (once), suspend, never 'Definir prazo'", () => {
    expect(availableDeadlineActions(process([detail({})], { requestType: 'lai' }))).toEqual(['suspend', 'extend']);
    const extended = detail({ extensions: 1, extendedDays: 10 });
    expect(availableDeadlineActions(process([extended], { requestType: 'lai' }))).toEqual(['suspend']);
  });

  it('offers nothing to who may not act, nor on a finalised process', () => {
    const facts = process([detail({})]);
    expect(availableDeadlineActions({ ...facts, permissions: { ...facts.permissions, canAct: false } })).toEqual([]);
    expect(availableDeadlineActions({ ...facts, status: 'concluído' })).toEqual([]);
  });

  it('finds the shown deadline among the details by kind, due day and state', () => {
    const running = detail({ id: 'open' });
    const met = detail({ id: 'met', state: 'met', businessDaysLeft: null, metAt: '2026-11-20T12:00:00.000Z' });
    expect(shownDeadline(process([running, met]))?.id).toBe('open');
    expect(shownDeadline(process([]))).toBeNull();
  });
});
