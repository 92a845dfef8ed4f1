import { batchNotifies, NOTIFY, NOTIFY_MANY, type Query } from './notify-batch';

/** A fake connection: records statements and answers each one when told. */
function recordingConnection() {
  const sent: { text: string; values: unknown[] }[] = [];
  const answers: (() => void)[] = [];
  const query: Query = (text, values = []) =>
    new Promise((resolve) => {
      sent.push({ text, values });
      answers.push(() => resolve({ rows: [{ id: sent.length }] }));
    });
  const answerAll = async () => {
    while (answers.length > 0) {
      answers.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { sent, query, answerAll };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('batchNotifies', () => {
  it('sends the NOTIFYs of one tick as one statement, in the order emitted', async () => {
    const connection = recordingConnection();
    const send = batchNotifies(connection.query);
    const done = [1, 2, 3].map((i) => send(NOTIFY, ['canal', `evento ${i}`]));
    await tick();
    expect(connection.sent).toEqual([
      {
        text: NOTIFY_MANY,
        values: [
          ['canal', 'canal', 'canal'],
          ['evento 1', 'evento 2', 'evento 3'],
        ],
      },
    ]);
    await connection.answerAll();
    await expect(Promise.all(done)).resolves.toHaveLength(3);
  });

  it('sends a lone NOTIFY as it came', async () => {
    const connection = recordingConnection();
    const send = batchNotifies(connection.query);
    const done = send(NOTIFY, ['canal', 'só um']);
    await tick();
    expect(connection.sent).toEqual([{ text: NOTIFY, values: ['canal', 'só um'] }]);
    await connection.answerAll();
    await done;
  });

  it('runs any other statement after the NOTIFYs queued before it, one statement at a time', async () => {
    const connection = recordingConnection();
    const send = batchNotifies(connection.query);
    void send(NOTIFY, ['canal', 'a']);
    void send(NOTIFY, ['canal', 'b']);
    const flushed = send('SELECT 1');
    void send(NOTIFY, ['canal', 'c']);
    await tick();
    // The second statement waits for the first to answer.
    expect(connection.sent.map((s) => s.text)).toEqual([NOTIFY_MANY]);
    await connection.answerAll();
    await flushed;
    expect(connection.sent).toEqual([
      {
        text: NOTIFY_MANY,
        values: [
          ['canal', 'canal'],
          ['a', 'b'],
        ],
      },
      { text: 'SELECT 1', values: [] },
      { text: NOTIFY, values: ['canal', 'c'] },
    ]);
  });

  it('splits a large burst into statements of at most 500, in order', async () => {
    const connection = recordingConnection();
    const send = batchNotifies(connection.query);
    const done = Array.from({ length: 1200 }, (_, i) => send(NOTIFY, ['canal', String(i)]));
    await tick();
    await connection.answerAll();
    await Promise.all(done);
    const payloads = connection.sent.map((s) => s.values[1] as string[]);
    expect(payloads.map((p) => p.length)).toEqual([500, 500, 200]);
    expect(payloads.flat()).toEqual(Array.from({ length: 1200 }, (_, i) => String(i)));
  });

  it('rejects every NOTIFY of a failed statement, and goes on with the next', async () => {
    const failing: Query = (text) =>
      text === NOTIFY_MANY ? Promise.reject(new Error('sem conexão')) : Promise.resolve({ rows: [] });
    const send = batchNotifies(failing);
    const first = [send(NOTIFY, ['canal', 'a']), send(NOTIFY, ['canal', 'b'])];
    await Promise.all(first.map((p) => expect(p).rejects.toThrow('sem conexão')));
    await expect(send('SELECT 1')).resolves.toEqual({ rows: [] });
  });
});
