#!/usr/bin/env node
'use strict';
// The TypeScript navigation-edge oracle (issue 32): runs the real TypeScript compiler (the pinned `typescript`
// package of package-lock.json) over every .ts/.tsx/.mts/.cts file of a repository and writes each reference as
// an edge in rag-bench's EdgeJsonl format, and each site the checker cannot resolve as an unknown site (Site's
// format). The decisions (which names are sites, what their targets are) are in README.md beside this file and
// in docs/EVALUATION.md, "Navigation edges: TypeScript".
//
//   node oracle.js --repo <dir> --out <edges.jsonl> [--unknown <unknown.jsonl>]

const fs = require('fs');
const path = require('path');
const ts = require('typescript');
const { walkFile } = require('./edges.js');

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts'];
const SKIPPED_DIRS = new Set(['node_modules', '.git']);

function usage(message) {
  process.stderr.write(`ts-oracle: ${message} (usage: oracle.js --repo <dir> --out <edges.jsonl> [--unknown <unknown.jsonl>])\n`);
  process.exit(2);
}

function options(argv) {
  const known = new Set(['--repo', '--out', '--unknown']);
  const out = {};
  for (let i = 0; i < argv.length; i += 2) {
    if (!known.has(argv[i])) usage(`unknown option ${argv[i]}`);
    if (i + 1 >= argv.length) usage(`${argv[i]} needs a value`);
    out[argv[i]] = argv[i + 1];
  }
  if (!out['--repo'] || !out['--out']) usage('--repo and --out are required');
  if (!fs.existsSync(out['--repo']) || !fs.statSync(out['--repo']).isDirectory()) usage(`not a directory: ${out['--repo']}`);
  return out;
}

/** Every TypeScript source of the repository, sorted (symbolic links not followed, node_modules and .git skipped). */
function sources(root) {
  const files = [];
  const visit = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (!SKIPPED_DIRS.has(e.name)) visit(p);
      } else if (e.isFile() && EXTENSIONS.some((x) => e.name.endsWith(x))) {
        files.push(p);
      }
    }
  };
  visit(root);
  return files.sort();
}

/**
 * The compiler options: no tsconfig (the benchmark roots have none, and a package's tsconfig extends files outside
 * it), the newest ECMAScript library plus the DOM's (fetch, Request, Response, URL, timers), bundler module
 * resolution (extensionless and `.js`-suffixed relative imports reach the .ts file), strict, no JavaScript, no
 * automatic @types.
 */
const COMPILER_OPTIONS = {
  target: ts.ScriptTarget.ESNext,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  jsx: ts.JsxEmit.Preserve,
  lib: ['lib.esnext.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  strict: true,
  allowJs: false,
  noEmit: true,
  skipLibCheck: true,
  allowImportingTsExtensions: true,
  resolveJsonModule: false,
  experimentalDecorators: true,
  types: [],
  typeRoots: [],
};

/** A host whose module resolution only reaches the repository's own sources: nothing above or beside it leaks in. */
function host(root, files) {
  const h = ts.createCompilerHost(COMPILER_OPTIONS, true);
  const inRepo = new Set(files.map((f) => path.resolve(f)));
  h.resolveModuleNames = (names, containingFile) =>
    names.map((name) => {
      const r = ts.resolveModuleName(name, containingFile, COMPILER_OPTIONS, h).resolvedModule;
      return r && inRepo.has(path.resolve(r.resolvedFileName)) ? r : undefined;
    });
  return h;
}

function main() {
  const a = options(process.argv.slice(2));
  const started = Date.now();
  const root = fs.realpathSync(a['--repo']);
  const files = sources(root);
  const program = ts.createProgram(files, COMPILER_OPTIONS, host(root, files));
  const checker = program.getTypeChecker();
  const rel = (file) => {
    const r = path.relative(root, path.resolve(file));
    return r.startsWith('..') || path.isAbsolute(r) ? null : r.split(path.sep).join('/');
  };
  const edges = new Map();
  const unknown = new Map();
  const ctx = {
    ts,
    checker,
    rel,
    edge(kind, file, line, target) {
      const o = { kind, file, line, target };
      edges.set(JSON.stringify(o), o);
    },
    unknown(kind, file, line) {
      const o = { kind, file, line };
      unknown.set(JSON.stringify(o), o);
    },
  };
  let failures = 0;
  for (const f of files) {
    const sf = program.getSourceFile(f);
    try {
      walkFile(ctx, sf);
    } catch (e) {
      failures++;
      process.stderr.write(`ts-oracle: walk of ${rel(f)} broken off: ${e.stack}\n`);
    }
  }
  const errors = ts.getPreEmitDiagnostics(program).filter((d) => d.category === ts.DiagnosticCategory.Error).length;
  write(a['--out'], [...edges.values()]);
  if (a['--unknown']) write(a['--unknown'], [...unknown.values()]);
  report([...edges.values()], [...unknown.values()], files.length, errors, failures, Date.now() - started);
  if (failures > 0) process.exitCode = 1;
}

function order(x, y) {
  return (
    x.kind.localeCompare(y.kind) ||
    x.file.localeCompare(y.file) ||
    x.line - y.line ||
    JSON.stringify(x.target || '').localeCompare(JSON.stringify(y.target || ''))
  );
}

function write(file, items) {
  const lines = items.sort(order).map((o) => JSON.stringify(o) + '\n');
  fs.writeFileSync(file, lines.join(''));
}

function report(edges, unknown, files, errors, failures, millis) {
  const kinds = ['CALL', 'TYPE', 'FIELD', 'OVERRIDE', 'SUPERTYPE', 'IMPORT'];
  const row = (k, e, u) =>
    `${k.padEnd(10)} ${String(e.length).padStart(9)} ${String(e.filter((x) => 'file' in x.target).length).padStart(9)} ${String(u.length).padStart(9)}\n`;
  let s = `${'kind'.padEnd(10)} ${'edges'.padStart(9)} ${'in-repo'.padStart(9)} ${'unknown'.padStart(9)}\n`;
  for (const k of kinds) s += row(k, edges.filter((e) => e.kind === k), unknown.filter((u) => u.kind === k));
  s += row('all', edges, unknown);
  s += `files ${files}, typescript ${ts.version}, checker errors ${errors}, walks broken off ${failures}, ${(millis / 1000).toFixed(1)} s\n`;
  process.stdout.write(s);
}

main();
