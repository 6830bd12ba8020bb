/**
 * Consoles built on the spec send a filter the user left unset as '' (`SortColumn: ''`,
 * `HoldID: ''`, `OperatorID: ''`). An optional field given '' is therefore "not given": it is
 * removed before validation, so the field's default applies and its rule (an enum, an integer)
 * is not asked to judge ''. Only fields whose own schema refuses '' are removed: where '' is
 * valid (a free-text filter, a remark being cleared) it keeps its meaning. A required field given
 * '' stays and fails validation, naming the field.
 */

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema | Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  default?: unknown;
}

/** Whether `schema` accepts '' as the value of a property (with the route's own coercion). */
export type AcceptsBlank = (schema: Schema) => boolean;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The one member of a union that can describe `value` (an object or an array), if there is exactly one. */
function memberFor(schema: Schema, value: unknown): Schema | undefined {
  const members = schema.anyOf ?? schema.oneOf;
  if (!members) return schema;
  const fits = members.filter((m) => (Array.isArray(value) ? m.items !== undefined : m.properties !== undefined));
  return fits.length === 1 ? memberFor(fits[0]!, value) : undefined;
}

/** Removes, in place, every optional property given '' that its schema refuses, at any depth of `value`. */
export function dropBlankOptionals(schema: Schema | undefined, value: unknown, accepts: AcceptsBlank): void {
  if (!schema || typeof value !== 'object' || value === null) return;
  const s = memberFor(schema, value);
  if (!s) return;
  if (Array.isArray(value)) {
    if (s.items && !Array.isArray(s.items)) for (const item of value) dropBlankOptionals(s.items, item, accepts);
    return;
  }
  if (!s.properties || !isRecord(value)) return;
  const required = s.required ?? [];
  for (const [key, v] of Object.entries(value)) {
    const p = s.properties[key];
    if (!p) continue;
    if (v === '') {
      // A required field with a default is optional to the caller: '' asks for the default.
      const optional = !required.includes(key) || p.default !== undefined;
      if (optional && !accepts(p)) delete value[key];
    } else dropBlankOptionals(p, v, accepts);
  }
}
