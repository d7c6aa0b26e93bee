import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrors } from './plugins';

/** The error presenter on its own: a bare Fastify app whose routes throw what the database layer throws. */
async function answerTo(err: Error) {
  const app = Fastify();
  registerErrors(app);
  app.get('/x', async () => {
    throw err;
  });
  const res = await app.inject({ method: 'GET', url: '/x', headers: { 'accept-language': 'es' } });
  await app.close();
  return { status: res.statusCode, body: res.json() as { message: string } };
}

describe('the error presenter: a database that cannot be reached is 503, never 500', () => {
  it.each([
    ['the pool could not connect in time', new Error('timeout exceeded when trying to connect')],
    ['the connection ended mid-query (the embedded database dropped it)', new Error('Connection terminated unexpectedly')],
    ['a refused socket, wrapped by the ORM', new Error('Failed query: select 1', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) })],
    ['PostgreSQL: too many connections', Object.assign(new Error('sorry, too many clients already'), { code: '53300' })],
    ['PostgreSQL: the server is shutting down', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
  ])('%s', async (_, err) => {
    const { status, body } = await answerTo(err);
    expect(status).toBe(503);
    expect(body.message).not.toMatch(/ECONNREFUSED|terminated|timeout exceeded/);
  });

  it('another unexpected error is still a 500 with the generic message', async () => {
    expect((await answerTo(new Error('boom'))).status).toBe(500);
  });
});
