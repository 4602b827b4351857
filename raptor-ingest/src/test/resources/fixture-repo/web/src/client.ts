/** Query parameters; undefined values are left out. */
export type QueryParams = Record<string, string | number | boolean | undefined>;

/** Options for {@link TinyRouteClient}. */
export interface ClientOptions {
  baseUrl: string;
  timeoutMs?: number;
}

/**
 * Builds a query string such as `?page=2&q=caf%C3%A9` from parameters, skipping undefined values.
 * Returns an empty string when nothing is left.
 */
export function buildQueryString(params: QueryParams): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  }
  return parts.length === 0 ? "" : "?" + parts.join("&");
}

/** A small JSON client for a tinyroute server. */
export class TinyRouteClient {
  private readonly timeoutMs: number;

  constructor(private readonly options: ClientOptions) {
    this.timeoutMs = options.timeoutMs ?? 5000;
  }

  /** GETs `path` with optional query parameters and parses the JSON response. */
  async get<T>(path: string, params: QueryParams = {}): Promise<T> {
    return this.request<T>("GET", path + buildQueryString(params));
  }

  /** POSTs `body` as JSON to `path` and parses the JSON response. */
  async post<T>(path: string, body: unknown): Promise<T> {
    return this.request<T>("POST", path, JSON.stringify(body));
  }

  private async request<T>(method: string, path: string, body?: string): Promise<T> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.timeoutMs);
    try {
      const response = await fetch(this.options.baseUrl + path, {
        method,
        body,
        headers: { "Content-Type": "application/json" },
        signal: controller.signal,
      });
      if (!response.ok) {
        throw new Error(`${method} ${path} failed with ${response.status}`);
      }
      return (await response.json()) as T;
    } finally {
      clearTimeout(timer);
    }
  }
}
