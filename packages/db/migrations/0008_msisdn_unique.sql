-- A number (MSISDN) belongs to one live card: before this rule a unit could import another unit's number and
-- text its tracker commands. Empty numbers repeat; a cancelled card's (state 7) number goes back to the carrier.
-- Cards that already share a number: the oldest keeps it, the newer lose it, noted in their remark, to be
-- checked by hand (the import check now refuses such a row: msisdnExists).
WITH shared AS (
  SELECT id, msisdn FROM (
    SELECT id, msisdn, row_number() OVER (PARTITION BY msisdn ORDER BY id) AS n
    FROM sims WHERE msisdn <> '' AND state <> 7
  ) numbered WHERE n > 1
)
UPDATE sims s SET msisdn = '', remark = '[MSISDN ' || shared.msisdn || ': another card has it] ' || s.remark
FROM shared WHERE s.id = shared.id;
--> statement-breakpoint
CREATE UNIQUE INDEX "sims_msisdn_live_idx" ON "sims" USING btree ("msisdn") WHERE "sims"."msisdn" <> '' AND "sims"."state" <> 7;
