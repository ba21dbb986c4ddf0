/**
 * A raw D4i bank as a driver sends it, with round values under the section-9 scaling (power factor 0.95,
 * 230 V, 48 V, 0.35 A, 25 °C gear, 40 °C source, 50,000 h life, 20,000 starts): for examples and tests.
 */
export const SAMPLE_D4I_BANK_RAW = {
  gearPowerFactor: 95,
  gearExternalVoltage: 2300,
  gearTemperature: 85,
  lightSourceVoltage: 480,
  lightSourceCurrent: 350,
  lightSourceTemperature: 100,
  ratedLifeOfLuminaire: 50,
  gearReferenceTemperature: 70,
  ratedLightSourceStarts: 200,
  activePowerValue: 18.5,
  gearOperatingTime: 3600,
  typeArray: [] as number[],
};
