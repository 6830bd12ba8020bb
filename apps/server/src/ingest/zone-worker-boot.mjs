// The fence engine thread's entry (zone-thread.ts). The engine is TypeScript; a worker thread does not inherit the
// loader a process was started with (`node --import tsx`) in every Node version, nor has one under the test runner,
// so the thread registers tsx itself before loading it.
import { register } from 'tsx/esm/api';

register();
await import('./zone-worker.ts');
