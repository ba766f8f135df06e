// The policy pages' PUT body, apart from src/domain/policies.ts so that the footer's links do not bring zod into
// the storefront's first load.
import { z } from 'zod';
import { POLICY_KEYS, type PolicyKey } from '../policies';
import { atMost } from './at-most';

export const POLICY_MAX = 20_000;

export const policiesSchema = z.strictObject(
  Object.fromEntries(
    POLICY_KEYS.map((k) => [k, z.string().trim().min(1, { error: 'A policy page cannot be empty' }).max(POLICY_MAX, atMost('A policy page', POLICY_MAX))]),
  ) as Record<PolicyKey, z.ZodString>,
);
