// The merge feature's public entry: what other features may use of it.
export { mergeKeys } from './api/keys';
export { useAddToMergeFlow } from './components/add-to-merge-flow';
export { AddToMergeButton } from './components/add-to-merge-button';
