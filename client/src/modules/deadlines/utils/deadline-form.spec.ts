import { DEADLINE_MESSAGES } from '@contracts';
import { deadlineProblem, EMPTY_DEADLINE, extendProblem, toDeadlineRequest } from './deadline-form';

const TODAY = '2026-11-26';

describe('the deadline fields of the forms', () => {
  it('sends nothing without a deadline, {days, unit} or {date} otherwise', () => {
    expect(toDeadlineRequest(EMPTY_DEADLINE)).toBeUndefined();
    expect(toDeadlineRequest({ ...EMPTY_DEADLINE, mode: 'days', days: 5, unit: 'business' })).toEqual({
      days: 5,
      unit: 'business',
    });
    expect(toDeadlineRequest({ ...EMPTY_DEADLINE, mode: 'date', date: '2026-12-04', days: 3 })).toEqual({
      date: '2026-12-04',
    });
  });

  it("answers with the contract's pt-BR messages", () => {
    expect(deadlineProblem(EMPTY_DEADLINE, TODAY)).toBeNull();
    expect(deadlineProblem({ ...EMPTY_DEADLINE, mode: 'days', days: 10 }, TODAY)).toBeNull();
    for (const days of [NaN, 0, -3, 2.5, 731]) {
      expect(deadlineProblem({ ...EMPTY_DEADLINE, mode: 'days', days }, TODAY)).toBe(DEADLINE_MESSAGES.daysInvalid);
    }
    expect(deadlineProblem({ ...EMPTY_DEADLINE, mode: 'date' }, TODAY)).toBe(DEADLINE_MESSAGES.dateInvalid);
    expect(deadlineProblem({ ...EMPTY_DEADLINE, mode: 'date', date: '2026-02-30' }, TODAY)).toBe(
      DEADLINE_MESSAGES.dateInvalid,
    );
  });

  it('refuses a date in the past or more than 730 days ahead; today is fine', () => {
    const on = (date: string) => deadlineProblem({ ...EMPTY_DEADLINE, mode: 'date', date }, TODAY);
    expect(on('2026-11-25')).toBe(DEADLINE_MESSAGES.dateInPast);
    expect(on(TODAY)).toBeNull();
    expect(on('2028-11-25')).toBeNull();
    expect(on('2028-11-27')).toBe(DEADLINE_MESSAGES.dateTooFar);
  });
});

describe('the extension form', () => {
  it('needs whole days and a justification, within the days left', () => {
    expect(extendProblem({ days: NaN, justification: 'x' }, 10)).toEqual({
      field: 'days',
      message: DEADLINE_MESSAGES.extensionDaysInvalid,
    });
    expect(extendProblem({ days: 5, justification: '   ' }, 10)).toEqual({
      field: 'justification',
      message: DEADLINE_MESSAGES.justificationRequired,
    });
    expect(extendProblem({ days: 11, justification: 'Diligência' }, 10)).toEqual({
      field: 'days',
      message: 'A prorrogação passa do máximo permitido: restam 10 dias de prorrogação.',
    });
    expect(extendProblem({ days: 10, justification: 'Diligência' }, 10)).toBeNull();
  });
});
