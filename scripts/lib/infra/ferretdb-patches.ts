// The changes the launcher's build makes to FerretDB v1.24.2 (infra/mongo-launcher/README.md). Each
// is a text found exactly once in a file of the module and what replaces it; the build stops when a
// text is not found once (another FerretDB version: look at the patch again). Both make the SQLite
// backend read by `_id` through its `_id` index, as MongoDB does, instead of reading every row.

export interface FerretPatch {
  file: string;
  from: string;
  to: string;
}

export const FERRETDB_PATCHES: FerretPatch[] = [
  {
    // Finds, updates and deletes by `_id` ran `WHERE _ferretdb_sjson->'$._id' = ?`, but the unique
    // `_id` index is ON (_ferretdb_sjson->"_id"); SQLite uses an index on an expression only for that
    // same expression, so each scanned the table. Written as the index is, they use it.
    file: 'internal/backends/sqlite/metadata/metadata.go',
    from: `IDColumn = DefaultColumn + "->'$._id'"`,
    to: 'IDColumn = DefaultColumn + `->"_id"`',
  },
  {
    // Only a filter that was `{_id: <string>}` and nothing else was pushed down. `{_id: {$in: [<strings>]}}`
    // (the services read keys in slices of 2,000) and `_id` beside other conditions (`{_id, wallet}`,
    // `{_id, status: {$in: …}}`: a delivery's and a destination's reads) scanned the table and filtered
    // in Go. Top-level conditions are all ANDed, so the `_id` condition alone narrows the rows as
    // MongoDB's `_id` index does; the handler still filters the rows it gets with the whole filter, so
    // the answer is the same. (Query only: explain keeps reporting full pushdown for `{_id}` alone.)
    file: 'internal/backends/sqlite/collection.go',
    from: [
      '\tif params.Filter.Len() == 1 {',
      '\t\tv, _ := params.Filter.Get("_id")',
      '\t\tswitch v.(type) {',
      '\t\tcase string, types.ObjectID:',
      '\t\t\twhereClause = fmt.Sprintf(` WHERE %s = ?`, metadata.IDColumn)',
      '\t\t\targs = []any{string(must.NotFail(sjson.MarshalSingleValue(v)))}',
      '\t\t}',
    ].join('\n'),
    to: [
      '\tif params.Filter.Len() > 0 {',
      '\t\tv, _ := params.Filter.Get("_id")',
      '\t\tswitch v := v.(type) {',
      '\t\tcase string, types.ObjectID:',
      '\t\t\twhereClause = fmt.Sprintf(` WHERE %s = ?`, metadata.IDColumn)',
      '\t\t\targs = []any{string(must.NotFail(sjson.MarshalSingleValue(v)))}',
      '\t\tcase *types.Document:',
      '\t\t\tif ids, ok := stringsIn(v); ok {',
      '\t\t\t\twhereClause = fmt.Sprintf(` WHERE %s IN (?%s)`, metadata.IDColumn, strings.Repeat(", ?", len(ids)-1))',
      '\t\t\t\targs = ids',
      '\t\t\t}',
      '\t\t}',
    ].join('\n'),
  },
  {
    file: 'internal/backends/sqlite/collection.go',
    from: '// collection implements backends.Collection interface.',
    to: [
      '// stringsIn gives the query arguments of {$in: [s1, s2, …]} holding 1 to 10,000 strings and nothing else.',
      'func stringsIn(d *types.Document) ([]any, bool) {',
      '\tif d.Len() != 1 {',
      '\t\treturn nil, false',
      '\t}',
      '\tv, err := d.Get("$in")',
      '\tif err != nil {',
      '\t\treturn nil, false',
      '\t}',
      '\ta, ok := v.(*types.Array)',
      '\tif !ok || a.Len() == 0 || a.Len() > 10000 {',
      '\t\treturn nil, false',
      '\t}',
      '\targs := make([]any, a.Len())',
      '\tfor i := range args {',
      '\t\ts, ok := must.NotFail(a.Get(i)).(string)',
      '\t\tif !ok {',
      '\t\t\treturn nil, false',
      '\t\t}',
      '\t\targs[i] = string(must.NotFail(sjson.MarshalSingleValue(s)))',
      '\t}',
      '\treturn args, true',
      '}',
      '',
      '// collection implements backends.Collection interface.',
    ].join('\n'),
  },
];
