import { serveTasks } from '../../lib/thread-pool.ts';
import { parseHere } from './parse-pool.ts';

/** The parsing thread of parse-pool.ts: one report at a time, its deals sent back in parts. */
serveTasks(parseHere);
