import type { SeoulMonth } from '../../../lib/program-calendar.ts';
import type { OneDayProgramItem, ProgramEventItem } from '../../../lib/programs.ts';
import type { Db } from '../../db/client.ts';
import { oneDayProgramResource, programEventResource } from './resource.ts';
import { listOneDayPrograms, listProgramEvents } from './service.ts';

export interface ProgramPageData {
  programs: OneDayProgramItem[];
  events: ProgramEventItem[];
}

/** Everything /explorer/program shows, from the same services and serializers as the API. */
export async function loadProgramPage(db: Db, month: SeoulMonth, now: Date): Promise<ProgramPageData> {
  const [programs, events] = await Promise.all([listOneDayPrograms(db, now), listProgramEvents(db, month, now)]);
  return { programs: programs.map(oneDayProgramResource), events: events.map(programEventResource) };
}
