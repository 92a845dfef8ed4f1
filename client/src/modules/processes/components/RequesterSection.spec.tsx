/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { stubBrowser } from '@/ui/testing/jsdom-stubs';
import { buildCreateProcessRequest, INITIAL_PROCESS_FORM, type ProcessFormValues } from '../utils/process-form';
import { RequesterSection } from './RequesterSection';

let latest: ProcessFormValues = INITIAL_PROCESS_FORM;

function Form() {
  const [values, setValues] = useState<ProcessFormValues>({ ...INITIAL_PROCESS_FORM, requesterMode: 'new' });
  latest = values;
  return (
    <RequesterSection values={values} onChange={setValues} users={[]} usersError={null} fieldError={() => undefined} />
  );
}

/** docs/processes.md#updates-by-e-mail: the checkbox of a new external requester. */
describe("RequesterSection 'Receber atualizações por e-mail'", () => {
  beforeEach(() => stubBrowser());

  it('stays off until there is an e-mail, then asks for updates', async () => {
    render(<Form />);
    const box = () => screen.getByRole('checkbox', { name: 'Receber atualizações por e-mail' });
    expect(box()).toHaveProperty('disabled', true);
    expect(screen.getByText('Informe o e-mail do requerente para ativar.')).toBeTruthy();

    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'ana@cidadao.test');
    expect(box()).toHaveProperty('disabled', false);
    await userEvent.click(box());
    expect(box()).toHaveProperty('checked', true);
    expect(buildCreateProcessRequest(latest, 'X').requester).toMatchObject({
      email: 'ana@cidadao.test',
      emailUpdates: true,
    });

    await userEvent.clear(screen.getByRole('textbox', { name: 'E-mail' }));
    expect(box()).toHaveProperty('checked', false);
    expect(buildCreateProcessRequest(latest, 'X').requester).toMatchObject({ emailUpdates: false });
  });
});
