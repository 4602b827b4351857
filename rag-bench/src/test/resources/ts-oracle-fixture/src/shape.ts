export interface Shape {
  area(): number;
  name: string;
}

export enum Color {
  Red,
  Green,
}

export abstract class Base implements Shape {
  name = 'base';
  color: Color = Color.Red;

  abstract area(): number;

  describe(): string {
    return this.name + this.area();
  }
}
