/** System info (/system, function 33, super administrators only; issue #21): what this installation runs on. */
import { type Static, Type } from 'typebox';
import { ReplyOf } from './common.ts';

const Protocol = Type.Object({
  Protocol: Type.String(),
  Port: Type.Integer({ description: 'TCP/HTTP port of this process, 0 when not listening here' }),
  UdpPort: Type.Integer({ description: '0: none' }),
  Connected: Type.Integer({ description: 'devices of this protocol connected now (all gateway processes)' }),
  Devices: Type.Integer({ description: 'devices of this protocol registered' }),
});

export const SystemInfoSchema = Type.Object({
  Version: Type.String(),
  Build: Type.String({ description: 'the commit the server was built from, when known' }),
  Node: Type.String(),
  StartTime: Type.String(),
  UptimeSeconds: Type.Integer(),
  Roles: Type.Array(Type.String()),
  Database: Type.Object({
    Engine: Type.Union([Type.Literal('embedded'), Type.Literal('external')]),
    Version: Type.String(),
    SizeBytes: Type.Number(),
    Positions: Type.Number({ description: "an estimate from the planner's statistics, not a count" }),
    OldestPosition: Type.String({ description: "'' when none" }),
    Devices: Type.Integer(),
  }),
  Gateway: Type.Object({
    Running: Type.Boolean({ description: 'a gateway runs in this process' }),
    Protocols: Type.Array(Protocol),
    Connections: Type.Integer({ description: 'open now in this process' }),
    Unidentified: Type.Integer(),
    FramesPerSecond: Type.Number({ description: 'decoded since the previous call (or since start)' }),
    FramesDecoded: Type.Number(),
    UnknownDevices: Type.Integer({ description: 'unregistered device IDs that tried to connect' }),
  }),
  Ingest: Type.Object({
    PositionsPerSecond: Type.Number({ description: 'positions stored in the last minute, per second' }),
    Backlog: Type.Integer({ description: 'records waiting for the writer in this process' }),
  }),
  Storage: Type.Object({ DataDir: Type.String(), UsedBytes: Type.Number() }),
});
export type SystemInfo = Static<typeof SystemInfoSchema>;
export const SystemInfoReply = ReplyOf(SystemInfoSchema);
