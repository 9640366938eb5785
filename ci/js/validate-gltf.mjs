// Runs the Khronos glTF Validator (npm gltf-validator) over .glb/.gltf files
// and fails on any error, and on any warning not listed with its reason in
// docs/gltf-validator-allowed.json. Prints one JSON line per file and a total.
// Usage: node validate-gltf.mjs ALLOWED.json FILE...
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { dirname, basename, join } from "node:path";

const require = createRequire(import.meta.url);
const validator = require("gltf-validator");
const [allowedPath, ...files] = process.argv.slice(2);
const allowed = new Map(Object.entries(JSON.parse(readFileSync(allowedPath, "utf8")).warnings ?? {}));
if (files.length === 0) {
  console.error("validate-gltf: no files given");
  process.exit(2);
}
let errors = 0, warnings = 0, unexplained = 0;
for (const file of files) {
  const report = await validator.validateBytes(new Uint8Array(readFileSync(file)), {
    uri: basename(file),
    maxIssues: 0,
    externalResourceFunction: (uri) =>
      Promise.resolve(new Uint8Array(readFileSync(join(dirname(file), decodeURIComponent(uri))))),
  });
  const issues = report.issues;
  errors += issues.numErrors;
  warnings += issues.numWarnings;
  const bad = issues.messages.filter((m) => m.severity === 0 || (m.severity === 1 && !allowed.has(m.code)));
  unexplained += bad.filter((m) => m.severity === 1).length;
  console.log(JSON.stringify({ file: basename(file), errors: issues.numErrors, warnings: issues.numWarnings,
                               infos: issues.numInfos, problems: bad.slice(0, 5) }));
}
console.log(`validate-gltf: ${files.length} files, ${errors} errors, ${warnings} warnings (${unexplained} not explained)`);
process.exit(errors > 0 || unexplained > 0 ? 1 : 0);
