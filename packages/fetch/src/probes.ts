/**
 * Host probes (CONTRACT §2.1): `https` — `https://host/` answers below 500 with a certificate Node
 * trusts, redirects followed while they stay on https; `iframeable` — an article page of the source
 * may be framed by an arbitrary third-party https origin.
 */
import type { Fetcher } from './fetcher.js';
import { isFrameable } from './frame-policy.js';

export interface ProbeResult {
  /** `null` when the question could not be answered (for example the article page did not load). */
  https: boolean | null;
  iframeable: boolean | null;
  /** Why `https` is false, for logs and `status`. */
  httpsDetail: string;
}

const lines = (value: string | string[] | undefined): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/**
 * Where a host's https is probed, from one of its article URLs: the host name (port 443), or host and
 * port when the article itself is on https at another port (that port is where the site serves https).
 */
export function probeHostFor(articleUrl: string): string {
  const url = new URL(articleUrl);
  return url.protocol === 'https:' && url.port ? url.host : url.hostname;
}

export async function probeHttps(fetcher: Fetcher, host: string): Promise<{ https: boolean; detail: string }> {
  try {
    const res = await fetcher.inspect(`https://${host}/`, { httpsOnly: true });
    if (res.downgraded) return { https: false, detail: `https://${host}/ redirects to plain http` };
    if (res.status >= 500) return { https: false, detail: `https://${host}/ answers ${res.status}` };
    return { https: true, detail: `https://${host}/ answers ${res.status}` };
  } catch (error) {
    return { https: false, detail: (error as Error).message };
  }
}

export async function probeIframeable(fetcher: Fetcher, articleUrl: string): Promise<boolean | null> {
  try {
    const res = await fetcher.inspect(articleUrl);
    if (res.status >= 400) return null;
    return isFrameable({
      xFrameOptions: lines(res.headers['x-frame-options']),
      contentSecurityPolicy: lines(res.headers['content-security-policy']),
    });
  } catch {
    return null;
  }
}

export async function probeHost(fetcher: Fetcher, host: string, articleUrl: string): Promise<ProbeResult> {
  const [https, iframeable] = await Promise.all([probeHttps(fetcher, host), probeIframeable(fetcher, articleUrl)]);
  return { https: https.https, iframeable, httpsDetail: https.detail };
}
