import type { ReportType } from '@lodestar/domain';
import type { ReportDef } from './definition.ts';
import { acc, idling } from './engine.ts';
import { alarms, commandLog, driving, fence, overspeed, photoLog, roadDeviation } from './events.ts';
import { fuel, inventory, newDevices, noFix, offline, simExpiry, vipExpiry } from './fleet.ts';
import { mileageDaily } from './mileage.ts';
import { onlineRate, stops, trips } from './movement.ts';

/** Every report type's definition, in REPORT_TYPES order. */
export const REPORTS: Record<ReportType, ReportDef> = {
  mileageDaily,
  trips,
  stops,
  overspeed,
  alarms,
  fence,
  roadDeviation,
  acc,
  idling,
  onlineRate,
  offline,
  noFix,
  commandLog,
  photoLog,
  vipExpiry,
  simExpiry,
  inventory,
  newDevices,
  fuel,
  driving,
};
