import { PUBLIC_TRACKING_NOT_FOUND } from '#server/contracts/public-tracking';
import type { ProcessView } from '#server/contracts/processes';
import {
  TRACKING_PER_IP_PER_MINUTE,
  TRACKING_PER_NUMBER_PER_HOUR,
} from '#server/modules/public-tracking/public-tracking.controller';
import { createProcessViaApi } from '#test/factories/processes';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, login } from '#test/setup/app';
import { TRUSTING_LOOPBACK_PROXY, useServerSuite } from '#test/setup/server-suite';

/** Requests per kind in the enumeration test: 3 × 334 = 1,002 failed look-ups. */
const PER_KIND = 334;
/** Look-ups each real number takes there, under its hourly limit. */
const PER_NUMBER = TRACKING_PER_NUMBER_PER_HOUR - 2;
/** Medians of two kinds may differ by this much (ms), or by this share of the smaller one. */
const TOLERANCE_MS = 3;
const TOLERANCE_SHARE = 0.25;
/** Rounds of 1,002 look-ups measured at most before the times are judged to differ. */
const MAX_ROUNDS = 3;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
/** A distinct client address per request (the server believes X-Forwarded-For from loopback here). */
const address = (i: number) => `10.${(i >> 8) & 255}.${i & 255}.7`;

/**
 * docs/processes.md#receipts-and-tracking, "No oracle" and "Limits": an unknown number, a wrong code
 * and a confidential process (even with its right code) are one 404 in one time; the per-address and
 * per-number limits answer 429.
 */
describe('public tracking: no oracle, rate limits', () => {
  const { server } = useServerSuite(TRUSTING_LOOPBACK_PROXY);
  let token: string;
  let userId: string;
  let sent = 0;

  const track = async (number: string, code: string, from = address(sent++)) => {
    const started = performance.now();
    const res = await api(server.url, 'POST', '/public/tracking', {
      body: { number, code },
      headers: { 'x-forwarded-for': from },
    });
    return { status: res.status, body: res.body as unknown, ms: performance.now() - started };
  };
  const citizenProcess = (confidential: boolean): Promise<ProcessView> =>
    createProcessViaApi(server.url, token, {
      subject: confidential ? 'Denúncia sigilosa' : 'Pedido de poda',
      isNewRequester: true,
      requester: { name: 'Cidadã de Teste', document: '529.982.247-25', phone: '(11) 97777-1234' },
      ...(confidential ? { confidential: true, confidentialAccess: [userId] } : {}),
    });

  beforeAll(async () => {
    await createUser(server.dataSource, { username: 'oraculo', department: 'Gabinete' });
    const session = await login(server.url, 'oraculo', TEST_PASSWORD);
    token = session.token;
    userId = session.user.id;
  });

  /**
   * One round of 1,002 failed look-ups, 334 of each kind, in a shuffled order per turn so neither a
   * change of load on the machine nor a place in the turn favours a kind. Every kind spends one
   * real or fake number per PER_NUMBER look-ups, so the per-number limiter sees the same pattern.
   */
  const measureRound = async (round: number) => {
    const count = Math.ceil(PER_KIND / PER_NUMBER);
    const open: ProcessView[] = [];
    const secret: ProcessView[] = [];
    for (let i = 0; i < count; i++) {
      open.push(await citizenProcess(false));
      secret.push(await citizenProcess(true));
    }
    const wrongCode = (code: string) => code.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'));
    const fakeNumber = (i: number) => `${String(90000 + round * 1000 + Math.floor(i / PER_NUMBER))}.000001/2099-11`;
    const kinds: Record<string, (i: number) => ReturnType<typeof track>> = {
      'código errado': (i) => track(open[Math.floor(i / PER_NUMBER)].id, wrongCode(open[0].accessCode!)),
      'número inexistente': (i) => track(fakeNumber(i), open[0].accessCode!),
      'processo sigiloso': (i) => {
        const p = secret[Math.floor(i / PER_NUMBER)];
        return track(p.id, p.accessCode!);
      },
    };
    const times: Record<string, number[]> = {};
    const replies = new Set<string>();
    for (let i = 0; i < PER_KIND; i++) {
      const turn = Object.entries(kinds).sort(() => Math.random() - 0.5);
      for (const [kind, look] of turn) {
        const res = await look(i);
        replies.add(JSON.stringify([res.status, res.body]));
        (times[kind] ??= []).push(res.ms);
      }
    }
    const medians = Object.fromEntries(Object.entries(times).map(([kind, ms]) => [kind, median(ms)]));
    const values = Object.values(medians);
    const spread = Math.max(...values) - Math.min(...values);
    const within = spread <= Math.max(TOLERANCE_MS, TOLERANCE_SHARE * Math.min(...values));
    return { replies: [...replies], medians, within };
  };

  it('answers 1,002 wrong look-ups identically and in overlapping times', async () => {
    // A real oracle is a steady difference and shows in every round; a burst of load on a shared
    // CI machine lands on one round only, so the times must agree in one of up to three rounds.
    // The replies must be identical in every round measured.
    for (let round = 1; round <= MAX_ROUNDS; round++) {
      const { replies, medians, within } = await measureRound(round);
      console.log(`medianas (ms) da consulta pública, rodada ${round}:`, medians);
      expect(replies).toEqual([
        JSON.stringify([404, { statusCode: 404, message: PUBLIC_TRACKING_NOT_FOUND, error: 'Not Found' }]),
      ]);
      if (within) return;
    }
    throw new Error(`os tempos das três espécies de consulta diferiram em ${MAX_ROUNDS} rodadas seguidas`);
  });

  it('limits look-ups per address (429, pt-BR)', async () => {
    const from = '198.51.100.10';
    for (let i = 0; i < TRACKING_PER_IP_PER_MINUTE; i++) {
      expect((await track(`${String(80000 + i)}.000001/2099-11`, 'X', from)).status).toBe(404);
    }
    const limited = await track('80000.000001/2099-11', 'X', from);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ message: expect.stringMatching(/^Muitas consultas a partir deste endereço/) });
    // Another address is not limited.
    expect((await track('80000.000001/2099-11', 'X', '198.51.100.11')).status).toBe(404);
  });

  it('limits look-ups per number from any address, the right code included (429, pt-BR)', async () => {
    const target = await citizenProcess(false);
    for (let i = 0; i < TRACKING_PER_NUMBER_PER_HOUR; i++) {
      expect((await track(target.id, 'ERRADO')).status).toBe(404);
    }
    const limited = await track(target.id, target.accessCode!);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ message: expect.stringMatching(/^Muitas consultas deste processo/) });
    // The number typed in lower case counts against the same limit.
    expect((await track(target.id.toLowerCase(), target.accessCode!)).status).toBe(429);
  });
});
