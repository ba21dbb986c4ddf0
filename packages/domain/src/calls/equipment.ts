import { z } from 'zod';
import { EquipmentExportFormatSchema, EquipmentStatisticsSchema } from '../equipment/schemas.ts';
import { IdSchema } from '../schemas/common.ts';
import { type CallDef, defineCall } from './define.ts';
import { RuleMessages } from './input-problems.ts';

/*
 * Network equipment statistics (page 2-9 `/project/report/networkEquip/statistic`, print form
 * `/report/networkEquipDataPDF`; docs/api.md "Equipment statistics"; docs/decisions.md "Equipment
 * statistics"). Every member of each network asked for, whatever their role; a project the caller does not
 * belong to, or a network of someone else or of another project, answers 1013 for the whole call.
 */

/** The networks: those named (1 to 100, each once, all of project `pid`), or without `nids` all of the caller's in it. */
const scope = {
  pid: IdSchema,
  nids: z.array(IdSchema).min(1).max(100).optional(),
};
const uniqueNetworks: [(payload: { nids?: number[] | undefined }) => boolean, string] = [
  (payload) => payload.nids === undefined || new Set(payload.nids).size === payload.nids.length,
  RuleMessages.duplicate,
];

/** The statistics calls; 1050 (with zero figures) when the caller holds no network of the project. */
export const equipmentCalls = {
  equipmentStatistic: defineCall({
    path: '/api/v1/project/networkEquip/statistic',
    auth: true,
    tag: 'equipment',
    summary:
      'Installed devices of networks of a project: by kind, model, firmware and hardware version, online, faulty, age, emergency battery and last test (every member; 1050 no network)',
    payload: scope,
    data: EquipmentStatisticsSchema,
    refine: uniqueNetworks,
  }),
  equipmentExport: defineCall({
    path: '/api/v1/project/networkEquip/export',
    auth: true,
    tag: 'equipment',
    summary:
      'The equipment statistics of networks of a project as CSV, XLSX or PDF with the header block (every member; 1050 no network)',
    payload: { ...scope, format: EquipmentExportFormatSchema },
    data: z.object({ fileName: z.string(), contentType: z.string(), base64: z.string() }),
    refine: uniqueNetworks,
  }),
} satisfies Record<string, CallDef>;
