// Props that bring in the farm and the morning: a sunlit window, rolling pasture, a sun, grass
// tufts and a friendly desi cow with a hump, dewlap, curved horns and a brass bell.
import { PALETTE } from './palette';
import { blurFilter, linearGradient, n, radialGradient, seededRandom } from './svg';

/** A wooden window with a soft morning sky; (x, y) is its top-left corner. */
export function morningWindow(id: string, x: number, y: number, w: number, h: number): string {
  const frame = Math.max(10, w * 0.05);
  return (
    `<defs>` +
    linearGradient(`${id}-sky`, [
      [0, '#cfe3e6'],
      [0.55, '#fbeccb'],
      [1, '#ffd98a'],
    ]) +
    radialGradient(`${id}-sun`, [
      [0, '#fffdf0'],
      [0.25, '#fff2c2', 0.9],
      [1, '#ffe7a3', 0],
    ]) +
    blurFilter(`${id}-wb`, 12) +
    `</defs>` +
    `<rect x="${n(x + 10)}" y="${n(y + 14)}" width="${n(w)}" height="${n(h)}" fill="#6a3a10" opacity="0.25" filter="url(#${id}-wb)"/>` +
    `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="4" fill="${PALETTE.woodDark}"/>` +
    `<rect x="${n(x + frame)}" y="${n(y + frame)}" width="${n(w - 2 * frame)}" height="${n(h - 2 * frame)}" fill="url(#${id}-sky)"/>` +
    `<circle cx="${n(x + w * 0.62)}" cy="${n(y + h * 0.68)}" r="${n(w * 0.42)}" fill="url(#${id}-sun)"/>` +
    `<path d="M${n(x + frame)} ${n(y + h * 0.86)} Q${n(x + w * 0.3)} ${n(y + h * 0.74)} ${n(x + w * 0.55)} ${n(y + h * 0.82)} T${n(x + w - frame)} ${n(y + h * 0.78)} V${n(y + h - frame)} H${n(x + frame)} Z" fill="#9fbf6a" opacity="0.8"/>` +
    `<rect x="${n(x + w / 2 - frame * 0.35)}" y="${n(y)}" width="${n(frame * 0.7)}" height="${n(h)}" fill="${PALETTE.woodDark}"/>` +
    `<rect x="${n(x)}" y="${n(y + h * 0.45)}" width="${n(w)}" height="${n(frame * 0.7)}" fill="${PALETTE.woodDark}"/>` +
    `<rect x="${n(x - frame * 0.6)}" y="${n(y + h - frame * 0.4)}" width="${n(w + frame * 1.2)}" height="${n(frame * 1.1)}" rx="3" fill="${PALETTE.wood}"/>`
  );
}

/** Rolling pasture hills filling the frame below `top`. */
export function pastureHills(id: string, w: number, h: number, top: number): string {
  const hill = (y: number, amp: number, phase: number, color: string): string => {
    const pts: string[] = [];
    for (let i = 0; i <= 8; i++) {
      const px = (w * i) / 8;
      const py = y + Math.sin(i * 0.9 + phase) * amp;
      pts.push(`${n(px)} ${n(py)}`);
    }
    return `<path d="M0 ${h} L${pts.join(' L')} L${w} ${h} Z" fill="${color}" stroke="${color}" stroke-width="2" stroke-linejoin="round"/>`;
  };
  return (
    `<defs>${linearGradient(`${id}-grass`, [
      [0, '#9cc25e'],
      [1, '#5d8c2e'],
    ])}</defs>` +
    hill(top, h * 0.035, 0.5, '#b9d38a') +
    hill(top + h * 0.1, h * 0.04, 2.1, '#8fb65a') +
    `<path d="M0 ${n(top + h * 0.24)} Q${n(w * 0.5)} ${n(top + h * 0.15)} ${w} ${n(top + h * 0.22)} V${h} H0 Z" fill="url(#${id}-grass)"/>`
  );
}

/** A few grass blades around (x, y), for ground detail. */
export function grassTuft(x: number, y: number, s: number, seed: number): string {
  const rand = seededRandom(seed);
  const blades: string[] = [];
  for (let i = 0; i < 9; i++) {
    const bx = x + (rand() - 0.5) * 40 * s;
    const hgt = (24 + rand() * 30) * s;
    const lean = (rand() - 0.5) * 24 * s;
    blades.push(`<path d="M${n(bx - 3 * s)} ${n(y)} Q${n(bx + lean * 0.3)} ${n(y - hgt * 0.6)} ${n(bx + lean)} ${n(y - hgt)} Q${n(bx + lean * 0.2)} ${n(y - hgt * 0.5)} ${n(bx + 3 * s)} ${n(y)} Z"/>`);
  }
  return `<g fill="${PALETTE.leafDark}" opacity="0.75">${blades.join('')}</g>`;
}

/** Warm sun disc with a halo at (x, y). */
export function sun(id: string, x: number, y: number, r: number): string {
  return (
    `<defs>${radialGradient(`${id}-halo`, [
      [0, '#fff6d0', 0.9],
      [0.4, '#ffe9a8', 0.45],
      [1, '#ffe9a8', 0],
    ])}</defs>` +
    `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 3)}" fill="url(#${id}-halo)"/>` +
    `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="#ffe08a"/>`
  );
}

/**
 * A red Gir-style desi cow with white markings, facing right, feet on y = 0, about 480 units
 * long; place it with a transform. Drawn back-to-front: far legs, tail, body, near legs, head.
 */
export function desiCow(id: string): string {
  const hide = `url(#${id}-hide)`;
  const leg = (x: number, top: number, far: boolean): string =>
    `<path d="M${x} ${top} C${x + 2} ${top + 40} ${x + 6} -60 ${x + 4} -44 L${x + 3} -14 L${x + 19} -14 L${x + 22} -50 ` +
    `C${x + 26} -70 ${x + 28} ${top + 30} ${x + 30} ${top}" fill="${far ? '#7a3616' : hide}"/>` +
    `<path d="M${x + 2} -16 L${x + 20} -16 L${x + 23} 0 L${x} 0 Z" fill="#2b1d14"/>`;
  return (
    `<defs>` +
    radialGradient(`${id}-hide`, [
      [0, '#d0804a'],
      [0.55, '#a85226'],
      [1, '#6e2f12'],
    ], 0.4, 0.3, 0.8) +
    blurFilter(`${id}-cs`, 8) +
    `</defs>` +
    `<ellipse cx="10" cy="2" rx="210" ry="16" fill="#2a3a10" opacity="0.3" filter="url(#${id}-cs)"/>` +
    leg(-116, -124, true) +
    leg(84, -124, true) +
    `<path d="M-178 -196 C-196 -160 -192 -120 -188 -76" stroke="#8a4020" stroke-width="6" fill="none" stroke-linecap="round"/>` +
    `<ellipse cx="-188" cy="-66" rx="8" ry="16" fill="#2b1d14"/>` +
    `<path d="M-180 -205 C-178 -245 -150 -258 -110 -254 C-60 -250 0 -256 50 -258 C68 -292 122 -296 140 -256 ` +
    `C166 -248 180 -230 184 -204 L178 -150 C172 -120 150 -110 120 -112 C60 -104 20 -96 -30 -98 ` +
    `C-80 -100 -110 -108 -130 -110 C-165 -112 -182 -140 -182 -170 Z" fill="${hide}"/>` +
    // White Gir markings: a few soft-edged patches on flank and shoulder.
    `<g fill="#f6ead6" opacity="0.92">` +
    `<path d="M-60 -230 C-30 -246 10 -236 6 -210 C2 -186 -40 -180 -62 -196 C-76 -206 -74 -222 -60 -230 Z"/>` +
    `<path d="M70 -150 C90 -166 120 -160 122 -140 C122 -122 96 -116 78 -124 C66 -130 62 -142 70 -150 Z"/>` +
    `<path d="M-150 -180 C-140 -196 -118 -192 -116 -176 C-114 -160 -136 -156 -148 -164 Z"/></g>` +
    `<path d="M-150 -236 C-90 -250 20 -252 60 -250" stroke="#f3b884" stroke-width="6" opacity="0.35" fill="none" stroke-linecap="round"/>` +
    leg(-156, -132, false) +
    leg(116, -132, false) +
    `<path d="M140 -256 C176 -256 206 -248 228 -234 L236 -190 C214 -170 196 -150 182 -128 C176 -150 178 -200 140 -256 Z" fill="${hide}"/>` +
    `<path d="M182 -180 C176 -150 190 -118 206 -122 C214 -140 218 -160 222 -176 Z" fill="#8f4420"/>` +
    `<path d="M188 -196 Q204 -172 224 -184" stroke="#3b2206" stroke-width="5" fill="none"/>` +
    `<path d="M204 -178 l-9 18 a11 11 0 0 0 18 0 z" fill="${PALETTE.gold}" stroke="#6e4210" stroke-width="2"/>` +
    `<path d="M230 -250 C220 -272 226 -292 244 -300" stroke="#d9c6a2" stroke-width="10" fill="none" stroke-linecap="round"/>` +
    `<path d="M246 -252 C242 -276 254 -292 272 -296" stroke="#efe3c8" stroke-width="10" fill="none" stroke-linecap="round"/>` +
    `<path d="M216 -248 C238 -266 266 -260 276 -240 L294 -192 C298 -176 288 -164 272 -166 L248 -168 C228 -178 218 -206 216 -248 Z" fill="${hide}"/>` +
    `<path d="M236 -256 C248 -262 264 -258 270 -246 C262 -242 246 -244 236 -256 Z" fill="#f6ead6" opacity="0.9"/>` +
    `<path d="M272 -198 C290 -198 298 -184 294 -174 C290 -164 276 -162 264 -166 C260 -180 262 -192 272 -198 Z" fill="#e8c9ae"/>` +
    `<circle cx="284" cy="-180" r="3" fill="#6b4a3a"/>` +
    // Long, curled Gir ear hanging beside the cheek.
    `<path d="M232 -238 C206 -236 192 -212 198 -182 C202 -176 210 -180 212 -188 C214 -206 224 -220 236 -226 Z" fill="#8f4420"/>` +
    `<path d="M228 -232 C212 -226 204 -210 204 -192" stroke="#e8b48a" stroke-width="3" fill="none" opacity="0.7"/>` +
    `<ellipse cx="254" cy="-226" rx="6" ry="5" fill="#1e140e"/>` +
    `<circle cx="252" cy="-228" r="1.8" fill="#fff"/>` +
    `<path d="M246 -233 Q254 -239 262 -233" stroke="#1e140e" stroke-width="2" fill="none"/>`
  );
}
