/** A D4i bank as the gateway reports it (raw register values, section 3). */
export interface D4iBankRaw {
  gearPowerFactor: number;
  gearExternalVoltage: number;
  gearTemperature: number;
  lightSourceVoltage: number;
  lightSourceCurrent: number;
  lightSourceTemperature: number;
  ratedLifeOfLuminaire: number;
  gearReferenceTemperature: number;
  ratedLightSourceStarts: number;
}

/** A D4i bank in physical units. */
export interface D4iBank {
  /** 0..1 */
  gearPowerFactor: number;
  /** volts */
  gearExternalVoltage: number;
  /** °C */
  gearTemperature: number;
  lightSourceVoltage: number;
  /** amperes */
  lightSourceCurrent: number;
  lightSourceTemperature: number;
  /** hours */
  ratedLifeOfLuminaire: number;
  gearReferenceTemperature: number;
  ratedLightSourceStarts: number;
}

/**
 * Section 9 bank scaling: power factor /100, voltages /10, current /1000, temperatures minus 60,
 * rated life ×1000, rated starts ×100.
 */
export function scaleD4iBank(raw: D4iBankRaw): D4iBank {
  return {
    gearPowerFactor: raw.gearPowerFactor / 100,
    gearExternalVoltage: raw.gearExternalVoltage / 10,
    gearTemperature: raw.gearTemperature - 60,
    lightSourceVoltage: raw.lightSourceVoltage / 10,
    lightSourceCurrent: raw.lightSourceCurrent / 1000,
    lightSourceTemperature: raw.lightSourceTemperature - 60,
    ratedLifeOfLuminaire: raw.ratedLifeOfLuminaire * 1000,
    gearReferenceTemperature: raw.gearReferenceTemperature - 60,
    ratedLightSourceStarts: raw.ratedLightSourceStarts * 100,
  };
}

/**
 * Section 9 non-linear light level: round(10^(3 × (655.35 × level − 1) / 65534 − 1)), `level` in
 * percent 0..100, giving the logarithmic dimming curve's output in percent.
 */
export function nonLinearLightLevel(level: number): number {
  return Math.round(nonLinearLightOutput(level));
}

/**
 * The section 9 non-linear curve before rounding: light output in percent for a level in percent
 * (level 50 → 3.162 %). Energy estimates use it so low levels are not rounded to whole percent.
 */
export function nonLinearLightOutput(level: number): number {
  return 10 ** ((3 * (655.35 * level - 1)) / 65534 - 1);
}
