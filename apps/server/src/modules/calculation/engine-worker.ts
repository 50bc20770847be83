import { serveTasks } from '../../lib/thread-pool.ts';
import { engineHere } from './engine-pool.ts';

/** The tax engine's thread of engine-pool.ts: one declaration at a time, per-deal results in parts. */
serveTasks(engineHere);
