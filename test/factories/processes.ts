import { api } from '#test/setup/app';
import type { CreateProcessRequest, ProcessMutationResponse } from '#server/contracts/processes';

/** Creates a process through the API as the owner of `token`; throws unless it answers 201. */
export async function createProcessViaApi(
  url: string,
  token: string,
  overrides: Partial<CreateProcessRequest> = {},
): Promise<ProcessMutationResponse['process']> {
  const res = await api<ProcessMutationResponse>(url, 'POST', '/processes', {
    token,
    body: {
      subject: 'Solicitação de reparo de iluminação pública',
      description: 'Poste apagado na Rua das Flores, 120.',
      destinationDepartment: 'Infraestrutura',
      ...overrides,
    },
  });
  if (res.status !== 201) throw new Error(`criação falhou: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.process;
}

/** Path segment of a process id (the NUP contains a slash). */
export const pid = (id: string) => encodeURIComponent(id);
