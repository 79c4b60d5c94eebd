// Phone display, as the server's phone.Format writes phoneDisplay: each country's national
// format with its dialling code.

/** Splits digits after each length in turn and joins the parts with spaces. */
function groups(digits: string, ...lengths: number[]): string {
  const parts: string[] = [];
  let rest = digits;
  for (const n of lengths) {
    parts.push(rest.slice(0, n));
    rest = rest.slice(n);
  }
  if (rest) parts.push(rest);
  return parts.join(' ');
}

/** A UK number (with or without its trunk 0) grouped as the UK writes it. */
function formatGB(digits: string): string {
  const n = digits.length === 11 && digits.startsWith('0') ? digits.slice(1) : digits;
  if (!/^\d{10}$/.test(n)) return digits;
  if (n[0] === '2' || n[0] === '5') return groups(n, 2, 4);
  if (n[0] === '7') return groups(n, 4);
  if (n[0] === '1') return n[1] === '1' || n[2] === '1' ? groups(n, 3, 3) : groups(n, 4);
  return groups(n, 3, 3);
}

/** A French number (with or without its trunk 0) as one digit and four pairs. */
function formatFR(digits: string): string {
  const n = digits.length === 10 && digits.startsWith('0') ? digits.slice(1) : digits;
  return /^\d{9}$/.test(n) ? groups(n, 1, 2, 2, 2) : digits;
}

/**
 * Formats a phone's digits for display: US and Canadian numbers (country code 1 or none) as
 * (###) ###-####, UK numbers (44) as +44 20 7946 0958, French numbers (33; the spec's 333) as
 * +33 1 23 45 67 89, others as +{code} and their digits; an extension follows as x{ext}. An
 * empty number shows N/A.
 */
export function formatPhone(digits: string, ext = '', countryCode = ''): string {
  if (!digits) return 'N/A';
  let s: string;
  switch (countryCode) {
    case '':
    case '1': {
      const us = /^\d{10}$/.test(digits) ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : digits;
      s = countryCode ? `+1 ${us}` : us;
      break;
    }
    case '44':
      s = `+44 ${formatGB(digits)}`;
      break;
    case '33':
    case '333':
      s = `+33 ${formatFR(digits)}`;
      break;
    default:
      s = `+${countryCode} ${digits}`;
  }
  return ext ? `${s} x${ext}` : s;
}
