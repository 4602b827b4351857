import { Circle, Square, paint } from './circle';
import { Color, type Shape } from './shape';
import missing from 'not-installed';

function total(shapes: Shape[]): number {
  let sum = 0;
  for (const s of shapes) {
    sum += s.area();
  }
  return sum;
}

const shapes: Shape[] = [new Circle(2), new Square()];
const label = paint(shapes[0], Color.Green);
console.log(total(shapes), label.toUpperCase(), missing.run());

export const helpers = {
  double: (n: number) => n * 2,
};
helpers.double(3);
