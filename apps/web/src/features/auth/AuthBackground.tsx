/** Auth backgrounds per route and theme (docs/accounts.md), drawn by us as SVG. */
export type AuthBackgroundKind = 'login' | 'register' | 'reset';

const PALETTES = {
  default: { base: '#eef3fc', a: '#d3e1fa', b: '#a6c2f4', c: '#1c5fd4', d: '#f5a524' },
  halyk: { base: '#eef8f2', a: '#cdebd9', b: '#94d3ae', c: '#0f8a4c', d: '#e3b23c' },
};

const DOTS = Array.from({ length: 64 }, (_, i) => [1120 + (i % 8) * 36, 560 + Math.floor(i / 8) * 36] as const);

export function backgroundKindFor(pathname: string): AuthBackgroundKind {
  if (pathname.includes('/register')) return 'register';
  if (pathname.includes('/reset') || pathname.includes('/set-password')) return 'reset';
  return 'login';
}

export function AuthBackground({ kind, halyk = false }: { kind: AuthBackgroundKind; halyk?: boolean }) {
  const p = halyk ? PALETTES.halyk : PALETTES.default;
  return (
    <svg
      viewBox="0 0 1440 900"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
      data-testid={`auth-background-${kind}`}
      style={{ position: 'fixed', inset: 0, width: '100%', height: '100%', zIndex: 0 }}
    >
      <rect width="1440" height="900" fill={p.base} />
      {kind === 'login' && (
        <g>
          <circle cx="1280" cy="120" r="260" fill={p.a} />
          <circle cx="120" cy="820" r="220" fill={p.a} />
          <path d="M0 640 C 320 560, 560 760, 880 660 S 1300 560, 1440 620 V900 H0Z" fill={p.b} opacity="0.45" />
          <path d="M0 720 C 360 650, 620 840, 960 740 S 1320 680, 1440 720 V900 H0Z" fill={p.c} opacity="0.12" />
          <circle cx="1180" cy="300" r="14" fill={p.d} />
          <circle cx="260" cy="180" r="8" fill={p.c} opacity="0.4" />
        </g>
      )}
      {kind === 'register' && (
        <g>
          <path d="M-100 900 L 700 -100 L 900 -100 L 100 900Z" fill={p.a} opacity="0.8" />
          <path d="M540 900 L 1340 -100 L 1440 -100 L 1440 20 L 700 900Z" fill={p.b} opacity="0.35" />
          {DOTS.map(([x, y]) => (
            <circle key={`${x}-${y}`} cx={x} cy={y} r="4" fill={p.c} opacity="0.18" />
          ))}
          <rect
            x="140"
            y="120"
            width="120"
            height="120"
            rx="28"
            fill={p.d}
            opacity="0.35"
            transform="rotate(18 200 180)"
          />
        </g>
      )}
      {kind === 'reset' && (
        <g>
          {[360, 290, 220, 150].map((r, i) => (
            <circle
              key={r}
              cx="1240"
              cy="760"
              r={r}
              fill="none"
              stroke={p.b}
              strokeWidth="26"
              opacity={0.2 + i * 0.12}
            />
          ))}
          <g opacity="0.5" transform="translate(150 730) rotate(-20)">
            <circle cx="0" cy="0" r="56" fill="none" stroke={p.c} strokeWidth="22" opacity="0.5" />
            <rect x="50" y="-11" width="170" height="22" rx="8" fill={p.c} opacity="0.5" />
            <rect x="176" y="8" width="18" height="36" rx="5" fill={p.c} opacity="0.5" />
            <rect x="140" y="8" width="18" height="26" rx="5" fill={p.c} opacity="0.5" />
          </g>
          <circle cx="1360" cy="90" r="90" fill={p.a} />
          <circle cx="700" cy="860" r="12" fill={p.d} />
        </g>
      )}
    </svg>
  );
}
