/**
 * Load shedding (@fastify/under-pressure): while the event loop lags beyond a threshold, new requests
 * get 503 with `Retry-After` and the error shape at once, before any session lookup or query, instead
 * of queueing behind the work that already makes the process late. The load balancer's liveness probe
 * (`config: { neverShed: true }`, GET /health/live) is always answered: a process that is only busy must
 * not be restarted. GET /health/ready is shed like the rest, which takes the instance out of rotation
 * until it catches up.
 */
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../errors';
import { formatMessage } from '../messages';
import { waitText } from './rate-limit';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answered even while the server sheds load (the liveness probe). */
    neverShed?: boolean;
  }
}

export interface LoadSheddingOptions {
  /** 503 while the measured event-loop delay exceeds this (ms); 0 = off. */
  maxEventLoopDelayMs: number;
  /** How often the delay is measured (ms): the state lasts at least this long. */
  sampleIntervalMs: number;
  /** `Retry-After` of a shed request (seconds). */
  retryAfterSeconds: number;
}

export const DEFAULT_LOAD_SHEDDING: LoadSheddingOptions = {
  maxEventLoopDelayMs: 1000,
  sampleIntervalMs: 1000,
  retryAfterSeconds: 10,
};

export const loadSheddingPlugin = fp<LoadSheddingOptions>(
  async (app: FastifyInstance, options) => {
    if (options.maxEventLoopDelayMs <= 0) return;
    const retryAfter = String(options.retryAfterSeconds);
    const detail = formatMessage('apiOverloaded', { after: waitText(options.retryAfterSeconds * 1000) });
    await app.register(underPressure, {
      maxEventLoopDelay: options.maxEventLoopDelayMs,
      sampleInterval: options.sampleIntervalMs,
      retryAfter: options.retryAfterSeconds,
      // Thrown, so the one error handler answers (error shape, security headers, no 500).
      pressureHandler: async (request: FastifyRequest) => {
        if (request.routeOptions.config?.neverShed === true) return;
        throw new ApiError(503, detail, { 'retry-after': retryAfter });
      },
    });
  },
  { name: 'load-shedding' },
);
