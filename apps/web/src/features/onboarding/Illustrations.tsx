/** Onboarding pictures, drawn by us (docs/accounts.md slides). Colours follow the theme. */
const C = {
  main: 'var(--mantine-color-brand-6)',
  dark: 'var(--mantine-color-brand-8)',
  soft: 'var(--mantine-color-brand-1)',
  mid: 'var(--mantine-color-brand-3)',
  paper: '#ffffff',
  line: 'var(--mantine-color-gray-3)',
  accent: '#f5a524',
  ok: '#2fb170',
};

function Doc({ x, y, w = 84, h = 108 }: { x: number; y: number; w?: number; h?: number }) {
  return (
    <g>
      <rect x={x + 4} y={y + 5} width={w} height={h} rx="8" fill={C.mid} opacity="0.5" />
      <rect x={x} y={y} width={w} height={h} rx="8" fill={C.paper} stroke={C.line} strokeWidth="2" />
      {[0, 1, 2, 3, 4].map((i) => (
        <rect key={i} x={x + 12} y={y + 18 + i * 16} width={i % 2 ? w - 40 : w - 24} height="6" rx="3" fill={C.soft} />
      ))}
    </g>
  );
}

function Welcome() {
  return (
    <g>
      <circle cx="120" cy="92" r="72" fill={C.soft} />
      <Doc x={78} y={36} />
      <circle cx="170" cy="122" r="26" fill={C.accent} />
      <text x="170" y="131" textAnchor="middle" fontSize="26" fontWeight="700" fill="#fff" fontFamily="Arial">
        ₸
      </text>
      <circle cx="70" cy="130" r="18" fill={C.ok} />
      <path
        d="M61 130l6 6 12-13"
        fill="none"
        stroke="#fff"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </g>
  );
}

function ChooseForm() {
  return (
    <g>
      <circle cx="120" cy="92" r="72" fill={C.soft} />
      <rect x="46" y="40" width="92" height="104" rx="10" fill={C.paper} stroke={C.line} strokeWidth="2" />
      {['270.00', '250.00', '240.00'].map((t, i) => (
        <g key={t}>
          <rect x="56" y={54 + i * 28} width="72" height="20" rx="6" fill={i === 0 ? C.main : C.soft} />
          <text
            x="92"
            y={68 + i * 28}
            textAnchor="middle"
            fontSize="11"
            fontWeight="700"
            fill={i === 0 ? '#fff' : C.dark}
            fontFamily="Arial"
          >
            {t}
          </text>
        </g>
      ))}
      <rect x="128" y="70" width="70" height="66" rx="10" fill={C.paper} stroke={C.line} strokeWidth="2" />
      <rect x="128" y="70" width="70" height="18" rx="8" fill={C.accent} />
      {[0, 1, 2].map((r) =>
        [0, 1, 2, 3].map((c) => (
          <rect
            key={`${r}-${c}`}
            x={136 + c * 15}
            y={96 + r * 12}
            width="9"
            height="7"
            rx="2"
            fill={r === 1 && c === 2 ? C.main : C.soft}
          />
        )),
      )}
    </g>
  );
}

function GetData() {
  return (
    <g>
      <circle cx="120" cy="92" r="72" fill={C.soft} />
      <path d="M34 70l36-22 36 22z" fill={C.main} />
      <rect x="38" y="70" width="64" height="8" fill={C.dark} />
      {[0, 1, 2, 3].map((i) => (
        <rect key={i} x={44 + i * 15} y="80" width="8" height="40" rx="2" fill={C.mid} />
      ))}
      <rect x="34" y="120" width="72" height="10" rx="3" fill={C.dark} />
      <path d="M112 92h26" stroke={C.accent} strokeWidth="6" strokeLinecap="round" />
      <path d="M132 82l12 10-12 10" fill="none" stroke={C.accent} strokeWidth="6" strokeLinecap="round" />
      <Doc x={150} y={44} w={66} h={92} />
      <circle cx="198" cy="130" r="16" fill={C.main} />
      <path d="M198 138v-14M191 130l7-7 7 7" fill="none" stroke="#fff" strokeWidth="3.5" strokeLinecap="round" />
    </g>
  );
}

function CheckData() {
  return (
    <g>
      <circle cx="120" cy="92" r="72" fill={C.soft} />
      <Doc x={66} y={34} w={92} h={116} />
      <circle cx="150" cy="104" r="26" fill="none" stroke={C.main} strokeWidth="8" />
      <circle cx="150" cy="104" r="20" fill="#fff" opacity="0.6" />
      <path d="M169 123l20 20" stroke={C.dark} strokeWidth="10" strokeLinecap="round" />
      <path d="M52 128l34-34 8 8-34 34-11 3z" fill={C.accent} />
    </g>
  );
}

function SignSend() {
  return (
    <g>
      <circle cx="120" cy="92" r="72" fill={C.soft} />
      <Doc x={52} y={40} w={90} h={112} />
      <path
        d="M64 132c8-14 14-14 16-4s8 6 14-4 10 2 14 4"
        fill="none"
        stroke={C.main}
        strokeWidth="3.5"
        strokeLinecap="round"
      />
      <path d="M150 74l62-26-22 74-16-24z" fill={C.main} />
      <path d="M174 98l38-50-54 38z" fill={C.dark} />
      <path d="M152 132l12-10M146 116l10-6" stroke={C.accent} strokeWidth="4" strokeLinecap="round" />
    </g>
  );
}

const PICTURES = [Welcome, ChooseForm, GetData, CheckData, SignSend];

export function SlideIllustration({ index, size = 240 }: { index: number; size?: number }) {
  const Picture = PICTURES[index] ?? Welcome;
  return (
    <svg viewBox="0 0 240 180" width={size} height={(size * 180) / 240} aria-hidden="true" focusable="false">
      <Picture />
    </svg>
  );
}
