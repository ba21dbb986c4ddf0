import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { formatTaskTally } from './tally';

const task = (executed: number, failed: number, failures: Record<string, number>, total = executed + failed) => ({
  total,
  executed,
  failed,
  failures,
});

describe('task tally text (issue 5: "9 executed, 1 failed (device not online)")', () => {
  const t = i18n.getFixedT('en');

  it('tells executed and failed devices with the reason', () => {
    expect(formatTaskTally(t, task(9, 1, { offline: 1 }), 'en')).toBe('9 executed, 1 failed (device not online)');
  });

  it('tells a fitting that was not sent "resume normal" in a real emergency by why, not as a fault', () => {
    expect(formatTaskTally(t, task(2, 1, { inEmergency: 1 }), 'en')).toBe(
      '2 executed, 1 failed (in a real emergency (mains lost), not sent)',
    );
  });

  it('leaves out failures when there are none', () => {
    expect(formatTaskTally(t, task(10, 0, {}), 'en')).toBe('10 executed');
    expect(formatTaskTally(t, task(1, 0, {}), 'en')).toBe('1 executed');
  });

  it('counts each reason when there are several, joined the language way', () => {
    expect(formatTaskTally(t, task(7, 3, { offline: 2, timeout: 1 }), 'en')).toBe(
      '7 executed, 3 failed (device not online (2 devices) and no answer in time (1 device))',
    );
  });

  it('tells an unknown reason as a device fault, and devices still waiting', () => {
    expect(formatTaskTally(t, task(2, 1, { strange: 1 }, 5), 'en')).toBe(
      '2 executed, 1 failed (device fault), 2 waiting',
    );
  });

  it('uses the plural forms of each language', () => {
    expect(formatTaskTally(i18n.getFixedT('es'), task(1, 2, { offline: 2 }), 'es')).toBe(
      '1 ejecutado, 2 fallidos (dispositivo no en línea)',
    );
    expect(formatTaskTally(i18n.getFixedT('es'), task(9, 1, { offline: 1 }), 'es')).toBe(
      '9 ejecutados, 1 fallido (dispositivo no en línea)',
    );
    expect(formatTaskTally(i18n.getFixedT('de'), task(9, 1, { offline: 1 }), 'de')).toBe(
      '9 ausgeführt, 1 fehlgeschlagen (Gerät nicht online)',
    );
    expect(formatTaskTally(i18n.getFixedT('zh'), task(9, 1, { offline: 1 }), 'zh')).toBe(
      '9 个已执行，1 个失败（设备不在线）',
    );
  });
});
