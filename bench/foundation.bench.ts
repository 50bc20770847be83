import autocannon from 'autocannon';
import { type Result, startProduct } from './support.ts';

/** Cold start to first /api/health, and reference-list throughput on loopback. */
export async function run(): Promise<Result[]> {
  const server = await startProduct();
  try {
    const ac = await autocannon({
      url: `${server.base}/api/common/get-countries`,
      connections: 10,
      duration: 10,
    });
    return [
      {
        name: 'cold start to first /api/health (fresh data dir, migrations + seed)',
        measured: Math.round(server.startMs),
        unit: 'ms',
        budget: 15000,
        kind: 'max',
      },
      {
        name: 'GET /api/common/get-countries throughput (10 connections)',
        measured: Math.round(ac.requests.average),
        unit: 'req/s',
        budget: 2000,
        kind: 'min',
      },
      {
        name: 'GET /api/common/get-countries p99 latency',
        measured: ac.latency.p99,
        unit: 'ms',
        budget: 50,
        kind: 'max',
        note: `${ac.errors} errors, ${ac.non2xx} non-2xx`,
      },
    ];
  } finally {
    await server.stop();
  }
}
