import { describe, expect, it } from 'vitest';
import { large } from '../../../packages/documents/test/fixtures.ts';
import { renderOffThread } from '../src/modules/documents/render-pool.ts';
import { watchEventLoop } from './helpers.ts';

// Large exports render on a worker thread, so the server keeps answering other users meanwhile.
describe('rendering off the main thread', () => {
  it('renders a 2,000-deal PDF and workbook while the event loop stays free', { timeout: 120_000 }, async () => {
    const loop = watchEventLoop(10);
    const started = performance.now();
    try {
      const [pdf, xlsx] = await Promise.all([
        renderOffThread('pdf', large(2000)),
        renderOffThread('xlsx', large(2000)),
      ]);
      const took = performance.now() - started;
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.subarray(-6).toString('latin1')).toMatch(/%%EOF\s*$/);
      expect(xlsx.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
      // rendering on this thread would stall it for about the whole render time
      console.info(`rendered in ${Math.round(took)} ms; slowest event-loop tick ${Math.round(loop.slowest())} ms`);
      expect(loop.slowest()).toBeLessThan(Math.max(250, took / 4));
    } finally {
      loop.stop();
    }
  });
});
