import type { Config } from '../config.ts';

/** A start that cannot go on for a reason the operator can fix: the message names the setting and what to do. */
export class StartFailure extends Error {
  override readonly name = 'StartFailure';
}

/** The step of the start a failure happened in, which tells which setting is at fault. */
export type StartStep = 'config' | 'database' | 'app' | 'listen';

interface SystemError extends Error {
  code?: string;
  port?: number;
  address?: string;
  syscall?: string;
  path?: string;
}

/** Codes of a refused or unreachable network peer. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);
/** Codes of a folder this process may not write. */
const UNWRITABLE = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOTDIR', 'EEXIST', 'ENOSPC']);
/** PostgreSQL codes of a refused login or a missing database. */
const PG_REFUSED: Record<string, string> = {
  '28P01': 'the password was refused',
  '28000': 'the login was refused',
  '3D000': 'the database does not exist',
};

/** Host, port and database of a connection URL, without user or password. */
function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return 'the given URL';
  }
}

function reason(error: SystemError): string {
  const code = error.code ?? '';
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host not found';
  if (code === 'ETIMEDOUT') return 'no answer';
  if (PG_REFUSED[code]) return PG_REFUSED[code];
  return error.message.split('\n')[0] ?? code;
}

function portInUse(error: SystemError, setting: string, port: number): string {
  if (error.code === 'EADDRINUSE') return `port ${port} is in use: set ${setting} to a free port`;
  if (error.code === 'EACCES') return `port ${port} needs administrator rights: set ${setting} to a port above 1023`;
  return `cannot listen on port ${port} (${reason(error)}): set ${setting} to a free port`;
}

/**
 * The one or two plain lines that explain a failed start, naming the setting to change; null for a
 * failure that is no operator's to fix (a fault of ours, shown with its stack).
 */
export function explainStartFailure(error: unknown, step: StartStep, config: Config | undefined): string | null {
  if (error instanceof StartFailure) return error.message;
  if (!(error instanceof Error)) return null;
  if (step === 'config') return error.message;
  if (!config) return null;
  const e = error as SystemError;
  const code = e.code ?? '';
  if (step === 'database') {
    if (config.databaseUrl) {
      const where = `cannot connect to the database at DATABASE_URL (${describeUrl(config.databaseUrl)}): ${reason(e)}.`;
      if (UNREACHABLE.has(code)) return `${where}\nStart PostgreSQL there or correct DATABASE_URL.`;
      if (PG_REFUSED[code]) return `${where}\nCorrect the user, password or database name in DATABASE_URL.`;
      return null;
    }
    if (UNWRITABLE.has(code)) {
      return `DATA_DIR ${config.dataDir} is not writable (${code}): set DATA_DIR to a folder this user can write.`;
    }
    return null;
  }
  if (step === 'app') {
    if (!config.mqttUrl && e.syscall === 'listen') return portInUse(e, 'MQTT_PORT', config.mqttPort);
    if (config.mqttUrl && (UNREACHABLE.has(code) || /not authori[sz]ed|bad user name/i.test(e.message))) {
      return `cannot connect to the MQTT broker at MQTT_URL (${describeUrl(config.mqttUrl)}): ${reason(e)}.\nStart the broker there or correct MQTT_URL (unset it to use the embedded broker).`;
    }
    return null;
  }
  if (e.syscall === 'listen' || code === 'EADDRINUSE') {
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
      return `HOST ${config.host} is not an address of this machine: set HOST to one of its addresses (or 0.0.0.0).`;
    }
    return portInUse(e, 'PORT', config.port);
  }
  return null;
}
