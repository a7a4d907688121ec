import type { StaffEntity } from '@sum28/database';
import type { FastifyRequest } from 'fastify';
import type { Role } from './roles';

/**
 * The console's request types, on their own so the route decorators (permission.ts) and the input
 * interceptor can both use them without importing each other.
 */
export interface StaffContext {
  staff: StaffEntity & { role: Role };
  sessionId: number;
}

export type ConsoleRequest = FastifyRequest & { staffContext?: StaffContext };
