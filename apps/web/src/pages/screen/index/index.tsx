import { formatInstant, formatPrice } from '@lightwell/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { screenTotals } from '../../../api/screen';
import { factorSetNames } from '../../../features/energy/factor-sets';
import { useSession } from '../../../stores/session';
import { useScreen } from './use-screen';
import './screen.css';

/** The network's clock, ticking every second, in its own zone and the user's time format. */
function useClock(timeZone: string | undefined): string {
  const timeFormat = useSession((state) => state.timeFormat);
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));
  useEffect(() => {
    const timer = setInterval(() => setNow(Math.floor(Date.now() / 1000)), 1000);
    return () => clearInterval(timer);
  }, []);
  return timeZone ? formatInstant(now, { timeZone, timeFormat, precision: 'second' }) : '';
}

function Tile({
  label,
  value,
  total,
  unit,
  note,
  tone,
  testId,
  raw,
}: {
  label: string;
  value: number | string;
  total?: number;
  unit?: string;
  note?: string;
  tone?: string;
  testId: string;
  /** The figure before rounding for display (Wh), for tests and tools reading the page. */
  raw?: number;
}) {
  return (
    <div className={`lw-screen-tile${tone ? ` lw-screen-tile--${tone}` : ''}`} data-testid={testId} data-value={raw}>
      <div className="lw-screen-tile-value">
        {value}
        {total !== undefined && <span className="lw-screen-tile-total"> / {total}</span>}
        {unit && <span className="lw-screen-tile-total"> {unit}</span>}
      </div>
      <div className="lw-screen-tile-label">{label}</div>
      {note && <div className="lw-screen-tile-note">{note}</div>}
    </div>
  );
}

/**
 * Full-screen lobby dashboard (`/screen/index?id=<nid>`, section 2): gateways online, lights on, devices
 * offline and faulty, emergency fittings overdue for a test and open emergency faults, then each zone with its lit share; live over the plan's push channel. Opened by a
 * member from the header, or on a lobby screen with a display key (`#key=…`).
 */
export function ScreenPage() {
  const { t, i18n } = useTranslation();
  const { query, status, canOpen } = useScreen();
  const snapshot = query.data;
  const clock = useClock(snapshot?.network.timeZone);

  if (!canOpen) {
    return (
      <main className="lw-screen lw-screen--message" data-testid="screen-no-key">
        <h1>{t('home.screen.noKey.title')}</h1>
        <p>{t('home.screen.noKey.text')}</p>
        <Link to="/login">{t('home.screen.noKey.login')}</Link>
      </main>
    );
  }
  if (query.isError) {
    return (
      <main className="lw-screen lw-screen--message" data-testid="screen-refused">
        <h1>{t('home.screen.refused')}</h1>
        <p>{query.error.message}</p>
      </main>
    );
  }
  if (!snapshot) {
    return (
      <main className="lw-screen lw-screen--message" aria-busy="true">
        <p>{t('home.screen.loading')}</p>
      </main>
    );
  }
  const totals = screenTotals(snapshot);
  return (
    <main className="lw-screen" data-testid="screen">
      <header className="lw-screen-header">
        <div>
          <h1 data-testid="screen-network">{snapshot.network.name}</h1>
          {snapshot.display && <div className="lw-screen-sub">{snapshot.display}</div>}
        </div>
        <div className="lw-screen-clock">
          <div data-testid="screen-clock">{clock}</div>
          <div className={`lw-screen-live lw-screen-live--${status}`} data-testid="screen-live" data-status={status}>
            {t(`home.screen.live.${status}`)}
          </div>
        </div>
      </header>
      <section className="lw-screen-tiles">
        <Tile
          testId="screen-lights"
          label={t('home.screen.lightsOn')}
          value={totals.lightsOn}
          total={totals.luminaires}
          tone="light"
        />
        <Tile
          testId="screen-gateways"
          label={t('home.screen.gatewaysOnline')}
          value={snapshot.gateways.online}
          total={snapshot.gateways.total}
        />
        <Tile
          testId="screen-offline"
          label={t('home.screen.offline')}
          value={totals.offline}
          tone={totals.offline > 0 ? 'warn' : undefined}
        />
        <Tile
          testId="screen-faults"
          label={t('home.screen.faults')}
          value={totals.faults}
          tone={totals.faults > 0 ? 'alarm' : undefined}
        />
        {snapshot.emergency.fittings > 0 && (
          <>
            <Tile
              testId="screen-emergency-overdue"
              label={t('home.screen.emergencyOverdue')}
              value={snapshot.emergency.overdue}
              note={t('home.screen.emergencyFittings', { total: snapshot.emergency.fittings })}
              tone={snapshot.emergency.overdue > 0 ? 'warn' : undefined}
            />
            <Tile
              testId="screen-emergency-faults"
              label={t('home.screen.emergencyFaults')}
              value={snapshot.emergency.openFaults}
              tone={snapshot.emergency.openFaults > 0 ? 'alarm' : undefined}
            />
          </>
        )}
      </section>
      <section className="lw-screen-tiles" aria-label={t('home.screen.today')}>
        <Tile
          testId="screen-energy"
          raw={snapshot.today.energyWh}
          label={t('home.screen.energyToday')}
          value={(snapshot.today.energyWh / 1000).toFixed(2)}
          unit="kWh"
          note={t('home.screen.sources', {
            meter: Math.round(snapshot.today.shareBasisPoints.meter / 100),
            d4i: Math.round(snapshot.today.shareBasisPoints.d4i / 100),
            estimate: Math.round(snapshot.today.shareBasisPoints.estimate / 100),
          })}
        />
        <Tile
          testId="screen-cost"
          label={t('home.screen.costToday')}
          value={formatPrice(snapshot.today.cost)}
          unit={snapshot.today.currency}
        />
        <Tile
          testId="screen-co2"
          label={t('home.screen.co2Today')}
          value={(snapshot.today.co2Grams / 1000).toFixed(2)}
          unit="kg CO₂"
          note={factorSetNames(snapshot.today.co2Sets, i18n.language)}
        />
        <Tile
          testId="screen-saved"
          label={t('home.screen.savedToday')}
          value={(snapshot.today.savedWh / 1000).toFixed(2)}
          unit="kWh"
          tone="light"
        />
      </section>
      <section className="lw-screen-zones" aria-label={t('home.screen.zones')}>
        {snapshot.zones.length === 0 && <p className="lw-screen-sub">{t('home.screen.noZones')}</p>}
        {snapshot.zones.map((zone) => {
          const share = zone.luminaires === 0 ? 0 : Math.round((zone.lightsOn / zone.luminaires) * 100);
          return (
            <div key={zone.id} className="lw-screen-zone" data-testid={`screen-zone-${zone.id}`}>
              <div className="lw-screen-zone-name">{zone.name}</div>
              <div className="lw-screen-bar" aria-hidden="true" data-share={share}>
                <div className="lw-screen-bar-fill" style={{ width: `${share}%` }} />
              </div>
              <div className="lw-screen-zone-figures">
                {t('home.screen.zoneLights', { on: zone.lightsOn, total: zone.luminaires })}
                {zone.offline > 0 && (
                  <span className="lw-screen-warn"> · {t('home.screen.zoneOffline', { count: zone.offline })}</span>
                )}
                {zone.faults > 0 && (
                  <span className="lw-screen-alarm"> · {t('home.screen.zoneFaults', { count: zone.faults })}</span>
                )}
              </div>
            </div>
          );
        })}
      </section>
    </main>
  );
}
