#!/usr/bin/env node
// bundle-budget reads the build manifest (dist/.vite/manifest.json, written by `vite build`
// with build.manifest), works out which JavaScript files each page loads, prints their gzipped
// sizes and exits non-zero when a page is over its budget:
//
// - the sign-in page: the first page load (the entry and its static imports) and the sign-in
//   screen's chunk, at most START_BUDGET_KB;
// - the shell: the first page load and the signed-in shell's chunk, at most START_BUDGET_KB;
// - each screen: its own code, at most SCREEN_BUDGET_KB: what first visiting it adds to the
//   shell, less the chunks it shares with other lazily loaded parts (the popover and form code
//   of the component library, loaded once by whichever part comes first and cached for every
//   other). Those shared chunks are bounded together, at most SHARED_BUDGET_KB, and what a screen
//   adds with them is printed beside its own figure.
// The identity provider's SDK is listed on its own: it loads only when the user signs in or out
// or a token needs renewing, not with a page.
//
// Usage: node scripts/bundle-budget.mjs [dist]

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** START_BUDGET_KB bounds the sign-in page and the shell, each, in KB of gzipped JavaScript. */
export const START_BUDGET_KB = 170;
/** SCREEN_BUDGET_KB bounds what one screen adds to the shell, in KB of gzipped JavaScript. */
export const SCREEN_BUDGET_KB = 60;

/**
 * SHARED_BUDGET_KB bounds the chunks lazily loaded parts share (the component library's popover,
 * menu and form code), in KB of gzipped JavaScript: loaded once, with the first part that needs
 * them. The garage's and the rule editor's forms share the number, multi-select and form code
 * with the lead dialogs (about 20 KB of it); the appointments', visits' and processes' forms add
 * the radio, segmented and textarea code they share with them (about 3 KB); the deal sheet,
 * desking, e-mail, texting, Call Log and assistant parts share the file input, tabs, table and
 * draft code among themselves and with the profile (about 13 KB); the task and appointment
 * modals share their form parts (about 1 KB, moved out of those screens' own code), hence 134.
 */
export const SHARED_BUDGET_KB = 134;
/** SIGN_IN and SHELL are the source modules of the sign-in screen and the signed-in shell. */
export const SIGN_IN = 'src/features/auth/components/sign-in-page.tsx';
export const SHELL = 'src/app/shell/app-layout.tsx';
/** SDK is the module that holds the identity provider's SDK. */
export const SDK = 'src/lib/amplify-auth.ts';
const START_MODULES = [SIGN_IN, SHELL, SDK];

/** closure is the manifest keys a chunk loads statically, itself included. */
export function closure(manifest, key, seen = new Set()) {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`the manifest has no ${key}`);
  seen.add(key);
  for (const dep of chunk.imports ?? []) closure(manifest, dep, seen);
  return seen;
}

/**
 * measure works out, in KB of gzipped JavaScript, the first page load, the sign-in page, the
 * shell, the SDK and what each screen adds to the shell; sizeOf gives a file's gzipped bytes.
 */
export function measure(manifest, sizeOf) {
  const kb = (keys) => [...keys].reduce((sum, key) => sum + sizeOf(manifest[key].file), 0) / 1024;
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (entries.length !== 1) throw new Error(`the manifest has ${entries.length} entries, want 1`);
  const first = closure(manifest, entries[0]);
  const withFirst = (module) => new Set([...first, ...closure(manifest, module)]);
  const shell = withFirst(SHELL);
  const lazy = Object.keys(manifest)
    .filter((key) => manifest[key].isDynamicEntry && !START_MODULES.includes(key))
    .sort();
  const addedBy = new Map(lazy.map((key) => [key, [...closure(manifest, key)].filter((k) => !shell.has(k))]));
  // A chunk that more than one lazily loaded part adds to the shell is shared: no one screen's own.
  const parts = new Map();
  for (const added of addedBy.values()) for (const k of added) parts.set(k, (parts.get(k) ?? 0) + 1);
  const shared = [...parts.keys()].filter((k) => parts.get(k) > 1 && !lazy.includes(k));
  const screens = lazy.map((key) => {
    const added = addedBy.get(key);
    const own = added.filter((k) => !shared.includes(k));
    return { name: key, kb: kb(own), withSharedKb: kb(added), ownKb: kb([key]) };
  });
  return {
    firstKb: kb(first),
    signInKb: kb(withFirst(SIGN_IN)),
    shellKb: kb(shell),
    sdkKb: kb([...closure(manifest, SDK)].filter((k) => !first.has(k))),
    sharedKb: kb(shared),
    screens,
  };
}

function main() {
  const dist = process.argv[2] ?? 'dist';
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
  const sizes = new Map();
  const sizeOf = (file) => {
    if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
    return sizes.get(file);
  };
  const { firstKb, signInKb, shellKb, sdkKb, sharedKb, screens } = measure(manifest, sizeOf);
  const fmt = (n) => n.toFixed(1).padStart(7);
  let over = 0;
  const check = (kb, name, budget) => {
    const isOver = kb > budget;
    if (isOver) over++;
    console.log(`${fmt(kb)}  ${name} (budget ${budget})${isOver ? '  OVER BUDGET' : ''}`);
  };
  console.log('JavaScript, KB gzipped');
  console.log(`${fmt(firstKb)}  first page load (entry and its static imports)`);
  check(signInKb, 'sign-in page', START_BUDGET_KB);
  check(shellKb, 'shell', START_BUDGET_KB);
  console.log(`${fmt(sdkKb)}  sign-in SDK, loaded on signing in or out and on renewing tokens`);
  check(sharedKb, 'chunks shared by lazily loaded parts (loaded once, by the first part that needs them)', SHARED_BUDGET_KB);
  console.log(`screens: own code (with the shared chunks it loads first; its entry chunk), budget ${SCREEN_BUDGET_KB}`);
  for (const screen of screens) {
    const screenOver = screen.kb > SCREEN_BUDGET_KB;
    if (screenOver) over++;
    console.log(`${fmt(screen.kb)}  (${screen.withSharedKb.toFixed(1)}; ${screen.ownKb.toFixed(1)})  ${screen.name}${screenOver ? '  OVER BUDGET' : ''}`);
  }
  if (over > 0) {
    console.error(`bundle budget: ${over} over budget`);
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
