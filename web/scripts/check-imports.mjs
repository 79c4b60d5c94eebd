#!/usr/bin/env node
// check-imports enforces how the web app's source folders may import each other, so the app
// stays easy to split and to change as screens arrive:
//
// - a feature (src/features/<name>) uses another feature only through its public entry,
//   src/features/<name>/index.ts, never its internals, and never imports src/app;
// - src/lib and src/components are below the features: they import neither features nor app;
// - features import each other without cycles.
//
// It reads every import (static, dynamic and re-export) with the TypeScript scanner, which the
// app already depends on. ESLint is not among the app's packages; when it is, its
// no-restricted-imports rule can take these rules over. Usage: node scripts/check-imports.mjs

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'src');

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** resolveImport turns a relative specifier into the source file it names, or null. */
function resolveImport(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // Try the next spelling.
    }
  }
  return null;
}

/** place names where a file sits: a feature (and whether it is its entry), app, lib, components or other. */
export function place(file) {
  const parts = relative(src, file).split(sep);
  if (parts[0] === 'features' && parts.length >= 3) {
    return { area: 'feature', feature: parts[1], entry: parts.length === 3 && /^index\.tsx?$/.test(parts[2]) };
  }
  return { area: parts.length > 1 ? parts[0] : 'root' };
}

/** violation says what is wrong with an import from one place to another, or null. */
export function violation(from, to) {
  if (from.area === 'feature') {
    if (to.area === 'app') return 'a feature does not import src/app';
    if (to.area === 'feature' && to.feature !== from.feature && !to.entry) {
      return `use the ${to.feature} feature through its public entry (src/features/${to.feature}/index.ts)`;
    }
  }
  if ((from.area === 'lib' || from.area === 'components') && (to.area === 'feature' || to.area === 'app')) {
    return `src/${from.area} is below the features and the app and imports neither`;
  }
  return null;
}

/** featureCycles lists the cycles of a graph of features (name -> names it imports). */
export function featureCycles(graph) {
  const cycles = [];
  const state = new Map();
  const stack = [];
  const visit = (node) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
}

function main() {
  const problems = [];
  const graph = new Map();
  for (const file of sourceFiles(src)) {
    const from = place(file);
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      const target = resolveImport(file, fileName);
      if (!target) continue;
      const to = place(target);
      const problem = violation(from, to);
      if (problem) problems.push(`${relative(root, file)}: '${fileName}': ${problem}`);
      if (from.area === 'feature' && to.area === 'feature' && to.feature !== from.feature) {
        if (!graph.has(from.feature)) graph.set(from.feature, new Set());
        graph.get(from.feature).add(to.feature);
      }
    }
  }
  for (const cycle of featureCycles(graph)) problems.push(`features import each other in a cycle: ${cycle.join(' -> ')}`);
  if (problems.length > 0) {
    for (const problem of problems) console.error(problem);
    console.error(`check-imports: ${problems.length} problem(s)`);
    process.exit(1);
  }
  console.log(`check-imports: ok (features: ${[...graph].map(([f, to]) => `${f} -> ${[...to].sort().join(', ')}`).join('; ')})`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
