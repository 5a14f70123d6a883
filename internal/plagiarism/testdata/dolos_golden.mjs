// Golden values for package plagiarism, made once with @dodona/dolos-lib
// (npm) on the committed corpus:
//   npm install @dodona/dolos-lib@3.5.1
//   node dolos_golden.mjs | python3 -c "import json,sys; json.dump(json.load(sys.stdin), open('dolos_golden.json', 'w'), separators=(',', ':'))"
// It prints every file's token stream and every pair in Dolos' own order
// (default options) with its similarity and total overlap.
import { Dolos } from "@dodona/dolos-lib";
import { readdirSync } from "node:fs";
import { join } from "node:path";

const root = "corpus";
const files = [];
for (const dir of ["kernels", "agent"]) {
  for (const name of readdirSync(join(root, dir)).sort()) {
    files.push(join(root, dir, name));
  }
}
const dolos = new Dolos();
const report = await dolos.analyzePaths(files);
const tokens = {};
for (const f of report.files) {
  tokens[f.path] = f.tokens;
}
const pairs = report.allPairs().map((p) => ({
  leftFile: p.leftFile.path,
  rightFile: p.rightFile.path,
  similarity: p.similarity,
  overlap: p.overlap,
}));
console.log(JSON.stringify({ dolosLib: "3.5.1", files, tokens, pairs }, null, 1));
