import type { ReportType } from '@lodestar/domain';
import type { ReportDef } from './definition.ts';
import { acc, alarms, driving, fence, overspeed, roadDeviation } from './events.ts';
import { inventory, newDevices, noFix, offline, simExpiry, vipExpiry } from './fleet.ts';
import { mileageDaily, onlineRate, stops, trips } from './movement.ts';

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
  onlineRate,
  offline,
  noFix,
  vipExpiry,
  simExpiry,
  inventory,
  newDevices,
  driving,
};
