// Proves a generated .ksy against meshgate: compiles it with the reference
// Kaitai Struct compiler (npm kaitai-struct-compiler, pinned), parses each
// file with the generated JavaScript parser in debug mode (every attribute's
// offset), and compares every leaf with `meshgate inspect --json` of the same
// file (FILE.inspect.json beside it): same path (after the .ksy's renames,
// transparent segments and the paths its types stand at), same offset, same
// value. A field meshgate lists whole (an element array, a payload) is
// compared by its span, whatever the .ksy reads inside it. Every field
// meshgate lists must be reached; the first that differs or is missing fails
// the run.
// With --malformed, the files are the malformed variants: one meshgate only
// warns about must read as meshgate reads it; for one it rejects, the .ksy
// parse must fail or differ somewhere, and the ones it reads unchanged are
// listed (what Kaitai cannot check), not failed.
// Usage: node kaitai-check.mjs SPEC.ksy FILE... [--malformed FILE...]
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { basename } from "node:path";

const require = createRequire(import.meta.url);
const compiler = require("kaitai-struct-compiler");
const KaitaiStream = require("kaitai-struct/KaitaiStream");
const yaml = require("js-yaml");

const args = process.argv.slice(2);
const specPath = args.shift();
const split = args.indexOf("--malformed");
const files = split < 0 ? args : args.slice(0, split);
const malformed = split < 0 ? [] : args.slice(split + 1);
if (!specPath || files.length === 0) {
  console.error("kaitai-check: usage: kaitai-check.mjs SPEC.ksy FILE... [--malformed FILE...]");
  process.exit(2);
}

const spec = yaml.load(readFileSync(specPath, "utf8"));
const transparent = new Set(spec.meta["-meshgate-transparent"] ?? []);
// meshgate's fields the .ksy does not read (their reason is in its doc), by path with [] for any index.
const unread = new Set(spec.meta["-meshgate-unread"] ?? []);
const pattern = (path) => path.replace(/\[\d+\]/g, "[]");
// Ids the .ksy reads only to choose a type (a PTX entry's first word): no field of meshgate's.
const lookahead = new Set(spec.meta["-meshgate-lookahead"] ?? []);
// The generated parser names an attribute in camelCase; meshgate by the .ksy
// id, or by -meshgate-field where it spells the field otherwise (Kaitai ids
// are lower case). Both keyed by the parser's property name.
const camel = (id) => id.replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase());
const names = new Map(), ids = new Map();
const collect = (attrs) => (attrs ?? []).forEach((a) => {
  names.set(camel(a.id), a["-meshgate-field"] ?? a.id);
  ids.set(camel(a.id), a.id);
});
// Instances are lazy: each type's are read (by their getter) before its leaves are walked.
const instancesOf = new Map();
// A type with -meshgate-path is at that path whatever holds it (an MSH stream, "res13", reached through the
// directory's switch: meshgate names streams by type, not by entry).
const pathOf = new Map();
const note = (className, type) => {
  if (type["-meshgate-path"]) pathOf.set(className, type["-meshgate-path"]);
  const list = Object.entries(type.instances ?? {}).map(([id, a]) => {
    names.set(camel(id), a["-meshgate-field"] ?? id);
    ids.set(camel(id), id);
    return camel(id);
  });
  instancesOf.set(className, list);
  collect(type.seq);
};
const classOf = (id) => id.split("_").map((w) => w[0].toUpperCase() + w.slice(1)).join("");
note(classOf(spec.meta.id), spec);
Object.entries(spec.types ?? {}).forEach(([id, t]) => note(classOf(id), t));

let compiled;
try {
  compiled = await compiler.compile("javascript", spec, null, true);
} catch (e) {
  console.error(`kaitai-check: ${basename(specPath)} does not compile: ${String(e).split("\n").slice(0, 3).join(" ")}`);
  process.exit(1);
}
const className = classOf(spec.meta.id);
const module = { exports: {} };
new Function("module", "exports", "require", compiled[`${className}.js`])(module, module.exports, require);
const Parser = module.exports[className] ?? module.exports;

const scalar = new Set(["u8", "u16", "u32", "u64", "i16", "i32", "f32"]);
const hex = (bytes) => Buffer.from(bytes).toString("hex");
const f32Bits = (x) => {
  const view = new DataView(new ArrayBuffer(4));
  view.setFloat32(0, x, true);
  return "0x" + view.getUint32(0, true).toString(16).padStart(8, "0");
};

// Every leaf of a parsed object: meshgate's path, its offset in the file, its value; and the span of every
// object and array read (`spans`), which a field meshgate lists whole may be. A transparent attribute (a
// switch's holder, a run of records meshgate lists one by one) adds no name to its leaves' paths, only
// its index. A path read twice (two MSH streams of one type, which meshgate also lists twice) holds both
// readings, in the order read.
const isObject = (v) => v && typeof v === "object" && v._debug;
const add = (map, path, reading) => (map.get(path) ?? map.set(path, []).get(path)).push(reading);
function leaves(obj, path, out, spans) {
  path = pathOf.get(obj.constructor.name) ?? path;
  for (const instance of instancesOf.get(obj.constructor.name) ?? []) void obj[instance];
  for (const key of Object.keys(obj._debug)) {
    const id = key.startsWith("_m_") ? key.slice(3) : key;  // an instance's debug entry
    if (lookahead.has(ids.get(id))) continue;
    const name = names.get(id) ?? id;
    const named = path ? `${path}.${name}` : name;
    const through = transparent.has(ids.get(id)) ? path : named;  // where its objects' leaves go
    const span = (d) => ({ offset: d.ioOffset + d.start, size: d.end - d.start });
    const visit = (v, d, p) => {
      if (!isObject(v)) return add(out, p, { ...span(d), value: v });
      if (p !== path) add(spans, p, span(d));  // a transparent holder's span is not its parent's
      leaves(v, p, out, spans);
    };
    const value = obj[id], debug = obj._debug[key];
    if (Array.isArray(value)) {
      add(spans, named, span(debug));
      value.forEach((v, i) => visit(v, debug.arr[i], `${isObject(v) ? through : named}[${i}]`));
    } else visit(value, debug, isObject(value) ? through : named);
  }
  return out;
}

function parse(file) {
  const parsed = new Parser(new KaitaiStream(new Uint8Array(readFileSync(file)).buffer));
  parsed._read();
  const spans = new Map();
  return { got: leaves(parsed, "", new Map(), spans), spans };
}

// The fields meshgate lists whole that hold `path` (res7.triangles holds res7.triangles[3].tri_flags).
function* holders(path) {
  for (let i = path.length - 1; i > 0; --i) if (path[i] === "." || path[i] === "[") yield path.slice(0, i);
}

// A field meshgate lists whole, by its span and a type (a payload, an element array, an MSH string record):
// neither a number nor bytes[N]. The .ksy may read it as bytes, records or a record of parts.
const isBlob = (field) => !scalar.has(field.type) && !/^bytes\[\d+\]$/.test(field.type);
// A blob's own keys beside its span and value (an MSH string's length), which the .ksy reads as parts.
const listingKeys = new Set(["path", "offset", "size", "type", "value", "status", "bits", "layout", "name", "note"]);
const blobKeys = (field) => Object.keys(field).filter((k) => !listingKeys.has(k));

// The first difference between the .ksy's reading and meshgate's, or null; counts the fields compared.
function compare(file, { got, spans }, counts) {
  const inspect = JSON.parse(readFileSync(`${file}.inspect.json`, "utf8"));
  const listed = new Set(), blobs = new Set();
  const times = new Map();  // how often each path was listed so far: a path listed twice takes the second reading
  for (const field of inspect.fields) {
    listed.add(field.path);
    const n = times.get(field.path) ?? 0;
    times.set(field.path, n + 1);
    if (unread.has(pattern(field.path))) {
      counts.unread = (counts.unread ?? 0) + 1;
      continue;
    }
    const leaf = got.get(field.path)?.[n] ?? (isBlob(field) ? spans.get(field.path)?.[n] : undefined);
    if (!leaf) return `${field.path}: not reached by the .ksy`;
    if (leaf.offset !== field.offset) return `${field.path}: offset ${leaf.offset} in the .ksy, ${field.offset} in meshgate`;
    // A blob: its offset and size are compared, and each of its own keys the .ksy reads as a part.
    if (isBlob(field)) {
      if (leaf.size !== field.size) return `${field.path}: ${leaf.size} bytes in the .ksy, ${field.size} in meshgate`;
      blobs.add(field.path);
      for (const key of blobKeys(field)) {
        const part = got.get(`${field.path}.${key}`)?.[n];
        if (part && part.value !== field[key]) return `${field.path}.${key}: ${part.value} in the .ksy, ${field[key]} in meshgate`;
      }
      counts.fields += 1;
      continue;
    }
    const value = field.type === "f32" ? f32Bits(leaf.value) : leaf.value instanceof Uint8Array ? hex(leaf.value) : leaf.value;
    const want = field.type === "f32" ? field.bits : field.value;
    if (value !== want) return `${field.path}: ${JSON.stringify(value)} in the .ksy, ${JSON.stringify(want)} in meshgate`;
    counts.fields += 1;
  }
  for (const [path, readings] of got)
    for (const leaf of readings) {
      if (listed.has(path) || !(leaf.size > 0)) continue;  // a value instance has no size
      if (![...holders(path)].some((h) => blobs.has(h))) return `${path}: read by the .ksy, not a field of meshgate's`;
      counts.inside = (counts.inside ?? 0) + 1;  // a part of a field meshgate lists whole: its span was compared
    }
  return null;
}

let failed = 0;
const counts = { fields: 0 };
for (const file of files) {
  let problem;
  try {
    problem = compare(file, parse(file), counts);
  } catch (e) {
    problem = `the .ksy parser failed: ${e.message ?? e}`;
  }
  if (problem) {
    console.error(`kaitai-check: ${basename(file)}: ${problem}`);
    failed += 1;
  }
}
// A variant meshgate only warns about parses: the .ksy must read it as meshgate does, unless it raises
// a code the .ksy names as another reading (a layout told outside the file).
const otherReading = new Set(spec.meta["-meshgate-other-reading-codes"] ?? []);
const rejected = [];
let elsewhere = 0;
for (const file of malformed) {
  const inspect = JSON.parse(readFileSync(`${file}.inspect.json`, "utf8"));
  if (!inspect.parse_ok) {
    rejected.push(file);
    continue;
  }
  if ((inspect.diagnostics ?? []).some((d) => otherReading.has(d.code))) {
    elsewhere += 1;
    continue;
  }
  const problem = (() => {
    try {
      return compare(file, parse(file), counts);
    } catch (e) {
      return `the .ksy parser failed: ${e.message ?? e}`;
    }
  })();
  if (problem) {
    console.error(`kaitai-check: ${basename(file)}: ${problem}`);
    failed += 1;
  }
}
const accepted = [];
for (const file of rejected) {
  try {
    if (compare(file, parse(file), { fields: 0 }) === null) accepted.push(basename(file));
  } catch {
    // the .ksy rejects it too
  }
}
const read = files.length + malformed.length - rejected.length - elsewhere;
console.log(`kaitai-check: ${spec.meta.id}: ${read} files (${malformed.length - rejected.length} of them variants meshgate ` +
  `warns about), ${counts.fields} fields compared` +
  (counts.inside ? ` (and ${counts.inside} parts of fields meshgate lists whole, inside their compared span)` : "") +
  `, ${counts.unread ?? 0} not read by design, ${failed} failed; ` +
  `${rejected.length - accepted.length} of ` +
  `${rejected.length} variants meshgate rejects refused or read differently by the .ksy` +
  (elsewhere ? `; ${elsewhere} read another way by design (${[...otherReading].join(", ")})` : ""));
if (accepted.length) console.log(`kaitai-check: accepted as meshgate reads them, though meshgate rejects them: ${accepted.join(", ")}`);
process.exit(failed ? 1 : 0);
