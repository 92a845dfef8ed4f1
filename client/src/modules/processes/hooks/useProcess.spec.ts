/**
 * @jest-environment jsdom
 */
import type { ProcessView } from '@contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { HttpError } from '@/lib/http';
import { processesApi } from '../api/processes-api';
import { processKeys } from '../api/process-keys';
import { classifyLoadError, useProcess, useProcessCache } from './useProcess';

jest.mock('../api/processes-api', () => ({ processesApi: { get: jest.fn() } }));
const get = processesApi.get as jest.MockedFunction<typeof processesApi.get>;

const ID = '10001.000001/2026-11';
const view = (status: string) => ({ id: ID, status }) as unknown as ProcessView;

/** A client like the app's (app/ is off limits to modules): failed loads are final here. */
function render<T>(hook: () => T, client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
  return { client, ...renderHook(hook, { wrapper }) };
}

beforeEach(() => get.mockReset());

describe('classifyLoadError', () => {
  it("treats the server's 404 (missing or confidential without access) as unavailable", () => {
    expect(classifyLoadError(new HttpError(404, 'x', { serverMessage: 'Processo não encontrado.' }))).toEqual({
      kind: 'unavailable',
    });
  });

  it('shows the server message of a malformed id, and a generic failure otherwise', () => {
    expect(classifyLoadError(new HttpError(400, 'x', { serverMessage: 'Número de processo inválido.' }))).toEqual({
      kind: 'not-found',
      message: 'Número de processo inválido.',
    });
    expect(classifyLoadError(new HttpError(500, 'x'))).toEqual({ kind: 'failed' });
    expect(classifyLoadError(new Error('boom'))).toEqual({ kind: 'failed' });
  });
});

describe('useProcess', () => {
  it('loads the process with the query signal and reloads it on demand', async () => {
    get.mockResolvedValueOnce(view('Em Andamento')).mockResolvedValueOnce(view('Respondido'));
    const { result } = render(() => useProcess(ID));
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.process?.status).toBe('Em Andamento'));
    expect(get).toHaveBeenCalledWith(ID, expect.any(AbortSignal));
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.process?.status).toBe('Respondido'));
    expect(result.current.error).toBeNull();
  });

  it('answers a 404 with the unavailable screen and shows no process', async () => {
    get.mockRejectedValue(new HttpError(404, 'x'));
    const { result } = render(() => useProcess(ID));
    await waitFor(() => expect(result.current.error).toEqual({ kind: 'unavailable' }));
    expect(result.current.process).toBeNull();
    expect(result.current.loading).toBe(false);
  });
});

describe('useProcessCache', () => {
  it("stores a mutation's process and marks the lists and stats stale", () => {
    const { client, result } = render(() => useProcessCache());
    const query = { status: 'Em Andamento' } as never;
    client.setQueryData(processKeys.list(query), { data: { processes: [] } });
    client.setQueryData(processKeys.stats(), { data: {} });
    act(() => result.current(view('Concluído')));
    expect(client.getQueryData(processKeys.detail(ID))).toEqual(view('Concluído'));
    expect(client.getQueryState(processKeys.list(query))?.isInvalidated).toBe(true);
    expect(client.getQueryState(processKeys.stats())?.isInvalidated).toBe(true);
  });
});
