import { fillPolicy, POLICY_KEYS, type Policies } from '../../domain/policies';
import { getBusiness } from '../business/business-repository';
import type { Executor } from '../db/database';
import { getPolicyTexts } from './policy-repository';

/** The policy pages as customers read them: the owner's texts with today's business details filled in. */
export async function publicPolicies(executor: Executor): Promise<Policies> {
  const [texts, business] = await Promise.all([getPolicyTexts(executor), getBusiness(executor)]);
  return Object.fromEntries(POLICY_KEYS.map((k) => [k, fillPolicy(texts[k], business)])) as Policies;
}
