/** A Redis stream entry as ioredis reads it: the id, then field, value, field, value… */
export type StreamEntry = [id: string, fields: string[]];

/** The payload of an event entry: publishEvent writes it as JSON under the field `data`. */
export function eventPayload<T>([id, fields]: StreamEntry): T {
  const data = fields[fields.indexOf('data') + 1];
  if (fields.indexOf('data') < 0 || data === undefined) throw new Error(`Stream entry ${id} has no data field (fields: ${fields.join(', ')})`);
  return JSON.parse(data) as T;
}
