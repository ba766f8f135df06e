import { describe, expect, it } from 'vitest';
import { districtDisplayName } from './district-names';

describe('district names for an address', () => {
  it('keeps India Post’s title-cased names as they are', () => {
    for (const name of ['Bangalore', 'Central Delhi', 'South 24 Parganas', 'Kaimur (Bhabua)', 'Lahul & Spiti', 'The Dangs', 'Leh']) {
      expect(districtDisplayName(name)).toBe(name);
    }
  });

  it('title-cases names written in capitals, numbers and initials included', () => {
    expect(districtDisplayName('BANGALORE')).toBe('Bangalore');
    expect(districtDisplayName('NORTH 24 PARGANAS')).toBe('North 24 Parganas');
    expect(districtDisplayName('Y.S.R.')).toBe('Y.S.R.');
    expect(districtDisplayName('Y.S.R. KADAPA')).toBe('Y.S.R. Kadapa');
    expect(districtDisplayName('THE NILGIRIS')).toBe('The Nilgiris');
    expect(districtDisplayName('  EAST   KHASI HILLS ')).toBe('East Khasi Hills');
  });

  it('mends the directory’s few untidy spellings', () => {
    expect(districtDisplayName('North And Middle Andaman')).toBe('North and Middle Andaman');
    expect(districtDisplayName('Janjgir-champa')).toBe('Janjgir-Champa');
    expect(districtDisplayName('Seraikela-kharsawan')).toBe('Seraikela-Kharsawan');
    expect(districtDisplayName('K.V.Rangareddy')).toBe('K.V. Rangareddy');
  });

  it('drops the state marks that tell two districts of one name apart, and nothing else in brackets', () => {
    expect(districtDisplayName('Bilaspur(CGH)')).toBe('Bilaspur');
    expect(districtDisplayName('Bilaspur (HP)')).toBe('Bilaspur');
    expect(districtDisplayName('Hamirpur(HP)')).toBe('Hamirpur');
    expect(districtDisplayName('Aurangabad(BH)')).toBe('Aurangabad');
    expect(districtDisplayName('KAIMUR (BHABUA)')).toBe('Kaimur (Bhabua)');
  });
});
