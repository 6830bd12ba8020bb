import { LIMITS } from '@lodestar/domain';

/**
 * SQL for the VIP years a device of the hold `holdIdColumn` starts with on activation (spec section 9): the
 * `default_vip_years` of the nearest unit of its lineage that set one (vip_settings, Vip/SetPrices), else 4.
 * A correlated subquery, so activation stays one statement: the ingest's first-report update puts it in its SET,
 * which PostgreSQL evaluates only for the rows its WHERE keeps (devices whose VIP has not started). The lineage is
 * the hold's materialised path ("/1/4/9/"), looked up in vip_settings by its primary key.
 *
 * `holdIdColumn` must be qualified (`d.hold_id`, `devices.hold_id`): vip_settings has a hold_id of its own.
 */
export const defaultVipYearsSql = (holdIdColumn: string) => `coalesce((
  SELECT s.default_vip_years
    FROM holds h CROSS JOIN LATERAL (SELECT string_to_array(btrim(h.path, '/'), '/')::int[] AS ids) l
    JOIN vip_settings s ON s.hold_id = ANY(l.ids)
   WHERE h.id = ${holdIdColumn} AND s.default_vip_years IS NOT NULL
   ORDER BY array_position(l.ids, s.hold_id) DESC
   LIMIT 1), ${LIMITS.defaultVipYears})`;
