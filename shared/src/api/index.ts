export { contract, ROUTES, routesOfArea, findRouteByKey, type Contract } from './contract';
export {
  SERVICE_AREAS,
  defineRoute,
  routeKeyOf,
  pathParamNames,
  buildPath,
  type Access,
  type HttpMethod,
  type RateClass,
  type RouteDefinition,
  type ServiceArea,
} from './route';
export { matchRoute } from './match-route';
