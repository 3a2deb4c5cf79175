import { describe, expect, it } from 'vitest';
import { blockedAddressOf, isBlockedAddress } from '../src/address-guard.js';

describe('isBlockedAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd00:ec2::254',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '::ffff:10.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '2002:7f00:1::', // 6to4 carrying 127.0.0.1
    '2002:a9fe:a9fe::1', // 6to4 carrying the metadata address
    '2001:0:4136:e378:8000:63bf:80ff:fffe', // Teredo, client 127.0.0.1 (stored inverted)
    '2001::f5ff:fffe', // Teredo, client 10.0.0.1
    'not-an-ip',
  ])('refuses %s', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '172.32.0.1',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
    '2002:808:808::1', // 6to4 carrying 8.8.8.8
    '2001:0:4136:e378:8000:63bf:f7f7:f7f7', // Teredo, client 8.8.8.8
  ])('allows %s', (address) => {
    expect(isBlockedAddress(address)).toBe(false);
  });
});

describe('blockedAddressOf', () => {
  it('names the private address a host is or resolves to, and nothing for a public one', async () => {
    expect(await blockedAddressOf('127.0.0.1')).toBe('127.0.0.1');
    expect(await blockedAddressOf('[::1]')).toBe('::1');
    expect(await blockedAddressOf('localhost')).toMatch(/^(127\.0\.0\.1|::1)$/);
    expect(await blockedAddressOf('8.8.8.8')).toBeNull();
    expect(await blockedAddressOf('no-such-host.invalid')).toBeNull();
  });
});
