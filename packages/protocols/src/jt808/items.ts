import { gbkDecode } from '../common/gbk.ts';
import { type CellTower, formatCells, formatWifi } from '../common/network.ts';
import { ByteReader, isPrintable } from '../common/reader.ts';
import { addAlarm, type Position } from '../common/types.ts';

/**
 * Location additional items (JT/T 808-2019 table 27) and the vendor items Traccar decodes, each read from a
 * reader bounded to the item so a malformed item cannot spill into the next one.
 */
export function decodeItems(r: ByteReader, p: Position): void {
  while (r.remaining >= 2) {
    const id = r.u8();
    const length = r.u8();
    if (id === 0x80) {
      // Vendor OBD block: one content byte, then OBD items up to the end of the body.
      r.skip(Math.min(1, r.remaining));
      decodeObdItems(r.sub(r.remaining), p);
      return;
    }
    const item = r.sub(Math.min(length, r.remaining));
    decodeItem(id, length, item, p);
  }
}

function decodeItem(id: number, length: number, v: ByteReader, p: Position): void {
  const a = p.attributes;
  switch (id) {
    case 0x01: {
      // Table 27: mileage DWORD, 1/10 km
      const mileage = v.u32();
      a.mileage = mileage / 10;
      a.odometer = mileage * 100;
      return;
    }
    case 0x02: // fuel WORD, 1/10 L
      a.fuel = v.u16() / 10;
      return;
    case 0x03: // speed from the tachograph WORD, 1/10 km/h
      a.recorderSpeed = v.u16() / 10;
      return;
    case 0x04: // id of a manually confirmed alarm event
      a.alarmEventId = v.u16();
      return;
    case 0x05:
      // 2019 table 27: tyre pressure BYTE[30], wheels in order from the front, left to right; surplus bytes
      // 0xFF (no data). Kept as the raw byte values, comma-joined. The table's unit, Pa, cannot be meant for
      // one byte (255 Pa = 0.26 kPa): consumers read a byte as kPa (apps/server devices/detail.ts).
      a.tyrePressure = v.bytes(v.remaining).join(',');
      return;
    case 0x06: // 2019: carriage temperature, signed WORD °C
      a.carriageTemp = v.i16();
      return;
    case 0x11: // table 28: overspeed, position type [+ area id]
      a.overspeedPositionType = v.u8();
      if (v.remaining >= 4) a.overspeedAreaId = v.u32();
      return;
    case 0x12: // table 29: in/out area — position type, area id, direction (0 in, 1 out)
      a.areaType = v.u8();
      a.areaId = v.u32();
      a.areaDirection = v.u8();
      addAlarm(p, a.areaDirection === 0 ? 'geofenceEnter' : 'geofenceExit');
      return;
    case 0x13: // table 30: route driving time — route id, seconds, result (0 short, 1 long)
      a.routeId = v.u32();
      a.routeSeconds = v.u16();
      a.routeResult = v.u8();
      return;
    case 0x14: // JT/T 1078 table 13: video alarm flags
      a.videoAlarm = v.u32();
      return;
    case 0x25: // table 31: extended vehicle signal status
      a.extSignal = v.u32();
      return;
    case 0x2a: // table 32: IO status
      a.io = v.u16();
      return;
    case 0x2b: // analog DWORD: bits 0-15 AD0, 16-31 AD1
      a.analog = v.u32();
      return;
    case 0x30: // wireless signal strength
      a.rssi = v.u8();
      return;
    case 0x31: // GNSS satellites
      p.satellites = v.u8();
      return;
    default:
      decodeVendorItem(id, length, v, p);
  }
}

/** Vendor items (Traccar Jt808ProtocolDecoder): battery, OBD text, extension blocks, IMEI. */
function decodeVendorItem(id: number, length: number, v: ByteReader, p: Position): void {
  const a = p.attributes;
  if (id === 0xe1 && length === 1) a.batteryLevel = v.u8();
  else if (id === 0xe1 && length === 2) a.power = v.u16() / 10;
  else if (id === 0xe4 && length === 2) {
    if (v.u8() === 0) a.charge = true;
    a.batteryLevel = v.u8();
  } else if (id === 0xe6 && length >= 7 && v.buf.toString('latin1', v.position, v.position + 7) === '$OBD-RT') {
    decodeObdRt(v.ascii(v.remaining), p);
  } else if (id === 0xeb) decodeEb(v, length, p);
  else if (id === 0xf6 && length === 8) a.imei = v.hex(8).substring(1);
  else if (id === 0xfe && length > 4 && v.u8() === 0x7c) decodeFe(v, p);
  else a[`item${id.toString(16).padStart(2, '0')}`] = v.hex(Math.min(v.remaining, 64));
}

/** "$OBD-RT,power,rpm,speed,throttle,load,coolant,…" */
function decodeObdRt(text: string, p: Position): void {
  const keys = ['power', 'rpm', 'obdSpeed', 'throttle', 'engineLoad', 'coolantTemp'];
  const values = text.split(',');
  keys.forEach((key, i) => {
    const value = values[i + 1];
    if (value !== undefined && value !== '' && Number.isFinite(Number(value))) p.attributes[key] = Number(value);
  });
}

/** 0xEB: a cell list, a printable time-zone text, or length-prefixed extension records. */
function decodeEb(v: ByteReader, length: number, p: Position): void {
  const a = p.attributes;
  const raw = v.bytes(v.remaining);
  if (isPrintable(raw)) {
    a.timezone = raw.toString('latin1');
    return;
  }
  const r = new ByteReader(raw);
  const cells: CellTower[] = [];
  if (raw.length >= 3 && raw.readUInt16BE(0) > 200 && (length - 3) % 5 === 0) {
    // MCC WORD, MNC BYTE, then per tower LAC WORD, cell id WORD, signal BYTE (as Traccar reads it).
    const mcc = r.u16();
    const mnc = r.u8();
    while (r.remaining >= 5) cells.push({ mcc, mnc, lac: r.u16(), cid: r.u16(), rssi: r.u8() });
    if (cells.length) a.cells = formatCells(cells);
    return;
  }
  while (r.remaining >= 4) {
    const ext = r.sub(Math.min(r.u16(), r.remaining));
    const type = ext.u16();
    if (type === 0x0001) a.fuel1 = ext.u16() / 10;
    else if (type === 0x002d && ext.remaining >= 4) a.power = ext.u32() / 1000;
    else if (type === 0x002d) a.battery = ext.u16() / 1000;
    else if (type === 0x00b2) a.iccid = ext.hex(10).replace(/f+$/i, '');
    else if (type === 0x00ce) a.power = ext.u16() / 100;
    else if (type === 0x00a8 || type === 0x00e1) a.batteryLevel = ext.u8();
    else if (type === 0x00b9 && ext.remaining >= 1) {
      // Wi-Fi: a count byte, then "mac,rssi,mac,rssi…" in ASCII.
      ext.u8();
      const f = ext.ascii(ext.remaining).split(',');
      const points = Array.from({ length: Math.floor(f.length / 2) }, (_, i) => ({
        mac: f[i * 2]?.trim() ?? '',
        rssi: Number(f[i * 2 + 1]),
      }));
      const valid = points.filter((w) => w.mac !== '' && Number.isFinite(w.rssi));
      if (valid.length) a.wifi = formatWifi(valid);
    } else if (type === 0x00d8 && ext.remaining >= 9) {
      // Serving cell: MCC WORD, MNC BYTE, LAC WORD, cell id DWORD.
      cells.push({ mcc: ext.u16(), mnc: ext.u8(), lac: ext.u16(), cid: ext.u32() });
      a.cells = formatCells(cells);
    } else if (type === 0x0089) {
      const flags = ext.u32();
      if (!(flags & 0x0001)) addAlarm(p, 'powerOff');
      if (!(flags & 0x1000)) addAlarm(p, 'removal');
    } else if (type === 0x00c5) {
      const flags = ext.u32();
      if (!(flags & 0x40)) addAlarm(p, 'vibration');
      const motion = (flags >>> 23) & 0x03;
      if (motion < 2) a.motion = motion === 0;
    }
  }
}

/** 0xFE with 0x7C marker: sub-items; type 0x01 carries driving-behaviour alarm bits. */
function decodeFe(v: ByteReader, p: Position): void {
  const names = ['hardAcceleration', 'hardBraking', 'hardCornering', 'accident', 'tampering'] as const;
  while (v.remaining >= 2) {
    const type = v.u8();
    const sub = v.sub(Math.min(v.u8(), v.remaining));
    if (type === 0x01 && sub.remaining >= 4) {
      const bits = sub.u32();
      names.forEach((name, bit) => {
        if (bits & (1 << bit)) addAlarm(p, name);
      });
    }
  }
}

/** Vendor OBD items following 0x80 (Traccar decodeExtension). */
function decodeObdItems(r: ByteReader, p: Position): void {
  const a = p.attributes;
  while (r.remaining >= 2) {
    const id = r.u8();
    const v = r.sub(Math.min(r.u8(), r.remaining));
    if (id === 0x01) a.odometer = v.u32() * 100;
    else if (id === 0x81) a.rpm = v.u16();
    else if (id === 0x82) a.power = v.u16() / 10;
    else if (id === 0x84) a.coolantTemp = v.u8() - 40;
    else if (id === 0x8b) a.vin = v.ascii(Math.min(17, v.remaining));
    else if (id === 0xa0) a.dtcs = v.ascii(v.remaining).replaceAll(',', ' ');
    else if (id === 0xcc) a.iccid = gbkDecode(v.bytes(Math.min(20, v.remaining)));
  }
}
