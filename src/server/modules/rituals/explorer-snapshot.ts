import type { ExplorerSection, RitualItem } from '../../../lib/rituals.ts';
import type { Db } from '../../db/client.ts';
import type { Theme } from '../../db/schema/index.ts';
import { snapshotPerDatabase } from '../../db/snapshot.ts';
import { listActiveThemes } from '../content/catalogue-service.ts';
import { explorerSectionResource, ritualItemResource } from './resource.ts';
import { loadExplorer } from './service.ts';

export interface ExplorerSnapshot {
  rituals: RitualItem[];
  sections: ExplorerSection[];
  themes: Theme[];
}

async function loadExplorerSnapshot(db: Db): Promise<ExplorerSnapshot> {
  const [explorer, themes] = await Promise.all([loadExplorer(db), listActiveThemes(db)]);
  return { rituals: explorer.rituals.map(ritualItemResource), sections: explorer.sections.map(explorerSectionResource), themes };
}

export const EXPLORER_SNAPSHOT_TTL_MS = 5_000;

/**
 * What /explorer shows, kept a few seconds in this process: every guest's visit reads the same
 * thirty cards, and rendering them from the database each time cost more than the page itself.
 * Seats left may lag that much on the list; the ritual page and the API read them live.
 */
export const explorerSnapshotFor = snapshotPerDatabase(loadExplorerSnapshot, EXPLORER_SNAPSHOT_TTL_MS);
