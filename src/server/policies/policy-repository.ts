import { DEFAULT_POLICIES, POLICY_KEYS, type Policies } from '../../domain/policies';
import type { Executor } from '../db/database';
import { nowIso } from '../db/database';

/** Every policy's Markdown as the owner wrote it (or its default), `{{field}}`s not yet filled. */
export async function getPolicyTexts(executor: Executor): Promise<Policies> {
  const rows = await executor.selectFrom('policies').select(['key', 'body']).execute();
  const saved = new Map(rows.map((r) => [r.key, r.body]));
  return Object.fromEntries(POLICY_KEYS.map((k) => [k, saved.get(k) ?? DEFAULT_POLICIES[k]])) as Policies;
}

export async function savePolicyTexts(executor: Executor, policies: Policies): Promise<void> {
  const now = nowIso();
  for (const key of POLICY_KEYS) {
    await executor
      .insertInto('policies')
      .values({ key, body: policies[key], updated_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ body: policies[key], updated_at: now }))
      .execute();
  }
}
