/**
 * Points (issue #17): POIs, favourite places and risk points in one store (spec section 3), added by clicking
 * the map (spec section 5) on /monitor/fence and shown as a layer on the monitor and history maps. Function 51
 * (geo-fence) or 36 (playback) reads them; 51 writes them. Lat and Lng are WGS-84.
 */
import { POI_ICONS, POI_KINDS, ZONE_LIMITS } from '@lodestar/domain';
import { type Static, Type } from 'typebox';
import { Id, Literals, PageOf, Paging, ReplyOf } from './common.ts';

const PoiName = Type.String({ minLength: 1, maxLength: ZONE_LIMITS.pointNameMax });
const Kind = Literals(POI_KINDS, { description: 'poi, favourite (a favourite place), risk (a risk point)' });
const Icon = Literals(POI_ICONS);
const Category = Type.String({ maxLength: ZONE_LIMITS.categoryMax });
const Remark = Type.String({ maxLength: ZONE_LIMITS.remarkMax });
const Lat = Type.Number({ minimum: -90, maximum: 90, description: 'WGS-84' });
const Lng = Type.Number({ minimum: -180, maximum: 180, description: 'WGS-84' });

export const AddPoiBody = Type.Object({
  HoldID: Id,
  PoiName,
  Kind,
  Category: Type.Optional(Category),
  Icon: Type.Optional(Icon),
  Lat,
  Lng,
  Remark: Type.Optional(Remark),
});
export type AddPoiInput = Static<typeof AddPoiBody>;
export const AddPoiReply = ReplyOf(Type.Object({ PoiID: Type.Integer() }));

export const ModifyPoiBody = Type.Object({
  PoiID: Id,
  PoiName: Type.Optional(PoiName),
  Category: Type.Optional(Category),
  Icon: Type.Optional(Icon),
  Lat: Type.Optional(Lat),
  Lng: Type.Optional(Lng),
  Remark: Type.Optional(Remark),
});
export type ModifyPoiInput = Static<typeof ModifyPoiBody>;

export const RemovePoiBody = Type.Object({
  PoiIDs: Type.Array(Id, { minItems: 1, maxItems: ZONE_LIMITS.removeMax }),
});
export type RemovePoiInput = Static<typeof RemovePoiBody>;

export const PoiListBody = Type.Object({
  HoldID: Type.Optional(Id),
  Kinds: Type.Optional(Type.Array(Kind, { maxItems: POI_KINDS.length })),
  Keyword: Type.Optional(Type.String({ maxLength: ZONE_LIMITS.pointNameMax, description: 'part of the name' })),
  Category: Type.Optional(Category),
  ...Paging,
});
export type PoiListInput = Static<typeof PoiListBody>;

export const PoiRowSchema = Type.Object({
  PoiID: Type.Integer(),
  HoldID: Type.Integer(),
  HoldName: Type.String(),
  PoiName: Type.String(),
  Kind,
  Category: Type.String(),
  Icon,
  Lat: Type.Number(),
  Lng: Type.Number(),
  Remark: Type.String(),
  CreateTime: Type.String(),
});
export type PoiRow = Static<typeof PoiRowSchema>;
export const PoiListReply = PageOf(PoiRowSchema);
