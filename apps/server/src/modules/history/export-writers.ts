import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import type { HistoryExportFormat } from '@lodestar/contract/history';
import type { Language } from '@lodestar/domain';
import ExcelJS from 'exceljs';
import type { Texts } from '../../lib/list-export.ts';
import { zoneFormatter } from '../../lib/time.ts';
import type { Segments } from '../trips/select.ts';
import type { TrackRow } from './repository.ts';

/** A device's section of an export file: its id and name, then its points a chunk at a time. */
export interface TrackFileWriter {
  device(deviceId: string, name: string): Promise<void>;
  points(rows: TrackRow[]): Promise<void>;
  /** The device's trips and stops over the period, for a format that has room for them (xlsx). */
  segments?(s: Segments): void;
  close(): Promise<void>;
}

const COLUMNS: [Texts, number][] = [
  [{ zh: '设备号', en: 'Device ID', fr: 'ID appareil' }, 18],
  [{ zh: '设备名称', en: 'Device name', fr: "Nom de l'appareil" }, 18],
  [{ zh: '定位时间', en: 'GPS time', fr: 'Heure GPS' }, 20],
  [{ zh: '接收时间', en: 'Received', fr: 'Reçu' }, 20],
  [{ zh: '纬度', en: 'Latitude', fr: 'Latitude' }, 12],
  [{ zh: '经度', en: 'Longitude', fr: 'Longitude' }, 12],
  [{ zh: '速度(km/h)', en: 'Speed (km/h)', fr: 'Vitesse (km/h)' }, 12],
  [{ zh: '方向', en: 'Course', fr: 'Cap' }, 8],
  [{ zh: '海拔(m)', en: 'Altitude (m)', fr: 'Altitude (m)' }, 10],
  [{ zh: '卫星数', en: 'Satellites', fr: 'Satellites' }, 10],
  [{ zh: '有效定位', en: 'Valid fix', fr: 'Position valide' }, 10],
  [{ zh: '报警', en: 'Alarms', fr: 'Alarmes' }, 20],
];
const YES_NO: Record<Language, [string, string]> = { zh: ['是', '否'], en: ['yes', 'no'], fr: ['oui', 'non'] };
export const POSITIONS_SHEET: Texts = { zh: '轨迹点', en: 'Positions', fr: 'Positions' };
const TRIPS_SHEET: Texts = { zh: '行程', en: 'Trips', fr: 'Trajets' };
const STOPS_SHEET: Texts = { zh: '停留', en: 'Stops', fr: 'Arrêts' };
const DEVICE_COLUMNS = COLUMNS.slice(0, 2);
const START: Texts = { zh: '开始时间', en: 'Start', fr: 'Début' };
const END: Texts = { zh: '结束时间', en: 'End', fr: 'Fin' };
const DURATION: Texts = { zh: '时长(秒)', en: 'Duration (s)', fr: 'Durée (s)' };
const TRIP_COLUMNS: [Texts, number][] = [
  ...DEVICE_COLUMNS,
  [START, 20],
  [END, 20],
  [{ zh: '起点纬度', en: 'Start latitude', fr: 'Latitude de départ' }, 12],
  [{ zh: '起点经度', en: 'Start longitude', fr: 'Longitude de départ' }, 12],
  [{ zh: '终点纬度', en: 'End latitude', fr: "Latitude d'arrivée" }, 12],
  [{ zh: '终点经度', en: 'End longitude', fr: "Longitude d'arrivée" }, 12],
  [{ zh: '里程(米)', en: 'Distance (m)', fr: 'Distance (m)' }, 12],
  [DURATION, 12],
  [{ zh: '最高速度(km/h)', en: 'Max speed (km/h)', fr: 'Vitesse max (km/h)' }, 14],
  [{ zh: '平均速度(km/h)', en: 'Average speed (km/h)', fr: 'Vitesse moyenne (km/h)' }, 14],
];
const STOP_COLUMNS: [Texts, number][] = [
  ...DEVICE_COLUMNS,
  [START, 20],
  [END, 20],
  [COLUMNS[4]![0], 12],
  [COLUMNS[5]![0], 12],
  [DURATION, 12],
];
const round1 = (n: number) => Math.round(n * 10) / 10;
/** Excel's rows per sheet, header included; a longer export goes on to "Positions 2". */
const SHEET_ROWS = 1_048_576;

const xml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
const csvCell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** xsd:dateTime in the caller's zone, its offset written out (2026-11-20T08:00:00+08:00). */
function isoInZone(timeZone: string): (d: Date) => string {
  const text = zoneFormatter(timeZone);
  return (d) => {
    const local = text(d);
    const offsetMin = Math.round(
      (Date.parse(`${local.replace(' ', 'T')}Z`) - Math.floor(d.getTime() / 1000) * 1000) / 60_000,
    );
    const sign = offsetMin < 0 ? '-' : '+';
    const abs = Math.abs(offsetMin);
    const hh = String(Math.floor(abs / 60)).padStart(2, '0');
    const mm = String(abs % 60).padStart(2, '0');
    return `${local.replace(' ', 'T')}${sign}${hh}:${mm}`;
  };
}

/** Text written through a stream, waiting for it to drain so a 2-million-point file keeps memory flat. */
class TextOut {
  private readonly out: WriteStream;
  constructor(target: string) {
    this.out = createWriteStream(target);
  }
  async write(text: string): Promise<void> {
    if (!this.out.write(text)) await once(this.out, 'drain');
  }
  async close(): Promise<void> {
    this.out.end();
    await once(this.out, 'finish');
  }
}

class GpxWriter implements TrackFileWriter {
  private open = false;
  private readonly iso: (d: Date) => string;
  constructor(
    private readonly out: TextOut,
    timeZone: string,
  ) {
    this.iso = isoInZone(timeZone);
  }
  static async create(target: string, timeZone: string) {
    const out = new TextOut(target);
    await out.write(
      '<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="Lodestar" xmlns="http://www.topografix.com/GPX/1/1">\n',
    );
    return new GpxWriter(out, timeZone);
  }
  async device(deviceId: string, name: string) {
    await this.endTrack();
    await this.out.write(`<trk><name>${xml(deviceId)}</name><desc>${xml(name)}</desc><trkseg>\n`);
    this.open = true;
  }
  async points(rows: TrackRow[]) {
    let s = '';
    for (const [fix, , lat, lon, , , alt] of rows)
      s += `<trkpt lat="${lat}" lon="${lon}">${alt === null ? '' : `<ele>${alt}</ele>`}<time>${this.iso(fix)}</time></trkpt>\n`;
    await this.out.write(s);
  }
  private async endTrack() {
    if (this.open) await this.out.write('</trkseg></trk>\n');
    this.open = false;
  }
  async close() {
    await this.endTrack();
    await this.out.write('</gpx>\n');
    await this.out.close();
  }
}

/**
 * KML 2.2, a Placemark per device holding a gx:MultiTrack of one gx:Track per chunk read (a time for every
 * coordinate, which Google Earth plays back): gx:Track lists all its <when>s before its <gx:coord>s, so a
 * chunk is the most held in memory.
 */
class KmlWriter implements TrackFileWriter {
  private open = false;
  private readonly iso: (d: Date) => string;
  constructor(
    private readonly out: TextOut,
    timeZone: string,
  ) {
    this.iso = isoInZone(timeZone);
  }
  static async create(target: string, timeZone: string) {
    const out = new TextOut(target);
    await out.write(
      '<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2">\n<Document>\n',
    );
    return new KmlWriter(out, timeZone);
  }
  async device(deviceId: string, name: string) {
    await this.endTrack();
    await this.out.write(
      `<Placemark><name>${xml(deviceId)}</name><description>${xml(name)}</description><gx:MultiTrack><gx:interpolate>1</gx:interpolate>\n`,
    );
    this.open = true;
  }
  async points(rows: TrackRow[]) {
    if (!rows.length) return;
    let when = '';
    let coord = '';
    for (const [fix, , lat, lon, , , alt] of rows) {
      when += `<when>${this.iso(fix)}</when>\n`;
      coord += `<gx:coord>${lon} ${lat} ${alt ?? 0}</gx:coord>\n`;
    }
    await this.out.write(`<gx:Track>\n${when}${coord}</gx:Track>\n`);
  }
  private async endTrack() {
    if (this.open) await this.out.write('</gx:MultiTrack></Placemark>\n');
    this.open = false;
  }
  async close() {
    await this.endTrack();
    await this.out.write('</Document>\n</kml>\n');
    await this.out.close();
  }
}

/** A row per point as the playback's table shows it, times in the caller's zone. */
function rowValues(lang: Language, timeZone: string) {
  const text = zoneFormatter(timeZone);
  const [yes, no] = YES_NO[lang];
  return (deviceId: string, name: string, r: TrackRow): (string | number | null)[] => {
    const [fix, recv, lat, lon, speed, course, alt, sats, valid, alarms] = r;
    return [
      deviceId,
      name,
      text(fix),
      text(recv),
      lat,
      lon,
      speed,
      course,
      alt,
      sats,
      valid ? yes : no,
      (alarms ?? []).join(' '),
    ];
  };
}

class CsvWriter implements TrackFileWriter {
  private current: [string, string] = ['', ''];
  private readonly values: ReturnType<typeof rowValues>;
  constructor(
    private readonly out: TextOut,
    lang: Language,
    timeZone: string,
  ) {
    this.values = rowValues(lang, timeZone);
  }
  static async create(target: string, lang: Language, timeZone: string) {
    const out = new TextOut(target);
    // The byte-order mark makes Excel read the file as UTF-8 (Chinese names and headers).
    await out.write(`\uFEFF${COLUMNS.map(([h]) => csvCell(h[lang])).join(',')}\r\n`);
    return new CsvWriter(out, lang, timeZone);
  }
  async device(deviceId: string, name: string) {
    this.current = [deviceId, name];
  }
  async points(rows: TrackRow[]) {
    let s = '';
    for (const r of rows)
      s += `${this.values(this.current[0], this.current[1], r)
        .map((v) => csvCell(v === null ? '' : String(v)))
        .join(',')}\r\n`;
    await this.out.write(s);
  }
  async close() {
    await this.out.close();
  }
}

/**
 * The workbook: the positions sheet (continued on further sheets past Excel's row limit), then the trips and
 * the stops of every device (as History/GetTrips and GetStops answer them: whole rows overlapping the period).
 */
export class XlsxWriter implements TrackFileWriter {
  private current: [string, string] = ['', ''];
  private readonly trips: (string | number)[][] = [];
  private readonly stops: (string | number)[][] = [];
  private readonly text: (d: Date) => string;
  private sheet: ExcelJS.Worksheet | null = null;
  private rowsInSheet = 0;
  private sheets = 0;
  private readonly values: ReturnType<typeof rowValues>;
  readonly wb: ExcelJS.stream.xlsx.WorkbookWriter;
  constructor(
    target: string,
    private readonly lang: Language,
    timeZone: string,
  ) {
    this.values = rowValues(lang, timeZone);
    this.text = zoneFormatter(timeZone);
    this.wb = new ExcelJS.stream.xlsx.WorkbookWriter({
      filename: target,
      useStyles: false,
      useSharedStrings: false,
      zip: { zlib: { level: 1 } },
    });
  }
  private nextSheet() {
    this.sheet?.commit();
    this.sheets++;
    const name = POSITIONS_SHEET[this.lang];
    this.sheet = this.wb.addWorksheet(this.sheets === 1 ? name : `${name} ${this.sheets}`);
    this.sheet.columns = COLUMNS.map(([h, width], i) => ({ header: h[this.lang], key: String(i), width }));
    this.rowsInSheet = 1;
  }
  async device(deviceId: string, name: string) {
    this.current = [deviceId, name];
    if (!this.sheet) this.nextSheet();
  }
  async points(rows: TrackRow[]) {
    for (const r of rows) {
      if (!this.sheet || this.rowsInSheet >= SHEET_ROWS) this.nextSheet();
      this.sheet!.addRow(this.values(this.current[0], this.current[1], r)).commit();
      this.rowsInSheet++;
    }
  }
  segments({ trips, stops }: Segments) {
    const [id, name] = this.current;
    const at = (ms: number) => this.text(new Date(ms));
    for (const t of trips) {
      const duration = Math.round((t.end - t.start) / 1000);
      this.trips.push([
        id,
        name,
        at(t.start),
        at(t.end),
        t.startLat,
        t.startLon,
        t.endLat,
        t.endLon,
        Math.round(t.distance),
        duration,
        round1(t.maxSpeed),
        duration > 0 ? round1((t.distance / duration) * 3.6) : 0,
      ]);
    }
    for (const p of stops)
      this.stops.push([id, name, at(p.start), at(p.end), p.lat, p.lon, Math.round((p.end - p.start) / 1000)]);
  }
  private table(title: Texts, columns: [Texts, number][], rows: (string | number)[][]) {
    const sheet = this.wb.addWorksheet(title[this.lang]);
    sheet.columns = columns.map(([h, width], i) => ({ header: h[this.lang], key: String(i), width }));
    for (const r of rows) sheet.addRow(r).commit();
    sheet.commit();
  }
  async close() {
    if (!this.sheet) this.nextSheet();
    this.sheet!.commit();
    this.table(TRIPS_SHEET, TRIP_COLUMNS, this.trips);
    this.table(STOPS_SHEET, STOP_COLUMNS, this.stops);
    await this.wb.commit();
  }
}

export async function trackFileWriter(
  format: HistoryExportFormat,
  target: string,
  lang: Language,
  timeZone: string,
): Promise<TrackFileWriter> {
  if (format === 'gpx') return GpxWriter.create(target, timeZone);
  if (format === 'kml') return KmlWriter.create(target, timeZone);
  if (format === 'csv') return CsvWriter.create(target, lang, timeZone);
  return new XlsxWriter(target, lang, timeZone);
}
