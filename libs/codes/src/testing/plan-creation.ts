import { parseItems, type PlanDeps, planDrafts, type PlannedItem } from '../codes/plan-creation';

/** Test helper: parses the items and plans them, as the creation commands do. */
export function planCreation(
  deps: PlanDeps,
  workspaceId: string,
  items: readonly unknown[],
  pointerOf: (index: number) => string,
  readBack = true,
): Promise<PlannedItem[]> {
  return planDrafts(deps, workspaceId, parseItems(items, pointerOf), pointerOf, readBack);
}
