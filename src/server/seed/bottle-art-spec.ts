// What a seed product's picture shows. The drawings themselves are made at build time by scripts/artwork and
// shipped encoded (catalogue-images.ts); the seed only needs to name them.
export type LabelHue = 'gold' | 'amber' | 'green' | 'cream';
export type VesselStyle = 'bottle' | 'jar' | 'tin';

export interface BottleArtSpec {
  title: string;
  subtitle?: string;
  sizeMl: number;
  style: VesselStyle;
  /** Label colour family. */
  hue: LabelHue;
  /** Gallery shot: 0 = front, 1 = with brass bowl and spoon, 2 = lifestyle with leaves. */
  variant?: number;
}
