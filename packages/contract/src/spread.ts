/**
 * The business distribution map (/spread, function 41, issue #21): devices, vehicles or customers (enterprises)
 * counted by province, by city of a province, or inside one city, from server-side aggregates (the spread
 * module's device_regions), with a heat layer of binned points. Spread/GetMap answers the outlines to draw.
 */
import { SPREAD_KINDS, SPREAD_LEVELS } from '@lodestar/domain';
import { type Static, Type } from 'typebox';
import { Id, Literals, ReplyOf } from './common.ts';

const Level = Literals(SPREAD_LEVELS, {
  description: 'country: by province; province: by city (Code = province); city: one city (Code = city)',
});
const Code = Type.String({
  minLength: 1,
  maxLength: 20,
  description:
    "a province's GB/T 2260 code (44) at level province; a city's Code from the province level's rows at level city",
});

export const DistributionBody = Type.Object({
  HoldID: Type.Optional(Id),
  Level,
  Code: Type.Optional(Code),
  Kind: Literals(SPREAD_KINDS, {
    description: 'devices, vehicles (by a bound device), customers (enterprises by default province)',
  }),
});
export type DistributionInput = Static<typeof DistributionBody>;

export const DistributionRowSchema = Type.Object({
  Code: Type.String({ description: 'the province code or the city Code (the map feature it colours)' }),
  Name: Type.String({ description: "in the caller's language" }),
  Count: Type.Integer(),
});
export type DistributionRow = Static<typeof DistributionRowSchema>;

export const DistributionSchema = Type.Object({
  Level,
  Code: Type.String(),
  Name: Type.String({ description: "the area shown, in the caller's language ('' for the country)" }),
  Rows: Type.Array(DistributionRowSchema, { description: 'the areas with a count above 0, largest first' }),
  /** Counted in the area shown. */
  Total: Type.Integer(),
  /** Of the kind in the caller's subtree with no known place (never reported, or outside China): country level only. */
  Unlocated: Type.Integer(),
  Heat: Type.Array(Type.Tuple([Type.Number(), Type.Number(), Type.Integer()]), {
    description: '[lng, lat, count]: WGS-84 grid cells (0.5° country, 0.1° province, 0.02° city); empty for customers',
  }),
});
export type Distribution = Static<typeof DistributionSchema>;
export const DistributionReply = ReplyOf(DistributionSchema);

export const MapBody = Type.Object({ Level, Code: Type.Optional(Code) });
export type MapInput = Static<typeof MapBody>;
/** A GeoJSON FeatureCollection whose features carry `properties.name` = the row Code and `properties.label`. */
export const MapReply = ReplyOf(
  Type.Object({
    type: Type.Literal('FeatureCollection'),
    features: Type.Array(
      Type.Object({
        type: Type.Literal('Feature'),
        properties: Type.Object({ name: Type.String(), label: Type.String() }),
        geometry: Type.Object({ type: Type.Literal('MultiPolygon'), coordinates: Type.Array(Type.Any()) }),
      }),
    ),
  }),
);
export type SpreadMap = Static<typeof MapReply>['data'];
