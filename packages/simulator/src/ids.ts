// The fleet's identities live in @lodestar/domain, so the server's demo seed registers them without this package.
export {
  DEFAULT_MIX,
  deviceIds,
  type ProtocolMix,
  SIM_PROTOCOLS,
  type SimDeviceId,
  type SimProtocol,
} from '@lodestar/domain';
