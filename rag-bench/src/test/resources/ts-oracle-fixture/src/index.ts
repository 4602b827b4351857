export { Circle as Round } from './circle';
export * from './shape';
