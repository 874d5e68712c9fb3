import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { yieldToServing } from '../../src/admin/importCommands.js';

describe('the import command yields the CPU to serving', () => {
  it('runs below normal priority (nice 10), never raising a priority already lower', () => {
    const before = os.getPriority();
    yieldToServing();
    expect(os.getPriority()).toBe(Math.max(before, os.constants.priority.PRIORITY_BELOW_NORMAL));
  });
});
