export { decodeOsmAnd, type OsmAndMessage, type OsmAndOptions, type OsmAndRequest, parseOsmAndTime } from './decode.ts';
