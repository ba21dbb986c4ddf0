import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';

const boot = (env: Record<string, string>) => () => loadConfig({ DATA_DIR: '/tmp/lw-test', ...env });

describe('loadConfig', () => {
  it('takes the embedded broker to 18830 by default and to any other free port asked for', () => {
    expect(loadConfig({}).mqttPort).toBe(18830);
    expect(loadConfig({ MQTT_PORT: '0' }).mqttPort).toBe(0);
    expect(loadConfig({ MQTT_PORT: '1884' }).mqttPort).toBe(1884);
  });

  it('refuses MQTT_PORT=1883, naming the variable, as it refuses other invalid values', () => {
    expect(boot({ MQTT_PORT: '1883' })).toThrow(/^Invalid configuration: MQTT_PORT: must not be 1883/);
    // Also beside an external broker: the setting would be wrong the day MQTT_URL is removed.
    expect(boot({ MQTT_PORT: '1883', MQTT_URL: 'mqtt://127.0.0.1:1883' })).toThrow(/MQTT_PORT: must not be 1883/);
    expect(boot({ MQTT_PORT: '70000' })).toThrow(/^Invalid configuration: MQTT_PORT:/);
    expect(boot({ PORT: 'eighty' })).toThrow(/^Invalid configuration: PORT:/);
  });

  it('names every bad variable at once', () => {
    expect(boot({ MQTT_PORT: '1883', LOG_LEVEL: 'loud' })).toThrow(
      /MQTT_PORT: .*; LOG_LEVEL: |LOG_LEVEL: .*; MQTT_PORT: /,
    );
  });

  it('gives a command 5 s before the 100 ms per device unless COMMAND_TIMEOUT_BASE_MS says otherwise', () => {
    expect(loadConfig({}).commandTimeoutBaseMs).toBe(5000);
    expect(loadConfig({ COMMAND_TIMEOUT_BASE_MS: '60000' }).commandTimeoutBaseMs).toBe(60_000);
    expect(boot({ COMMAND_TIMEOUT_BASE_MS: '10' })).toThrow(/^Invalid configuration: COMMAND_TIMEOUT_BASE_MS:/);
  });

  it('connects to an external broker on 1883 through MQTT_URL', () => {
    expect(loadConfig({ MQTT_URL: 'mqtt://127.0.0.1:1883' }).mqttUrl).toBe('mqtt://127.0.0.1:1883');
  });

  it('logs readable text on a terminal and JSON lines otherwise, unless LOG_FORMAT says which', () => {
    expect(loadConfig({}, true).logFormat).toBe('pretty');
    expect(loadConfig({}, false).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }, true).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, false).logFormat).toBe('pretty');
    expect(boot({ LOG_FORMAT: 'xml' })).toThrow(/^Invalid configuration: LOG_FORMAT:/);
  });
});
