import { DEADLINE_MESSAGES } from '#server/contracts/deadlines';
import { assertMayAct, assertMayChangeDeadlines } from './process-rules';

const operator = { role: 'operator' as const, department: 'Infraestrutura', level: 'Funcionário' as const };
const admin = { ...operator, role: 'admin' as const, department: 'Gabinete' };
const open = { status: 'em andamento' as const, currentDepartment: 'Infraestrutura' };
const closed = { ...open, status: 'concluído' as const };
const elsewhere = { ...open, currentDepartment: 'Jurídico' };

describe('deadline changes follow the acting rule, then refuse a finalised process (docs/deadlines.md)', () => {
  it('lets an admin or a user of the current department change an open process', () => {
    expect(() => assertMayChangeDeadlines(operator, open)).not.toThrow();
    expect(() => assertMayChangeDeadlines(admin, elsewhere)).not.toThrow();
  });

  it('403 for anyone else, before the finalised check', () => {
    for (const process of [elsewhere, { ...elsewhere, status: 'concluído' as const }]) {
      expect(() => assertMayChangeDeadlines(operator, process)).toThrow(expect.objectContaining({ status: 403 }));
    }
  });

  it('400 with the pt-BR message on a finalised process, where other actions answer 409', () => {
    expect(() => assertMayChangeDeadlines(operator, closed)).toThrow(DEADLINE_MESSAGES.processClosed);
    expect(() => assertMayChangeDeadlines(admin, closed)).toThrow(expect.objectContaining({ status: 400 }));
    expect(() => assertMayAct(operator, closed)).toThrow(expect.objectContaining({ status: 409 }));
  });
});
