import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { projectKeys } from '../../../../../api/project';
import { reportKeys } from '../../../../../api/report';
import { zoneKeys } from '../../../../../api/zone';
import { testUser } from '../../../../../test/render-app';
import { chooseOption, fakeApi, renderComponent } from '../../../../../test/render-component';
import { NodeReportDownloadPage } from '.';

const project = {
  id: 4,
  name: 'Klinikum Süd',
  isDefault: true,
  ownerName: 'Ana',
  isCreator: true,
  networks: [{ id: 11, name: '上海办公室', timeZone: 'Asia/Shanghai' }],
};

async function renderPage() {
  return renderComponent(<NodeReportDownloadPage />, {
    seed: (client) => {
      client.setQueryData(projectKeys.info(testUser.uid), [project]);
      client.setQueryData(reportKeys.list(testUser.uid, 4, 'device'), []);
      client.setQueryData(zoneKeys.map(testUser.uid, 11), {
        zones: [
          { id: 21, name: 'Office', points: [] },
          { id: 22, name: 'Hall', points: [] },
        ],
        nodes: [],
      });
    },
    user: { pid: 4, nid: 11 },
  });
}

describe('node report download page (2-4)', { timeout: 60_000 }, () => {
  it('asks for a device report of the chosen zones, and offers their printout', async () => {
    const api = fakeApi({ reportList: [], reportDeviceCreate: null });
    await renderPage();
    expect(screen.getByText('The whole network')).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('report-target')).getByText('Zones'));
    // Without a zone there is nothing to ask for.
    expect((screen.getByTestId('report-create') as HTMLButtonElement).disabled).toBe(true);
    await chooseOption('report-zones', 'Hall');
    await chooseOption('report-period', 'Last 30 days');
    fireEvent.click(within(screen.getByTestId('report-format')).getByText('PDF document'));
    expect(screen.getByTestId('report-print').getAttribute('href')).toBe('/report/device/pdf?nid=11&span=30d&zones=22');
    fireEvent.click(screen.getByTestId('report-create'));
    await waitFor(() => expect(api.bodiesOf('reportDeviceCreate')).toHaveLength(1));
    expect(api.bodiesOf('reportDeviceCreate')[0]).toMatchObject({
      nid: 11,
      target: { kind: 'zones', ids: [22] },
      period: { kind: 'span', span: '30d' },
      format: 'pdf',
    });
  });

  it('asks for the whole network as XLSX by default', async () => {
    const api = fakeApi({ reportList: [], reportDeviceCreate: null });
    await renderPage();
    fireEvent.click(screen.getByTestId('report-create'));
    await waitFor(() => expect(api.bodiesOf('reportDeviceCreate')).toHaveLength(1));
    expect(api.bodiesOf('reportDeviceCreate')[0]).toMatchObject({
      nid: 11,
      target: { kind: 'network' },
      period: { kind: 'span', span: '7d' },
      format: 'xlsx',
    });
  });
});
