import emergencyPages from '@lightwell/domain/locales/es/emergencyPages.json';
import equipment from '@lightwell/domain/locales/es/equipment.json';
import reportCycles from '@lightwell/domain/locales/es/reportCycles.json';
import type { DeferredNamespace } from '../../namespaces';

/** The deferred namespaces of this language (namespaces.ts), fetched with the pages that use them. */
export const catalogue: Record<DeferredNamespace, object> = { emergencyPages, equipment, reportCycles };
