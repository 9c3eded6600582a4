/**
 * What every route group in this folder is typed with and built from. A route group is a Hono
 * router of its own, holding its routes and their handlers; `createWorker` mounts each at `/`
 * behind its middleware (origin policy, CORS, auth), so a group's handlers see the authenticated
 * caller, and they read the deployment's configuration through `ConfigFor`, built on the first
 * request.
 */
import type { WorkerCaller } from '../caller.ts';
import type { WorkerConfig, WorkerConfigEnv } from '../config.ts';
import type { RequestMeter } from '../request-meter.ts';

/**
 * A route group's Hono environment: the bindings its handlers read, the caller auth set, and the
 * request's meter (its limits, timings and log fields).
 */
export type RouteEnv<Bindings extends object = WorkerConfigEnv> = {
  Bindings: Bindings;
  Variables: { caller: WorkerCaller; meter: RequestMeter };
};

/** The deployment's configuration for a request's bindings: the same object on every request. */
export type ConfigFor = (env: WorkerConfigEnv | undefined) => WorkerConfig;
