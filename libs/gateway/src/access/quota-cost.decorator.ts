import { SetMetadata } from '@nestjs/common';
import type { Request } from 'express';

export const QUOTA_COST = Symbol('QUOTA_COST');
export type QuotaCostFn = (req: Request) => number;

/** How many monthly calls a route consumes; one unless a route says otherwise (bulk: one per item). */
export const QuotaCost = (fn: QuotaCostFn) => SetMetadata(QUOTA_COST, fn);
