import type { ProcessSummary } from '@contracts';
import { buildProcessesCsv, processesCsvFileName } from './processes-csv';

const base: ProcessSummary = {
  _id: '52402.012075/2022-28',
  id: '52402.012075/2022-28',
  subject: 'Compra; "urgente"',
  description: 'Linha 1\nLinha 2',
  status: 'em andamento',
  currentDepartment: 'Financeiro',
  originDepartment: 'Administração',
  createdAt: '2025-01-02T13:00:00.000Z',
  updatedAt: '2025-01-03T13:00:00.000Z',
  lastUpdate: '2025-01-03T13:00:00.000Z',
  createdBy: null,
  confidential: true,
  requestType: 'standard',
  daysSinceUpdate: 3,
  protocol: null,
  deadline: null,
};

describe('buildProcessesCsv', () => {
  it('starts with a BOM, uses ; and CRLF, and quotes cells that need it', () => {
    const csv = buildProcessesCsv([base]);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'Protocolo;Assunto;Descrição;Departamento de origem;Departamento atual;Status;Sigiloso;Criado em;Última atualização',
    );
    expect(
      lines[1].startsWith(
        '52402.012075/2022-28;"Compra; ""urgente""";"Linha 1\nLinha 2";Administração;Financeiro;Em andamento;Sim;',
      ),
    ).toBe(true);
    expect(lines[2]).toBe('');
    expect(lines).toHaveLength(3);
  });

  it('neutralises cells Excel would run as formulas', () => {
    const csv = buildProcessesCsv([{ ...base, subject: '=HYPERLINK("x")', confidential: false }]);
    expect(csv).toContain(`;"'=HYPERLINK(""x"")";`);
    expect(csv).toContain(';Não;');
  });

  it('has only the header for an empty list', () => {
    expect(buildProcessesCsv([]).split('\r\n')).toHaveLength(2);
  });
});

describe('processesCsvFileName', () => {
  it('names the file after the local date', () => {
    expect(processesCsvFileName(new Date(2025, 0, 9, 23, 59))).toBe('processos-2025-01-09.csv');
  });
});
