import { holds } from '@lodestar/db';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * The hold scope in SQL, for repositories only (services use hold-scope.ts). Catalogue rows
 * (carriers, card types, packages, suppliers), SIM cards and payment orders carry an owner hold.
 *
 * - `ownedInSubtree`: the owner is the caller's hold or below it. Writes, SIM cards, suppliers
 *   and work orders use this: the usual tenancy rule.
 * - `ownedInLineage`: also the caller's ancestors. Carriers, card types and packages are reference
 *   data a provider sets up for its customers, so a customer may read (never change) its
 *   provider's packages to pick one for a renewal. Siblings' rows stay invisible.
 *
 * Both are sub-selects on holds' materialised path, so they use holds_path_idx.
 */
export const ownedInSubtree = (holdIdColumn: AnyColumn, callerPath: string): SQL =>
  sql`${holdIdColumn} IN (SELECT ${holds.id} FROM ${holds} WHERE ${holds.path} LIKE ${`${callerPath}%`})`;

export const ownedInLineage = (holdIdColumn: AnyColumn, callerPath: string): SQL => {
  const ancestors = callerPath
    .split('/')
    .filter(Boolean)
    .map((id) => Number(id));
  // One array parameter: a bare JS array in sql`` expands to a row ($2, $3, …), which ::int[] rejects.
  return sql`(${ownedInSubtree(holdIdColumn, callerPath)} OR ${holdIdColumn} = ANY(${sql.param(ancestors)}::int[]))`;
};
