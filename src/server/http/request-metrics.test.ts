import { describe, expect, it } from 'vitest';
import { RequestMetrics } from './request-metrics';

describe('request metrics', () => {
  it('writes counts by status and a cumulative latency histogram per method and route, as prom-client did', () => {
    const metrics = new RequestMetrics();
    const route = metrics.route('/api/order/:id');
    route.observe('GET', 200, 0.004);
    route.observe('GET', 200, 0.03);
    route.observe('GET', 404, 3);
    route.observe('HEAD', 200, 0.001);
    expect(metrics.route('/api/order/:id')).toBe(route);
    const lines = metrics.text().split('\n');
    expect(lines).toContain('# TYPE http_requests_total counter');
    expect(lines).toContain('http_requests_total{method="GET",route="/api/order/:id",status="200"} 2');
    expect(lines).toContain('http_requests_total{method="GET",route="/api/order/:id",status="404"} 1');
    expect(lines).toContain('http_requests_total{method="HEAD",route="/api/order/:id",status="200"} 1');
    expect(lines).toContain('# TYPE http_request_duration_seconds histogram');
    const get = (le: string) => `http_request_duration_seconds_bucket{le="${le}",method="GET",route="/api/order/:id"}`;
    expect(lines).toContain(`${get('0.005')} 1`);
    expect(lines).toContain(`${get('0.025')} 1`);
    expect(lines).toContain(`${get('0.05')} 2`);
    expect(lines).toContain(`${get('2.5')} 2`);
    expect(lines).toContain(`${get('+Inf')} 3`);
    expect(lines).toContain('http_request_duration_seconds_count{method="GET",route="/api/order/:id"} 3');
    const sum = lines.find((l) => l.startsWith('http_request_duration_seconds_sum{method="GET"'));
    expect(Number(sum?.split(' ')[1])).toBeCloseTo(3.034, 6);
  });

  it('counts a latency on a bucket bound in that bucket', () => {
    const metrics = new RequestMetrics();
    metrics.route('/x').observe('GET', 200, 0.01);
    expect(metrics.text()).toContain('http_request_duration_seconds_bucket{le="0.005",method="GET",route="/x"} 0\n');
    expect(metrics.text()).toContain('http_request_duration_seconds_bucket{le="0.01",method="GET",route="/x"} 1\n');
  });

  it('escapes quotes, backslashes and line breaks in label values', () => {
    const metrics = new RequestMetrics();
    metrics.route('/a"b\\c\nd').observe('GET', 200, 0.001);
    expect(metrics.text()).toContain('route="/a\\"b\\\\c\\nd"');
  });
});
