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
 */
export const COMMAND_SUPPORT = {
  gt06: ['engineStop', 'engineResume', 'text', 'custom'],
  jt808: ['engineStop', 'engineResume', 'text', 'custom', 'setParameters', 'photo', 'zoneSet', 'zoneDelete'],
  h02: ['engineStop', 'engineResume', 'arm', 'disarm', 'text', 'custom'],
  teltonika: ['engineStop', 'engineResume', 'text', 'custom'],
  osmand: [],
} as const satisfies Record<string, readonly string[]>;

/** Whether a device of this protocol can be sent this command type. */
export function supportsCommand(protocol: string, type: string): boolean {
  return ((COMMAND_SUPPORT as Record<string, readonly string[] | undefined>)[protocol] ?? []).includes(type);
}
