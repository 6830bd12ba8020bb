-- Device ids in the form the gateway looks them up by (normaliseDeviceId in packages/protocols/src/device-id.ts,
-- docs/API.md "Device IDs"): a JT/T 808 terminal without the leading zeros of its BCD phone, a GT06 IMEI
-- without the 0 of its 16-digit login form. A row whose normalised id another device already has is left as
-- it is (the same terminal registered twice before this rule): the console lists both and one is removed
-- by hand; ModifyDevice and the id lookups prefer the row named exactly.
WITH forms AS (
  SELECT id, CASE WHEN protocol = 'jt808' THEN regexp_replace(device_id, '^0+([0-9])', '\1')
                  ELSE substr(device_id, 2) END AS normalised
  FROM devices
  WHERE (protocol = 'jt808' AND device_id ~ '^0[0-9]+$') OR (protocol = 'gt06' AND device_id ~ '^0[0-9]{15}$')
), renamed AS (
  SELECT DISTINCT ON (f.normalised) f.id, f.normalised FROM forms f
  WHERE NOT EXISTS (SELECT 1 FROM devices o WHERE o.device_id = f.normalised)
  ORDER BY f.normalised, f.id
)
UPDATE devices d SET device_id = r.normalised FROM renamed r WHERE d.id = r.id;
--> statement-breakpoint
-- Vehicles are bound by the device id's text: follow the devices renamed above, and bind a vehicle whose
-- device id was typed with the zeros to the device stored without them.
UPDATE vehicles v SET device_id = d.device_id FROM devices d
WHERE NOT EXISTS (SELECT 1 FROM devices x WHERE x.device_id = v.device_id)
  AND ((d.protocol = 'jt808' AND v.device_id ~ '^0[0-9]+$'
        AND d.device_id = regexp_replace(v.device_id, '^0+([0-9])', '\1'))
    OR (d.protocol = 'gt06' AND v.device_id ~ '^0[0-9]{15}$' AND d.device_id = substr(v.device_id, 2)));
