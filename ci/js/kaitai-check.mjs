// Proves a generated .ksy against meshgate: compiles it with the reference
// Kaitai Struct compiler (npm kaitai-struct-compiler, pinned), parses each
// file with the generated JavaScript parser in debug mode (every attribute's
// offset), and compares every leaf with `meshgate inspect --json` of the same
// file (FILE.inspect.json beside it): same path (after the .ksy's renames
// and transparent segments), same offset, same value. Every field meshgate
// lists must be reached; the first that differs or is missing fails the run.
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
const note = (className, type) => {
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

// Every leaf of a parsed object: meshgate's path, its offset in the file, its value.
// A transparent attribute (a switch's holder) adds no segment to its leaves' paths.
function leaves(obj, path, out) {
  for (const instance of instancesOf.get(obj.constructor.name) ?? []) void obj[instance];
  for (const key of Object.keys(obj._debug)) {
    const id = key.startsWith("_m_") ? key.slice(3) : key;  // an instance's debug entry
    const name = names.get(id) ?? id;
    const at = path ? `${path}.${name}` : name;
    const visit = (v, d, p) => {
      if (v && typeof v === "object" && v._debug) leaves(v, transparent.has(ids.get(id)) ? path : p, out);
      else out.set(p, { offset: d.ioOffset + d.start, size: d.end - d.start, value: v });
    };
    const value = obj[id], debug = obj._debug[key];
    if (Array.isArray(value)) value.forEach((v, i) => visit(v, debug.arr[i], `${at}[${i}]`));
    else visit(value, debug, at);
  }
  return out;
}

function parse(file) {
  const parsed = new Parser(new KaitaiStream(new Uint8Array(readFileSync(file)).buffer));
  parsed._read();
  return leaves(parsed, "", new Map());
}

// The first difference between the .ksy's reading and meshgate's, or null; counts the fields compared.
function compare(file, got, counts) {
  const inspect = JSON.parse(readFileSync(`${file}.inspect.json`, "utf8"));
  const listed = new Set();
  for (const field of inspect.fields) {
    listed.add(field.path);
    if (unread.has(pattern(field.path))) {
      counts.unread = (counts.unread ?? 0) + 1;
      continue;
    }
    const leaf = got.get(field.path);
    if (!leaf) return `${field.path}: not reached by the .ksy`;
    if (leaf.offset !== field.offset) return `${field.path}: offset ${leaf.offset} in the .ksy, ${field.offset} in meshgate`;
    // A field that is neither a number nor bytes[N] is a blob meshgate lists by its span and a name (a
    // payload, shown by its entry's name and typed by its format): offset and size are compared.
    if (!scalar.has(field.type) && !/^bytes\[\d+\]$/.test(field.type)) {
      if (leaf.size !== field.size) return `${field.path}: ${leaf.size} bytes in the .ksy, ${field.size} in meshgate`;
      counts.fields += 1;
      continue;
    }
    const value = field.type === "f32" ? f32Bits(leaf.value) : leaf.value instanceof Uint8Array ? hex(leaf.value) : leaf.value;
    const want = field.type === "f32" ? field.bits : field.value;
    if (value !== want) return `${field.path}: ${JSON.stringify(value)} in the .ksy, ${JSON.stringify(want)} in meshgate`;
    counts.fields += 1;
  }
  for (const [path, leaf] of got)
    if (!listed.has(path) && leaf.size > 0) return `${path}: read by the .ksy, not a field of meshgate's`;
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
  `warns about), ${counts.fields} fields compared, ${counts.unread ?? 0} not read by design, ${failed} failed; ` +
  `${rejected.length - accepted.length} of ` +
  `${rejected.length} variants meshgate rejects refused or read differently by the .ksy` +
  (elsewhere ? `; ${elsewhere} read another way by design (${[...otherReading].join(", ")})` : ""));
if (accepted.length) console.log(`kaitai-check: accepted as meshgate reads them, though meshgate rejects them: ${accepted.join(", ")}`);
process.exit(failed ? 1 : 0);
