import { Code, type GatewayState, gatewayOperationRefusal } from '@lightwell/domain';
import { COMMAND_REFUSAL_RESULT_CODES } from '../../api/control';
import { isApiError, messageForCode } from '../../api/errors';
import { reportError } from '../../api/query-client';
import { toast } from '../../app/feedback';

/** How long a refused command's message stays (section 5: each a 3-second error). */
export const REFUSAL_MESSAGE_MS = 3_000;

const REFUSAL_CODES = { loc933: Code.noDeviceSelected, loc934: Code.gatewayOffline, loc938: Code.meshOffline } as const;

/**
 * Section 5 checks before a command leaves the browser: no gateway (1070), then no device selected
 * (loc933, 1071), gateway not online (loc934, 1072), non-type-3 gateway not mesh-ready (loc938, 1073).
 * Answers the result code of the refusal, or null when the command may be sent.
 */
export function commandRefusalCode(gateway: GatewayState | null, selectedDevices: number): number | null {
  if (!gateway) return Code.noGateway;
  const refusal = gatewayOperationRefusal(gateway, selectedDevices);
  return refusal ? REFUSAL_CODES[refusal] : null;
}

/** Shows a refusal's message as an error for exactly 3 seconds. */
export function showRefusal(code: number): void {
  toast.error(messageForCode(code), REFUSAL_MESSAGE_MS);
}

/** Reports a failed command: the server's refusals (1070-1075) for 3 seconds, anything else as usual. */
export function reportCommandError(error: unknown): void {
  if (isApiError(error) && (COMMAND_REFUSAL_RESULT_CODES as readonly number[]).includes(error.code)) {
    showRefusal(error.code);
    return;
  }
  reportError(error);
}
