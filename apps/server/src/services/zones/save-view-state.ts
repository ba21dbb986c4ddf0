import { snapZoom, type ViewState } from '@lightwell/domain';
import type { AppContext } from '../../context.ts';
import { viewStates } from '../../db/schema.ts';

/** Saves `uid`'s view of network `nid`'s map, its zoom snapped to a step; answers the view saved. */
export async function saveViewState(ctx: AppContext, uid: number, nid: number, asked: ViewState): Promise<ViewState> {
  const view = { zoom: snapZoom(asked.zoom), imgX: asked.imgX, imgY: asked.imgY };
  await ctx.db
    .insert(viewStates)
    .values({ uid, nid, ...view })
    .onConflictDoUpdate({ target: [viewStates.uid, viewStates.nid], set: view });
  return view;
}
