import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.ts';
import type { Statement } from './query-counter.ts';

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** A bind parameter as an SQL literal. */
function literalOf(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = value instanceof Date ? value.toISOString() : String(value);
  return `'${text.replace(/'/g, "''")}'`;
}

/** The statement with its parameters written in, for EXPLAIN (which takes no bind parameters). */
const inlined = (statement: Statement): string =>
  statement.sql.replace(/\$(\d+)/g, (_, index: string) => literalOf(statement.params[Number(index) - 1]));

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/** Every node of an `explain (format json)` answer, whichever driver answered it. */
function planNodes(result: unknown): PlanNode[] {
  const { rows } = result as { rows: Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> | string }> };
  const raw = rows[0]!['QUERY PLAN'];
  const [plan] = typeof raw === 'string' ? (JSON.parse(raw) as Array<{ Plan: PlanNode }>) : raw;
  return nodesOf(plan!.Plan);
}

export const sorts = (nodes: PlanNode[]): boolean => nodes.some((node) => node['Node Type'].endsWith('Sort'));

export const indexesOf = (nodes: PlanNode[]): string[] => nodes.flatMap((node) => (node['Index Name'] ? [node['Index Name']] : []));

/** The plan for the statement with its values known, under `settings` (`enable_sort = off`, …). */
export function planOf(db: Db, statement: Statement, settings: string[]): Promise<PlanNode[]> {
  return db.transaction(async (tx) => {
    for (const setting of settings) await tx.execute(sql.raw(`set local ${setting}`));
    return planNodes(await tx.execute(sql.raw(`explain (format json) ${inlined(statement)}`)));
  });
}

/**
 * The plan a prepared statement keeps once the database stops planning it for each run's values
 * (its generic plan): the app runs its hot queries as prepared statements (src/server/db/prepared.ts).
 */
export function keptPlanOf(db: Db, statement: Statement, settings: string[]): Promise<PlanNode[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    for (const setting of settings) await tx.execute(sql.raw(`set local ${setting}`));
    await tx.execute(sql.raw(`prepare kept_plan as ${statement.sql}`));
    try {
      const args = statement.params.map(literalOf).join(', ');
      return planNodes(await tx.execute(sql.raw(`explain (format json) execute kept_plan${args ? `(${args})` : ''}`)));
    } finally {
      await tx.execute(sql`deallocate kept_plan`);
    }
  });
}
