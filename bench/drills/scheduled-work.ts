// npm run drill:scheduled-work: the scheduled-work drill of apps/server/test/scheduled-work-drill.test.ts,
// longer. Three consoles from the shipped bundle on a scratch PostgreSQL database (TEST_DATABASE_URL, else
// postgres://postgres@127.0.0.1:5432/test, which creates and drops it) and the Mosquitto on 127.0.0.1:1883,
// their clock moved DRILL_TICKS (1,200) times through DRILL_DAYS (92) days of 2026 in Europe/London, over
// the change to summer time; one console killed (SIGKILL) while it holds the claim of a minute's
// `run-schedules` slot, in the middle of its work, and one stopped (SIGTERM) on the way, each started again.
// Prints one line of figures: ticks, light-schedule firings expected / ran / doubled / missing, self-test
// windows expected / started / closed / graded / doubled, the kills and the slots taken over from a dead
// holder. Exits 1 unless every firing and window ran exactly once and the killed holder's slot was taken over.
import { figuresLine, ScheduledWorkDrill } from '../../apps/server/test/drills/scheduled-work.ts';
import { seedScheduledWork, tickInstants } from '../../apps/server/test/drills/scheduled-work-plan.ts';

const ticks = Number(process.env.DRILL_TICKS ?? 1200);
const days = Number(process.env.DRILL_DAYS ?? 92);

const drill = new ScheduledWorkDrill();
let exactlyOnce = false;
try {
  await drill.setUp();
  const site = await seedScheduledWork(drill.url);
  const instants = tickInstants(site, ticks, days);
  const started = Date.now();
  await drill.run(instants);
  const figures = await drill.count(site, instants.at(-1)!, ticks);
  console.log(figuresLine(figures, (Date.now() - started) / 1000));
  const { firings, windows, kills } = figures;
  exactlyOnce =
    kills.takenOver >= 1 &&
    firings.ran === firings.expected &&
    firings.doubled === 0 &&
    firings.extra.length === 0 &&
    windows.started === windows.expected &&
    windows.graded === windows.closed &&
    windows.doubled === 0 &&
    windows.wrong.length === 0;
  if (!exactlyOnce) console.error(JSON.stringify({ firings, windows }, null, 2));
} finally {
  await drill.tearDown();
}
process.exit(exactlyOnce ? 0 : 1);
