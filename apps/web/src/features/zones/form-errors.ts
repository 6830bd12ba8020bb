import { fieldsNamedIn } from '../../components/table/FormModal.tsx';

/**
 * The form fields a server message names: the body's own names, with the two ends of a range onto the one
 * picker that holds both (ValidFrom/ValidTo → Valid), and the geometry onto none (shown over the form).
 */
export function formFieldsNamedIn(msg: string, bodyFields: readonly string[], ranges: Record<string, string> = {}) {
  const named = fieldsNamedIn(msg, [...bodyFields, ...Object.keys(ranges)]);
  return [...new Set(named.map((f) => ranges[f] ?? f))].filter((f) => f !== 'Geometry');
}
