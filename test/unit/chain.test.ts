/** Express stages as one router layer (src/pipeline/chain.ts): order, answers, and errors as Express would route them. */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { chain } from '../../src/pipeline/chain.js';

type Outcome = { next: 'called' | 'not called'; err?: unknown; log: string[] };

/** Runs a chain over a bare request and tells whether and how it left through the outer `next`. */
async function run(...stages: ((log: string[]) => RequestHandler)[]): Promise<Outcome> {
  const log: string[] = [];
  return new Promise((resolve) => {
    const next: NextFunction = (err?: unknown) => resolve({ next: 'called', err, log });
    chain(...stages.map((s) => s(log)))({} as Request, {} as Response, next);
    // a stage that answers calls no next: the chain settles without it
    setTimeout(() => resolve({ next: 'not called', log }), 20);
  });
}

const pass = (name: string) => (log: string[]) => (_req: Request, _res: Response, next: NextFunction) => (log.push(name), next());

describe('a chain of Express stages', () => {
  it('runs them in order and leaves through next when each passes', async () => {
    expect(await run(pass('a'), pass('b'), pass('c'))).toEqual({ next: 'called', err: undefined, log: ['a', 'b', 'c'] });
    expect(await run()).toEqual({ next: 'called', err: undefined, log: [] });
  });

  it('stops at a stage that answers (calls no next)', async () => {
    const answers = (log: string[]) => () => void log.push('answered');
    expect(await run(pass('a'), answers, pass('c'))).toEqual({ next: 'not called', log: ['a', 'answered'] });
  });

  it('hands an error on, from next(err), a throw or a rejected promise, skipping the rest', async () => {
    const boom = new Error('boom');
    const viaNext = () => (_q: Request, _s: Response, next: NextFunction) => next(boom);
    const throws = () => () => {
      throw boom;
    };
    const rejects = () => async () => {
      throw boom;
    };
    for (const failing of [viaNext, throws, rejects]) expect(await run(pass('a'), failing, pass('c'))).toEqual({ next: 'called', err: boom, log: ['a'] });
  });

  it('waits for an async stage that calls next later', async () => {
    const later = (log: string[]) => async (_q: Request, _s: Response, next: NextFunction) => {
      await new Promise((r) => setTimeout(r, 2));
      log.push('later');
      next();
    };
    expect(await run(later, pass('b'))).toEqual({ next: 'called', err: undefined, log: ['later', 'b'] });
  });

  it('answers as the same stages mounted one by one on an Express app', async () => {
    const stages = (log: string[]): RequestHandler[] => [
      (req, _res, next) => (log.push(`a ${req.path}`), next()),
      async (req, _res, next) => {
        await Promise.resolve();
        if (req.path === '/fail') throw new Error('failed');
        next();
      },
      (req, res, next) => (req.path === '/answer' ? void res.status(201).json({ ok: true }) : next()),
    ];
    const serve = async (mount: (app: express.Express, s: RequestHandler[]) => void, path: string) => {
      const log: string[] = [];
      const app = express();
      mount(app, stages(log));
      app.use((_req: Request, res: Response) => void res.status(404).end());
      app.use((err: Error, _req: Request, res: Response, _next: NextFunction) => void res.status(500).json({ error: err.message }));
      const server = app.listen(0);
      await new Promise((r) => server.once('listening', r));
      const port = (server.address() as { port: number }).port;
      const res = await fetch(`http://127.0.0.1:${port}${path}`);
      const out = { status: res.status, body: await res.text(), log };
      await new Promise((r) => server.close(r));
      return out;
    };
    for (const path of ['/answer', '/fail', '/other']) {
      const oneByOne = await serve((app, s) => s.forEach((m) => app.use(m)), path);
      const chained = await serve((app, s) => app.use(chain(...s)), path);
      expect(chained, path).toEqual(oneByOne);
    }
  });
});
