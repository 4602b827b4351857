import { Money } from "./money";

/** Currency codes we can price in. */
export enum Currency {
  EUR = "EUR",
  USD = "USD",
}

/** A price rule applied at checkout. */
export interface PriceRule {
  name: string;
  apply(amount: Money): Money;
}

export type RuleFactory = (percent: number) => PriceRule;

/**
 * Rounds to whole cents, half away from zero.
 */
export const roundCents = (value: number): number => Math.sign(value) * Math.round(Math.abs(value));

/** Base class of every discount. */
export abstract class Discount implements PriceRule {
  abstract readonly name: string;

  protected constructor(protected readonly percent: number) {}

  /** Applies the discount to an amount. */
  apply(amount: Money): Money {
    const cents = roundCents(amount.cents * (1 - this.percent / 100));
    return new Money(cents, amount.currency);
  }

  abstract describe(): string;

  onChange = (listener: () => void) => {
    this.listeners.push(listener);
  };
}

export namespace Rules {
  /** A seasonal discount. */
  export class Seasonal extends Discount {
    readonly name = "seasonal";

    constructor(percent: number) {
      super(percent);
    }

    describe(): string {
      return `${this.percent}% off for the season`;
    }
  }
}

export function* ruleNames(rules: PriceRule[]): Generator<string> {
  for (const rule of rules) {
    yield rule.name;
  }
}

export default function (rules: PriceRule[], amount: Money): Money {
  return rules.reduce((current, rule) => rule.apply(current), amount);
}
