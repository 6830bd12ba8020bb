/**
 * Province management (/province, function 40, issue #21): the provinces a unit operates in and its default one,
 * devices and vehicles counted per province from their latest position, and "lines": roads of /monitor/road
 * tagged with a province.
 */
import { PROVINCE_CODES } from '@lodestar/domain';
import { type Static, Type } from 'typebox';
import { Id, Literals, ReplyOf } from './common.ts';

export const ProvinceCodeSchema = Literals(PROVINCE_CODES, { description: 'GB/T 2260 province code (44 Guangdong)' });

export const ProvinceListBody = Type.Object({ HoldID: Type.Optional(Id) });
export type ProvinceListInput = Static<typeof ProvinceListBody>;
export const ProvinceRowSchema = Type.Object({
  Code: ProvinceCodeSchema,
  Name: Type.String({ description: "in the caller's language" }),
  Selected: Type.Boolean({ description: 'the unit operates in it' }),
  Default: Type.Boolean(),
  Devices: Type.Integer({ description: "the subtree's devices last located in it" }),
  Vehicles: Type.Integer(),
  Lines: Type.Integer({ description: "the subtree's roads tagged with it" }),
});
export type ProvinceRow = Static<typeof ProvinceRowSchema>;
export const ProvinceListReply = ReplyOf(
  Type.Object({ HoldID: Type.Integer(), HoldName: Type.String(), rows: Type.Array(ProvinceRowSchema) }),
);
export type ProvinceList = Static<typeof ProvinceListReply>['data'];

export const SetHoldProvincesBody = Type.Object({
  HoldID: Id,
  Provinces: Type.Array(ProvinceCodeSchema, { maxItems: PROVINCE_CODES.length, uniqueItems: true }),
});
export type SetHoldProvincesInput = Static<typeof SetHoldProvincesBody>;

export const SetDefaultProvinceBody = Type.Object({
  HoldID: Id,
  Province: Type.Union([ProvinceCodeSchema, Type.Literal('')], { description: "'' clears the default" }),
});
export type SetDefaultProvinceInput = Static<typeof SetDefaultProvinceBody>;

export const ProvinceCountsBody = Type.Object({ HoldID: Type.Optional(Id), Province: ProvinceCodeSchema });
export type ProvinceCountsInput = Static<typeof ProvinceCountsBody>;
export const CityCountSchema = Type.Object({
  City: Type.String({ description: "the city's Chinese name, its key" }),
  Name: Type.String(),
  Devices: Type.Integer(),
  Vehicles: Type.Integer(),
});
export type CityCount = Static<typeof CityCountSchema>;
export const ProvinceCountsReply = ReplyOf(Type.Object({ rows: Type.Array(CityCountSchema) }));

export const LineListBody = Type.Object({
  HoldID: Type.Optional(Id),
  Province: Type.Optional(
    Type.Union([ProvinceCodeSchema, Type.Literal('none')], { description: "'none': untagged roads" }),
  ),
});
export type LineListInput = Static<typeof LineListBody>;
export const LineRowSchema = Type.Object({
  RoadID: Type.Integer(),
  RoadName: Type.String(),
  HoldID: Type.Integer(),
  HoldName: Type.String(),
  Province: Type.String({ description: "code, '' when untagged" }),
  ProvinceName: Type.String(),
  Width: Type.Integer({ description: 'metres' }),
});
export type LineRow = Static<typeof LineRowSchema>;
export const LineListReply = ReplyOf(Type.Object({ rows: Type.Array(LineRowSchema), total: Type.Integer() }));

export const SetLineProvinceBody = Type.Object({
  RoadIDs: Type.Array(Id, { minItems: 1, maxItems: 200 }),
  Province: Type.Union([ProvinceCodeSchema, Type.Literal('')], { description: "'' removes the tag" }),
});
export type SetLineProvinceInput = Static<typeof SetLineProvinceBody>;
