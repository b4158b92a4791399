import { create } from 'qrcode';
import { useMemo } from 'react';

/** Light modules around the code, as ISO/IEC 18004 asks, so a phone's camera finds its edges. */
const QUIET_ZONE = 4;

/**
 * The authenticator set-up link (otpauth://...) as a QR code, drawn as one SVG path of its dark modules
 * (no inline style, no data URL: the sites' CSP allows neither). Built by the `qrcode` package.
 */
export function TotpQrCode({ uri, label }: { uri: string; label: string }) {
  const { size, path } = useMemo(() => {
    const { modules } = create(uri, { errorCorrectionLevel: 'M' });
    let d = '';
    for (let y = 0; y < modules.size; y += 1)
      for (let x = 0; x < modules.size; x += 1) if (modules.get(x, y)) d += `M${x} ${y}h1v1h-1z`;
    return { size: modules.size, path: d };
  }, [uri]);
  const extent = size + 2 * QUIET_ZONE;
  return (
    <svg
      role="img"
      aria-label={label}
      data-modules={size}
      viewBox={`${-QUIET_ZONE} ${-QUIET_ZONE} ${extent} ${extent}`}
      width={200}
      height={200}
      shapeRendering="crispEdges"
    >
      <rect x={-QUIET_ZONE} y={-QUIET_ZONE} width={extent} height={extent} fill="#ffffff" />
      <path data-testid="totp-qr-modules" d={path} fill="#000000" />
    </svg>
  );
}
