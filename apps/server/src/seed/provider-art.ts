/**
 * Provider logos and card backgrounds drawn here (DESIGN §7: no third-party artwork), as SVG
 * data URLs: a card is 300×211 (SPEC §1).
 */
function dataUrl(svg: string): string {
  return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (character) => `&#${character.charCodeAt(0)};`);
}

export function providerLogo(name: string, hue: number): string {
  const initials = escapeXml(name.replace(/[^A-Z0-9]/gi, '').slice(0, 2).toUpperCase());
  return dataUrl(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96">` +
      `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
      `<stop offset="0" stop-color="hsl(${hue} 85% 62%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360} 80% 38%)"/>` +
      `</linearGradient></defs>` +
      `<rect width="96" height="96" rx="24" fill="url(#g)"/>` +
      `<circle cx="48" cy="48" r="34" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="3"/>` +
      `<text x="48" y="60" text-anchor="middle" font-family="system-ui,sans-serif" font-size="34" font-weight="800" fill="#fff">${initials}</text>` +
      `</svg>`,
  );
}

export function providerBackground(hue: number): string {
  return dataUrl(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 211">` +
      `<defs><radialGradient id="r" cx=".8" cy=".1" r="1">` +
      `<stop offset="0" stop-color="hsl(${hue} 70% 45%)"/><stop offset="1" stop-color="hsl(${(hue + 200) % 360} 60% 10%)"/>` +
      `</radialGradient></defs>` +
      `<rect width="300" height="211" fill="url(#r)"/>` +
      `<g fill="none" stroke="#fff" stroke-opacity=".08" stroke-width="2">` +
      `<circle cx="250" cy="40" r="60"/><circle cx="250" cy="40" r="95"/><circle cx="250" cy="40" r="130"/></g>` +
      `</svg>`,
  );
}
