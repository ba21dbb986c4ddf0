import type {
  CallInput,
  DeviceKind,
  DeviceSummary,
  EnergySpan,
  Product,
  ProductSubVersion,
  SensorSummary,
} from '@lightwell/domain';
import { Code, Limits } from '@lightwell/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSession } from '../stores/session';
import { call } from './client';
import { useCallMutation } from './project';

/** Filters and paging of the device list. */
export interface DeviceListQuery {
  kind?: DeviceKind;
  isVirtual?: boolean;
  search?: string;
  page: number;
  pageSize: number;
}

/** Query keys of devices (each starts with `all(uid)`) and of the product catalogue (with `catalogue(uid)`), per uid. */
export const deviceKeys = {
  all: (uid: number | null) => ['device', uid] as const,
  list: (uid: number | null, nid: number, query: DeviceListQuery) =>
    [...deviceKeys.all(uid), 'list', nid, query] as const,
  realOptions: (uid: number | null, nid: number, model: string) =>
    [...deviceKeys.all(uid), 'real', nid, model] as const,
  detail: (uid: number | null, deviceId: number) => [...deviceKeys.all(uid), 'detail', deviceId] as const,
  sensors: (uid: number | null, nid: number, page: number, pageSize: number, span: EnergySpan) =>
    [...deviceKeys.all(uid), 'sensors', nid, page, pageSize, span] as const,
  /** Every query of the product catalogue. */
  catalogue: (uid: number | null) => ['product', uid] as const,
  products: (uid: number | null) => [...deviceKeys.catalogue(uid), 'list'] as const,
  subVersions: (uid: number | null, productId: number) => [...deviceKeys.catalogue(uid), 'sub', productId] as const,
};

/** A page size the server accepts: the user's setting when it is one of the allowed sizes. */
export function allowedPageSize(size: number): CallInput<'deviceList'>['pageSize'] {
  return (Limits.pageSizes as readonly number[]).includes(size)
    ? (size as CallInput<'deviceList'>['pageSize'])
    : Limits.defaultPageSize;
}

/** One page of a network's devices; an empty list (1050) gives no rows. */
export function useDeviceListQuery(nid: number | null, query: DeviceListQuery) {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: deviceKeys.list(uid, nid ?? 0, query),
    queryFn: async (): Promise<{ list: DeviceSummary[]; total: number }> => {
      const data = await call('deviceList', {
        nid: nid ?? 0,
        kind: query.kind,
        isVirtual: query.isVirtual,
        search: query.search || undefined,
        page: query.page,
        pageSize: allowedPageSize(query.pageSize),
      });
      return { list: data?.list ?? [], total: data?.total ?? 0 };
    },
    enabled: uid !== null && nid !== null,
    placeholderData: keepPreviousData,
  });
}

/**
 * Real devices of the network offered for binding: same model only (section 5), first 100 matches.
 * The server checks the model again and refuses a mismatch with 1077.
 */
export function useRealDeviceOptionsQuery(nid: number, model: string) {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: deviceKeys.realOptions(uid, nid, model),
    queryFn: async (): Promise<DeviceSummary[]> => {
      const data = await call('deviceList', { nid, isVirtual: false, search: model, page: 1, pageSize: 100 });
      return (data?.list ?? []).filter((d) => d.model === model);
    },
    enabled: uid !== null && model !== '',
  });
}

/** How often an open device detail reloads its reported state. */
const DETAIL_REFRESH_MS = 10_000;

/** One device with its decoded status; disabled without an id. */
export function useDeviceQuery(deviceId: number | null) {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: deviceKeys.detail(uid, deviceId ?? 0),
    queryFn: () => call('deviceGet', { deviceId: deviceId ?? 0 }),
    enabled: uid !== null && deviceId !== null,
    // The detail shows reported state: refresh it while it is open.
    refetchInterval: DETAIL_REFRESH_MS,
  });
}

/**
 * One page of the network's motion and light sensors, their triggers counted over `span` (the heat maps'
 * periods, so a sensor's count equals its heat-map row for the same period).
 */
export function useSensorListQuery(nid: number | null, page: number, pageSize: number, span: EnergySpan) {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: deviceKeys.sensors(uid, nid ?? 0, page, pageSize, span),
    queryFn: async (): Promise<{ list: SensorSummary[]; total: number }> => {
      const data = await call('sensorList', { nid: nid ?? 0, page, pageSize: allowedPageSize(pageSize), span });
      return { list: data?.list ?? [], total: data?.total ?? 0 };
    },
    enabled: uid !== null && nid !== null,
    placeholderData: keepPreviousData,
  });
}

/** The product catalogue; empty (1050) gives []. */
export function useProductsQuery() {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: deviceKeys.products(uid),
    queryFn: async (): Promise<Product[]> => (await call('productList', {})) ?? [],
    enabled: uid !== null,
    staleTime: 5 * 60_000,
  });
}

/** Sub-versions of a product. */
export function useSubVersionsQuery(productId: number | null) {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: deviceKeys.subVersions(uid, productId ?? 0),
    queryFn: async (): Promise<ProductSubVersion[]> =>
      (await call('productSubVersionList', { productId: productId ?? 0 })) ?? [],
    enabled: uid !== null && productId !== null,
  });
}

const devicesChanged = (uid: number | null) => [deviceKeys.all(uid)] as const;

/** Add up to 10 virtual devices; 1082 (MAC taken) is shown on the form by the caller. */
export function useDeviceAddMutation() {
  return useCallMutation('deviceAdd', { invalidates: devicesChanged, meta: { quietCodes: [Code.macTaken] } });
}

/** Change a device. */
export function useDeviceUpdateMutation() {
  return useCallMutation('deviceUpdate', { invalidates: devicesChanged });
}

/** Delete a device (1076 while bound: the server's message is shown). */
export function useDeviceDeleteMutation() {
  return useCallMutation('deviceDelete', { invalidates: devicesChanged });
}

/** Bind a real device to a virtual one (1077 model mismatch and 1076 are shown in the dialog). */
export function useDeviceBindMutation() {
  return useCallMutation('deviceBind', {
    invalidates: devicesChanged,
    meta: { quietCodes: [Code.modelMismatch, Code.deviceBound] },
  });
}

/** Unbind a virtual device. */
export function useDeviceUnbindMutation() {
  return useCallMutation('deviceUnbind', { invalidates: devicesChanged });
}

/** Add a product to the catalogue. */
export function useProductAddMutation() {
  return useCallMutation('productAdd', { invalidates: (uid) => [deviceKeys.catalogue(uid)] });
}

/** Set a product's icon: the image as base64 (the server checks it is 32×32). */
export function useProductIconUploadMutation() {
  return useCallMutation('productIconUpload', {
    invalidates: (uid) => [deviceKeys.catalogue(uid), deviceKeys.all(uid)],
  });
}
