// @lodestar/simulator — a fleet of virtual trackers speaking GT06, JT/T 808, H02 and OsmAnd to the gateway.

export { cameraJpeg } from './camera-jpeg.ts';
export { DEFAULT_MIX, deviceIds, type ProtocolMix, SIM_PROTOCOLS, type SimDeviceId, type SimProtocol } from './ids.ts';
export { jt808Dialect, jt808Phone } from './protocols/jt808.ts';
export { type CameraOptions, Jt808Camera } from './protocols/jt808-camera.ts';
export { type Random, seededRandom } from './random.ts';
export type { SimAlarm, SimFix } from './route.ts';
export { hasVehicleSensors, reportsWifi } from './sensors.ts';
export {
  DEMO_FLEET,
  SIM_DEFAULT_PORTS,
  type SimulatorHandle,
  type SimulatorOptions,
  type SimulatorStats,
  startSimulator,
} from './simulator.ts';
export type { SimAck } from './tracker.ts';
