import { Base, Color } from './shape';
import type { Shape } from './shape';

export const PI = 3.14;

export class Circle extends Base {
  constructor(private r: number) {
    super();
  }

  area(): number {
    return PI * this.r * this.r;
  }

  describe(): string {
    return 'circle ' + super.describe();
  }
}

export class Square extends Base {
  side = 1;
  area(): number {
    return this.side * this.side;
  }
}

export function paint(s: Shape, c: Color): string {
  return s.name + (c === Color.Green ? '!' : '');
}
