import { supportsCommand as supports, COMMAND_SUPPORT as TABLE } from '@lodestar/domain';
import type { ProtocolName } from '@lodestar/protocols';
import type { CommandType } from './ports.ts';

/** The table lives in the domain (the console reads it too); here it is typed by the gateway's own names. */
export const COMMAND_SUPPORT: Readonly<Record<ProtocolName, readonly CommandType[]>> = TABLE;

/** Whether a device of this protocol can be sent this command type. */
export const supportsCommand = (protocol: string, type: CommandType): boolean => supports(protocol, type);
