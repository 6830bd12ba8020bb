/**
 * The commands each tracker protocol can put on the wire, shared by the server (which answers
 * "unsupported protocol", spec section 8, instead of queueing a command bound to fail) and the
 * console (which disables what a device cannot do). `packages/gateway`'s command-support test holds
 * this table to what the channels really encode.
 *
 * - engineStop / engineResume (the remote immobiliser, function 83 lock/unlock): H02 `S20,1,1` /
 *   `S20,1,0`; GT06 0x80 text `Relay,1#` / `Relay,0#`; JT/T 808 0x8105 terminal control with the
 *   vendor command words 0xF0 / 0xF1 (the standard 0x8500 of JT/T 808-2013 only locks the doors);
 *   Teltonika codec 12 `setdigout 1` / `setdigout 0` (over TCP).
 * - arm / disarm: H02 `SCF` only.
 * - zoneSet / zoneDelete (issue #17, a fence or road written to the terminal): JT/T 808 only, 0x8600–0x8607.
 * - OsmAnd is an upload-only HTTP protocol: nothing goes down to it.
 * - Issue #18's catalogue types (command-catalogue.ts): JT/T 808 message 0x8300, positionQuery 0x8201,
 *   speedAlarm 0x8103 (0x0055/0x0056), trackingMode 0x8202, queryStatus 0x8107, queryParameters 0x8104,
 *   terminalControl 0x8105; GT06 0x80 texts WHERE#, TIMER, SPEED, SENALM, CENTER, STATUS#, PARAM#; H02 D1 and
 *   S71; Teltonika codec 12 getgps, getstatus, getparam.
 * - message (a text for the driver) only where it reaches a screen or a speaker: JT/T 808 0x8300 and the GT06
 *   0x80 text. H02 and Teltonika have no such downlink: their text downlinks are commands the device executes,
 *   so a driver's message sent there would be run as one (SMS to the SIM is the way to reach them).
 */
import type { CommandType } from './devices.ts';

export const COMMAND_SUPPORT = {
  gt06: [
    'engineStop',
    'engineResume',
    'text',
    'custom',
    'message',
    'positionQuery',
    'uploadInterval',
    'speedAlarm',
    'sensorAlarm',
    'centerNumber',
    'queryStatus',
    'queryParameters',
  ],
  jt808: [
    'engineStop',
    'engineResume',
    'text',
    'custom',
    'setParameters',
    'photo',
    'zoneSet',
    'zoneDelete',
    'message',
    'positionQuery',
    'speedAlarm',
    'trackingMode',
    'queryStatus',
    'queryParameters',
    'terminalControl',
  ],
  h02: ['engineStop', 'engineResume', 'arm', 'disarm', 'text', 'custom', 'positionQuery', 'uploadInterval'],
  teltonika: ['engineStop', 'engineResume', 'text', 'custom', 'positionQuery', 'queryStatus', 'queryParameters'],
  osmand: [],
} as const satisfies Record<string, readonly CommandType[]>;

/** Whether a device of this protocol can be sent this command type. */
export function supportsCommand(protocol: string, type: string): boolean {
  return ((COMMAND_SUPPORT as Record<string, readonly string[] | undefined>)[protocol] ?? []).includes(type);
}
