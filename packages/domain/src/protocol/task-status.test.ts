import { describe, expect, it } from 'vitest';
import { laterTask, TaskStatus } from './task-status.ts';

const view = (status: number, executed: number, failed = 0) => ({ status, executed, failed });

describe('laterTask', () => {
  it.each([
    ['executing beats waiting', view(TaskStatus.waiting, 0), view(TaskStatus.executing, 0), 'incoming'],
    [
      'canceling beats executing with more outcomes',
      view(TaskStatus.executing, 18),
      view(TaskStatus.canceling, 5),
      'incoming',
    ],
    [
      'an ended task beats a late canceling view',
      view(TaskStatus.canceled, 18, 1),
      view(TaskStatus.canceling, 18),
      'known',
    ],
    [
      'an ended task beats a late executing view',
      view(TaskStatus.executed, 19),
      view(TaskStatus.executing, 18),
      'known',
    ],
    ['more outcomes win at the same stage', view(TaskStatus.executing, 18), view(TaskStatus.executing, 17, 0), 'known'],
    ['a tie takes the incoming view', view(TaskStatus.executing, 3, 1), view(TaskStatus.executing, 4), 'incoming'],
  ])('%s', (_name, known, incoming, winner) => {
    expect(laterTask(known, incoming)).toBe(winner === 'known' ? known : incoming);
  });
});
