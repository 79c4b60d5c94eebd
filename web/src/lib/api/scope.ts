let selectedStoreIds: readonly number[] | undefined;

/**
 * setRequestScope records the selected stores' ids that every later call sends in its Scope
 * header; undefined (before the user is loaded, after sign-out) sends none.
 */
export function setRequestScope(ids: readonly number[] | undefined): void {
  selectedStoreIds = ids;
}

/** getRequestScope returns the ids set by setRequestScope. */
export function getRequestScope(): readonly number[] | undefined {
  return selectedStoreIds;
}
